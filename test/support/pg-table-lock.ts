import { spawn } from 'node:child_process';
import path from 'node:path';
import { FERRETDB_PG_DATABASE, psql, sqlIdent, sqlLiteral, type PostgresAccess } from '@brandradar/devstack';

/** The PostgreSQL store of the test run; these helpers need it (SQLite has no table locks to hold). */
export function testPostgres(): PostgresAccess {
  if (!process.env.TEST_POSTGRES) throw new Error('this file needs the PostgreSQL store (LOCAL_STORE unset or postgresql)');
  return JSON.parse(process.env.TEST_POSTGRES) as PostgresAccess;
}

/**
 * Locks the table FerretDB keeps collection `collection` of database `db` in (its schema is the
 * database), in an open PostgreSQL transaction, so that every command that touches the collection
 * waits in PostgreSQL: a store stuck in a command, honestly, at no CPU. Resolves once the lock is
 * held; `release` commits the transaction.
 */
export function holdCollectionTable(pg: PostgresAccess, db: string, collection: string): Promise<{ release: () => Promise<void> }> {
  const child = spawn(path.join(pg.binDir, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', pg.socketDir, '-U', pg.superuser, '-d', FERRETDB_PG_DATABASE, '-At'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    cwd: '/',
    ...pg.runAs,
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let [out, err] = ['', ''];
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('locked')) resolve();
    });
    void exited.then((code) => reject(new Error(`psql exited (${code}) before the lock was held: ${err.trim()}`)));
  });
  child.stdin.write(`BEGIN;
DO $$ DECLARE t text; BEGIN
  SELECT _jsonb->>'table' INTO STRICT t FROM ${sqlIdent(db)}._ferretdb_database_metadata WHERE _jsonb->>'_id' = ${sqlLiteral(collection)};
  EXECUTE format('LOCK TABLE %I.%I IN ACCESS EXCLUSIVE MODE', ${sqlLiteral(db)}, t);
END $$;
SELECT 'locked';
`);
  return locked.then(() => ({
    release: async () => {
      child.stdin.end('COMMIT;\n');
      const code = await exited;
      if (code !== 0) throw new Error(`psql: ${err.trim() || `exit ${code}`}`);
    },
  }));
}

/** How many PostgreSQL sessions wait for a lock on a table of database `db`'s schema. */
export async function waitingInSchema(pg: PostgresAccess, db: string): Promise<number> {
  const out = await psql(
    pg,
    `SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT l.granted AND n.nspname = ${sqlLiteral(db)};`,
  );
  return Number(out.trim());
}
