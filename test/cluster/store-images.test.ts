import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MongoClient } from 'mongodb';
import { buildah, buildahArgs, FERRETDB_VERSION, ManagedProcess, NATS_SERVER_VERSION, REPO_ROOT, freePort, withCredentials } from '@brandradar/devstack';
import { descendants, killIfAlive } from '../support/buildah';
import { eventually } from '../support/eventually';
import { ENVIRONMENTS_DIR, find, prepareHelm, type Helm, type K8sObject } from '../helm/support';

/**
 * The in-cluster stores' images (deploy/images/store-images.sh), without a cluster: each runs in a
 * buildah container (chroot isolation, the host's network) as the chart runs it, with the chart's
 * configuration and a volume folder owned by the pods' uid. Not part of `npm test`: the store
 * image's first build downloads and unpacks Debian's PostgreSQL (about 70 s). Run:
 *   npx jest -c test/cluster/jest.config.js test/cluster/store-images.test.ts
 */
const run = promisify(execFile);
const CLUSTER_VALUES = ['-f', path.join(ENVIRONMENTS_DIR, 'cluster.yaml')];

let helm: Helm;
let refs: string[];
let tmp: string;
const containers: string[] = [];

beforeAll(async () => {
  helm = await prepareHelm();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'brandradar-store-images-'));
  const { stdout } = await run('bash', ['deploy/images/store-images.sh'], { cwd: REPO_ROOT, maxBuffer: 16 << 20 }).catch((err) => {
    throw new Error(`deploy/images/store-images.sh failed (${err.code ?? err.signal}):\n${String(err.stderr).slice(-4000)}`);
  });
  refs = stdout.split('\n').filter(Boolean);
}, 15 * 60_000);

afterAll(async () => {
  await Promise.all(containers.map((c) => buildah('rm', c).catch(() => undefined)));
  fs.rmSync(tmp, { recursive: true, force: true });
  helm?.cleanup();
});

/** A folder as a local volume is to the pods: owned by their uid and group (the chart's fsGroup). */
function volume(name: string): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o750 });
  fs.chownSync(dir, 1000, 1000);
  return dir;
}

async function container(image: string): Promise<string> {
  const id = (await buildah('from', '--quiet', '--pull=never', image)).stdout.trim();
  containers.push(id);
  return id;
}

async function imageConfig(image: string): Promise<{ Entrypoint?: string[]; User?: string }> {
  return JSON.parse((await buildah('inspect', '--type', 'image', image)).stdout).OCIv1.config;
}

/** A command in a container, kept running; its output is collected for the failure messages. */
function start(args: string[]): { proc: ManagedProcess; output: string[]; exited: Promise<number | null> } {
  const output: string[] = [];
  const proc = new ManagedProcess('container', 'bash', buildahArgs('run', ...args), (line) => output.push(line));
  const exited = new Promise<number | null>((resolve) => {
    proc.start();
    proc.onExit((code) => resolve(code));
  });
  return { proc, output, exited };
}

/** Ends a container's processes (the host's: chroot isolation has no PID namespace), then buildah. */
async function kill(proc: ManagedProcess): Promise<void> {
  if (proc.running) for (const p of descendants(proc.pid!)) killIfAlive(p.pid);
  await proc.kill();
}

const env = (vars: Record<string, string>) => Object.entries(vars).flatMap(([k, v]) => ['--env', `${k}=${v}`]);

it('prints the NATS and store images, named by the versions the project builds, and the cluster values run them', async () => {
  expect(refs).toEqual([`localhost/brandradar/nats:${NATS_SERVER_VERSION.slice(1)}`, `localhost/brandradar/store:ferretdb-${FERRETDB_VERSION.slice(1)}-pg15`]);
  const objects = await helm.template(CLUSTER_VALUES);
  expect(find(objects, 'StatefulSet', 'rel-nats')?.spec.template.spec.containers[0].image).toBe(refs[0]);
  expect(find(objects, 'StatefulSet', 'rel-ferretdb')?.spec.template.spec.containers[0].image).toBe(refs[1]);
});

describe('the NATS image', () => {
  /** The chart's nats.conf and the environment its StatefulSet gives the server (passwords from the Secret). */
  async function chartNats(args: string[]): Promise<{ config: string; env: Record<string, string> }> {
    const objects = await helm.template([...CLUSTER_VALUES, ...args]);
    const secret: K8sObject = find(objects, 'Secret', 'rel-secrets')!;
    const passwords = Object.entries(secret.data as Record<string, string>).filter(([k]) => k.startsWith('NATS_PASSWORD_'));
    return {
      config: find(objects, 'ConfigMap', 'rel-nats')!.data['nats.conf'],
      env: { POD_NAME: 'rel-nats-0', ...Object.fromEntries(passwords.map(([k, v]) => [k, Buffer.from(v, 'base64').toString()])) },
    };
  }

  it('runs /nats-server as uid 1000 and accepts the chart\'s 3-server configuration', async () => {
    expect(await imageConfig(refs[0]!)).toMatchObject({ Entrypoint: ['/nats-server'], User: '1000:1000' });
    const { config, env: vars } = await chartNats([]);
    expect(config).toContain('cluster {');
    const conf = volume('nats-3');
    fs.writeFileSync(path.join(conf, 'nats.conf'), config);
    const ctr = await container(refs[0]!);
    const { stdout, stderr } = await buildah('run', ...env(vars), '--volume', `${conf}:/etc/nats:ro`, ctr, '--', '/nats-server', '--config', '/etc/nats/nats.conf', '-t');
    expect(stdout + stderr).toMatch(/configuration file \/etc\/nats\/nats.conf is valid/);
  }, 120_000);

  it("starts with the chart's configuration, with JetStream on the volume, and its preStop command puts it in lame-duck mode", async () => {
    const { config, env: vars } = await chartNats(['--set', 'nats.replicas=1', '--set', 'natsStreamReplicas=1']);
    const conf = volume('nats-1-conf');
    fs.writeFileSync(path.join(conf, 'nats.conf'), config);
    const mounts = ['--volume', `${conf}:/etc/nats:ro`, '--volume', `${volume('nats-1-data')}:/data`, '--volume', `${volume('nats-1-pid')}:/var/run/nats`];
    const [client, monitor] = [await freePort(), await freePort()];
    const ctr = await container(refs[0]!);
    // The ports move off the chart's (4222, 8222), which other servers on this machine may hold.
    const server = start([...env(vars), ...mounts, ctr, '--', '/nats-server', '--config', '/etc/nats/nats.conf', '-p', String(client), '-m', String(monitor)]);
    try {
      const health = await eventually(
        () => fetch(`http://127.0.0.1:${monitor}/healthz`).then((r) => r.status, () => 0),
        (status) => status === 200 || !server.proc.running,
        60_000,
        100,
      );
      expect([health, ...server.output.slice(-20)].join('\n')).toMatch(/^200\n/);
      const varz = (await (await fetch(`http://127.0.0.1:${monitor}/varz`)).json()) as { server_name: string; jetstream: { config: { store_dir: string } } };
      expect(varz.server_name).toBe('rel-nats-0');
      expect(varz.jetstream.config.store_dir).toMatch(/^\/data\//);
      // The StatefulSet's preStop, in the same container.
      await buildah('run', ...mounts, ctr, '--', '/nats-server', '-sl=ldm=/var/run/nats/nats.pid');
      await eventually(async () => server.output.join('\n'), (out) => /Entering lame duck mode/i.test(out), 20_000, 100);
    } finally {
      await kill(server.proc);
    }
  }, 120_000);
});

/** A document with a string _id, as the services keep theirs. */
interface Tracker {
  _id: string;
  name: string;
}

describe('the store image', () => {
  const users = { tracker: 'tracker-password-1', billing: 'billing-password-1' };
  const url = (port: number, user: string, password: string) => withCredentials(`mongodb://127.0.0.1:${port}/?authMechanism=PLAIN&authSource=%24external`, user, password);

  /** The image's entrypoint as the chart runs it: the users and their passwords, the data folder on a volume. */
  async function boot(data: string, passwords: Record<string, string>) {
    const port = await freePort();
    const vars = { STORE_USERS: Object.keys(passwords).join(' '), STORE_LISTEN: `127.0.0.1:${port}`, ...Object.fromEntries(Object.entries(passwords).map(([u, p]) => [`MONGO_PASSWORD_${u.toUpperCase()}`, p])) };
    const ctr = await container(refs[1]!);
    const store = start([...env(vars), '--volume', `${data}:/data`, ctr, '--', '/usr/local/bin/store-entrypoint']);
    const ping = await eventually(
      () => withClient(url(port, 'tracker', passwords.tracker!), (c) => c.db('admin').command({ ping: 1 })).then(() => 'ok', (e: Error) => e.message),
      (r) => r === 'ok' || !store.proc.running,
      120_000,
      200,
    );
    expect([ping, ...store.output.slice(-20)].join('\n')).toMatch(/^ok\n/);
    /** SQL as PostgreSQL's superuser, through its socket in the same container. */
    const sql = async (query: string) => (await buildah('run', ctr, '--', 'psql', '-X', '-At', '-h', '/tmp', '-d', 'ferretdb', '-c', query)).stdout.trim();
    return { ...store, port, sql };
  }

  async function withClient<T>(uri: string, use: (c: MongoClient) => Promise<T>): Promise<T> {
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 2_000 });
    try {
      return await use(client);
    } finally {
      await client.close();
    }
  }

  /** SIGTERM to the entrypoint, as the kubelet sends it: FerretDB and PostgreSQL stop, and so does the container, with 0. */
  async function stop(store: Awaited<ReturnType<typeof boot>>): Promise<number | null> {
    try {
      const entrypoint = descendants(store.proc.pid!).find((p) => p.name.startsWith('store-entrypoi'));
      expect(entrypoint).toBeDefined();
      process.kill(entrypoint!.pid, 'SIGTERM');
      return await store.exited;
    } finally {
      await kill(store.proc);
    }
  }

  it('runs its entrypoint as uid 1000', async () => {
    expect(await imageConfig(refs[1]!)).toMatchObject({ Entrypoint: ['/usr/local/bin/store-entrypoint'], User: '1000:1000' });
  });

  it('answers as each service\'s own user, keeps one service out of another\'s database, and keeps the data and new passwords across a restart', async () => {
    const data = volume('store-data');
    const first = await boot(data, users);
    let firstExit: number | null;
    try {
      await withClient(url(first.port, 'tracker', users.tracker), async (c) => {
        await c.db('brandradar-tracker').collection<Tracker>('trackers').insertOne({ _id: 'kept', name: 'kept' });
        await c.db('brandradar-tracker').collection<Tracker>('trackers').createIndex({ name: 1 });
      });
      // The service's own role owns its database, and its indexes got their GIN twins (equality-indexes.sql) as on the dev stack.
      expect(await first.sql("SELECT nspowner::regrole FROM pg_namespace WHERE nspname = 'brandradar-tracker'")).toBe('tracker');
      expect(await first.sql("SELECT count(*) FROM pg_indexes WHERE schemaname = 'brandradar-tracker' AND tablename LIKE 'trackers%' AND indexdef LIKE '%USING gin%'")).toBe('2');
      await withClient(url(first.port, 'billing', users.billing), async (c) => {
        await c.db('brandradar-billing').collection('ledger').insertOne({ amount: 1 });
        await expect(c.db('brandradar-tracker').collection('trackers').findOne({})).rejects.toThrow(/permission denied/);
        await expect(c.db('brandradar-tracker').collection('trackers').insertOne({ name: 'not billing\'s' })).rejects.toThrow(/permission denied/);
      });
      await expect(withClient(url(first.port, 'tracker', 'not-the-password'), (c) => c.db('brandradar-tracker').collection('trackers').findOne({}))).rejects.toThrow(/password authentication failed/);
    } finally {
      firstExit = await stop(first);
    }
    // PostgreSQL's files are on the volume (a declared VOLUME would have taken them elsewhere).
    expect(fs.existsSync(path.join(data, 'postgres', 'PG_VERSION'))).toBe(true);
    expect([firstExit, ...first.output.slice(-20)].join('\n')).toMatch(/^0\n/);

    // The pod comes back on the same volume with a rotated password.
    const rotated = { ...users, tracker: 'tracker-password-2' };
    const second = await boot(data, rotated);
    try {
      const kept = await withClient(url(second.port, 'tracker', rotated.tracker), (c) => c.db('brandradar-tracker').collection<Tracker>('trackers').findOne({ _id: 'kept' }));
      expect(kept).toMatchObject({ name: 'kept' });
      await expect(withClient(url(second.port, 'tracker', users.tracker), (c) => c.db('brandradar-tracker').collection('trackers').findOne({}))).rejects.toThrow(/password authentication failed/);
      const databases = await withClient(url(second.port, 'billing', rotated.billing), (c) => c.db('brandradar-billing').collection('ledger').countDocuments());
      expect(databases).toBe(1);
    } finally {
      await stop(second);
    }
  }, 300_000);
});
