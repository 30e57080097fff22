import { randomBytes } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';

/**
 * A database of the test file's own on the run's FerretDB: created before its tests, dropped after
 * them. Call at the top of the file; the returned function gives the database inside the tests.
 */
export function scratchDb(prefix: string): () => Db {
  let client: MongoClient;
  let db: Db;
  beforeAll(async () => {
    client = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
    db = client.db(`${prefix}-${randomBytes(4).toString('hex')}`);
  });
  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });
  return () => db;
}
