import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { aptInstall } from './apt';
import { REPO_ROOT } from './paths';
import { waitUntil } from './ports';
import { ManagedProcess, type LineSink, type LocalServer } from './processes';
import { STORE_LOG_PREFIX } from './terminal-log';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';

/** How to reach a local PostgreSQL as its superuser: the client binaries, the socket, the OS user. */
export interface PostgresAccess {
  binDir: string;
  socketDir: string;
  /** The superuser, reached by peer authentication as the OS user of the same name. */
  superuser: string;
  /** Set when this process is root: PostgreSQL and its clients run as this unprivileged user. */
  runAs?: { uid: number; gid: number };
}

/** The one database FerretDB keeps its databases in (each a schema). */
export const FERRETDB_PG_DATABASE = 'ferretdb';

function newestBinDir(): string | undefined {
  const versions = fs.existsSync(PG_ROOT) ? fs.readdirSync(PG_ROOT).filter((v) => fs.existsSync(path.join(PG_ROOT, v, 'bin', 'postgres'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest && path.join(PG_ROOT, newest, 'bin');
}

/** Debian's PostgreSQL server binaries, installed with apt-get when missing (as root; otherwise it says what to run). */
export async function ensurePostgresBinaries(): Promise<string> {
  const found = newestBinDir();
  if (found) return found;
  await aptInstall('postgresql', `PostgreSQL is not installed (no ${PG_ROOT}/<version>/bin/postgres): run \`sudo apt-get install -y postgresql\`, or set LOCAL_STORE=sqlite.`);
  const installed = newestBinDir();
  if (!installed) throw new Error(`apt-get installed postgresql, but no ${PG_ROOT}/<version>/bin/postgres was found`);
  return installed;
}

/** Who runs PostgreSQL: this process's user, or `postgres` (which Debian's package creates) when this process is root. */
async function serverUser(): Promise<{ name: string; runAs?: { uid: number; gid: number } }> {
  if (process.getuid?.() !== 0) return { name: os.userInfo().username };
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  return { name: 'postgres', runAs: { uid: await id('-u'), gid: await id('-g') } };
}

/** Runs a SQL script with psql as the superuser (the script on standard input, so no secret is on a command line). */
export function psql(pg: PostgresAccess, script: string, database = FERRETDB_PG_DATABASE): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(pg.binDir, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', pg.socketDir, '-U', pg.superuser, '-d', database, '-At'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      cwd: '/',
      ...pg.runAs,
    });
    let [out, err] = ['', ''];
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.stdin.on('error', () => undefined); // psql that exits at once (server not up yet) closes its input; its exit code tells
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`psql: ${err.trim() || `exit ${code}`}`))));
    child.stdin.end(script);
  });
}

/** A SQL identifier and a SQL string literal, quoted. */
export const sqlIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
export const sqlLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Can `user` reach (search) `dir`? PostgreSQL refuses a data folder it cannot enter. */
async function reachable(dir: string, user: PostgresAccess['runAs']): Promise<boolean> {
  if (!user) return true;
  return run('test', ['-x', dir], { ...user, cwd: '/' }).then(() => true, () => false);
}

export interface PostgresServer extends LocalServer {
  access: PostgresAccess;
  /** The cluster's folder (under `dir`, or under the system's temporary folder when `dir` is out of the server user's reach). */
  clusterDir: string;
  /** postgres:// URL of FerretDB's database as the administrator. */
  ferretdbUrl: string;
}

export const PG_ADMIN_USER = 'brandradar_admin';

/**
 * A PostgreSQL cluster in `dir/postgres` (created on first use), listening only on a Unix socket
 * inside it, run as an unprivileged user when this process is root. The role `brandradar_admin`
 * (a superuser FerretDB logs in as for administration) gets `adminPassword` at every start.
 * `durable: false` turns off fsync (tests: their data dies with the run anyway).
 */
export async function startPostgres(opts: { dir: string; adminPassword: string; durable: boolean; sink: LineSink }): Promise<PostgresServer> {
  const [binDir, user] = await Promise.all([ensurePostgresBinaries(), serverUser()]);
  fs.mkdirSync(opts.dir, { recursive: true });
  let clusterDir = path.join(path.resolve(opts.dir), 'postgres');
  // The socket's path must fit in sun_path (107 bytes), and the server user must reach the folder.
  if (clusterDir.length > 80 || !(await reachable(opts.dir, user.runAs))) {
    clusterDir = path.join(os.tmpdir(), `brandradar-postgres-${createHash('sha256').update(clusterDir).digest('hex').slice(0, 12)}`);
    opts.sink(`the data folder is out of reach of the ${user.name} user or too deep for a socket path; the cluster lives in ${clusterDir}`);
  }
  const access: PostgresAccess = { binDir, socketDir: clusterDir, superuser: user.name, runAs: user.runAs };
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) await initCluster(access, clusterDir);

  // FerretDB sends a filter's field names as parameters (`_jsonb->$1 @> $2`) of statements it
  // prepares once per connection. After five runs PostgreSQL may switch such a statement to a
  // generic plan, planned without the field name, which no index on `_jsonb->'field'` can serve:
  // the runner's `{ _id, rev }` compare-and-swap read all runs (10 ms instead of 0.35 ms each).
  // Custom plans see the field names, so every statement can use the indexes.
  const settings = { plan_cache_mode: 'force_custom_plan', listen_addresses: '', max_connections: '200', synchronous_commit: 'off', log_min_messages: 'warning', log_line_prefix: STORE_LOG_PREFIX, ...(opts.durable ? {} : { fsync: 'off', full_page_writes: 'off' }) };
  const args = ['-D', clusterDir, '-k', clusterDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  // SIGINT is PostgreSQL's fast shutdown; SIGTERM would wait for every client to disconnect.
  const proc = new ManagedProcess('postgres', path.join(binDir, 'postgres'), args, opts.sink, process.env, { user: user.runAs, stopSignal: 'SIGINT' });
  const boot = async () => {
    proc.start();
    await waitUntil('postgres', () => psql(access, 'SELECT 1', 'postgres'));
  };
  await boot();
  await psql(
    access,
    `SELECT 'CREATE DATABASE ${FERRETDB_PG_DATABASE}' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '${FERRETDB_PG_DATABASE}')\\gexec
DO $$BEGIN CREATE ROLE ${PG_ADMIN_USER}; EXCEPTION WHEN duplicate_object THEN NULL; END$$;
ALTER ROLE ${PG_ADMIN_USER} LOGIN SUPERUSER PASSWORD ${sqlLiteral(opts.adminPassword)};`,
    'postgres',
  );
  await psql(access, EQUALITY_INDEXES);
  const ferretdbUrl = `postgres://${PG_ADMIN_USER}:${encodeURIComponent(opts.adminPassword)}@/${FERRETDB_PG_DATABASE}?host=${encodeURIComponent(clusterDir)}`;
  return { url: `postgresql://${clusterDir}`, process: proc, restart: boot, stop: () => proc.stop(), access, clusterDir, ferretdbUrl };
}

/**
 * FerretDB v1 turns an equality filter into `_jsonb->'field' @> value`, which its own B-tree indexes
 * (`(_jsonb->'field')`, made for every MongoDB index and for `_id`) cannot serve: every find, even
 * by `_id`, read the whole table, so each lookup grew with the collection. An event trigger gives
 * every single-field index FerretDB creates a GIN twin on the same expression, which serves `@>`,
 * so equality lookups are index scans as on MongoDB; the last line adds the twins that are missing
 * in a cluster made before. The twins have no "fast update" pending list: every search reads that
 * unsorted list whole until a vacuum merges it, so a find by `_id` after thousands of inserts read
 * them all (2.8 ms per tracker advance among 10,000 new trackers); an older cluster's twins lose
 * theirs at start, merged into the index. FerretDB's metadata does not list the twins and need not: they go with
 * their table. The SQL is a file of its own because the store image (deploy/images/store-images.sh) runs it too.
 */
const EQUALITY_INDEXES = fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'local', 'ferretdb', 'equality-indexes.sql'), 'utf8');

/** initdb as the server user; only the superuser by peer authentication, everyone else by password (SCRAM). */
async function initCluster(pg: PostgresAccess, clusterDir: string): Promise<void> {
  const tmp = `${clusterDir}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { mode: 0o700 });
  if (pg.runAs) fs.chownSync(tmp, pg.runAs.uid, pg.runAs.gid);
  await run(path.join(pg.binDir, 'initdb'), ['-D', tmp, '-U', pg.superuser, '--auth-local=peer', '-E', 'UTF8', '--locale=C', '--no-sync'], { ...pg.runAs, cwd: '/' });
  fs.writeFileSync(path.join(tmp, 'pg_hba.conf'), `local all ${pg.superuser} peer\nlocal all all scram-sha-256\n`);
  if (pg.runAs) fs.chownSync(path.join(tmp, 'pg_hba.conf'), pg.runAs.uid, pg.runAs.gid);
  fs.renameSync(tmp, clusterDir); // a cluster that exists is complete
}
