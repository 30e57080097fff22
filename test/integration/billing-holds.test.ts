import { createHash, randomBytes } from 'node:crypto';
import { BillingQueries, ERROR_STATUS, type ApiError } from '@brandradar/contracts';
import { connectNats, createLogger, DomainError, query, type NatsLink, type QueryRequest } from '@brandradar/platform';
import { MongoClient } from 'mongodb';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { eventually } from '../support/eventually';
import { HARNESS_USER, startStack, type TestStack } from '../support/stack';

// Holds and captures are asked over NATS, as the runner and the workflow service will.
let stack: TestStack;
let link: NatsLink;
let mongo: MongoClient;

beforeAll(async () => {
  stack = await startStack([billingService, gatewayService], { HOLD_SWEEP_MS: '100' });
  link = await connectNats(stack.nats.url, 'billing-holds-test', createLogger('billing-holds-test', 'silent'), stack.nats.credentials(HARNESS_USER));
  mongo = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
});
afterAll(async () => {
  await mongo.close();
  await link.nc.close();
  await stack.stop();
});

type CaptureArgs = Omit<QueryRequest<typeof BillingQueries.capture>, 'version'>;
type HoldArgs = CaptureArgs & { expiresAt?: string };
const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();
const hold = (args: HoldArgs) => query(link, BillingQueries.hold, { version: 1, expiresAt: inAnHour(), ...args }, 20_000);
const capture = (args: CaptureArgs) => query(link, BillingQueries.capture, { version: 1, ...args }, 20_000);

async function refusal(attempt: Promise<unknown>): Promise<ApiError> {
  try {
    await attempt;
  } catch (e) {
    if (e instanceof DomainError) return e.error;
    throw e;
  }
  throw new Error('expected a refusal');
}

async function publicAccount(apiKey: string) {
  const res = await stack.api('GET', '/api/v1/account', { key: apiKey });
  expect(res.status).toBe(200);
  return res.body.account;
}

async function accountWithLimit(creditsMicro: number, spendLimitMicroPerMonth: number) {
  const res = await stack.admin('POST', '/admin/v1/accounts', { email: `limit-${randomBytes(4).toString('hex')}@example.com`, creditsMicro, spendLimitMicroPerMonth });
  expect(res.status).toBe(201);
  return { accountId: res.body.account.id as string, apiKey: res.body.apiKey as string };
}

describe('holds', () => {
  it('lets exactly 7 of 50 concurrent holds through when the balance covers 7, never going below zero', async () => {
    const { accountId, apiKey } = await stack.account(70_000);
    const attempts = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => hold({ accountId, holdKey: `run:${i}`, amountMicro: 10_000 })));

    const placed = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    const refused = attempts.flatMap((a) => (a.status === 'rejected' ? [a.reason as unknown] : []));
    expect(placed).toHaveLength(7);
    expect(refused).toHaveLength(43);
    for (const e of refused) expect((e as DomainError).error).toMatchObject({ code: 'insufficient_credits', requiredMicro: 10_000 });
    // Each success saw the balance one step lower: the holds were applied one after another.
    expect(placed.map((p) => p.account.balanceMicro).sort((a, b) => a - b)).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000]);
    expect(await publicAccount(apiKey)).toMatchObject({ balanceMicro: 0, spentThisMonthMicro: 0 });
  });

  it('reserves once for concurrent replays of one hold key', async () => {
    const { accountId, apiKey } = await stack.account(100_000);
    const replies = await Promise.all(Array.from({ length: 20 }, () => hold({ accountId, holdKey: 'run:same', amountMicro: 39_000 })));
    for (const r of replies) expect(r).toMatchObject({ holdKey: 'run:same', heldMicro: 39_000, capturedMicro: null });
    expect((await publicAccount(apiKey)).balanceMicro).toBe(61_000);
  });

  it('refuses above the monthly spend limit, counting open holds, and allows reaching it exactly', async () => {
    const { accountId, apiKey } = await accountWithLimit(1_000_000, 50_000);
    await hold({ accountId, holdKey: 'run:1', amountMicro: 30_000 });
    expect(await refusal(hold({ accountId, holdKey: 'run:2', amountMicro: 20_001 }))).toEqual({
      code: 'spend_limit_reached',
      message: expect.any(String),
      spendLimitMicro: 50_000,
      spentMicro: 0,
      heldMicro: 30_000,
      requiredMicro: 20_001,
    });
    expect(ERROR_STATUS.spend_limit_reached).toBe(402);
    await hold({ accountId, holdKey: 'run:2', amountMicro: 20_000 });
    expect(await publicAccount(apiKey)).toMatchObject({ balanceMicro: 950_000, spendLimitMicroPerMonth: 50_000 });
  });

  it('answers insufficient_credits with the balance and the amount required', async () => {
    const { accountId } = await stack.account(5_000);
    expect(await refusal(hold({ accountId, holdKey: 'run:1', amountMicro: 5_001 }))).toEqual({
      code: 'insufficient_credits',
      message: expect.any(String),
      balanceMicro: 5_000,
      requiredMicro: 5_001,
    });
  });

  it('answers not_found for an unknown account', async () => {
    expect((await refusal(hold({ accountId: '3f1c7d34-4cda-4c1c-9d4b-6a4c1f0e2b11', holdKey: 'run:1', amountMicro: 1 }))).code).toBe('not_found');
  });
});

describe('captures', () => {
  it('charge the amount, release the rest and count it in spentThisMonthMicro; a replay changes nothing', async () => {
    const { accountId, apiKey } = await stack.account(100_000);
    await hold({ accountId, holdKey: 'run:1', amountMicro: 39_000 });
    const first = await capture({ accountId, holdKey: 'run:1', amountMicro: 26_000 });
    expect(first).toMatchObject({ holdKey: 'run:1', heldMicro: 39_000, capturedMicro: 26_000, account: { balanceMicro: 74_000, spentThisMonthMicro: 26_000 } });

    const replays = await Promise.all([
      capture({ accountId, holdKey: 'run:1', amountMicro: 26_000 }),
      capture({ accountId, holdKey: 'run:1', amountMicro: 39_000 }),
      capture({ accountId, holdKey: 'run:1', amountMicro: 0 }),
      hold({ accountId, holdKey: 'run:1', amountMicro: 39_000 }),
    ]);
    for (const r of replays) expect(r).toEqual(first);
    expect(await publicAccount(apiKey)).toMatchObject({ balanceMicro: 74_000, spentThisMonthMicro: 26_000 });
  });

  it('of zero release the whole hold', async () => {
    const { accountId, apiKey } = await stack.account(100_000);
    await hold({ accountId, holdKey: 'wf:1', amountMicro: 82_000 });
    expect((await publicAccount(apiKey)).balanceMicro).toBe(18_000);
    expect(await capture({ accountId, holdKey: 'wf:1', amountMicro: 0 })).toMatchObject({ capturedMicro: 0, account: { balanceMicro: 100_000, spentThisMonthMicro: 0 } });
  });

  it('refuse more than was held and unknown hold keys, changing nothing', async () => {
    const { accountId, apiKey } = await stack.account(100_000);
    await hold({ accountId, holdKey: 'run:1', amountMicro: 39_000 });
    expect(await refusal(capture({ accountId, holdKey: 'run:1', amountMicro: 39_001 }))).toMatchObject({ code: 'invalid_state', heldMicro: 39_000 });
    expect((await refusal(capture({ accountId, holdKey: 'run:2', amountMicro: 0 }))).code).toBe('not_found');
    expect(await publicAccount(apiKey)).toMatchObject({ balanceMicro: 61_000, spentThisMonthMicro: 0 });
    expect(await capture({ accountId, holdKey: 'run:1', amountMicro: 39_000 })).toMatchObject({ account: { balanceMicro: 61_000, spentThisMonthMicro: 39_000 } });
  });
});

describe('a closed account', () => {
  it('is refused new holds with 403 account_closed, settles the ones it had, and is reported closed to the gateway', async () => {
    const { accountId, apiKey } = await stack.account(100_000);
    await hold({ accountId, holdKey: 'run:before', amountMicro: 10_000 });
    expect((await stack.admin('POST', `/admin/v1/accounts/${accountId}/close`)).status).toBe(200);

    const refused = await refusal(hold({ accountId, holdKey: 'run:after', amountMicro: 10_000 }));
    expect(refused.code).toBe('account_closed');
    expect(ERROR_STATUS[refused.code]).toBe(403);
    expect(await capture({ accountId, holdKey: 'run:before', amountMicro: 4_000 })).toMatchObject({ account: { status: 'closed', balanceMicro: 96_000 } });

    const [, keyId, secret] = /^brk_([0-9a-f]{12})_(.+)$/.exec(apiKey)!;
    const verified = await query(link, BillingQueries.verifyApiKey, { version: 1, keyId: keyId!, secretSha256: createHash('sha256').update(secret!).digest('hex') });
    expect(verified).toEqual({ accountId, keyId, accountStatus: 'closed', name: `operator key ${keyId}`, scopes: ['read', 'run', 'manage', 'admin'], expiresAt: null });
  });
});

describe('hold expiry', () => {
  const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
  const openHolds = async (accountId: string) => {
    const res = await stack.admin('GET', `/admin/v1/accounts/${accountId}/holds`);
    expect(res.status).toBe(200);
    return res.body.holds as { holdKey: string; heldMicro: number; expiresAt: string }[];
  };
  // The ledger is billing's own; read it where billing keeps it.
  const ledgerOf = (accountId: string) =>
    mongo.db(stack.dbName('billing')).collection('ledger').find({ accountId }, { projection: { _id: 0, kind: 1, amountMicro: 1, chargedMicro: 1, reference: 1, expired: 1 } }).toArray();

  it('releases a hold nobody captured once it expires, with a ledger entry saying so; a late capture charges nothing', async () => {
    const { accountId, apiKey } = await stack.account(100_000);
    const expiresAt = soon(1_000);
    await hold({ accountId, holdKey: 'run:late', amountMicro: 39_000, expiresAt });
    expect(await openHolds(accountId)).toEqual([{ holdKey: 'run:late', heldMicro: 39_000, placedAt: expect.any(String), expiresAt }]);
    expect((await publicAccount(apiKey)).balanceMicro).toBe(61_000);

    await eventually(() => openHolds(accountId), (holds) => holds.length === 0);
    expect(await publicAccount(apiKey)).toMatchObject({ balanceMicro: 100_000, spentThisMonthMicro: 0 });
    // The sweeper releases the hold on the account first and writes its ledger entries just after.
    const entries = await eventually(() => ledgerOf(accountId), (rows) => rows.some((e) => e.reference === 'run:late' && e.kind === 'capture'));
    expect(entries.filter((e) => e.reference === 'run:late')).toEqual(
      expect.arrayContaining([
        { kind: 'hold', amountMicro: -39_000, chargedMicro: 0, reference: 'run:late' },
        { kind: 'capture', amountMicro: 39_000, chargedMicro: 0, reference: 'run:late', expired: true },
      ]),
    );

    const late = await capture({ accountId, holdKey: 'run:late', amountMicro: 26_000 });
    expect(late).toMatchObject({ heldMicro: 39_000, capturedMicro: 0, expired: true, expiresAt, account: { balanceMicro: 100_000, spentThisMonthMicro: 0 } });
    const after = await ledgerOf(accountId);
    expect(after).toHaveLength(entries.length);
    expect(after.reduce((sum, e) => sum + e.amountMicro, 0)).toBe(100_000); // the ledger still adds up to the balance
  });

  it('lets a capture made before the expiry win: the sweeper changes nothing afterwards', async () => {
    const { accountId, apiKey } = await stack.account(100_000);
    await hold({ accountId, holdKey: 'run:on-time', amountMicro: 39_000, expiresAt: soon(1_000) });
    await hold({ accountId, holdKey: 'run:sentinel', amountMicro: 1_000, expiresAt: soon(1_000) });
    expect(await capture({ accountId, holdKey: 'run:on-time', amountMicro: 26_000 })).toMatchObject({ capturedMicro: 26_000, expired: false });

    // Once the sentinel with the same expiry is released, the sweeper has been past both.
    await eventually(() => openHolds(accountId), (holds) => holds.length === 0);
    expect(await publicAccount(apiKey)).toMatchObject({ balanceMicro: 74_000, spentThisMonthMicro: 26_000 });
    expect(await capture({ accountId, holdKey: 'run:on-time', amountMicro: 0 })).toMatchObject({ capturedMicro: 26_000, expired: false });
    const settled = await eventually(() => ledgerOf(accountId), (rows) => rows.some((e) => e.reference === 'run:sentinel' && e.kind === 'capture'));
    const settlements = settled.filter((e) => e.kind === 'capture');
    expect(settlements).toEqual(
      expect.arrayContaining([
        { kind: 'capture', amountMicro: 13_000, chargedMicro: 26_000, reference: 'run:on-time', expired: false },
        { kind: 'capture', amountMicro: 1_000, chargedMicro: 0, reference: 'run:sentinel', expired: true },
      ]),
    );
    expect(settlements).toHaveLength(2);
  });

  it('refuses an expiry in the past, reserving nothing', async () => {
    const { accountId, apiKey } = await stack.account(100_000);
    expect((await refusal(hold({ accountId, holdKey: 'run:past', amountMicro: 1_000, expiresAt: soon(-1_000) }))).code).toBe('validation_error');
    expect((await publicAccount(apiKey)).balanceMicro).toBe(100_000);
    expect(await openHolds(accountId)).toEqual([]);
  });

  it('answers not_found for the open holds of an unknown account', async () => {
    expect((await stack.admin('GET', '/admin/v1/accounts/3f1c7d34-4cda-4c1c-9d4b-6a4c1f0e2b11/holds')).status).toBe(404);
  });
});
