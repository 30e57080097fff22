import { MongoClient, type Collection } from 'mongodb';
import { isDuplicateKeyError } from '@brandradar/platform';
import { scratchDb } from '../support/scratch-db';

// The guarantees our code takes from MongoDB, checked on the local store, whose proxy runs the
// writes of each collection one at a time and lets reads run side by side (deploy/local/ferretdb). Every write races on connections of its own (one client per writer, as
// replicas would), with reads of the same documents going on beside them all the while.
const db = scratchDb('atomicity');
const WRITERS = 50;
let clients: MongoClient[];

beforeAll(async () => {
  clients = await Promise.all(Array.from({ length: WRITERS }, () => new MongoClient(process.env.TEST_MONGO_URL!, { maxPoolSize: 2 }).connect()));
});
afterAll(() => Promise.all(clients.map((c) => c.close())));

/** The collection `name` of this file's database, as seen by the i-th client. */
function seenBy<T extends { _id: string }>(i: number, name: string): Collection<T> {
  return clients[i % clients.length]!.db(db().databaseName).collection<T>(name);
}

/** Runs `writes` while reads of `_id` go on without pause beside them; resolves with the writes' results and the values the reads saw. */
async function withReadsBeside<R, V>(writes: () => Promise<R>, read: (i: number) => Promise<V>): Promise<{ results: R; seen: V[] }> {
  const seen: V[] = [];
  let writing = true;
  const readers = Array.from({ length: 8 }, async (_, i) => {
    while (writing) seen.push(await read(i));
  });
  try {
    return { results: await writes(), seen };
  } finally {
    writing = false;
    await Promise.all(readers);
  }
}

it('applies every one of 50 concurrent $inc on one document, with reads going on beside them', async () => {
  type Counter = { _id: string; n: number };
  await db().collection<Counter>('counters').insertOne({ _id: 'shared', n: 0 });
  const { seen } = await withReadsBeside(
    () => Promise.all(Array.from({ length: WRITERS }, (_, i) => seenBy<Counter>(i, 'counters').updateOne({ _id: 'shared' }, { $inc: { n: 1 } }))),
    async (i) => (await seenBy<Counter>(i, 'counters').findOne({ _id: 'shared' }))!.n,
  );
  expect((await db().collection<Counter>('counters').findOne({ _id: 'shared' }))!.n).toBe(WRITERS);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((n) => Number.isInteger(n) && n >= 0 && n <= WRITERS)).toBe(true);
});

it('lets exactly one of 20 concurrent compare-and-swaps win, with reads going on beside them', async () => {
  type Versioned = { _id: string; rev: number; owner: number | null };
  await db().collection<Versioned>('versioned').insertOne({ _id: 'doc', rev: 0, owner: null });
  const { results, seen } = await withReadsBeside(
    () => Promise.all(Array.from({ length: 20 }, (_, i) => seenBy<Versioned>(i, 'versioned').updateOne({ _id: 'doc', rev: 0 }, { $set: { rev: 1, owner: i } }))),
    async (i) => seenBy<Versioned>(i, 'versioned').findOne({ _id: 'doc' }),
  );
  const winners = results.flatMap((r, i) => (r.modifiedCount === 1 ? [i] : []));
  expect(winners).toHaveLength(1);
  expect(await db().collection<Versioned>('versioned').findOne({ _id: 'doc' })).toEqual({ _id: 'doc', rev: 1, owner: winners[0] });
  // A read sees the document before the swap or after it, never half of it.
  expect(seen.every((doc) => (doc!.rev === 0 && doc!.owner === null) || (doc!.rev === 1 && doc!.owner === winners[0]))).toBe(true);
});

it('gives a claim by findOneAndUpdate to exactly one of 20 concurrent claimants', async () => {
  type Lease = { _id: string; holder: number | null };
  await db().collection<Lease>('leases').insertOne({ _id: 'lease', holder: null });
  const { results } = await withReadsBeside(
    () => Promise.all(Array.from({ length: 20 }, (_, i) => seenBy<Lease>(i, 'leases').findOneAndUpdate({ _id: 'lease', holder: null }, { $set: { holder: i } }))),
    async (i) => seenBy<Lease>(i, 'leases').countDocuments({ _id: 'lease' }),
  );
  const claimed = results.flatMap((doc, i) => (doc ? [i] : []));
  expect(claimed).toHaveLength(1);
  expect((await db().collection<Lease>('leases').findOne({ _id: 'lease' }))!.holder).toBe(claimed[0]);
});

it('lets a unique index admit exactly one of 20 concurrent inserts of one key, with finds by that key beside them', async () => {
  type Keyed = { _id: string; key: string };
  await db().collection<Keyed>('keyed').createIndex({ key: 1 }, { unique: true });
  const { results } = await withReadsBeside(
    () =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          seenBy<Keyed>(i, 'keyed')
            .insertOne({ _id: `doc-${i}`, key: 'the-key' })
            .then(
              () => 'inserted' as const,
              (e: unknown) => {
                if (isDuplicateKeyError(e)) return 'refused' as const;
                throw e;
              },
            ),
        ),
      ),
    async (i) => seenBy<Keyed>(i, 'keyed').find({ key: 'the-key' }).toArray(),
  );
  expect(results.filter((r) => r === 'inserted')).toHaveLength(1);
  expect(await db().collection<Keyed>('keyed').countDocuments({ key: 'the-key' })).toBe(1);
});

it('keeps every write of several collections, new ones among them, written at once with index builds and reads beside them', async () => {
  type Counter = { _id: string; n: number };
  const names = Array.from({ length: 5 }, (_, i) => `spread-${i}`);
  await withReadsBeside(
    () =>
      Promise.all([
        // The collections do not exist yet: the first writes create them, as FerretDB does on a first insert.
        ...Array.from({ length: 100 }, (_, i) => seenBy<Counter>(i, names[i % names.length]!).updateOne({ _id: 'c' }, { $inc: { n: 1 } }, { upsert: true })),
        ...names.map((name, i) => seenBy<Counter>(i, name).createIndex({ n: 1 })),
      ]),
    async (i) => seenBy<Counter>(i, names[i % names.length]!).find({}).toArray(),
  );
  for (const name of names) expect(await db().collection<Counter>(name).find({}).toArray()).toEqual([{ _id: 'c', n: 20 }]);
});
