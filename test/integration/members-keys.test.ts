// api-contract §15 over HTTP: members and the last-owner rule (also under two concurrent
// demotions), keys an account manages (never more than their creator, expiry, lastUsedAt kept in
// batches), with hostile names and addresses.
import { createHash } from 'node:crypto';
import { PeopleCommands, PeopleQueries } from '@brandradar/contracts';
import { query, type NatsLink } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { eventually } from '../support/eventually';
import { connectAs, startStack, type TestStack } from '../support/stack';

let stack: TestStack;
let harness: NatsLink;
beforeAll(async () => {
  stack = await startStack([billingService, gatewayService], { KEY_USE_REPORT_MS: '100' });
  harness = await connectAs(stack.nats, 'members');
});
afterAll(async () => {
  await harness.nc.close();
  await stack.stop();
});

const HOSTILE_NAME = '__proto__ on monday.com at $x 🚀'.padEnd(100, '🚀').slice(0, 100);

/** Invites `email` as `role` and accepts the invitation with the token the e-mail would carry (heard on the bus). */
async function joined(key: string, email: string, role: string): Promise<{ id: string }> {
  const tokens: string[] = [];
  const sub = harness.nc.subscribe(PeopleCommands.sendInvitation.subject, { callback: (_e, msg) => tokens.push(msg.json<{ token: string }>().token) });
  try {
    const invited = await stack.api('POST', '/api/v1/members', { key, body: { email, role } });
    expect(invited).toMatchObject({ status: 201, body: { member: { email, role, status: 'invited', joinedAt: null } } });
    await eventually(async () => tokens.length, (n) => n > 0);
    const tokenSha256 = createHash('sha256').update(tokens[0]!).digest('hex');
    const redeemed = await query(harness, PeopleQueries.redeemInvitation, { version: 1, tokenSha256 });
    expect(redeemed.member).toMatchObject({ status: 'active' });
    // Single use: a second time it is refused.
    await expect(query(harness, PeopleQueries.redeemInvitation, { version: 1, tokenSha256 })).rejects.toMatchObject({ error: { code: 'unauthorized' } });
    return redeemed.member;
  } finally {
    sub.unsubscribe();
  }
}

describe('members', () => {
  it("makes the account's e-mail its first owner, and keeps the last owner from being removed or demoted", async () => {
    const { apiKey } = await stack.account();
    const { body } = await stack.api('GET', '/api/v1/members', { key: apiKey });
    expect(body.members).toEqual([expect.objectContaining({ role: 'owner', status: 'active', invitedAt: null })]);
    const ownerId = body.members[0].id;
    expect(await stack.api('PATCH', `/api/v1/members/${ownerId}`, { key: apiKey, body: { role: 'viewer' } })).toMatchObject({ status: 409, body: { error: { code: 'last_owner' } } });
    expect(await stack.api('DELETE', `/api/v1/members/${ownerId}`, { key: apiKey })).toMatchObject({ status: 409, body: { error: { code: 'last_owner' } } });
  });

  it('lets exactly one of two concurrent demotions of the only two owners through', async () => {
    const { apiKey } = await stack.account();
    const first = (await stack.api('GET', '/api/v1/members', { key: apiKey })).body.members[0].id;
    const second = (await joined(apiKey, 'second+__proto__@monday.com', 'owner')).id;
    const answers = await Promise.all([first, second].map((id) => stack.api('PATCH', `/api/v1/members/${id}`, { key: apiKey, body: { role: 'editor' } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const owners = (await stack.api('GET', '/api/v1/members', { key: apiKey })).body.members.filter((m: { role: string }) => m.role === 'owner');
    expect(owners).toHaveLength(1);
  });

  it('puts one person in several accounts, refuses a second invitation of a member, and removes a member', async () => {
    const [x, y] = [await stack.account(), await stack.account()];
    const email = 'agency+__proto__@monday.com';
    const inX = await joined(x.apiKey, email, 'editor');
    await joined(y.apiKey, email, 'viewer');
    expect(await stack.api('POST', '/api/v1/members', { key: x.apiKey, body: { email: email.toUpperCase(), role: 'viewer' } })).toMatchObject({ status: 409, body: { error: { code: 'invalid_state' } } });
    // Another account's member is not found.
    expect((await stack.api('DELETE', `/api/v1/members/${inX.id}`, { key: y.apiKey })).status).toBe(404);
    expect((await stack.api('DELETE', `/api/v1/members/${inX.id}`, { key: x.apiKey })).status).toBe(204);
    expect((await stack.api('GET', '/api/v1/members', { key: x.apiKey })).body.members).toHaveLength(1);
  });
});

describe('keys the account manages', () => {
  it('creates a key with a hostile name and lists it without the secret; 200 characters is too long', async () => {
    const { apiKey } = await stack.account();
    const created = await stack.api('POST', '/api/v1/api-keys', { key: apiKey, body: { name: HOSTILE_NAME, scopes: ['read'] } });
    expect(created).toMatchObject({ status: 201, body: { apiKey: expect.stringMatching(/^brk_/), key: { name: HOSTILE_NAME, scopes: ['read'], lastUsedAt: null, expiresAt: null, createdBy: { kind: 'key' } } } });
    const listed = await stack.api('GET', '/api/v1/api-keys', { key: apiKey });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.apiKey);
    expect(listed.body.apiKeys.map((k: { name: string }) => k.name)).toContain(HOSTILE_NAME);
    expect((await stack.api('POST', '/api/v1/api-keys', { key: apiKey, body: { name: 'x'.repeat(200), scopes: ['read'] } })).status).toBe(400);
  });

  it('never gives a key more than its creator holds', async () => {
    const { apiKey } = await stack.account();
    const limited = (await stack.api('POST', '/api/v1/api-keys', { key: apiKey, body: { name: 'read and admin', scopes: ['read', 'admin'] } })).body.apiKey;
    expect(await stack.api('POST', '/api/v1/api-keys', { key: limited, body: { name: 'spender', scopes: ['run'] } })).toMatchObject({ status: 403, body: { error: { code: 'insufficient_scope', requiredScope: 'run' } } });
    expect((await stack.api('POST', '/api/v1/api-keys', { key: limited, body: { name: 'reader', scopes: ['read'] } })).status).toBe(201);
  });

  it('keeps lastUsedAt from batched reports, and refuses a key once it expired', async () => {
    const { apiKey } = await stack.account();
    const expiresAt = new Date(Date.now() + 1_500).toISOString();
    const created = await stack.api('POST', '/api/v1/api-keys', { key: apiKey, body: { name: 'short-lived', scopes: ['read'], expiresAt } });
    expect(created.body.key.expiresAt).toBe(expiresAt);
    expect((await stack.api('GET', '/api/v1/account', { key: created.body.apiKey })).status).toBe(200);
    const used = await eventually(
      async () => (await stack.api('GET', '/api/v1/api-keys', { key: apiKey })).body.apiKeys.find((k: { id: string }) => k.id === created.body.key.id),
      (k) => k.lastUsedAt !== null,
    );
    expect(Date.parse(used.lastUsedAt)).toBeLessThan(Date.parse(expiresAt));
    // Cached by the gateway while valid; refused once past its expiry, by the cache too.
    await eventually(async () => (await stack.api('GET', '/api/v1/account', { key: created.body.apiKey })).status, (status) => status === 401);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(expiresAt));
    expect((await stack.api('POST', '/api/v1/api-keys', { key: apiKey, body: { name: 'past', scopes: ['read'], expiresAt: new Date(Date.now() - 1_000).toISOString() } })).status).toBe(400);
  });

  it('revokes a key of the account (401 from then on) and not another account’s', async () => {
    const [x, y] = [await stack.account(), await stack.account()];
    const created = (await stack.api('POST', '/api/v1/api-keys', { key: x.apiKey, body: { name: 'to revoke', scopes: ['read'] } })).body;
    expect((await stack.api('GET', '/api/v1/account', { key: created.apiKey })).status).toBe(200);
    expect((await stack.api('DELETE', `/api/v1/api-keys/${created.key.id}`, { key: y.apiKey })).status).toBe(404);
    expect((await stack.api('DELETE', `/api/v1/api-keys/${created.key.id}`, { key: x.apiKey })).status).toBe(204);
    expect((await stack.api('GET', '/api/v1/account', { key: created.apiKey })).status).toBe(401);
    expect((await stack.api('DELETE', `/api/v1/api-keys/${created.key.id}`, { key: x.apiKey })).status).toBe(404);
  });
});
