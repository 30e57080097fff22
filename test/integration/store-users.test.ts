import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { provisionServiceUser, type PostgresAccess } from '@brandradar/devstack';

// Per-service store users, as `npm start` makes them: each can read and write its own database and
// nothing else. Needs the PostgreSQL store (the default); SQLite has no users.
const run = randomBytes(4).toString('hex');
const [dbA, dbB] = [`users-${run}-a`, `users-${run}-b`];
const passwordA = `p@ss:w/rd?#%'${run}`; // every character a URL or SQL literal could trip over
const clients: MongoClient[] = [];
let a: MongoClient;
let urlA: string;
let urlB: string;

const connect = async (url: string) => {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000 });
  clients.push(client);
  return client.connect();
};

beforeAll(async () => {
  if (!process.env.TEST_POSTGRES) throw new Error('this file needs the PostgreSQL store (LOCAL_STORE unset or postgresql)');
  const pg = JSON.parse(process.env.TEST_POSTGRES) as PostgresAccess;
  const admin = process.env.TEST_MONGO_URL!;
  [urlA, urlB] = await Promise.all([
    provisionServiceUser(pg, admin, { db: dbA, user: `users-${run}-a`, password: passwordA }),
    provisionServiceUser(pg, admin, { db: dbB, user: `users-${run}-b`, password: randomBytes(12).toString('hex') }),
  ]);
  a = await connect(urlA);
  await (await connect(urlB)).db(dbB).collection('things').insertOne({ _id: 'b1', owner: 'b' } as never);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

it('lets a service user read, write and index its own database (with a password full of URL characters)', async () => {
  const own = a.db(dbA).collection('things');
  await own.insertOne({ name: 'one' });
  await own.createIndex({ name: 1 }, { unique: true });
  await own.updateOne({ name: 'one' }, { $set: { seen: true } });
  expect(await own.find({ name: 'one' }, { projection: { _id: 0 } }).toArray()).toEqual([{ name: 'one', seen: true }]);
});

it("refuses every read and write of another service's database, and leaves it unchanged", async () => {
  const theirs = a.db(dbB).collection('things');
  const attempts: [string, () => Promise<unknown>][] = [
    ['find', () => theirs.find({}).toArray()],
    ['count', () => theirs.countDocuments({})],
    ['insert', () => theirs.insertOne({ name: 'intruder' })],
    ['insert into a new collection', () => a.db(dbB).collection('new').insertOne({ name: 'intruder' })],
    ['update', () => theirs.updateMany({}, { $set: { owner: 'a' } })],
    ['delete', () => theirs.deleteMany({})],
    ['index', () => theirs.createIndex({ owner: 1 })],
    ['drop the collection', () => theirs.drop()],
    ['drop the database', () => a.db(dbB).dropDatabase()],
    ['create a database', () => a.db(`users-${run}-c`).collection('x').insertOne({ name: 'intruder' })],
  ];
  for (const [what, attempt] of attempts) await expect(attempt().then(() => `${what} succeeded`)).rejects.toThrow(/permission denied|must be owner/);

  const b = await connect(urlB);
  expect(await b.db(dbB).collection('things').find({}).toArray()).toEqual([{ _id: 'b1', owner: 'b' }]);
  expect((await b.db(dbB).listCollections().toArray()).map((c) => c.name)).toEqual(['things']);
});

it('lists only its own database', async () => {
  const { databases } = await a.db('admin').admin().listDatabases();
  expect(databases.map((d) => d.name)).toEqual([dbA]);
});

it('refuses a wrong password and a client that does not authenticate', async () => {
  const wrong = urlA.replace(encodeURIComponent(passwordA), 'wrong');
  expect(wrong).not.toBe(urlA);
  await expect((await connect(wrong)).db(dbA).collection('things').findOne({})).rejects.toThrow(/password authentication failed/);
  const anonymous = new URL(urlA);
  [anonymous.username, anonymous.password] = ['', ''];
  anonymous.search = '';
  await expect((await connect(anonymous.toString())).db(dbA).collection('things').findOne({})).rejects.toThrow(/password|authentication/);
});
