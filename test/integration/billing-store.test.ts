import { randomBytes } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import type { NatsServer } from '@brandradar/devstack';
import { HARNESS_USER, startTestNats } from '../support/stack';
import { connectNats, CorruptDocumentError, createLogger, ensureIndexes, DomainError, provisionJetStream, type NatsLink } from '@brandradar/platform';
import { billingQueryHandlers } from '../../services/billing/src/queries';
import { PeopleStore } from '../../services/billing/src/store/people';
import { AccountStore, accountIndexes } from '../../services/billing/src/store/accounts';
import { Announcements, announcementIndexes } from '../../services/billing/src/store/announcements';
import { ApiKeyStore, apiKeyIndexes } from '../../services/billing/src/store/api-keys';
import { HoldExpiryStore, holdExpiryIndexes } from '../../services/billing/src/store/hold-expiries';
import { Ledger, ledgerIndexes } from '../../services/billing/src/store/ledger';
import { RateCardStore } from '../../services/billing/src/store/rate-cards';

// The billing handlers against the run's FerretDB with a clock the test moves,
// to see the ledger and what happens across months.
let client: MongoClient;
let db: Db;
let clock: Date;
let nats: NatsServer;
let link: NatsLink;
let ledger: Ledger;
let handlers: ReturnType<typeof billingQueryHandlers>;

beforeAll(async () => {
  client = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
  db = client.db(`billing-store-${randomBytes(4).toString('hex')}`);
  await ensureIndexes(db, [...accountIndexes, ...apiKeyIndexes, ...ledgerIndexes, ...holdExpiryIndexes, ...announcementIndexes]);
  // Closing accounts and publishing rates announce events: a real NATS server of this file's own takes them.
  nats = await startTestNats('billing-store');
  const logger = createLogger('billing-store-test', 'silent');
  link = await connectNats(nats.url, 'billing-store-test', logger, nats.credentials(HARNESS_USER));
  await provisionJetStream(link, 1, []);
  ledger = new Ledger(db);
  const announcements = new Announcements(db, link, logger);
  handlers = billingQueryHandlers(
    { accounts: new AccountStore(db), apiKeys: new ApiKeyStore(db), ledger, rateCards: new RateCardStore(db), holdExpiries: new HoldExpiryStore(db), announcements, people: new PeopleStore(db) },
    () => clock,
  );
});
beforeEach(() => {
  clock = new Date('2026-11-22T09:00:00.000Z');
});
afterAll(async () => {
  await link.nc.close();
  await nats.stop();
  await db.dropDatabase();
  await client.close();
});

async function newAccount(creditsMicro: number, spendLimitMicroPerMonth?: number): Promise<string> {
  const email = `store-${randomBytes(4).toString('hex')}@example.com`;
  const { account } = await handlers.createAccount({ version: 1, input: { email, creditsMicro, spendLimitMicroPerMonth } });
  return account.id;
}

const hold = (accountId: string, holdKey: string, amountMicro: number) =>
  handlers.hold({ version: 1, accountId, holdKey, amountMicro, expiresAt: new Date(clock.getTime() + 60 * 60_000).toISOString() });
const capture = (accountId: string, holdKey: string, amountMicro: number) => handlers.capture({ version: 1, accountId, holdKey, amountMicro });

async function codeOf(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
  } catch (e) {
    if (e instanceof DomainError) return e.error.code;
    throw e;
  }
  return 'none';
}

it('writes one ledger entry per operation, keyed by its idempotency key, however often it is replayed', async () => {
  const accountId = await newAccount(100_000);
  for (let i = 0; i < 2; i++) {
    await hold(accountId, 'run:1', 39_000);
    await capture(accountId, 'run:1', 26_000);
    await handlers.credit({ version: 1, accountId, amountMicro: 5_000, reference: 'invoice-1' });
  }
  const entries = (await ledger.forAccount(accountId)).map(({ _id, kind, amountMicro, chargedMicro, reference }) => ({ _id, kind, amountMicro, chargedMicro, reference }));
  expect(entries.sort((a, b) => a._id.localeCompare(b._id))).toEqual([
    { _id: `capture:${accountId}:run:1`, kind: 'capture', amountMicro: 13_000, chargedMicro: 26_000, reference: 'run:1' },
    { _id: `credit:${accountId}:initial-credit`, kind: 'credit', amountMicro: 100_000, chargedMicro: 0, reference: 'initial-credit' },
    { _id: `credit:${accountId}:invoice-1`, kind: 'credit', amountMicro: 5_000, chargedMicro: 0, reference: 'invoice-1' },
    { _id: `hold:${accountId}:run:1`, kind: 'hold', amountMicro: -39_000, chargedMicro: 0, reference: 'run:1' },
  ]);
  // The ledger adds up to the balance.
  const { account } = await handlers.getAccount({ version: 1, accountId });
  expect(entries.reduce((sum, e) => sum + e.amountMicro, 0)).toBe(account.balanceMicro);
});

it('restores a ledger entry lost between the account change and the ledger write when the caller retries', async () => {
  const accountId = await newAccount(100_000);
  await hold(accountId, 'run:1', 10_000);
  await db.collection('ledger').deleteOne({ _id: `hold:${accountId}:run:1` as never }); // as if the process died before writing it
  const replay = await hold(accountId, 'run:1', 10_000);
  expect(replay.account.balanceMicro).toBe(90_000);
  expect(await ledger.has('hold', accountId, 'run:1')).toBe(true);
});

it("resets this month's spend at the start of the next calendar month in UTC", async () => {
  const accountId = await newAccount(1_000_000, 50_000);
  await hold(accountId, 'run:1', 50_000);
  await capture(accountId, 'run:1', 50_000);
  expect(await codeOf(hold(accountId, 'run:2', 1))).toBe('spend_limit_reached');

  clock = new Date('2026-12-01T00:00:00.000Z');
  expect((await handlers.getAccount({ version: 1, accountId })).account.spentThisMonthMicro).toBe(0);
  const december = await hold(accountId, 'run:2', 50_000);
  expect(december.account).toMatchObject({ balanceMicro: 900_000, spentThisMonthMicro: 0 });
});

it('answers replays for a month after settlement, and later refuses the key rather than reserve it twice', async () => {
  const accountId = await newAccount(1_000_000);
  await hold(accountId, 'run:nov', 10_000);
  const settled = await capture(accountId, 'run:nov', 10_000);

  clock = new Date('2026-12-31T23:59:59.999Z');
  await hold(accountId, 'run:dec', 1_000); // rewrites the account, pruning what it may
  expect(await hold(accountId, 'run:nov', 10_000)).toMatchObject({ heldMicro: 10_000, capturedMicro: 10_000 });
  expect(await capture(accountId, 'run:nov', 10_000)).toMatchObject({ heldMicro: settled.heldMicro, capturedMicro: settled.capturedMicro });

  clock = new Date('2027-01-01T00:00:00.000Z');
  await capture(accountId, 'run:dec', 0); // prunes November's key
  const balance = (await handlers.getAccount({ version: 1, accountId })).account.balanceMicro;
  expect(await codeOf(hold(accountId, 'run:nov', 10_000))).toBe('idempotency_key_conflict');
  expect(await codeOf(capture(accountId, 'run:nov', 10_000))).toBe('not_found');
  expect((await handlers.getAccount({ version: 1, accountId })).account.balanceMicro).toBe(balance);
});

it('reads and changes accounts stored before holds and monthly spend existed', async () => {
  const id = '5b0e2a1c-3d4f-4a5b-8c6d-7e8f9a0b1c2d';
  await db.collection('accounts').insertOne({
    _id: id as never,
    email: 'legacy@example.com',
    name: null,
    status: 'open',
    balanceMicro: 20_000,
    spendLimitMicroPerMonth: null,
    appliedCredits: ['initial-credit'],
    createdAt: clock,
    rev: 3,
  });
  expect((await handlers.getAccount({ version: 1, accountId: id })).account.spentThisMonthMicro).toBe(0);
  await hold(id, 'run:1', 20_000);
  expect((await capture(id, 'run:1', 15_000)).account).toMatchObject({ balanceMicro: 5_000, spentThisMonthMicro: 15_000 });
});

it('refuses to compute with an account document of no layout billing wrote, naming it', async () => {
  const id = '7d2a4c3e-5f6b-4c7d-8e9f-0a1b2c3d4e5f';
  await db.collection<{ _id: string } & Record<string, unknown>>('accounts').insertOne({ _id: id, email: 'corrupt@example.com', name: null, status: 'open', balanceMicro: '20000', spendLimitMicroPerMonth: null, createdAt: clock, rev: 1 });
  const read = handlers.getAccount({ version: 1, accountId: id });
  await expect(read).rejects.toThrow(CorruptDocumentError);
  await expect(read).rejects.toThrow(new RegExp(`${id} in accounts[\\s\\S]*balanceMicro`));
});

it('gives every concurrent rate card publication its own version', async () => {
  const { rates } = await handlers.getRates();
  const published = await Promise.all(Array.from({ length: 6 }, () => handlers.publishRates({ version: 1, rates: { surfaces: rates.surfaces, workflowSteps: rates.workflowSteps } })));
  expect(published.map((p) => p.rates.version).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7].map((v) => v + rates.version - 1));
  expect((await handlers.getRates()).rates.version).toBe(rates.version + 6);
});

it('reads holds stored as maps keyed by hold key, and writes them back as lists', async () => {
  const id = '6c1f3b2d-4e5a-4b6c-9d7e-8f9a0b1c2d3e';
  await db.collection('accounts').insertOne({
    _id: id as never,
    email: 'maps@example.com',
    name: null,
    status: 'open',
    balanceMicro: 60_000,
    spendLimitMicroPerMonth: null,
    appliedCredits: ['initial-credit'],
    holds: { 'run:open': { amountMicro: 30_000, placedAt: clock } },
    settledHolds: { 'run:done': { heldMicro: 10_000, capturedMicro: 10_000, settledAt: clock } },
    spentByMonth: { '2026-11': 10_000 },
    createdAt: clock,
    rev: 7,
  });
  expect(await capture(id, 'run:done', 0)).toMatchObject({ capturedMicro: 10_000, account: { balanceMicro: 60_000 } });
  expect((await capture(id, 'run:open', 20_000)).account).toMatchObject({ balanceMicro: 70_000, spentThisMonthMicro: 30_000 });
  const stored = await db.collection('accounts').findOne({ _id: id as never });
  expect(stored!.holds).toEqual([]);
  expect((stored!.settledHolds as { holdKey: string }[]).map((h) => h.holdKey).sort()).toEqual(['run:done', 'run:open']);
});
