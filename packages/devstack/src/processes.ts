import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { MongoClient } from 'mongodb';
import { connect, type JetStreamManager } from 'nats';
import { PROVISION_USER, inboxPrefix, type NatsUser } from '@brandradar/contracts';
import { natsServers } from '@brandradar/platform';
import { ensureFerretDb, ensureNatsServer } from './binaries';
import { natsServerConfig } from './nats-auth';
import { waitUntil } from './ports';
import { withCredentials } from './mongo-url';

export type LineSink = (line: string) => void;

/** How a ManagedProcess runs: as another user (when started as root), and the signal that stops it. */
export interface ProcessOptions {
  user?: { uid: number; gid: number };
  stopSignal?: NodeJS.Signals;
}

/** A child process whose output goes line by line to a sink, and that can be stopped or killed. */
export class ManagedProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly sink: LineSink,
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly options: ProcessOptions = {},
  ) {}

  start(): void {
    const child = spawn(this.command, this.args, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'], ...this.options.user });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on('line', this.sink);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** SIGTERM (or the process's own stop signal), then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.running) return this.exited;
    this.child!.kill(this.options.stopSignal ?? 'SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** SIGKILL: the process gets no chance to clean up, as in a crash. */
  async kill(): Promise<void> {
    if (this.running) this.child!.kill('SIGKILL');
    await this.exited;
  }

  onExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void {
    this.child?.once('exit', listener);
  }
}

/** A local server: its URL, and stop/kill/restart on the same port and data. */
export interface LocalServer {
  url: string;
  process: ManagedProcess;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A server that is not started yet: `restart()` starts it (the first time too) and waits until `ready` succeeds. */
function localServer(process: ManagedProcess, url: string, ready: () => Promise<unknown>): LocalServer {
  const boot = async () => {
    process.start();
    await waitUntil(process.name, ready);
  };
  return { url, process, restart: boot, stop: () => process.stop() };
}

async function startServer(process: ManagedProcess, url: string, ready: () => Promise<unknown>): Promise<LocalServer> {
  const server = localServer(process, url, ready);
  await server.restart();
  return server;
}

/** One nats-server of a NatsServer; `process.kill()` then `restart()` crashes it and starts it again on its ports and data. */
export interface NatsNode extends LocalServer {
  /** Its server_name, by which JetStream names a stream's leader and replicas. */
  name: string;
}

/** NATS as the services reach it: one nats-server, or a cluster of them, that admits only its users. */
export interface NatsServer {
  /** Every server's client URL, comma-separated, as NATS_URL takes them. */
  url: string;
  /** Its servers: one, or the members of the cluster. A stream can have as many replicas as there are. */
  nodes: NatsNode[];
  /** The user name and password of one of its users. */
  credentials(user: string): { user: string; password: string };
  /** SIGKILL every server, as a crash of the whole of NATS. */
  kill(): Promise<void>;
  /**
   * Starts every server that is not running, on its ports and data, and waits until JetStream
   * answers on each and, in a cluster, until every stream has a leader again (as a single server's
   * streams are there once it answers).
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Where one server of a NATS cluster listens: for clients, and for the routes of the other servers. */
export interface NatsNodePorts {
  port: number;
  clusterPort: number;
}

/** The cluster's name in its servers' configuration (as the chart's). */
const NATS_CLUSTER_NAME = 'brandradar';

/**
 * nats-server with JetStream and file storage, on loopback, with authentication on: only `users`
 * (with their permissions) may connect. `port` starts one server, its data in `storeDir`; `nodes`
 * starts a cluster of that many, each with its own folder under `storeDir`, routes to all the
 * others and a server_name (`nats-1`, `nats-2`, …), as the chart runs them; a cluster of one is one
 * server, without a cluster block. Each server's configuration file is written next to its data.
 * Ready means JetStream answers on every server, which in a cluster needs a meta leader elected.
 */
export async function startNats(opts: ({ port: number } | { nodes: readonly NatsNodePorts[] }) & { storeDir: string; sink: LineSink; users: readonly NatsUser[] }): Promise<NatsServer> {
  const bin = await ensureNatsServer();
  const credentials = (user: string) => {
    const found = opts.users.find((u) => u.user === user);
    if (!found) throw new Error(`NATS user ${user} is not configured`);
    return { user, password: found.password };
  };
  const { user, password } = credentials(PROVISION_USER);
  /** A connection as the provisioning user (who may read every stream) with a short timeout, for a readiness probe. */
  const probe = async (servers: string, check: (jsm: JetStreamManager) => Promise<unknown>) => {
    const nc = await connect({ servers: natsServers(servers), reconnect: false, timeout: 1_000, user, pass: password, inboxPrefix: inboxPrefix(user) });
    try {
      await check(await nc.jetstreamManager({ timeout: 1_000 }));
    } finally {
      await nc.close();
    }
  };
  const ports = 'port' in opts ? [{ port: opts.port, clusterPort: 0 }] : opts.nodes;
  const clustered = ports.length > 1;
  const nodes = ports.map(({ port, clusterPort }, i): NatsNode => {
    const name = clustered ? `nats-${i + 1}` : 'nats-server';
    const storeDir = clustered ? path.join(opts.storeDir, name) : opts.storeDir;
    fs.mkdirSync(storeDir, { recursive: true });
    const cluster = clustered ? { serverName: name, name: NATS_CLUSTER_NAME, port: clusterPort, routes: ports.map((p) => p.clusterPort) } : undefined;
    const configFile = `${storeDir}.conf`;
    fs.writeFileSync(configFile, natsServerConfig(opts.users, cluster), { mode: 0o600 });
    const url = `nats://127.0.0.1:${port}`;
    const sink = clustered ? (line: string) => opts.sink(`[${name}] ${line}`) : opts.sink;
    const proc = new ManagedProcess(name, bin, ['--config', configFile, '--jetstream', '--store_dir', storeDir, '--addr', '127.0.0.1', '--port', String(port)], sink);
    // Ready means JetStream answers this server, not just that its port is open.
    const server = localServer(proc, url, () => probe(url, (jsm) => jsm.getAccountInfo()));
    return { ...server, name };
  });
  const stop = async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  };
  const url = nodes.map((n) => n.url).join(',');
  // The streams seen when the whole cluster was last killed: just after a restart, the metadata may not list them all yet.
  let streamsBeforeKill: string[] = [];
  // Every server that is down starts before any is waited for: a cluster elects its meta leader only with a quorum.
  const restart = async () => {
    await Promise.all(nodes.filter((n) => !n.process.running).map((n) => n.restart()));
    // A cluster's streams elect their leaders after the meta leader, seconds after the servers answer.
    if (clustered) {
      await waitUntil('NATS stream leaders', () =>
        probe(url, async (jsm) => {
          const names = new Set(streamsBeforeKill);
          for await (const name of jsm.streams.names()) names.add(name);
          for (const name of names) if (!(await jsm.streams.info(name)).cluster?.leader) throw new Error(`stream ${name} has no leader`);
        }),
      );
    }
  };
  try {
    await restart();
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    url,
    nodes,
    credentials,
    kill: async () => {
      if (clustered) {
        const names: string[] = [];
        await probe(url, async (jsm) => {
          for await (const name of jsm.streams.names()) names.push(name);
        }).catch(() => undefined); // a cluster already down has nothing more to tell
        streamsBeforeKill = names;
      }
      await Promise.all(nodes.map((n) => n.process.kill()));
    },
    restart,
    stop,
  };
}

/**
 * FerretDB on loopback, on PostgreSQL (`postgresqlUrl`, with the administrator's credentials; the
 * returned URL authenticates as that administrator) or on SQLite files under `sqliteDir`.
 */
/**
 * What FerretDB's proxy runs one at a time: `writes` (the default: the writes of each collection;
 * reads run side by side, never beside a write of their collection) or `all` (every command of a
 * database, reads too), for comparison.
 */
export type FerretDbSerialise = 'writes' | 'all';

export async function startFerretDb(opts: { port: number; sink: LineSink; serialise?: FerretDbSerialise } & ({ postgresqlUrl: string; admin: { user: string; password: string } } | { sqliteDir: string })): Promise<LocalServer> {
  const bin = await ensureFerretDb();
  const listen = ['--listen-addr', `127.0.0.1:${opts.port}`, '--serialise', opts.serialise ?? 'writes'];
  // FerretDB allocates for every document it converts, and Go's collector at its default (GOGC=100)
  // took about a third of its CPU: with 400, 10.2-11.9 s of CPU for the max-size and any-string
  // tests became 6.4-8.8 s. Its heap may grow to five times what it keeps live (peak RSS 105 -> 193 MB).
  const env = { ...process.env, GOGC: process.env.GOGC ?? '400' };
  const [url, proc] =
    'sqliteDir' in opts
      ? [`mongodb://127.0.0.1:${opts.port}/`, new ManagedProcess('ferretdb', bin, [...listen, '--sqlite-dir', opts.sqliteDir], opts.sink, env)]
      : [
          withCredentials(`mongodb://127.0.0.1:${opts.port}/?authMechanism=PLAIN&authSource=%24external`, opts.admin.user, opts.admin.password),
          new ManagedProcess('ferretdb', bin, listen, opts.sink, { ...env, FERRETDB_POSTGRESQL_URL: opts.postgresqlUrl }),
        ];
  return startServer(proc, url, async () => {
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 1_000 });
    try {
      await client.db('admin').command({ ping: 1 });
    } finally {
      await client.close();
    }
  });
}
