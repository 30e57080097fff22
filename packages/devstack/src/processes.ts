import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { MongoClient } from 'mongodb';
import { connect } from 'nats';
import { PROVISION_USER, inboxPrefix, type NatsUser } from '@brandradar/contracts';
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
    for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream! }).on('line', this.sink);
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

async function startServer(process: ManagedProcess, url: string, ready: () => Promise<unknown>): Promise<LocalServer> {
  const boot = async () => {
    process.start();
    await waitUntil(process.name, ready);
  };
  await boot();
  return { url, process, restart: boot, stop: () => process.stop() };
}

/** A NATS server that admits only its users. */
export interface NatsServer extends LocalServer {
  /** The user name and password of one of its users. */
  credentials(user: string): { user: string; password: string };
}

/**
 * nats-server with JetStream, file storage under `storeDir`, on loopback, and
 * authentication on: only `users` (with their permissions) may connect. Its
 * configuration file is written next to `storeDir`.
 */
export async function startNats(opts: { port: number; storeDir: string; sink: LineSink; users: readonly NatsUser[] }): Promise<NatsServer> {
  const bin = await ensureNatsServer();
  fs.mkdirSync(opts.storeDir, { recursive: true });
  const configFile = `${opts.storeDir}.conf`;
  fs.writeFileSync(configFile, natsServerConfig(opts.users), { mode: 0o600 });
  const credentials = (user: string) => {
    const found = opts.users.find((u) => u.user === user);
    if (!found) throw new Error(`NATS user ${user} is not configured`);
    return { user, password: found.password };
  };
  const url = `nats://127.0.0.1:${opts.port}`;
  const proc = new ManagedProcess('nats-server', bin, ['--config', configFile, '--jetstream', '--store_dir', opts.storeDir, '--addr', '127.0.0.1', '--port', String(opts.port)], opts.sink);
  const { user, password } = credentials(PROVISION_USER);
  // Ready means JetStream answers, not just that the port is open.
  const server = await startServer(proc, url, async () => {
    const nc = await connect({ servers: url, reconnect: false, timeout: 1_000, user, pass: password, inboxPrefix: inboxPrefix(user) });
    try {
      await (await nc.jetstreamManager({ timeout: 1_000 })).getAccountInfo();
    } finally {
      await nc.close();
    }
  });
  return { ...server, credentials };
}

/**
 * FerretDB on loopback, on PostgreSQL (`postgresqlUrl`, with the administrator's credentials; the
 * returned URL authenticates as that administrator) or on SQLite files under `sqliteDir`.
 */
export async function startFerretDb(opts: { port: number; sink: LineSink } & ({ postgresqlUrl: string; admin: { user: string; password: string } } | { sqliteDir: string })): Promise<LocalServer> {
  const bin = await ensureFerretDb();
  const listen = ['--listen-addr', `127.0.0.1:${opts.port}`];
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
