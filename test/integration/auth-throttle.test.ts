import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { startStack, type TestStack } from '../support/stack';

// Failed authentications are limited per client address, before any bus or store work (issue 15).
let stack: TestStack;

beforeAll(async () => {
  stack = await startStack([billingService, gatewayService], { AUTH_FAILURES_PER_MINUTE: '1', AUTH_FAILURES_BURST: '3', TRUST_PROXY: 'loopback' });
});
afterAll(() => stack.stop());

const badKey = 'brk_000000000000_not-a-real-secret-at-all';
const fromClient = (address: string) => ({ 'X-Forwarded-For': address });

it('refuses an address with 429 once its failed authentications are used up, even a valid key, without asking billing', async () => {
  const { apiKey } = await stack.account();
  const address = '203.0.113.7';
  for (let i = 0; i < 3; i++) expect((await stack.api('GET', '/api/v1/account', { key: badKey, headers: fromClient(address) })).status).toBe(401);
  const missing = await stack.api('GET', '/api/v1/account', { headers: fromClient(address) });
  expect(missing.status).toBe(429);
  expect(missing.body.error.code).toBe('rate_limited');
  expect(Number(missing.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

  // Billing, which checks keys, is away: a throttled address still hears 429 at once (no bus work), others hear 503.
  await stack.running.get('billing')!.stop();
  try {
    expect((await stack.api('GET', '/api/v1/account', { key: apiKey, headers: fromClient(address) })).status).toBe(429);
    expect((await stack.api('GET', '/api/v1/account', { key: apiKey, headers: fromClient('198.51.100.9') })).status).toBe(503);
  } finally {
    await stack.start(billingService);
  }
});

it('counts only failures: an address with a valid key is never throttled by this limit', async () => {
  const { apiKey } = await stack.account();
  for (let i = 0; i < 10; i++) expect((await stack.api('GET', '/api/v1/account', { key: apiKey, headers: fromClient('192.0.2.44') })).status).toBe(200);
});

it('throttles the admin API the same way', async () => {
  const address = '203.0.113.99';
  const admin = (token: string) => fetch(`${stack.adminUrl}/admin/v1/rates`, { headers: { Authorization: `Bearer ${token}`, ...fromClient(address) } });
  for (let i = 0; i < 3; i++) expect((await admin('wrong-admin-token-guess')).status).toBe(401);
  expect((await admin(stack.adminToken)).status).toBe(429);
});
