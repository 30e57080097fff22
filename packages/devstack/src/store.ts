import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { withCredentials } from './mongo-url';
import { PG_ADMIN_USER, psql, sqlIdent, sqlLiteral, startPostgres, type PostgresAccess, type PostgresServer } from './postgres';
import { startFerretDb, type FerretDbSerialise, type LineSink, type LocalServer } from './processes';

export type StoreKind = 'postgresql' | 'sqlite';

/** LOCAL_STORE: FerretDB's backend for `npm start` and the tests; PostgreSQL unless it says `sqlite`. */
export function storeKind(env: NodeJS.ProcessEnv = process.env): StoreKind {
  const kind = env.LOCAL_STORE ?? 'postgresql';
  if (kind !== 'postgresql' && kind !== 'sqlite') throw new Error(`LOCAL_STORE must be postgresql or sqlite, got ${kind}`);
  return kind;
}

/**
 * LOCAL_STORE_SERIALISE: what the local store's proxy runs one at a time, `writes` (per collection;
 * the default) or `all` (every command of a database, reads too, as the proxy once did), to compare.
 */
export function storeSerialise(env: NodeJS.ProcessEnv = process.env): FerretDbSerialise {
  const serialise = env.LOCAL_STORE_SERIALISE ?? 'writes';
  if (serialise !== 'writes' && serialise !== 'all') throw new Error(`LOCAL_STORE_SERIALISE must be writes or all, got ${serialise}`);
  return serialise;
}

/** The local MongoDB: FerretDB, on a PostgreSQL cluster of its own or on SQLite files. */
export interface LocalStore {
  kind: StoreKind;
  /** MONGO_URL with the administrator's rights (no credentials on SQLite, which has no users). */
  url: string;
  ferretdb: LocalServer;
  /** How to reach the PostgreSQL cluster as its superuser (to make service users); absent on SQLite. */
  postgres?: PostgresAccess;
  stop(): Promise<void>;
}

/** Starts the store with its files under `dir`, FerretDB on `port`; `durable: false` for tests. */
export async function startStore(opts: {
  kind: StoreKind;
  dir: string;
  port: number;
  durable: boolean;
  sink: (name: 'postgres' | 'ferretdb') => LineSink;
  serialise?: FerretDbSerialise;
}): Promise<LocalStore> {
  if (opts.kind === 'sqlite') {
    const ferretdb = await startFerretDb({ port: opts.port, serialise: opts.serialise, sqliteDir: path.join(opts.dir, 'ferretdb'), sink: opts.sink('ferretdb') });
    return { kind: 'sqlite', url: ferretdb.url, ferretdb, stop: () => ferretdb.stop() };
  }
  // A new administrator password at every start: nothing but this process and FerretDB needs it.
  const adminPassword = randomBytes(24).toString('hex');
  const pg: PostgresServer = await startPostgres({ dir: opts.dir, adminPassword, durable: opts.durable, sink: opts.sink('postgres') });
  try {
    const ferretdb = await startFerretDb({ port: opts.port, serialise: opts.serialise, postgresqlUrl: pg.ferretdbUrl, admin: { user: PG_ADMIN_USER, password: adminPassword }, sink: opts.sink('ferretdb') });
    const stop = async () => {
      await ferretdb.stop();
      await pg.stop();
    };
    return { kind: 'postgresql', url: ferretdb.url, ferretdb, postgres: pg.access, stop };
  } catch (e) {
    await pg.stop();
    throw e;
  }
}

/**
 * Makes `user` (with `password`) the only user that can read and write the database `db`: a
 * PostgreSQL role that owns the database's schema and tables and has no other rights. The
 * database is created through FerretDB first (as `adminUrl`) so FerretDB knows it. Run again,
 * it sets the new password (rotation). Returns MONGO_URL for the user.
 */
export async function provisionServiceUser(pg: PostgresAccess, adminUrl: string, u: { db: string; user: string; password: string }): Promise<string> {
  const admin = await new MongoClient(adminUrl).connect();
  try {
    const probe = `provision-${randomBytes(4).toString('hex')}`;
    await admin.db(u.db).createCollection(probe);
    await admin.db(u.db).dropCollection(probe);
  } finally {
    await admin.close();
  }
  const role = sqlIdent(u.user);
  await psql(
    pg,
    `DO $$BEGIN CREATE ROLE ${role}; EXCEPTION WHEN duplicate_object THEN NULL; END$$;
ALTER ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD ${sqlLiteral(u.password)};
ALTER SCHEMA ${sqlIdent(u.db)} OWNER TO ${role};
SELECT format('ALTER TABLE %I.%I OWNER TO %I', schemaname, tablename, ${sqlLiteral(u.user)}) FROM pg_tables WHERE schemaname = ${sqlLiteral(u.db)}\\gexec`,
  );
  const url = new URL(adminUrl);
  return withCredentials(`mongodb://${url.host}/?authMechanism=PLAIN&authSource=%24external`, u.user, u.password);
}
