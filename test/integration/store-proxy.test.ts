import { MongoClient, type Collection } from 'mongodb';
import { connectMongo } from '@brandradar/platform';
import { eventually } from '../support/eventually';
import { holdCollectionTable, testPostgres, waitingInSchema } from '../support/pg-table-lock';
import { scratchDb } from '../support/scratch-db';

// The local store's proxy (deploy/local/ferretdb/proxy.go) holds locks per database and collection
// from a command to its reply. A command stuck in the store is made honestly here: the test holds
// PostgreSQL's lock on the collection's table, so the command waits in PostgreSQL until released.
const db = scratchDb('proxy');
const pg = testPostgres();
const clients: MongoClient[] = [];
const held: { release: () => Promise<void> }[] = [];
type Doc = { _id: string; n: number };

const connect = async () => {
  const client = new MongoClient(process.env.TEST_MONGO_URL!);
  clients.push(client);
  return client.connect();
};
const seenBy = (client: MongoClient, name: string): Collection<Doc> => client.db(db().databaseName).collection<Doc>(name);

/** A collection with one document whose table the test holds locked. */
async function stuckCollection(name: string): Promise<{ release: () => Promise<void> }> {
  await db().collection<Doc>(name).insertOne({ _id: 'a', n: 0 });
  const hold = await holdCollectionTable(pg, db().databaseName, name);
  held.push(hold);
  return hold;
}
const waiting = (n: number) => eventually(() => waitingInSchema(pg, db().databaseName), (w) => w === n);

afterEach(async () => {
  await Promise.all(held.splice(0).map((h) => h.release()));
});
afterAll(() => Promise.all(clients.map((c) => c.close())));

it('ends a command stuck in the store with MaxTimeMSExpired at its maxTimeMS, and lets the next write of the collection go', async () => {
  const hold = await stuckCollection('stuck');
  const [first, second] = [await connect(), await connect()];
  const started = Date.now();
  await expect(seenBy(first, 'stuck').updateOne({ _id: 'a' }, { $inc: { n: 1 } }, { maxTimeMS: 1_000 })).rejects.toMatchObject({ code: 50, codeName: 'MaxTimeMSExpired' });
  const took = Date.now() - started;
  expect(took).toBeGreaterThanOrEqual(1_000);
  expect(took).toBeLessThan(3_000);

  // The next write of the collection gets past the proxy and waits in PostgreSQL beside the
  // abandoned one (which FerretDB still runs), then both go once the table is free.
  const next = seenBy(second, 'stuck').updateOne({ _id: 'a' }, { $inc: { n: 10 } });
  await waiting(2);
  await hold.release();
  await expect(next).resolves.toMatchObject({ modifiedCount: 1 });
  // The same client goes on, on a backend connection the proxy logged in again.
  await expect(seenBy(first, 'stuck').findOne({ _id: 'a' })).resolves.toMatchObject({ _id: 'a' });
});

it('answers ping and reads of other collections while a write waits in the store', async () => {
  await db().collection<Doc>('other').insertOne({ _id: 'b', n: 1 });
  const hold = await stuckCollection('slow');
  const [writer, prober] = [await connect(), await connect()];
  const write = seenBy(writer, 'slow').updateOne({ _id: 'a' }, { $inc: { n: 1 } });
  await waiting(1);
  await expect(prober.db(db().databaseName).command({ ping: 1, maxTimeMS: 5_000 })).resolves.toMatchObject({ ok: 1 });
  await expect(seenBy(prober, 'other').findOne({ _id: 'b' }, { maxTimeMS: 5_000 })).resolves.toEqual({ _id: 'b', n: 1 });
  await hold.release();
  await expect(write).resolves.toMatchObject({ modifiedCount: 1 });
});

it('lets the locks of a command go when its client disconnects mid-command', async () => {
  const hold = await stuckCollection('gone');
  const [leaving, staying] = [await connect(), await connect()];
  const abandoned = seenBy(leaving, 'gone')
    .updateOne({ _id: 'a' }, { $inc: { n: 1 } })
    .then(() => 'answered', (e: unknown) => e);
  await waiting(1);
  // This write waits for the proxy's lock of the collection, not in PostgreSQL...
  const next = seenBy(staying, 'gone').updateOne({ _id: 'a' }, { $inc: { n: 10 } });
  // ...until the first client goes away.
  await leaving.close(true);
  await expect(abandoned).resolves.toBeInstanceOf(Error);
  await waiting(2);
  await hold.release();
  await expect(next).resolves.toMatchObject({ modifiedCount: 1 });
});

it("fails a service's command the store does not answer within MONGO_OPERATION_TIMEOUT_MS", async () => {
  await stuckCollection('service');
  const service = await connectMongo(process.env.TEST_MONGO_URL!, 'proxy-test', 1_000);
  clients.push(service);
  const started = Date.now();
  // A timed-out write is retried once (a network error), so the caller waits up to twice the timeout.
  await expect(seenBy(service, 'service').updateOne({ _id: 'a' }, { $inc: { n: 1 } })).rejects.toThrow(/timed out/);
  expect(Date.now() - started).toBeLessThan(4_000);
});

it('completes bulk updateOne and deleteOne of 120 documents each', async () => {
  const docs = db().collection<Doc>('bulk');
  const ids = Array.from({ length: 120 }, (_, i) => `d${i}`);
  await docs.insertMany(ids.map((_id) => ({ _id, n: 0 })));
  const updated = await docs.bulkWrite(ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $inc: { n: 1 } } } })), { ordered: false, maxTimeMS: 30_000 });
  expect(updated.modifiedCount).toBe(120);
  expect(await docs.countDocuments({ n: 1 })).toBe(120);
  const deleted = await docs.bulkWrite(ids.map((_id) => ({ deleteOne: { filter: { _id } } })), { maxTimeMS: 30_000 });
  expect(deleted.deletedCount).toBe(120);
});
