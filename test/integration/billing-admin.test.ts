import { DEFAULT_RATES, type RatesInput } from '@brandradar/contracts';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { startStack, type TestStack } from '../support/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack([billingService, gatewayService]);
});
afterAll(() => stack.stop());

const unknownId = '3f1c7d34-4cda-4c1c-9d4b-6a4c1f0e2b11';

async function balanceOf(apiKey: string): Promise<number> {
  return (await stack.api('GET', '/api/v1/account', { key: apiKey })).body.account.balanceMicro;
}

describe('GET /api/v1/account', () => {
  it('shows the contract fields, including this month’s spend', async () => {
    const { accountId, apiKey } = await stack.account(250_000);
    const res = await stack.api('GET', '/api/v1/account', { key: apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      account: {
        id: accountId,
        email: expect.stringMatching(/@example\.com$/),
        name: null,
        status: 'open',
        balanceMicro: 250_000,
        spendLimitMicroPerMonth: null,
        spentThisMonthMicro: 0,
        simulated: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    });
  });
});

describe('POST /admin/v1/accounts/:id/credits', () => {
  it('adds credit once per reference, also when the same reference arrives concurrently', async () => {
    const { accountId, apiKey } = await stack.account(100_000);
    const first = await stack.admin('POST', `/admin/v1/accounts/${accountId}/credits`, { amountMicro: 250_000, reference: 'invoice-1' });
    expect(first.status).toBe(200);
    expect(first.body.account).toMatchObject({ id: accountId, balanceMicro: 350_000 });

    const replays = await Promise.all(Array.from({ length: 10 }, () => stack.admin('POST', `/admin/v1/accounts/${accountId}/credits`, { amountMicro: 250_000, reference: 'invoice-1' })));
    for (const r of replays) expect(r.status).toBe(200);
    expect(await balanceOf(apiKey)).toBe(350_000);

    const second = await stack.admin('POST', `/admin/v1/accounts/${accountId}/credits`, { amountMicro: 1, reference: 'invoice-2' });
    expect(second.body.account.balanceMicro).toBe(350_001);
  });

  it.each([
    ['a zero amount', { amountMicro: 0, reference: 'r' }, 'amountMicro'],
    ['a negative amount', { amountMicro: -5, reference: 'r' }, 'amountMicro'],
    ['a fractional amount', { amountMicro: 1.5, reference: 'r' }, 'amountMicro'],
    ['an amount as a string', { amountMicro: '100', reference: 'r' }, 'amountMicro'],
    ['an empty reference', { amountMicro: 5, reference: '' }, 'reference'],
    ['a reference over 200 characters', { amountMicro: 5, reference: 'r'.repeat(201) }, 'reference'],
    ['a reference with a lone surrogate', { amountMicro: 5, reference: 'invoice-\uD800' }, 'reference'],
    ['a missing reference', { amountMicro: 5 }, 'reference'],
    ['an unknown field', { amountMicro: 5, reference: 'r', balanceMicro: 10 }, 'balanceMicro'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_name, body, path) => {
    const { accountId, apiKey } = await stack.account(100_000);
    const res = await stack.admin('POST', `/admin/v1/accounts/${accountId}/credits`, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_error', issues: [{ path, message: expect.any(String) }] });
    expect(await balanceOf(apiKey)).toBe(100_000);
  });

  it('accepts a reference of exactly 200 characters', async () => {
    const { accountId } = await stack.account(0);
    const res = await stack.admin('POST', `/admin/v1/accounts/${accountId}/credits`, { amountMicro: 7, reference: 'r'.repeat(200) });
    expect(res.status).toBe(200);
    expect(res.body.account.balanceMicro).toBe(7);
  });

  it('answers 409 for a reference used before with another amount and applies nothing; the same amount replays with 200', async () => {
    const { accountId, apiKey } = await stack.account(0);
    expect((await stack.admin('POST', `/admin/v1/accounts/${accountId}/credits`, { amountMicro: 100_000, reference: 'inv-1' })).status).toBe(200);
    const other = await stack.admin('POST', `/admin/v1/accounts/${accountId}/credits`, { amountMicro: 200_000, reference: 'inv-1' });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'idempotency_key_conflict', message: expect.stringContaining('inv-1'), appliedMicro: 100_000 });
    const same = await stack.admin('POST', `/admin/v1/accounts/${accountId}/credits`, { amountMicro: 100_000, reference: 'inv-1' });
    expect(same.status).toBe(200);
    expect(same.body.account.balanceMicro).toBe(100_000);
    expect(await balanceOf(apiKey)).toBe(100_000);
  });

  it('refuses a credit that would take the balance past the largest amount an account can hold, and the account stays readable', async () => {
    const created = await stack.admin('POST', '/admin/v1/accounts', { email: `rich-${Date.now()}@example.com`, creditsMicro: Number.MAX_SAFE_INTEGER });
    expect(created.status).toBe(201);
    const res = await stack.admin('POST', `/admin/v1/accounts/${created.body.account.id}/credits`, { amountMicro: 10, reference: 'big3' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_error', issues: [{ path: 'amountMicro', message: expect.stringContaining('largest amount an account can hold') }] });
    const account = await stack.api('GET', '/api/v1/account', { key: created.body.apiKey });
    expect(account.status).toBe(200);
    expect(account.body.account.balanceMicro).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses initial credits beyond the largest amount an account can hold, naming creditsMicro, and creates nothing', async () => {
    const email = `richer-${Date.now()}@example.com`;
    const res = await stack.admin('POST', '/admin/v1/accounts', { email, creditsMicro: Number.MAX_SAFE_INTEGER + 1 });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_error', issues: [{ path: 'creditsMicro', message: expect.any(String) }] });
    expect((await stack.admin('POST', '/admin/v1/accounts', { email, creditsMicro: 1 })).status).toBe(201);
  });

  it('answers 404 for an unknown or malformed account id', async () => {
    for (const id of [unknownId, 'not-a-uuid']) {
      const res = await stack.admin('POST', `/admin/v1/accounts/${id}/credits`, { amountMicro: 5, reference: 'r' });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});

describe('POST /admin/v1/accounts/:id/close', () => {
  it('closes the account, again without error, and the owner sees it closed with its balance', async () => {
    const { accountId, apiKey } = await stack.account(100_000);
    const first = await stack.admin('POST', `/admin/v1/accounts/${accountId}/close`);
    expect(first.status).toBe(200);
    expect(first.body.account).toMatchObject({ id: accountId, status: 'closed', balanceMicro: 100_000 });
    const again = await stack.admin('POST', `/admin/v1/accounts/${accountId}/close`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await stack.api('GET', '/api/v1/account', { key: apiKey })).body.account.status).toBe('closed');
  });

  it('answers 404 for an unknown account', async () => {
    expect((await stack.admin('POST', `/admin/v1/accounts/${unknownId}/close`)).status).toBe(404);
  });
});

describe('GET /admin/v1/accounts/:id/api-keys', () => {
  it("lists an account's keys oldest first, revoked ones with when, never a secret", async () => {
    const { accountId, apiKey: firstKey } = await stack.account();
    const second = (await stack.admin('POST', `/admin/v1/accounts/${accountId}/api-keys`)).body;
    await stack.admin('DELETE', `/admin/v1/api-keys/${second.keyId}`);
    const res = await stack.admin('GET', `/admin/v1/accounts/${accountId}/api-keys`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      apiKeys: [
        { keyId: /^brk_([0-9a-f]{12})_/.exec(firstKey)![1], createdAt: expect.any(String), revokedAt: null },
        { keyId: second.keyId, createdAt: expect.any(String), revokedAt: expect.any(String) },
      ],
    });
    // The secret is all after the key id (it may itself contain '_').
    expect(JSON.stringify(res.body)).not.toContain(/^brk_[0-9a-f]{12}_(.+)$/.exec(firstKey)![1]!);
    expect((await stack.admin('GET', '/admin/v1/accounts/3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f60/api-keys')).status).toBe(404);
  });
});

describe('DELETE /admin/v1/api-keys/:keyId', () => {
  it('revokes the key: it then gets the same 401 as an unknown key, and the account’s other keys still work', async () => {
    const { accountId, apiKey: firstKey } = await stack.account();
    const second = await stack.admin('POST', `/admin/v1/accounts/${accountId}/api-keys`);
    expect((await stack.api('GET', '/api/v1/account', { key: second.body.apiKey })).status).toBe(200);

    const revoked = await stack.admin('DELETE', `/admin/v1/api-keys/${second.body.keyId}`);
    expect(revoked.status).toBe(204);
    expect(revoked.body).toBeUndefined();

    const refused = await stack.api('GET', '/api/v1/account', { key: second.body.apiKey });
    const unknown = await stack.api('GET', '/api/v1/account', { key: String(second.body.apiKey).replace(/^brk_[0-9a-f]{12}/, 'brk_000000000000') });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    expect(refused.body).toEqual(unknown.body);
    expect((await stack.api('GET', '/api/v1/account', { key: firstKey })).status).toBe(200);

    expect((await stack.admin('DELETE', `/admin/v1/api-keys/${second.body.keyId}`)).status).toBe(204); // a retry is safe
  });

  it('answers 404 for an unknown or malformed key id', async () => {
    for (const keyId of ['000000000000', 'not-a-key-id']) {
      const res = await stack.admin('DELETE', `/admin/v1/api-keys/${keyId}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('needs the admin token', async () => {
    const { apiKey } = await stack.account();
    const keyId = /^brk_([0-9a-f]{12})_/.exec(apiKey)![1];
    expect((await stack.api('DELETE', `/admin/v1/api-keys/${keyId}`, { key: apiKey })).status).toBe(404); // not a public route
    expect((await fetch(`${stack.adminUrl}/admin/v1/api-keys/${keyId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${apiKey}` } })).status).toBe(401);
    expect((await stack.api('GET', '/api/v1/account', { key: apiKey })).status).toBe(200);
  });
});

describe('rate cards', () => {
  const raised: RatesInput = {
    surfaces: { ...DEFAULT_RATES.surfaces, chatgpt: 6_000 },
    workflowSteps: { ...DEFAULT_RATES.workflowSteps, questions: 11_000 },
  };

  it('publishes a new version that the public API then shows, and concurrent publishes never share a version', async () => {
    const { apiKey } = await stack.account();
    const before = await stack.admin('GET', '/admin/v1/rates');
    expect(before.status).toBe(200);
    expect(before.body.rates).toMatchObject({ version: 1, ...DEFAULT_RATES });

    const put = await stack.admin('PUT', '/admin/v1/rates', raised);
    expect(put.status).toBe(200);
    expect(put.body.rates).toEqual({ version: 2, effectiveAt: expect.any(String), ...raised });
    expect((await stack.api('GET', '/api/v1/rates', { key: apiKey })).body).toEqual(put.body);

    const concurrent = await Promise.all([stack.admin('PUT', '/admin/v1/rates', DEFAULT_RATES), stack.admin('PUT', '/admin/v1/rates', raised), stack.admin('PUT', '/admin/v1/rates', DEFAULT_RATES)]);
    expect(concurrent.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(concurrent.map((r) => r.body.rates.version).sort()).toEqual([3, 4, 5]);
    expect((await stack.api('GET', '/api/v1/rates', { key: apiKey })).body.rates.version).toBe(5);
  });

  it.each([
    ['an unknown top-level field', { ...raised, version: 9 }, ['version']],
    ['an unknown surface', { ...raised, surfaces: { ...raised.surfaces, bing: 1 } }, ['surfaces.bing']],
    ['a missing step price', { surfaces: raised.surfaces, workflowSteps: { ...raised.workflowSteps, questions: undefined } }, ['workflowSteps.questions']],
    ['a negative price', { ...raised, surfaces: { ...raised.surfaces, gemini: -1 } }, ['surfaces.gemini']],
    ['a fractional price', { ...raised, workflowSteps: { ...raised.workflowSteps, answers: 0.5 } }, ['workflowSteps.answers']],
  ])('refuses %s with 400 naming it, and publishes nothing', async (_name, body, paths) => {
    const before = (await stack.admin('GET', '/admin/v1/rates')).body.rates;
    const res = await stack.admin('PUT', '/admin/v1/rates', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.issues.map((i: { path: string }) => i.path)).toEqual(paths);
    expect((await stack.admin('GET', '/admin/v1/rates')).body.rates).toEqual(before);
  });
});
