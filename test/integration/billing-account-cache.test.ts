import { createHash, randomBytes } from 'node:crypto';
import { BillingQueries, parseApiKey } from '@brandradar/contracts';
import { MongoClient } from 'mongodb';
import { query, startService, type NatsLink, type RunningService } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { eventually } from '../support/eventually';
import { connectAs, startStack, type TestStack } from '../support/stack';

// Issue 16: each billing replica keeps the accounts it read, and a change on one replica is seen by
// the very next read on any replica. Two replicas share the queries (a queue group, in which the
// server picks a member at random), so 30 reads in a row reach both but for a chance of 2^-29.
let stack: TestStack;
let replica: RunningService;
let link: NatsLink;

beforeAll(async () => {
  stack = await startStack([billingService]);
  replica = await startService(billingService, stack.serviceEnv('billing'));
  link = await connectAs(stack.nats, 'account-cache-test');
});
afterAll(async () => {
  await link.nc.close();
  await replica.stop();
  await stack.stop();
});

const READS = 30;

async function newAccount(): Promise<{ accountId: string; keyId: string; apiKey: string }> {
  const created = await query(link, BillingQueries.createAccount, { version: 1, input: { email: `cache-${randomBytes(4).toString('hex')}@example.com` } });
  return { accountId: created.account.id, keyId: created.keyId, apiKey: created.apiKey };
}

/** The balances `READS` reads in a row were answered with. */
async function balances(accountId: string): Promise<Set<number>> {
  const seen = new Set<number>();
  for (let i = 0; i < READS; i++) seen.add((await query(link, BillingQueries.getAccount, { version: 1, accountId })).account.balanceMicro);
  return seen;
}

const credit = (accountId: string, amountMicro: number, reference: string) => query(link, BillingQueries.credit, { version: 1, accountId, amountMicro, reference });

describe('billing account cache', () => {
  it('answers every read after a change with the changed account, on every replica', async () => {
    const { accountId } = await newAccount();
    expect(await balances(accountId)).toEqual(new Set([0]));
    for (let round = 1; round <= 5; round++) {
      await credit(accountId, 100, `invoice-${round}`);
      expect(await balances(accountId)).toEqual(new Set([round * 100]));
    }
  });

  it('never keeps a state read while a change was under way', async () => {
    const { accountId } = await newAccount();
    let writing = true;
    const reads = (async () => {
      while (writing) await Promise.all(Array.from({ length: 10 }, () => query(link, BillingQueries.getAccount, { version: 1, accountId })));
    })();
    for (let i = 1; i <= 20; i++) await credit(accountId, 1, `race-${i}`);
    writing = false;
    await reads;
    expect(await balances(accountId)).toEqual(new Set([20]));
  });

  it("reports a closed account's keys as closed at once, on every replica", async () => {
    const { accountId, keyId, apiKey } = await newAccount();
    const secretSha256 = createHash('sha256').update(parseApiKey(apiKey)!.secret).digest('hex');
    const statuses = async () => {
      const seen = new Set<string>();
      for (let i = 0; i < READS; i++) seen.add((await query(link, BillingQueries.verifyApiKey, { version: 1, keyId, secretSha256 })).accountStatus);
      return seen;
    };
    expect(await statuses()).toEqual(new Set(['open']));
    await query(link, BillingQueries.closeAccount, { version: 1, accountId });
    expect(await statuses()).toEqual(new Set(['closed']));
  });

  it('forgets every account after a NATS reconnect (notices sent meanwhile were missed)', async () => {
    const { accountId } = await newAccount();
    expect(await balances(accountId)).toEqual(new Set([0]));
    const ready = () => Promise.all([stack.running.get('billing')!, replica].map((s) => fetch(`http://127.0.0.1:${s.opsPort}/readyz`).then((r) => r.status)));

    await stack.nats.kill();
    await eventually(ready, (s) => s.every((status) => status === 503));
    // A change neither replica hears of, as if its broadcast was sent while they were away.
    const client = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
    try {
      const changed = await client.db(stack.dbName('billing')).collection<{ _id: string }>('accounts').updateOne({ _id: accountId }, { $set: { balanceMicro: 777 }, $inc: { rev: 1 } });
      expect(changed.modifiedCount).toBe(1);
    } finally {
      await client.close();
    }
    await stack.nats.restart();
    await eventually(ready, (s) => s.every((status) => status === 200));
    // The test's own connection reconnects on its own schedule; until then a query is refused at once.
    await eventually(async () => link.isConnected(), (connected) => connected);

    expect(await balances(accountId)).toEqual(new Set([777]));
  });
});
