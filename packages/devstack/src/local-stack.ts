import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR, REPO_ROOT } from './paths';
import { waitUntil } from './ports';
import { PROVISION_USER } from '@brandradar/contracts';
import { describedNatsUsers, persistentPasswords } from './nats-auth';
import { ManagedProcess, startNats, type LocalServer, type NatsNodePorts } from './processes';
import { provisionServiceUser, startStore, storeKind, storeSerialise, type LocalStore } from './store';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';
import { stackOutput, type StackOutput } from './terminal-log';

export const SERVICES = ['billing', 'tracker', 'scheduler', 'runner', 'workflow', 'notifier', 'gateway'] as const;

/**
 * LOCAL_NATS_NODES: how many nats-servers `npm start` and the tests run, 1 (the default) or a
 * cluster of 3 as the chart runs in production, every stream then with three replicas
 * (NATS_STREAM_REPLICAS=3). Two would halt when either server is down (a quorum of two needs
 * both), so it is not offered.
 */
export function natsNodeCount(env: NodeJS.ProcessEnv = process.env): 1 | 3 {
  const value = env.LOCAL_NATS_NODES ?? '1';
  if (value !== '1' && value !== '3') throw new Error(`LOCAL_NATS_NODES must be 1 (one nats-server) or 3 (a cluster of three), got ${value}`);
  return value === '1' ? 1 : 3;
}

/** Settings of the local stack, from the environment, with the documented defaults. */
export function localSettings(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv.slice(2)) {
  const int = (name: string, fallback: number) => {
    const v = env[name] === undefined ? fallback : Number(env[name]);
    if (!Number.isInteger(v) || v < 1 || v > 65535) throw new Error(`${name} must be a port number, got ${env[name]}`);
    return v;
  };
  return {
    dataDir: path.join(DATA_DIR, 'local'),
    natsPort: int('LOCAL_NATS_PORT', 14222),
    natsNodes: natsNodeCount(env),
    mongoPort: int('LOCAL_MONGO_PORT', 27117),
    gatewayPort: int('GATEWAY_PORT', 8080),
    adminPort: int('ADMIN_PORT', 8081),
    /** Each service's ops port (/livez, /readyz, /metrics) is this plus its index in SERVICES. */
    opsBasePort: int('LOCAL_OPS_BASE_PORT', 9101),
    /** The local SMTP catcher, used unless SMTP_URL names a real relay. */
    smtpPort: int('LOCAL_SMTP_PORT', 2525),
    mailFrom: env.MAIL_FROM ?? 'Brandradar <notifications@brandradar.localhost>',
    smtpUrl: env.SMTP_URL,
    store: storeKind(env),
    storeSerialise: storeSerialise(env),
    /** Every line of every process in the terminal as it was printed (`--verbose`, or LOG_LEVEL set), not the short view. */
    verbose: argv.includes('--verbose') || env.LOG_LEVEL !== undefined,
  };
}

/** A token kept under the data folder, so the admin API key survives restarts of the local stack. */
function persistentSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const token = randomBytes(24).toString('hex');
  fs.writeFileSync(file, token + '\n', { mode: 0o600 });
  return token;
}

export interface LocalStack {
  servers: LocalServer[];
  services: ManagedProcess[];
  adminToken: string;
  /** Where the notifier's e-mails are kept, or null when they go to the relay SMTP_URL names. */
  mailDir: string | null;
  /** Where every process's whole log is (the terminal shows less unless verbose). */
  logDir: string;
  stop(): Promise<void>;
}

/** The relay SMTP_URL names, or else a local catcher that keeps every e-mail under the data folder. */
async function mailRelay(settings: ReturnType<typeof localSettings>, output: StackOutput): Promise<{ url: string; catcher: SmtpCatcher | null }> {
  if (settings.smtpUrl) return { url: settings.smtpUrl, catcher: null };
  const sink = output.sink('mail', 9, 'text');
  const catcher = await startSmtpCatcher({ port: settings.smtpPort, dir: path.join(settings.dataDir, 'mail'), onMessage: (file) => sink(`kept ${file}`) });
  return { url: catcher.url, catcher };
}

/**
 * A service's MONGO_URL. On PostgreSQL each service with a database logs in as a user of its own
 * (named after it, its password kept under the data folder) that can read and write only its
 * default database; on SQLite, which has no users, every service shares the store's URL.
 */
async function serviceMongoUrl(store: LocalStore, dataDir: string, name: (typeof SERVICES)[number]): Promise<string | undefined> {
  if (name === 'gateway') return undefined; // it stores nothing
  if (!store.postgres) return store.url;
  const password = persistentSecret(path.join(dataDir, `mongo-${name}.password`));
  return provisionServiceUser(store.postgres, store.url, { db: `brandradar-${name}`, user: name, password });
}

/** Runs a service in PROVISION_ONLY mode to its end; a failure stops the start. */
async function provision(job: ManagedProcess): Promise<void> {
  const exit = new Promise<number | null>((resolve) => {
    job.start();
    job.onExit((code) => resolve(code));
  });
  const code = await exit;
  if (code !== 0) throw new Error(`provisioning streams failed (exit ${code}); see the billing lines above`);
}

/**
 * The local nats-servers' ports: one server on LOCAL_NATS_PORT; with LOCAL_NATS_NODES=3, a cluster
 * on that port and the two after it, each server's route port 2000 above its client port (as
 * NATS's own 4222 and 6222).
 */
export function localNatsPorts(settings: Pick<ReturnType<typeof localSettings>, 'natsPort' | 'natsNodes'>): NatsNodePorts[] {
  const ports = Array.from({ length: settings.natsNodes }, (_, i) => ({ port: settings.natsPort + i, clusterPort: settings.natsPort + 2000 + i }));
  if (settings.natsNodes > 1 && ports.at(-1)!.clusterPort > 65535) throw new Error(`LOCAL_NATS_PORT ${settings.natsPort} leaves no room for a cluster's route ports (up to ${ports.at(-1)!.clusterPort})`);
  return ports;
}

/**
 * Starts NATS, FerretDB and the seven services as separate processes, and waits until each is ready.
 * NATS is one nats-server, or with LOCAL_NATS_NODES=3 a cluster of three as in production: every
 * service and the provisioning then get all three URLs in NATS_URL and NATS_STREAM_REPLICAS=3. A
 * cluster keeps its data in a folder of its own (nats-cluster, one sub-folder per server): a
 * single server's streams are not a cluster's, so switching starts with empty streams, and work
 * queued in the other folder waits there until switching back.
 */
export async function startLocalStack(settings = localSettings(), output: StackOutput = stackOutput({ logDir: path.join(settings.dataDir, 'logs'), verbose: settings.verbose })): Promise<LocalStack> {
  fs.mkdirSync(settings.dataDir, { recursive: true });
  const adminToken = process.env.ADMIN_TOKEN ?? persistentSecret(path.join(settings.dataDir, 'admin-token'));
  const natsPasswords = persistentPasswords(path.join(settings.dataDir, 'nats-passwords.json'));
  const [nats, store] = await Promise.all([
    startNats({
      nodes: localNatsPorts(settings),
      storeDir: path.join(settings.dataDir, settings.natsNodes === 1 ? 'nats' : 'nats-cluster'),
      sink: output.sink('nats', 7, 'nats'),
      users: describedNatsUsers(natsPasswords),
    }),
    startStore({ kind: settings.store, serialise: settings.storeSerialise, dir: settings.dataDir, port: settings.mongoPort, durable: true, sink: (name) => output.sink(name, 8, 'store') }),
  ]);
  const mongoUrls = await Promise.all(SERVICES.map((name) => serviceMongoUrl(store, settings.dataDir, name)));
  const mail = await mailRelay(settings, output);
  const serviceEnv = (natsUser: string, i: number): NodeJS.ProcessEnv => ({
    ...process.env,
    NATS_URL: nats.url,
    NATS_USER: natsUser,
    NATS_PASSWORD: nats.credentials(natsUser).password,
    NATS_STREAM_REPLICAS: String(nats.nodes.length),
    MONGO_URL: mongoUrls[i],
    OPS_PORT: String(settings.opsBasePort + i),
    GATEWAY_PORT: String(settings.gatewayPort),
    ADMIN_PORT: String(settings.adminPort),
    ADMIN_TOKEN: adminToken,
    SMTP_URL: mail.url,
    MAIL_FROM: settings.mailFrom,
    // The demo bills simulated answers at the card's rates, so its numbers read like production's.
    SIMULATED_ANSWERS: process.env.SIMULATED_ANSWERS ?? 'bill',
    // Webhooks to a receiver on this machine (http://localhost:…), as a developer tries them out.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? 'true',
    // The web app offers the demo key's sign-in beside the e-mailed link: a developer has the key, not always a mailbox.
    WEB_APP_KEY_SIGN_IN: process.env.WEB_APP_KEY_SIGN_IN ?? 'true',
  });
  const serviceProcess = (name: string, i: number, env: NodeJS.ProcessEnv) =>
    new ManagedProcess(name, process.execPath, [path.join(REPO_ROOT, 'services', name, 'dist', 'main.js')], output.sink(name, i, 'service'), env);
  const services = SERVICES.map((name, i) => serviceProcess(name, i, serviceEnv(name, i)));
  const stop = async () => {
    await Promise.all(services.map((s) => s.stop()));
    await Promise.all([nats.stop(), store.stop(), mail.catcher?.stop()]);
    await output.close();
  };
  try {
    // As the chart's deploy job: the provisioning user creates the streams, which services' own users may not.
    await provision(serviceProcess('billing', 0, { ...serviceEnv(PROVISION_USER, 0), PROVISION_ONLY: 'true' }));
    for (const s of services) s.start();
    await Promise.all(
      SERVICES.map((name, i) =>
        waitUntil(`${name} /readyz`, async () => {
          if (!services[i]!.running) throw new Error(`${name} exited; see its log lines above`);
          const res = await fetch(`http://127.0.0.1:${settings.opsBasePort + i}/readyz`);
          if (res.status !== 200) throw new Error(`status ${res.status}`);
        }, 60_000),
      ),
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { servers: [...nats.nodes, store.ferretdb], services, adminToken, mailDir: mail.catcher?.dir ?? null, logDir: output.logDir, stop };
}
