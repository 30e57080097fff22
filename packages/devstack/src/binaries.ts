import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { CACHE_DIR, REPO_ROOT } from './paths';

const run = promisify(execFile);

/** Pinned versions of the local infrastructure. */
export const NATS_SERVER_VERSION = 'v2.12.15';
export const FERRETDB_VERSION = 'v1.24.2';

const FERRETDB_MODULE_DIR = path.join(REPO_ROOT, 'deploy', 'local', 'ferretdb');

function goEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GOMODCACHE: path.join(CACHE_DIR, 'gomod'),
    GOCACHE: path.join(CACHE_DIR, 'gocache'),
    GOFLAGS: '-trimpath',
    GOTOOLCHAIN: 'local',
    CGO_ENABLED: '0',
  };
}

async function buildOnce(target: string, build: (tmp: string) => Promise<void>): Promise<string> {
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.tmp`;
  await build(tmp);
  fs.renameSync(tmp, target); // atomic: a concurrent build never sees half a binary
  return target;
}

/** nats-server, built from its Go module once per version. */
export function ensureNatsServer(): Promise<string> {
  const target = path.join(CACHE_DIR, 'bin', `nats-server-${NATS_SERVER_VERSION}`);
  return buildOnce(target, async (tmp) => {
    const gobin = `${tmp}.d`;
    await run('go', ['install', `github.com/nats-io/nats-server/v2@${NATS_SERVER_VERSION}`], { env: { ...goEnv(), GOBIN: gobin }, maxBuffer: 16 << 20 });
    fs.renameSync(path.join(gobin, 'nats-server'), tmp);
    fs.rmSync(gobin, { recursive: true, force: true });
  });
}

/** FerretDB, built from our small wrapper module; keyed by its version and the wrapper's source. */
export function ensureFerretDb(): Promise<string> {
  const hash = createHash('sha256');
  for (const f of ['go.mod', 'go.sum', 'main.go']) hash.update(fs.readFileSync(path.join(FERRETDB_MODULE_DIR, f)));
  const target = path.join(CACHE_DIR, 'bin', `ferretdb-${FERRETDB_VERSION}-${hash.digest('hex').slice(0, 12)}`);
  return buildOnce(target, async (tmp) => {
    await run('go', ['build', '-o', tmp, '.'], { cwd: FERRETDB_MODULE_DIR, env: goEnv(), maxBuffer: 16 << 20 });
  });
}
