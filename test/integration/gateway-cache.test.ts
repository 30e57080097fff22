import { freePort } from '@brandradar/devstack';
import { DEFAULT_RATES, PeopleCommands, type RatesInput } from '@brandradar/contracts';
import { startService, type RunningService } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { eventually } from '../support/eventually';
import { asSession, signIn } from '../support/sign-in';
import { connectAs, httpClient, startStack, type HttpClient, type TestStack } from '../support/stack';

// Issue 16: a gateway replica keeps verified keys and the rate card, and billing's events correct
// every replica within a second. `stack` is replica A (the one operators call here); `b` is a
// second replica that only hears the events.
let stack: TestStack;
let replicaB: RunningService;
let b: HttpClient;

beforeAll(async () => {
  stack = await startStack([billingService, gatewayService]);
  const [gatewayPort, adminPort] = [await freePort(), await freePort()];
  replicaB = await startService(gatewayService, stack.serviceEnv('gateway', { GATEWAY_PORT: String(gatewayPort), ADMIN_PORT: String(adminPort) }));
  b = httpClient(`http://127.0.0.1:${gatewayPort}`, `http://127.0.0.1:${adminPort}`, stack.adminToken);
});
afterAll(async () => {
  await replicaB.stop();
  await stack.stop();
});

/** The invalidation budget of the issue: from the operator's call returning to every replica refusing. */
const ONE_SECOND = 1_000;

/** A gateway's `gateway_cache_lookups_total` for one cache and result, from its ops port. */
async function lookups(service: RunningService, cache: 'api_key' | 'rates', result: 'hit' | 'miss'): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${service.opsPort}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('gateway_cache_lookups_total{') && l.includes(`cache="${cache}"`) && l.includes(`result="${result}"`));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** Reads through `client` until its replica answers from its cache: proven by a hit counted on it. */
async function cachedOn(service: RunningService, client: HttpClient, apiKey: string): Promise<void> {
  expect((await client.api('GET', '/api/v1/rates', { key: apiKey })).status).toBe(200);
  const hits = await lookups(service, 'api_key', 'hit');
  expect((await client.api('GET', '/api/v1/rates', { key: apiKey })).status).toBe(200);
  expect(await lookups(service, 'api_key', 'hit')).toBe(hits + 1);
}

it('serves a cached key and rate card without asking billing: reads go on while billing is away', async () => {
  const { apiKey } = await stack.account();
  await cachedOn(replicaB, b, apiKey);
  const rates = (await b.api('GET', '/api/v1/rates', { key: apiKey })).body;

  await stack.running.get('billing')!.stop();
  try {
    for (let i = 0; i < 5; i++) expect(await b.api('GET', '/api/v1/rates', { key: apiKey })).toMatchObject({ status: 200, body: rates });
    // What does need billing says so: the balance, and a key this replica has not seen.
    expect((await b.api('GET', '/api/v1/account', { key: apiKey })).status).toBe(503);
    const unseen = `${apiKey.slice(0, -43)}${'x'.repeat(43)}`;
    expect((await b.api('GET', '/api/v1/rates', { key: unseen })).status).toBe(503);
  } finally {
    await stack.start(billingService);
  }
});

it('refuses a revoked key on every replica within one second of the revoke', async () => {
  const { accountId, apiKey: firstKey } = await stack.account();
  const second = (await stack.admin('POST', `/admin/v1/accounts/${accountId}/api-keys`)).body;
  await cachedOn(replicaB, b, second.apiKey);
  await cachedOn(replicaB, b, firstKey);
  await cachedOn(stack.running.get('gateway')!, stack, second.apiKey);

  expect((await stack.admin('DELETE', `/admin/v1/api-keys/${second.keyId}`)).status).toBe(204);
  // The replica the operator called forgets at once; the other hears billing's event.
  expect((await stack.api('GET', '/api/v1/rates', { key: second.apiKey })).status).toBe(401);
  await eventually(() => b.api('GET', '/api/v1/rates', { key: second.apiKey }), (r) => r.status === 401, ONE_SECOND);
  // Only that key: the account's other key is still served from the cache.
  const hits = await lookups(replicaB, 'api_key', 'hit');
  expect((await b.api('GET', '/api/v1/rates', { key: firstKey })).status).toBe(200);
  expect(await lookups(replicaB, 'api_key', 'hit')).toBe(hits + 1);
});

it('refuses a key the account revoked itself (DELETE /api/v1/api-keys/:id) on every replica within one second', async () => {
  const { apiKey: ownerKey } = await stack.account();
  const created = (await stack.api('POST', '/api/v1/api-keys', { key: ownerKey, body: { name: 'wall dashboard 🚀', scopes: ['read'] } })).body;
  await cachedOn(replicaB, b, created.apiKey);
  await cachedOn(stack.running.get('gateway')!, stack, created.apiKey);

  expect((await stack.api('DELETE', `/api/v1/api-keys/${created.key.id}`, { key: ownerKey })).status).toBe(204);
  expect((await stack.api('GET', '/api/v1/rates', { key: created.apiKey })).status).toBe(401);
  await eventually(() => b.api('GET', '/api/v1/rates', { key: created.apiKey }), (r) => r.status === 401, ONE_SECOND);
});

it("refuses a closed account's changes on every replica within one second of the close; it may still read", async () => {
  const { accountId, apiKey } = await stack.account();
  await cachedOn(replicaB, b, apiKey);
  // Before: the key passes and the (empty) body is what is refused.
  expect((await b.api('POST', '/api/v1/trackers', { key: apiKey, body: {} })).body.error.code).toBe('validation_error');

  expect((await stack.admin('POST', `/admin/v1/accounts/${accountId}/close`)).status).toBe(200);
  expect((await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: {} })).body.error.code).toBe('account_closed');
  const refused = await eventually(() => b.api('POST', '/api/v1/trackers', { key: apiKey, body: {} }), (r) => r.status === 403, ONE_SECOND);
  expect(refused.body.error.code).toBe('account_closed');
  expect((await b.api('GET', '/api/v1/rates', { key: apiKey })).status).toBe(200);
});

it('limits a key a member created to what the member may still do: demoted, on every replica within one second; removed, 401', async () => {
  const { apiKey: ownerKey } = await stack.account();
  // A second owner, signed in by the invitation's token (heard on the bus, as the e-mail would carry it).
  const harness = await connectAs(stack.nats, 'gateway-cache');
  const tokens: string[] = [];
  harness.nc.subscribe(PeopleCommands.sendInvitation.subject, { callback: (_e, msg) => tokens.push(msg.json<{ token: string }>().token) });
  const invited = await stack.api('POST', '/api/v1/members', { key: ownerKey, body: { email: 'second+__proto__@monday.com', role: 'owner' } });
  const token = await eventually(async () => tokens[0], (t) => t !== undefined).finally(() => harness.nc.close());
  const person = await signIn(stack, token!);
  const memberKey = (await asSession(stack, person, 'POST', '/api/v1/api-keys', { body: { name: 'agency 🚀 $x', scopes: ['read', 'manage', 'admin'] } })).body;
  expect(memberKey.key.createdBy).toEqual({ kind: 'member', id: invited.body.member.id, name: 'second+__proto__@monday.com' });
  // A key that key created is bound by the same member.
  const grandchild = (await stack.api('POST', '/api/v1/api-keys', { key: memberKey.apiKey, body: { name: 'made by the key', scopes: ['read', 'admin'] } })).body.apiKey;
  for (const key of [memberKey.apiKey, grandchild]) {
    await cachedOn(replicaB, b, key);
    expect((await b.api('GET', '/api/v1/members', { key })).status).toBe(200);
  }

  expect((await stack.api('PATCH', `/api/v1/members/${invited.body.member.id}`, { key: ownerKey, body: { role: 'viewer' } })).status).toBe(200);
  for (const key of [memberKey.apiKey, grandchild]) {
    const refused = await eventually(() => b.api('GET', '/api/v1/members', { key }), (r) => r.status === 403, ONE_SECOND);
    expect(refused.body.error).toMatchObject({ code: 'insufficient_scope', requiredScope: 'admin' });
    expect((await b.api('GET', '/api/v1/rates', { key })).status).toBe(200);
  }
  expect((await b.api('GET', '/api/v1/api-keys/current', { key: memberKey.apiKey })).body.key.scopes).toEqual(['read']);
  const listedScopes = async () =>
    ((await stack.api('GET', '/api/v1/api-keys', { key: ownerKey })).body.apiKeys as Array<{ id: string; scopes: string[] }>).find((k) => k.id === memberKey.key.id)!.scopes;
  expect(await listedScopes()).toEqual(['read']);
  expect((await stack.api('POST', '/api/v1/trackers', { key: memberKey.apiKey, body: {} })).body.error).toMatchObject({ code: 'insufficient_scope', requiredScope: 'manage' });
  // The operator's key holds every scope, whoever's role changes.
  expect((await b.api('GET', '/api/v1/members', { key: ownerKey })).status).toBe(200);

  expect((await stack.api('DELETE', `/api/v1/members/${invited.body.member.id}`, { key: ownerKey })).status).toBe(204);
  for (const key of [memberKey.apiKey, grandchild]) await eventually(() => b.api('GET', '/api/v1/rates', { key }), (r) => r.status === 401, ONE_SECOND);
  expect((await stack.api('GET', '/api/v1/rates', { key: memberKey.apiKey })).status).toBe(401);
  expect(await listedScopes()).toEqual([]);
});

it('serves a published rate card at once on the replica that published it, and within one second on the others', async () => {
  const { apiKey } = await stack.account();
  await cachedOn(replicaB, b, apiKey);
  await cachedOn(stack.running.get('gateway')!, stack, apiKey);
  const raised: RatesInput = { ...DEFAULT_RATES, surfaces: { ...DEFAULT_RATES.surfaces, claude: 7_000 } };

  const published = await stack.admin('PUT', '/admin/v1/rates', raised);
  expect(published.status).toBe(200);
  expect((await stack.api('GET', '/api/v1/rates', { key: apiKey })).body).toEqual(published.body);
  await eventually(() => b.api('GET', '/api/v1/rates', { key: apiKey }), (r) => r.body.rates?.version === published.body.rates.version, ONE_SECOND);
  expect((await b.api('GET', '/api/v1/rates', { key: apiKey })).body).toEqual(published.body);
});

it('forgets everything after a NATS reconnect, and hears events again after it', async () => {
  const { accountId, apiKey } = await stack.account();
  const second = (await stack.admin('POST', `/admin/v1/accounts/${accountId}/api-keys`)).body;
  await cachedOn(replicaB, b, apiKey);
  await cachedOn(replicaB, b, second.apiKey);
  const ready = () => fetch(`http://127.0.0.1:${replicaB.opsPort}/readyz`).then((r) => r.status);

  await stack.nats.kill();
  await eventually(ready, (s) => s === 503);
  // Meanwhile a cached read needs no bus at all.
  expect((await b.api('GET', '/api/v1/rates', { key: apiKey })).status).toBe(200);
  await stack.nats.restart();
  await eventually(ready, (s) => s === 200);

  const [keyMisses, rateMisses] = [await lookups(replicaB, 'api_key', 'miss'), await lookups(replicaB, 'rates', 'miss')];
  await eventually(() => b.api('GET', '/api/v1/rates', { key: apiKey }), (r) => r.status === 200);
  expect(await lookups(replicaB, 'api_key', 'miss')).toBeGreaterThan(keyMisses);
  expect(await lookups(replicaB, 'rates', 'miss')).toBeGreaterThan(rateMisses);

  // The replica's watcher came back with the server: a revoke still reaches it in time.
  await cachedOn(replicaB, b, second.apiKey);
  const revoked = await eventually(() => stack.admin('DELETE', `/admin/v1/api-keys/${second.keyId}`), (r) => r.status === 204);
  expect(revoked.status).toBe(204);
  await eventually(() => b.api('GET', '/api/v1/rates', { key: second.apiKey }), (r) => r.status === 401, ONE_SECOND);
});
