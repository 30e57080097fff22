import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { NATS_USERS, PROVISION_USER, type NatsUser } from '@brandradar/contracts';
import { ManagedProcess, REPO_ROOT, describedNatsUsers, freePort, natsNodeCount, randomPasswords, startNats, type LineSink, type NatsServer } from '@brandradar/devstack';
import { connectNats, createLogger, provisionJetStream, startService, type NatsLink, type RunningService, type ServiceDefinition } from '@brandradar/platform';

/** The tests' own NATS user: it may publish and subscribe anywhere, so a test can play any service or look at any stream. */
export const HARNESS_USER = 'harness';

/**
 * The NATS of one test file, with authentication on as everywhere: the users of the contracts'
 * SERVICE_ACCESS (random passwords) and the harness. One server, or as many as LOCAL_NATS_NODES
 * says (a cluster of three), unless `nodes` says how many.
 */
export async function startTestNats(label: string, opts: { nodes?: number; sink?: LineSink } = {}): Promise<NatsServer> {
  const storeDir = path.join(process.env.TEST_DATA_DIR!, `nats-${label}-${randomBytes(4).toString('hex')}`);
  const nodes = [];
  for (let i = 0; i < (opts.nodes ?? natsNodeCount()); i++) nodes.push({ port: await freePort(), clusterPort: await freePort() });
  return startNats({ nodes, storeDir, sink: opts.sink ?? (() => undefined), users: testNatsUsers() });
}

/** The users of a test NATS server, with random passwords. */
function testNatsUsers(): NatsUser[] {
  const passwords = randomPasswords([...NATS_USERS, HARNESS_USER]);
  const harness: NatsUser = { user: HARNESS_USER, password: passwords[HARNESS_USER]!, permissions: { publish: { allow: ['>'] }, subscribe: { allow: ['>'] } } };
  return [...describedNatsUsers(passwords), harness];
}

/** Creates the catalog's streams as the provisioning user, as the deploy job does before services start: one replica on each server. */
export async function provisionStreams(nats: NatsServer): Promise<void> {
  const provisioner = await connectAs(nats, 'provision', PROVISION_USER);
  try {
    await provisionJetStream(provisioner, nats.nodes.length, []);
  } finally {
    await provisioner.nc.close();
  }
}

/** A platform link to `nats` as one of its users (the harness unless said otherwise). */
export function connectAs(nats: NatsServer, name: string, user = HARNESS_USER): Promise<NatsLink> {
  return connectNats(nats.url, name, createLogger(name, 'silent'), nats.credentials(user));
}

/** The settings that make a service connect as its own NATS user, and expect the streams with one replica on each server of `nats`. */
export function natsUserEnv(nats: NatsServer, user: string): NodeJS.ProcessEnv {
  return { NATS_USER: user, NATS_PASSWORD: nats.credentials(user).password, NATS_STREAM_REPLICAS: String(nats.nodes.length) };
}

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** The public and admin APIs of a running gateway. */
export interface HttpClient {
  api<T = any>(method: string, path: string, opts?: { key?: string; body?: unknown; headers?: Record<string, string> }): Promise<HttpResult<T>>;
  admin<T = any>(method: string, path: string, body?: unknown): Promise<HttpResult<T>>;
  /** A new account with credits, and its API key. */
  account(creditsMicro?: number): Promise<{ accountId: string; apiKey: string }>;
}

export interface TestStack extends HttpClient {
  nats: NatsServer;
  gatewayUrl: string;
  adminUrl: string;
  adminToken: string;
  env: NodeJS.ProcessEnv;
  running: Map<string, RunningService>;
  /** The database a service of this stack uses (for a second replica, or a service in a child process). */
  dbName(service: string): string;
  /** Starts (or restarts) one service in this process with the stack's settings. */
  start(def: ServiceDefinition<any>): Promise<RunningService>;
  /** The settings one service of this stack gets (in this process, as a child process or in its image). */
  serviceEnv(service: string, extraEnv?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** Starts a service as a process of its own (its compiled main.js), so a test can really kill it; `sink` gets its output lines. */
  spawn(service: string, extraEnv?: NodeJS.ProcessEnv, sink?: LineSink): ManagedProcess;
  stop(): Promise<void>;
}

/** The settings every service of a test stack gets; `extraEnv` adds or overrides. */
export function stackEnv(
  where: { natsUrl: string; mongoUrl: string; gatewayPort: number; adminPort: number; adminToken: string },
  extraEnv: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    NATS_URL: where.natsUrl,
    MONGO_URL: where.mongoUrl,
    OPS_PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    GATEWAY_PORT: String(where.gatewayPort),
    ADMIN_PORT: String(where.adminPort),
    ADMIN_TOKEN: where.adminToken,
    SHUTDOWN_GRACE_MS: '5000',
    // A test's gateway stops at once: no client of it moves to another replica.
    HTTP_DRAIN_MS: '0',
    // Tests send bursts with one key; the rate-limit test sets its own small limit.
    RATE_LIMIT_PER_MINUTE: '60000',
    RATE_LIMIT_BURST: '10000',
    // Tests check the contract's amounts with simulated surfaces: bill them at the card's rates.
    SIMULATED_ANSWERS: 'bill',
    // Tests send bad keys on purpose; the throttle's own test sets a small limit.
    AUTH_FAILURES_PER_MINUTE: '60000',
    AUTH_FAILURES_BURST: '10000',
    // Tests' webhook receivers listen on 127.0.0.1; the webhooks test turns this off to see such URLs refused.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    ...extraEnv,
  };
}

/** JSON over HTTP to the gateway's public API and admin API. */
export function httpClient(gatewayUrl: string, adminUrl: string, adminToken: string): HttpClient {
  const request = async (base: string, method: string, p: string, opts: { key?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<HttpResult> => {
    const headers: Record<string, string> = { ...(opts.key ? { Authorization: `Bearer ${opts.key}` } : {}), ...opts.headers };
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(base + p, { method, headers, body });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  const client: HttpClient = {
    api: (method, p, opts) => request(gatewayUrl, method, p, opts),
    admin: (method, p, body) => request(adminUrl, method, p, { key: adminToken, body }),
    async account(creditsMicro = 1_000_000) {
      const res = await client.admin('POST', '/admin/v1/accounts', { email: `owner-${randomBytes(4).toString('hex')}@example.com`, creditsMicro });
      if (res.status !== 201) throw new Error(`account creation failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { accountId: res.body.account.id, apiKey: res.body.apiKey };
    },
  };
  return client;
}

/**
 * Starts services in this test process against a NATS server of this test
 * file's own and fresh databases on the run's FerretDB, so test files never
 * share streams or data.
 */
export async function startStack(defs: ServiceDefinition<any>[], extraEnv: NodeJS.ProcessEnv = {}): Promise<TestStack> {
  const id = randomBytes(4).toString('hex');
  const nats = await startTestNats('stack');
  await provisionStreams(nats);
  const [gatewayPort, adminPort] = [await freePort(), await freePort()];
  const adminToken = randomBytes(24).toString('hex');
  const env = stackEnv({ natsUrl: nats.url, mongoUrl: process.env.TEST_MONGO_URL!, gatewayPort, adminPort, adminToken }, extraEnv);
  const running = new Map<string, RunningService>();
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const adminUrl = `http://127.0.0.1:${adminPort}`;

  const client = httpClient(gatewayUrl, adminUrl, adminToken);
  const stack: TestStack = {
    nats,
    gatewayUrl,
    adminUrl,
    adminToken,
    env,
    running,
    dbName: (service) => `t${id}-${service}`,
    async start(def) {
      await running.get(def.name)?.stop();
      const service = await startService(def, stack.serviceEnv(def.name));
      running.set(def.name, service);
      return service;
    },
    serviceEnv: (service, extraEnv = {}) => ({ ...env, ...natsUserEnv(nats, service), MONGO_DB: stack.dbName(service), ...extraEnv }),
    spawn(service, extraEnv = {}, sink = () => undefined) {
      const main = path.join(REPO_ROOT, 'services', service, 'dist', 'main.js');
      const child = new ManagedProcess(service, process.execPath, [main], sink, { ...process.env, ...stack.serviceEnv(service, extraEnv) });
      child.start();
      return child;
    },
    ...client,
    async stop() {
      await Promise.all([...running.values()].map((s) => s.stop()));
      await nats.stop();
    },
  };
  try {
    for (const def of defs) await stack.start(def);
  } catch (e) {
    // The caller never gets the stack to stop: a service that failed to start left NATS and the others running.
    await stack.stop();
    throw e;
  }
  return stack;
}
