import { MongoClient, type CreateIndexesOptions, type Db, type IndexSpecification } from 'mongodb';

/** An index a service needs; created at start (and by the deploy-time provisioning job). */
export interface IndexSpec {
  collection: string;
  key: IndexSpecification;
  options?: CreateIndexesOptions & { name: string };
}

export async function connectMongo(url: string, appName: string): Promise<MongoClient> {
  const client = new MongoClient(url, { appName, serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  return client;
}

export async function ensureIndexes(db: Db, indexes: readonly IndexSpec[]): Promise<void> {
  for (const ix of indexes) await db.collection(ix.collection).createIndex(ix.key, ix.options);
}

/** Duplicate-key errors, as MongoDB and FerretDB report them. */
export function isDuplicateKeyError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 11000;
}
