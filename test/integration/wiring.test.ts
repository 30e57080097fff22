import { DEFAULT_RATES } from '@brandradar/contracts';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { startStack, type TestStack } from '../support/stack';

let stack: TestStack;

// The trace of such a request (gateway, NATS, billing's Mongo commands) is checked in telemetry.test.ts.
beforeAll(async () => {
  stack = await startStack([billingService, gatewayService]);
});
afterAll(() => stack.stop());

describe('a request through the gateway, NATS and the billing service', () => {
  it('is answered by billing from its own database', async () => {
    const { apiKey } = await stack.account();
    const res = await stack.api('GET', '/api/v1/rates', { key: apiKey });

    expect(res.status).toBe(200);
    expect(res.body.rates).toMatchObject({ version: 1, ...DEFAULT_RATES });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps what billing wrote across a restart of the billing service', async () => {
    const { apiKey, accountId } = await stack.account(250_000);
    await stack.start(billingService); // a new instance: nothing cached in memory survives

    const res = await stack.api('GET', '/api/v1/account', { key: apiKey });
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ id: accountId, balanceMicro: 250_000, status: 'open' });
  });
});
