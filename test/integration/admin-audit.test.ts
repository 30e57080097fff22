import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { closeServer, createLogger, createMetricsRegistry, httpRequestDuration, type NatsLink } from '@brandradar/platform';
import { parseApiKey } from '@brandradar/contracts';
import { billingService } from '../../services/billing/src/service';
import { GatewayCaches } from '../../services/gateway/src/caches';
import { gatewayConfigSchema } from '../../services/gateway/src/config';
import { gatewayApps } from '../../services/gateway/src/service';
import { eventually } from '../support/eventually';
import { connectAs, httpClient, startStack, type HttpClient, type TestStack } from '../support/stack';

// The admin API of a gateway whose log lines the test reads (the shared logger, writing to a
// stream here instead of stdout), against a real billing service.
let stack: TestStack;
let link: NatsLink;
let server: Server;
let adminUrl: string;
let admin: HttpClient;
const lines: string[] = [];

beforeAll(async () => {
  stack = await startStack([billingService]);
  // The admin API's link is the gateway's: it connects as the gateway's NATS user.
  link = await connectAs(stack.nats, 'admin-audit-test', 'gateway');
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const metrics = createMetricsRegistry('gateway');
  const caches = new GatewayCaches({ maxKeys: 1, ttlMs: 0 }, metrics);
  const { adminApp } = gatewayApps(gatewayConfigSchema.parse(stack.serviceEnv('gateway')), link, createLogger('gateway', 'info', sink), httpRequestDuration(metrics), caches);
  server = await new Promise<Server>((resolve) => {
    const s = adminApp!.listen(0, '127.0.0.1', () => resolve(s));
  });
  adminUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  admin = httpClient(adminUrl, adminUrl, stack.adminToken);
});
afterAll(async () => {
  await closeServer(server);
  await link.nc.drain();
  await stack.stop();
});

/** The audit line of the request answered with `requestId`, raw and parsed (written once the response is sent). */
async function auditLineOf(res: { headers: Headers }) {
  const requestId = res.headers.get('x-request-id')!;
  const raw = await eventually(
    // Each request also has its access line (`msg: "request"`); the audit line is the one with `audit`.
    async () => lines.find((l) => JSON.parse(l).requestId === requestId && JSON.parse(l).audit === 'admin'),
    (l) => l !== undefined,
  );
  return { raw: raw!, line: JSON.parse(raw!) };
}
const adminFingerprint = () => `sha256:${createHash('sha256').update(stack.adminToken).digest('hex').slice(0, 12)}`;

it('logs a credit with who, what, when and the outcome, at info, without the admin token', async () => {
  const { accountId } = await admin.account(0);
  const res = await admin.admin('POST', `/admin/v1/accounts/${accountId}/credits`, { amountMicro: 250_000, reference: 'invoice-7' });
  expect(res.status).toBe(200);
  const { raw, line } = await auditLineOf(res);
  expect(line).toMatchObject({
    level: 'info',
    service: 'gateway',
    msg: 'admin action',
    audit: 'admin',
    who: { credential: adminFingerprint(), address: expect.stringMatching(/127\.0\.0\.1$/) },
    what: { action: 'adminCreditAccount', method: 'POST', path: `/admin/v1/accounts/${accountId}/credits`, accountId, amountMicro: 250_000, reference: 'invoice-7' },
    outcome: { status: 200 },
  });
  expect(Date.now() - Date.parse(line.time)).toBeLessThan(60_000);
  expect(raw).not.toContain(stack.adminToken);
});

it('logs the creation of an account and of an API key with their ids, never the key', async () => {
  const created = await admin.admin('POST', '/admin/v1/accounts', { email: 'audit@example.com', creditsMicro: 100_000, spendLimitMicroPerMonth: 50_000 });
  expect(created.status).toBe(201);
  const account = await auditLineOf(created);
  expect(account.line.what).toEqual({ action: 'adminCreateAccount', method: 'POST', path: '/admin/v1/accounts', accountId: created.body.account.id, keyId: created.body.keyId, creditsMicro: 100_000, spendLimitMicroPerMonth: 50_000 });
  expect(account.raw).not.toContain(created.body.apiKey);

  const key = await admin.admin('POST', `/admin/v1/accounts/${created.body.account.id}/api-keys`);
  expect(key.status).toBe(201);
  const { raw, line } = await auditLineOf(key);
  expect(line).toMatchObject({ who: { credential: adminFingerprint() }, what: { action: 'adminCreateApiKey', accountId: created.body.account.id, keyId: key.body.keyId }, outcome: { status: 201 } });
  // The secret's own alphabet has `_`, so it is not "what follows the last `_`".
  const secret = parseApiKey(key.body.apiKey)!.secret;
  expect(raw).not.toContain(key.body.apiKey);
  expect(raw).not.toContain(secret);
  expect(raw).not.toContain(stack.adminToken);
});

it('logs revoking a key, closing an account, publishing rates and refusals with their outcome', async () => {
  const created = (await admin.admin('POST', '/admin/v1/accounts', { email: 'audit2@example.com' })).body;
  const revoked = await admin.admin('DELETE', `/admin/v1/api-keys/${created.keyId}`);
  expect((await auditLineOf(revoked)).line.what).toMatchObject({ action: 'adminRevokeApiKey', keyId: created.keyId });
  const closed = await admin.admin('POST', `/admin/v1/accounts/${created.account.id}/close`);
  expect((await auditLineOf(closed)).line).toMatchObject({ what: { action: 'adminCloseAccount', accountId: created.account.id }, outcome: { status: 200 } });

  const rates = (await admin.admin('GET', '/admin/v1/rates')).body.rates;
  const published = await admin.admin('PUT', '/admin/v1/rates', { surfaces: rates.surfaces, workflowSteps: rates.workflowSteps });
  expect((await auditLineOf(published)).line.what).toMatchObject({ action: 'adminPublishRates', ratesVersion: rates.version + 1 });

  const invalid = await admin.admin('POST', `/admin/v1/accounts/${created.account.id}/credits`, { amountMicro: -5 });
  expect((await auditLineOf(invalid)).line).toMatchObject({ what: { action: 'adminCreditAccount' }, outcome: { status: 400, code: 'validation_error' } });

  const guessed = 'a-wrong-admin-token-guess';
  const refused = await fetch(`${adminUrl}/admin/v1/accounts/${created.account.id}/close`, { method: 'POST', headers: { Authorization: `Bearer ${guessed}` } });
  const { raw, line } = await auditLineOf(refused);
  expect(line).toMatchObject({ who: { credential: null }, what: { action: null, path: `/admin/v1/accounts/${created.account.id}/close` }, outcome: { status: 401, code: 'unauthorized' } });
  expect(raw).not.toContain(guessed);
});
