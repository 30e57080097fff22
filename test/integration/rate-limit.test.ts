import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { eventually } from '../support/eventually';
import { startStack, type TestStack } from '../support/stack';

let stack: TestStack;

// One token a second, five at once.
beforeAll(async () => {
  stack = await startStack([billingService, gatewayService], { RATE_LIMIT_PER_MINUTE: '60', RATE_LIMIT_BURST: '5' });
});
afterAll(() => stack.stop());

describe('per-key rate limiting', () => {
  it('answers the 6th quick request with 429 rate_limited and Retry-After; other keys are unaffected', async () => {
    const a = await stack.account();
    const b = await stack.account();
    for (let i = 0; i < 5; i++) expect((await stack.api('GET', '/api/v1/account', { key: a.apiKey })).status).toBe(200);

    const refused = await stack.api('GET', '/api/v1/account', { key: a.apiKey });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('x-request-id')).toBeTruthy();
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: expect.any(String), retryAfterSeconds: Number(refused.headers.get('retry-after')) } });

    // The limit is per API key: another account's key, and another key of the same account, still pass.
    expect((await stack.api('GET', '/api/v1/account', { key: b.apiKey })).status).toBe(200);
    const secondKey = await stack.admin('POST', `/admin/v1/accounts/${a.accountId}/api-keys`);
    expect((await stack.api('GET', '/api/v1/account', { key: secondKey.body.apiKey })).status).toBe(200);
  });

  it('refuses before the request reaches anything, and a refusal uses up nothing', async () => {
    const tracker = {
      name: 'CRM tools',
      cadence: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 },
      primitive: 'rankings',
      prompts: ['best CRM for small business'],
      competitors: ['HubSpot'],
    };
    // Admitted, these get as far as the body (400) and the tracker service, which this stack does not run (503).
    const control = (await stack.account()).apiKey;
    expect((await stack.api('POST', '/api/v1/trackers', { key: control, body: '{"name": ' })).body.error.code).toBe('invalid_json');
    expect((await stack.api('POST', '/api/v1/trackers', { key: control, body: tracker })).body.error.code).toBe('unavailable');

    const { apiKey } = await stack.account();
    for (let i = 0; i < 5; i++) expect((await stack.api('GET', '/api/v1/rates', { key: apiKey })).status).toBe(200);
    const refusals = await Promise.all(
      Array.from({ length: 10 }, (_, i) => stack.api('POST', '/api/v1/trackers', { key: apiKey, body: i % 2 ? tracker : '{"name": ' })),
    );
    expect(refusals.map((r) => r.body.error.code)).toEqual(Array(10).fill('rate_limited'));

    // Admitted again within one Retry-After (and a second's margin), though every attempt meanwhile
    // was refused too: had refusals taken tokens, the key would still be refused.
    const retryAfterMs = Number(refusals[0]!.headers.get('retry-after')) * 1000;
    const admitted = await eventually(() => stack.api('GET', '/api/v1/rates', { key: apiKey }), (r) => r.status !== 429, retryAfterMs + 1000, 100);
    expect(admitted.status).toBe(200);
  });

  it('leaves unauthenticated requests and the API reference alone', async () => {
    for (let i = 0; i < 7; i++) expect((await stack.api('GET', '/api/v1/openapi.json')).status).toBe(200);
    for (let i = 0; i < 7; i++) expect((await stack.api('GET', '/api/v1/account')).status).toBe(401);
  });
});
