import { randomBytes } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { z } from 'zod';
import { freePort } from '@brandradar/devstack';
import { PermanentError, failureCode, isPermanent, isStoreUnreachable } from './errors';

describe('isPermanent', () => {
  it('knows the failures no retry changes', () => {
    expect(isPermanent(new PermanentError('unknown_run', 'no such run'))).toBe(true);
    expect(isPermanent(z.object({ n: z.int() }).safeParse({ n: 'x' }).error)).toBe(true);
    expect(isPermanent(new RangeError('amounts must be non-negative integers'))).toBe(true);
    expect(isPermanent(Object.assign(new Error('too big'), { name: 'BSONError' }))).toBe(true);
  });

  it('retries everything else: timeouts, lost connections, unknown failures', () => {
    expect(isPermanent(new Error('timed out'))).toBe(false);
    expect(isPermanent(Object.assign(new Error('not primary'), { name: 'MongoServerError', code: 10107 }))).toBe(false);
    expect(isPermanent(Object.assign(new Error('connection reset'), { name: 'MongoNetworkError' }))).toBe(false);
    expect(isPermanent(new TypeError('x is undefined'))).toBe(false);
    expect(isPermanent('a string')).toBe(false);
    expect(isPermanent(undefined)).toBe(false);
  });

  it('names a bounded reason for each', () => {
    expect(failureCode(new PermanentError('unknown_run', 'no such run'))).toBe('unknown_run');
    expect(failureCode(z.object({ n: z.int() }).safeParse({}).error)).toBe('schema_violation');
    expect(failureCode(new RangeError('x'))).toBe('invalid_value');
    expect(failureCode(new Error('timed out'))).toBe('transient');
  });
});

describe('isPermanent on what the store refuses (the run\'s FerretDB)', () => {
  let client: MongoClient;
  let db: Db;
  beforeAll(async () => {
    client = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
    db = client.db(`errors-${randomBytes(4).toString('hex')}`);
  });
  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  const refusal = async (attempt: Promise<unknown>) => attempt.then(() => undefined, (e: unknown) => e);

  it.each([
    ['a field name with a dot', { 'brand.com': 1 }],
    ['a field name starting with $', { $where: 1 }],
  ])('treats %s as permanent, with a store reason', async (_, field) => {
    const error = await refusal(db.collection('docs').insertOne({ _id: randomBytes(4).toString('hex') as never, byName: field }));
    expect(error).toMatchObject({ name: 'MongoServerError' });
    expect(isPermanent(error)).toBe(true);
    expect(failureCode(error)).toBe('store_rejected');
  });

  it('treats an unknown update operator as permanent, a duplicate key not (the caller decides what a duplicate means)', async () => {
    const docs = db.collection<{ _id: string }>('docs');
    expect(isPermanent(await refusal(docs.updateOne({ _id: 'a' }, { $frobnicate: { a: 1 } })))).toBe(true);
    await docs.insertOne({ _id: 'dup' });
    const duplicate = await refusal(docs.insertOne({ _id: 'dup' }));
    expect(duplicate).toMatchObject({ code: 11000 });
    expect(isPermanent(duplicate)).toBe(false);
  });
});

describe('isStoreUnreachable', () => {
  it("knows the driver's error for a store nobody answers at, and nothing else", async () => {
    const client = new MongoClient(`mongodb://127.0.0.1:${await freePort()}/`, { serverSelectionTimeoutMS: 200 });
    const failure = await client.db('x').collection('y').findOne({ _id: 1 as never }).catch((e: unknown) => e);
    await client.close();
    expect(isStoreUnreachable(failure)).toBe(true);
    expect(isStoreUnreachable(Object.assign(new Error('bad value'), { name: 'MongoServerError', code: 2 }))).toBe(false);
    expect(isStoreUnreachable(new Error('boom'))).toBe(false);
  });
});
