/**
 * The chaos harness of issue 12 ("every run ends"): the seven services as separate processes on a
 * nats-server and a FerretDB of their own, manual runs requested over the public API while the
 * runner, billing, tracker, scheduler, nats-server and FerretDB are in turn killed with SIGKILL and
 * restarted. chatgpt refuses one prompt (400), cannot answer another (500) and fails a share of all
 * calls (500, retried), so runs end PARTIAL as well as COMPLETED. Afterwards it reads through the
 * public and admin interfaces and the received e-mails what became of every run, account, hold and
 * e-mail, and lists each broken invariant instead of stopping at the first. On a NATS cluster
 * (`natsNodes: 3`, streams replicated on all three) a plan can instead crash one of its servers for
 * a while (issue 29).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ClusterInfo } from 'nats';
import { RUN_COMMANDS_STREAM, STREAMS } from '@brandradar/contracts';
import { DATA_DIR, freePort, ManagedProcess, natsNodeCount, REPO_ROOT, SERVICES, startStore, storeKind, waitUntil, type NatsNode, type NatsServer } from '@brandradar/devstack';
import { MANUAL_RUN_SLOTS } from '../../services/runner/src/store/runs';
import { checkLedger } from './accounts';
import { PEER_API_KEY, startOpenAIPeer } from './peers/providers';
import { eventually } from './eventually';
import { startSlowProxy } from './slow-proxy';
import { runFinishedMails } from './run-mails';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';
import { connectAs, httpClient, natsUserEnv, provisionStreams, stackEnv, startTestNats, type HttpClient, type HttpResult } from './stack';

const KILLED_IN_TURN = ['runner', 'billing', 'tracker', 'scheduler', 'nats-server', 'ferretdb'] as const;
type Killable = (typeof KILLED_IN_TURN)[number];

/**
 * One thing the harness does to the stack: a component's name kills it with SIGKILL and restarts
 * it at once ('nats-server': every server of NATS); 'nats-node-down' kills one server of a NATS
 * cluster (the leader of the RUN_COMMANDS stream) and leaves it down until 'nats-node-up'.
 */
type ChaosStep = Killable | 'nats-node-down' | 'nats-node-up';

export type ChaosPlan = {
  accounts: number;
  runsPerAccount: number;
  /** NATS servers: this many, or as LOCAL_NATS_NODES says (1 unless set); several make a cluster with every stream replicated on each. */
  natsNodes?: number;
  /** How long the run requests may take, kills included (stuck runs keep an account's three slots busy). */
  requestTimeoutMs: number;
  /** How long all runs may then take to become terminal, and their e-mails to arrive. */
  settleTimeoutMs: number;
} & (
  | {
      /** Each component is killed this many times, the kills spread evenly over the run requests. */
      killRounds: number;
    }
  | {
      /** What is done to the stack, in this order. */
      steps: ChaosStep[];
      /** How many runs must have been accepted before each step; by default the steps are spread evenly over the requests. */
      stepsAfter?: number[];
    }
);

/** The NATS server a plan crashed for a while, and what became of the runs meanwhile. */
interface NatsNodeOutage {
  node: string;
  /** Why it was chosen. */
  role: string;
  /** Runs accepted between its kill and its restart. */
  acceptedWhileDown: number;
  /** Runs that ended (their finishedAt) between its kill and its restart. */
  endedWhileDown: number;
  msDown: number;
  /** Services whose NATS connection was to it (they log the drop, at LOG_LEVEL warn), so had to reconnect to another server. */
  servicesDisconnected: string[];
}

export interface ChaosFigures {
  runsPlanned: number;
  runsAccepted: number;
  accounts: number;
  natsNodes: number;
  /** SIGKILLs by component ('nats-node': one server of the NATS cluster). */
  kills: Record<string, number>;
  /** Each time a plan crashed one NATS server for a while. */
  natsNodeOutages: NatsNodeOutage[];
  /** Services that exited on their own (e.g. at start while a dependency was down) and were restarted. */
  crashRestarts: Record<string, number>;
  /** Run requests answered other than 200/202, by status (`network` when no answer came). */
  retries: Record<string, number>;
  /** From the first run request until every accepted run was terminal (null: some never were). */
  msToAllTerminal: number | null;
  statuses: Record<string, number>;
  answers: { succeeded: number; failed: number };
  /** chatgpt calls the peer failed on purpose, by HTTP status. */
  providerFailures: Record<string, number>;
  billedMicro: number;
  spentMicro: number;
  creditsMicro: number;
  balanceMicro: number;
  runFinishedEmails: number;
  /** Holds billing still lists as open, over all accounts. */
  openHolds: number;
}

export interface ChaosOutcome {
  figures: ChaosFigures;
  violations: string[];
  /** The processes' logs, kept (outside the test run's data, which is removed) only when an invariant broke. */
  logFile: string | null;
}

const TERMINAL = ['COMPLETED', 'PARTIAL', 'FAILED'];
const CHATGPT_MICRO = 5_000; // rate card default per prompt (api-contract §7)
const PROVIDER_DELAY_MS = 300; // provider calls slow enough for kills to land while runs are under way
const SERVICE_READY_MS = 60_000;

/** chatgpt answers it with a 400 every time: a permanent failure, its answer fails at once. */
const REFUSED_PROMPT = 'crm the provider refuses';
/** chatgpt answers it with a 500 every time: retried, then its answer fails. */
const UNAVAILABLE_PROMPT = 'crm the provider cannot answer';
/** Every this many chatgpt calls, one more is answered 500; the runner's retry usually recovers it. */
const FLAKY_EVERY = 5;
/** Every tracker asks these two and a third by account: answered, refused or unavailable (a third of the accounts each). */
const COMMON_PROMPTS = ['best crm', 'crm for startups'];
const THIRD_PROMPTS = ['cheap crm', REFUSED_PROMPT, UNAVAILABLE_PROMPT];
const PROMPTS_PER_RUN = COMMON_PROMPTS.length + 1;

/**
 * The notifier's sending lease in the harness: an e-mail whose `sent` record was lost (FerretDB
 * killed just after the SMTP server took it) is sent again once its lease runs out. The e-mails
 * count as settled only after a quiet spell longer than that, so such a second copy is seen. The
 * send timeout (a second less) is still hundreds of times what a send to the local SMTP peer takes;
 * every second of lease is a second of the quiet spell the suite waits for.
 */
const MAIL_LEASE_MS = 4_000;
const MAIL_QUIET_MS = MAIL_LEASE_MS + 2_000;
const POLL_MS = 250;

interface Service {
  name: string;
  process: ManagedProcess;
  opsPort: number;
  /** Set while the harness kills it on purpose, so the supervisor does not count or restart it. */
  killing: boolean;
}

/** Runs the plan once and returns its figures and every invariant it saw broken. */
export async function runChaos(plan: ChaosPlan): Promise<ChaosOutcome> {
  const runName = `chaos-${randomBytes(4).toString('hex')}`;
  const dir = path.join(process.env.TEST_DATA_DIR!, runName);
  fs.mkdirSync(dir, { recursive: true });
  const logFile = path.join(DATA_DIR, 'chaos-logs', `${runName}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  const sink = (name: string) => (line: string) => log.write(`[${name}] ${line}\n`);

  const providerFailures: Record<string, number> = {};
  let chatgptCalls = 0;
  const openai = await startOpenAIPeer({
    fail(prompt) {
      chatgptCalls++;
      const status = prompt === REFUSED_PROMPT ? 400 : prompt === UNAVAILABLE_PROMPT || chatgptCalls % FLAKY_EVERY === 0 ? 500 : undefined;
      if (status) providerFailures[status] = (providerFailures[status] ?? 0) + 1;
      return status ? { status } : undefined;
    },
  });
  const steps = 'steps' in plan ? plan.steps : Array.from({ length: plan.killRounds }, () => KILLED_IN_TURN).flat();
  // Fixed ports, so a restarted server or service is found where it was. The peers, NATS and the
  // store (PostgreSQL's initdb takes the longest) start side by side. A plan that kills FerretDB
  // gets a store of its own; the others use the test run's, in databases of their own.
  const ownStore = steps.includes('ferretdb');
  const [slow, smtp, nats, store] = await Promise.all([
    startSlowProxy(openai.baseUrl, PROVIDER_DELAY_MS),
    startSmtpPeer(),
    startTestNats(runName, { nodes: plan.natsNodes ?? natsNodeCount(), sink: sink('nats-server') }).then(async (started) => {
      await provisionStreams(started);
      return started;
    }),
    ownStore ? freePort().then((port) => startStore({ kind: storeKind(), dir, port, durable: false, sink })) : null,
  ]);
  const [gatewayPort, adminPort] = [await freePort(), await freePort()];
  const adminToken = randomBytes(24).toString('hex');
  const env = stackEnv(
    { natsUrl: nats.url, mongoUrl: store?.url ?? process.env.TEST_MONGO_URL!, gatewayPort, adminPort, adminToken },
    {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Brandradar <reports@brandradar.test>',
      MAIL_POLL_MS: '200',
      OUTBOX_SWEEP_MS: '500',
      MAIL_SEND_TIMEOUT_MS: String(MAIL_LEASE_MS - 1_000),
      MAIL_SENDING_LEASE_MS: String(MAIL_LEASE_MS),
      // Retries of an e-mail come due within the quiet spell the harness waits for.
      MAIL_RETRY_BASE_MS: '500',
      MAIL_RETRY_MAX_MS: String(MAIL_QUIET_MS / 2),
      RUN_ACK_WAIT_MS: '5000',
      // A run command redelivered after each kill would otherwise wait up to a minute for its next try.
      REDELIVERY_MAX_MS: '4000',
      // A query lost with a killed service (or NATS) fails the request after this, and the harness asks
      // again with the same request token; the default 10 s made each kill hold up the runs for that long.
      QUERY_TIMEOUT_MS: '4000',
      PROVIDER_RETRY_BASE_MS: '250',
      OPENAI_API_KEY: PEER_API_KEY,
      OPENAI_BASE_URL: slow.baseUrl,
    },
  );

  // The NATS server 'nats-node-down' crashed, until 'nats-node-up' starts it again.
  let outage: { server: NatsNode; role: string; since: number; acceptedBefore: number; disconnected: Set<string> } | null = null;
  /** The line a service logs when its NATS connection drops, naming the server it was connected to. */
  const noteDisconnect = (service: string, line: string) => {
    if (outage && line.includes('"nats":"disconnect"') && line.includes(`"data":"${outage.server.url.replace('nats://', '')}"`)) outage.disconnected.add(service);
  };

  const crashRestarts: Record<string, number> = {};
  let stopping = false;
  const services: Service[] = [];
  for (const name of SERVICES) {
    const opsPort = await freePort();
    const serviceEnv = { ...process.env, ...env, ...natsUserEnv(nats, name), OPS_PORT: String(opsPort), MONGO_DB: `${runName}-${name}` };
    const main = path.join(REPO_ROOT, 'services', name, 'dist', 'main.js');
    const serviceSink = sink(name);
    const lines = (line: string) => {
      noteDisconnect(name, line);
      serviceSink(line);
    };
    services.push({ name, process: new ManagedProcess(name, process.execPath, [main], lines, serviceEnv), opsPort, killing: false });
  }
  // The orchestrator's part: a service that exits on its own is started again, after a growing pause.
  const launch = (service: Service): void => {
    service.process.start();
    service.process.onExit(() => {
      if (stopping || service.killing) return;
      const count = (crashRestarts[service.name] = (crashRestarts[service.name] ?? 0) + 1);
      setTimeout(() => stopping || launch(service), Math.min(250 * count, 5_000));
    });
  };
  const ready = (service: Service) =>
    waitUntil(`${service.name} /readyz`, async () => {
      const res = await fetch(`http://127.0.0.1:${service.opsPort}/readyz`);
      if (res.status !== 200) throw new Error(`status ${res.status}`);
    }, SERVICE_READY_MS);

  const servers: Record<'nats-server' | 'ferretdb', { kill(): Promise<void>; restart(): Promise<void> }> = {
    'nats-server': nats,
    ferretdb: { kill: () => store!.ferretdb.process.kill(), restart: () => store!.ferretdb.restart() },
  };
  const kills: Record<string, number> = {};
  const killAndRestart = async (component: Killable) => {
    kills[component] = (kills[component] ?? 0) + 1;
    log.write(`[chaos] SIGKILL ${component}\n`);
    if (component === 'nats-server' || component === 'ferretdb') {
      await servers[component].kill();
      await servers[component].restart();
    } else {
      const service = services.find((s) => s.name === component)!;
      service.killing = true;
      await service.process.kill();
      service.killing = false;
      launch(service);
      await ready(service);
    }
    log.write(`[chaos] ${component} ready again\n`);
  };
  const natsNodeOutages: (NatsNodeOutage & { from: number; to: number })[] = [];
  const nodeDown = async (acceptedBefore: number) => {
    if (nats.nodes.length < 3) throw new Error('nats-node-down needs a NATS cluster of three (natsNodes: 3)');
    // The leader of RUN_COMMANDS: every manual run passes through it (the runner publishes its
    // run.execute there and takes it back through a durable consumer), so its crash makes the
    // stream, and most likely the runner's consumer it leads too, elect a new leader while run
    // commands are being written and delivered. The services, which connect to a server of the
    // list at random, lose their connection where they were on it and reconnect to another.
    const leader = await streamLeader(nats, RUN_COMMANDS_STREAM.name);
    const server = nats.nodes.find((n) => n.name === leader);
    if (!server) throw new Error(`RUN_COMMANDS has no leader among ${nats.nodes.map((n) => n.name).join(', ')} (${leader})`);
    kills['nats-node'] = (kills['nats-node'] ?? 0) + 1;
    log.write(`[chaos] SIGKILL NATS server ${server.name} (leader of ${RUN_COMMANDS_STREAM.name})\n`);
    outage = { server, role: `leader of ${RUN_COMMANDS_STREAM.name}`, since: Date.now(), acceptedBefore, disconnected: new Set() };
    await server.process.kill();
  };
  const nodeUp = async (acceptedNow: number) => {
    if (!outage) throw new Error('nats-node-up without a server down');
    const { server, role, since, acceptedBefore, disconnected } = outage;
    const restarting = Date.now();
    await server.restart();
    log.write(`[chaos] NATS server ${server.name} ready again\n`);
    const figures = { node: server.name, role, acceptedWhileDown: acceptedNow - acceptedBefore, endedWhileDown: 0, msDown: restarting - since, servicesDisconnected: [...disconnected].sort() };
    natsNodeOutages.push({ ...figures, from: since, to: restarting });
    outage = null;
  };

  const violations: string[] = [];
  let keepLog = true; // also when the harness itself fails
  try {
    for (const service of services) launch(service);
    await Promise.all(services.map(ready));
    const client = httpClient(`http://127.0.0.1:${gatewayPort}`, `http://127.0.0.1:${adminPort}`, adminToken);
    const creditsMicro = plan.runsPerAccount * PROMPTS_PER_RUN * CHATGPT_MICRO * 2;
    const accounts = await Promise.all(
      Array.from({ length: plan.accounts }, (_, i) => preparedAccount(client, creditsMicro, [...COMMON_PROMPTS, THIRD_PROMPTS[i % THIRD_PROMPTS.length]!])),
    );

    const retries: Record<string, number> = {};
    const accepted: { account: number; runId: string }[] = [];
    const runsPlanned = plan.accounts * plan.runsPerAccount;
    const startedAt = Date.now();
    const submitDeadline = startedAt + plan.requestTimeoutMs;
    const drivers = accounts.map(async (account, index) => {
      const underWay: string[] = [];
      for (let n = 0; n < plan.runsPerAccount; n++) {
        // With all its manual runs under way, a client waits for one to end: asked for another, the API
        // answers 429 with Retry-After 30, which made this test's runs end anywhere from 13 s to 39 s.
        if (underWay.length >= MANUAL_RUN_SLOTS && !(await within(Math.max(0, submitDeadline - Date.now()), () => oneEnded(client, account, underWay)))) {
          violations.push(`account ${index}: none of its runs ${underWay.join(', ')} ended before the requests' deadline`);
          return;
        }
        const runId = await requestRun(client, account, `chaos-${n}`, retries, submitDeadline);
        if (runId === null) {
          violations.push(`account ${index}: run ${n} was never accepted (every slot stayed busy or the gateway kept refusing)`);
          return;
        }
        accepted.push({ account: index, runId });
        underWay.push(runId);
      }
    });
    let driversDone = false;
    const driving = Promise.all(drivers).then(() => {
      driversDone = true;
    });

    for (const [k, step] of steps.entries()) {
      // Steps spread over the requests (the k-th once that share of the runs has been accepted), unless the plan says when.
      const threshold = ('stepsAfter' in plan ? plan.stepsAfter?.[k] : undefined) ?? Math.ceil(((k + 1) * runsPlanned) / (steps.length + 1));
      const reached = await within(Math.max(0, submitDeadline - Date.now()), async () => accepted.length >= threshold || driversDone);
      if (!reached) violations.push(`only ${accepted.length} runs accepted before ${step} (waited for ${threshold})`);
      if (step === 'nats-node-down') await nodeDown(accepted.length);
      else if (step === 'nats-node-up') await nodeUp(accepted.length);
      else await killAndRestart(step);
    }
    if (outage) await nodeUp(accepted.length); // a plan that never said nats-node-up
    await driving;

    const byAccount = accounts.map((_, i) => new Set(accepted.filter((r) => r.account === i).map((r) => r.runId)));
    // A report that cannot be read now (a 503 while a store reconnects, a cut stream) is not a report
    // without the runs: it is said as such, so an outage is never mistaken for lost runs.
    const unreadable = new Map<number, string>();
    const runsOf = async (i: number): Promise<Run[]> => {
      const res = await client.api('GET', `/api/v1/trackers/${accounts[i]!.trackerId}/report?limit=100`, { key: accounts[i]!.apiKey }).catch((e: Error) => e);
      if (res instanceof Error || res.status !== 200) {
        unreadable.set(i, res instanceof Error ? res.message : `${res.status} ${JSON.stringify(res.body)}`);
        return [];
      }
      unreadable.delete(i);
      return (res.body.runs as Run[]).filter((r) => byAccount[i]!.has(r.id));
    };
    const allRuns = async () => (await Promise.all(accounts.map((_, i) => runsOf(i)))).flat();
    const allTerminal = await within(plan.settleTimeoutMs, async () => {
      const runs = await allRuns();
      return unreadable.size === 0 && runs.length === accepted.length && runs.every((r) => TERMINAL.includes(r.status));
    });
    const msToAllTerminal = allTerminal ? Date.now() - startedAt : null;
    const runs = allTerminal ? await allRuns() : await eventually(allRuns, () => unreadable.size === 0, plan.settleTimeoutMs / 4, POLL_MS).catch(() => allRuns());
    for (const [i, reason] of unreadable) violations.push(`account ${i}: its tracker's report could not be read: ${reason}`);
    for (const run of runs) if (!TERMINAL.includes(run.status)) violations.push(`run ${run.id} is still ${run.status}`);
    const missing = accepted.filter((r) => !unreadable.has(r.account) && !runs.some((run) => run.id === r.runId));
    if (missing.length) violations.push(`${missing.length} accepted runs are missing from their trackers' reports: ${missing.map((r) => r.runId).join(', ')}`);

    for (const run of runs) violations.push(...outcomeProblems(run));
    for (const o of natsNodeOutages) o.endedWhileDown = runs.filter((r) => r.finishedAt !== null && Date.parse(r.finishedAt) >= o.from && Date.parse(r.finishedAt) < o.to).length;

    // On a cluster, a server crashed and restarted must catch up (every stream and durable consumer on
    // all servers again) meanwhile.
    const [mailsSettled, notReplicated] = await Promise.all([
      runFinishedMailsSettle(smtp, runs, plan.settleTimeoutMs),
      nats.nodes.length > 1 ? replicasBehind(nats, plan.settleTimeoutMs) : [],
    ]);
    if (!mailsSettled) violations.push(`the run-finished e-mails did not settle within ${plan.settleTimeoutMs} ms (one per run, then ${MAIL_QUIET_MS} ms without another)`);
    const perRun = runFinishedMails(smtp.received);
    for (const run of runs) {
      const count = perRun.get(run.id) ?? 0;
      if (count !== 1) violations.push(`run ${run.id} (${run.status}): ${count} run-finished e-mails`);
    }
    if (unreadable.size === 0) for (const id of perRun.keys()) if (!runs.some((r) => r.id === id)) violations.push(`a run-finished e-mail for a run its tracker's report does not show: ${id}`);

    let balanceMicro = 0;
    let spentMicro = 0;
    let openHolds = 0;
    for (const [i, account] of accounts.entries()) {
      // Without its report the account's bills are unknown (already said above).
      const billed = unreadable.has(i) ? null : runs.filter((r) => byAccount[i]!.has(r.id)).reduce((sum, r) => sum + r.billedCostMicro, 0);
      const ledger = await checkLedger(client, account, creditsMicro, billed);
      balanceMicro += ledger.balanceMicro;
      spentMicro += ledger.spentThisMonthMicro;
      openHolds += ledger.openHolds;
      violations.push(...ledger.problems.map((p) => `account ${i}: ${p}`));
    }

    violations.push(...notReplicated);

    const statuses: Record<string, number> = {};
    for (const run of runs) statuses[run.status] = (statuses[run.status] ?? 0) + 1;
    keepLog = violations.length > 0;
    return {
      figures: {
        runsPlanned,
        runsAccepted: accepted.length,
        accounts: plan.accounts,
        natsNodes: nats.nodes.length,
        kills,
        natsNodeOutages: natsNodeOutages.map(({ from, to, ...figures }) => figures),
        crashRestarts,
        retries,
        msToAllTerminal,
        statuses,
        answers: {
          succeeded: runs.reduce((sum, r) => sum + r.summary.succeeded, 0),
          failed: runs.reduce((sum, r) => sum + r.summary.failed, 0),
        },
        providerFailures,
        billedMicro: runs.reduce((sum, r) => sum + r.billedCostMicro, 0),
        spentMicro,
        creditsMicro: creditsMicro * plan.accounts,
        balanceMicro,
        runFinishedEmails: [...perRun.values()].reduce((a, b) => a + b, 0),
        openHolds,
      },
      violations,
      logFile: keepLog ? logFile : null,
    };
  } finally {
    stopping = true;
    await Promise.all(services.map((s) => s.process.stop()));
    await Promise.all([nats.stop(), store?.stop(), smtp.stop(), slow.close(), openai.close()]);
    await new Promise<void>((resolve) => log.end(resolve));
    if (!keepLog) fs.rmSync(logFile);
  }
}

/** The server that leads `stream` now (JetStream names it by its server_name), asked as the harness. */
async function streamLeader(nats: NatsServer, stream: string): Promise<string | undefined> {
  const link = await connectAs(nats, 'chaos');
  try {
    return (await link.jsm.streams.info(stream)).cluster?.leader;
  } finally {
    await link.nc.close();
  }
}

/**
 * What is not yet replicated on every server of a cluster within `timeoutMs`: a stream or durable
 * consumer without a leader, with fewer replicas than servers, or with a replica offline or behind.
 */
async function replicasBehind(nats: NatsServer, timeoutMs: number): Promise<string[]> {
  const link = await connectAs(nats, 'chaos');
  const problems = (what: string, cluster: ClusterInfo | undefined): string[] => {
    if (!cluster?.leader) return [`${what}: no leader`];
    const replicas = cluster.replicas ?? [];
    const found = replicas.length !== nats.nodes.length - 1 ? [`${what}: on ${replicas.length + 1} of ${nats.nodes.length} servers`] : [];
    return [...found, ...replicas.filter((r) => r.offline || !r.current).map((r) => `${what}: replica on ${r.name} ${r.offline ? 'offline' : `not current (${r.lag ?? '?'} behind)`}`)];
  };
  let behind: string[] = [];
  try {
    await within(timeoutMs, async () => {
      behind = [];
      for (const stream of Object.values(STREAMS)) {
        try {
          const info = await link.jsm.streams.info(stream.name);
          behind.push(...problems(`stream ${stream.name}`, info.cluster));
          for (const consumer of await link.jsm.consumers.list(stream.name).next()) {
            if (consumer.config.durable_name) behind.push(...problems(`consumer ${stream.name}/${consumer.name}`, consumer.cluster));
          }
        } catch (e) {
          behind.push(`stream ${stream.name}: ${(e as Error).message}`); // asked again at the next poll
        }
      }
      return behind.length === 0;
    });
    return behind;
  } finally {
    await link.nc.close();
  }
}

/** The fields of a run (api-contract §4) the invariants read. */
interface Run {
  id: string;
  status: string;
  billedCostMicro: number;
  finishedAt: string | null;
  results: { prompt: string; answers: { status: 'succeeded' | 'failed' }[] }[];
  summary: { answers: number; succeeded: number; failed: number };
}

/**
 * What is wrong with a terminal run's outcome: it bills exactly its succeeded answers at the chatgpt
 * rate (the rate card is never changed here), its summary counts the answers it lists, its status
 * follows from them (api-contract §4), and no prompt chatgpt never answers has a succeeded answer.
 */
function outcomeProblems(run: Run): string[] {
  if (!TERMINAL.includes(run.status)) return [];
  const answers = run.results.flatMap((r) => r.answers.map((a) => ({ prompt: r.prompt, status: a.status })));
  const succeeded = answers.filter((a) => a.status === 'succeeded');
  const failed = answers.length - succeeded.length;
  const status = succeeded.length === 0 ? 'FAILED' : succeeded.length === run.summary.answers ? 'COMPLETED' : 'PARTIAL';
  const problems: string[] = [];
  if (run.billedCostMicro !== succeeded.length * CHATGPT_MICRO) problems.push(`billed ${run.billedCostMicro} for ${succeeded.length} succeeded answers at ${CHATGPT_MICRO}`);
  if (run.summary.succeeded !== succeeded.length || run.summary.failed !== failed) problems.push(`summary ${JSON.stringify(run.summary)} but it lists ${succeeded.length} succeeded and ${failed} failed answers`);
  if (run.status !== status) problems.push(`status ${run.status} but its answers make it ${status}`);
  const impossible = succeeded.find((a) => a.prompt === REFUSED_PROMPT || a.prompt === UNAVAILABLE_PROMPT);
  if (impossible) problems.push(`a succeeded answer to "${impossible.prompt}", which chatgpt never answers`);
  return problems.map((p) => `run ${run.id} (${run.status}): ${p}`);
}

interface PreparedAccount {
  accountId: string;
  apiKey: string;
  trackerId: string;
}

/** An account with credits and one ACTIVE tracker asking chatgpt `prompts`. */
async function preparedAccount(client: HttpClient, creditsMicro: number, prompts: string[]): Promise<PreparedAccount> {
  const { accountId, apiKey } = await client.account(creditsMicro);
  const body = { name: 'Chaos', cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 }, primitive: 'sentiment', prompts, brand: 'Acme', models: ['chatgpt'] };
  const tracker = (await client.api('POST', '/api/v1/trackers', { key: apiKey, body })).body.tracker;
  const activated = await client.api('POST', `/api/v1/trackers/${tracker.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: tracker.estimatedCostMicroPerRun } });
  if (activated.status !== 200) throw new Error(`activation failed: ${activated.status} ${JSON.stringify(activated.body)}`);
  return { accountId, apiKey, trackerId: tracker.id };
}

/**
 * Requests one manual run until it is accepted, as a client should: on 429 (three runs under way,
 * which the drivers avoid) and 503 it waits the server's Retry-After; the request token makes a repeat after a lost answer
 * return the same run. Null when the deadline passes first.
 */
async function requestRun(client: HttpClient, account: PreparedAccount, requestToken: string, retries: Record<string, number>, deadline: number): Promise<string | null> {
  while (Date.now() < deadline) {
    let res: HttpResult | null;
    try {
      res = await client.api('POST', `/api/v1/trackers/${account.trackerId}/runs`, { key: account.apiKey, body: { requestToken } });
    } catch {
      res = null; // the gateway closed the connection; it stays up, so ask again
    }
    if (res && (res.status === 200 || res.status === 202)) return res.body.run.id as string;
    const reason = res ? String(res.status) : 'network';
    retries[reason] = (retries[reason] ?? 0) + 1;
    const waitSeconds = Number(res?.headers.get('retry-after') ?? 1);
    await new Promise((r) => setTimeout(r, waitSeconds * 1_000));
  }
  return null;
}

/** Whether one of `runIds` has ended, which it then drops from the list; a run that cannot be read now (a kill) has not. */
async function oneEnded(client: HttpClient, account: PreparedAccount, runIds: string[]): Promise<boolean> {
  for (const [i, runId] of runIds.entries()) {
    const res = await client.api('GET', `/api/v1/trackers/${account.trackerId}/runs/${runId}`, { key: account.apiKey }).catch(() => null);
    if (res?.status === 200 && TERMINAL.includes(res.body.run.status)) {
      runIds.splice(i, 1);
      return true;
    }
  }
  return false;
}

/**
 * Whether the notifier has nothing left to send within `timeoutMs`: every run has its e-mail and
 * no run-finished e-mail arrived for MAIL_QUIET_MS (polled, not slept).
 */
function runFinishedMailsSettle(smtp: SmtpPeer, runs: Run[], timeoutMs: number): Promise<boolean> {
  const quietPolls = Math.ceil(MAIL_QUIET_MS / POLL_MS);
  let last = -1;
  let unchanged = 0;
  return within(timeoutMs, async () => {
    const perRun = runFinishedMails(smtp.received);
    const count = [...perRun.values()].reduce((a, b) => a + b, 0);
    unchanged = count === last ? unchanged + 1 : 0;
    last = count;
    return unchanged >= quietPolls && runs.every((r) => perRun.has(r.id));
  });
}

/** Whether `condition` comes to hold within `timeoutMs`; polled gently, as it reads every account's runs. */
function within(timeoutMs: number, condition: () => Promise<boolean>): Promise<boolean> {
  return eventually(condition, Boolean, timeoutMs, POLL_MS).then(
    () => true,
    () => false,
  );
}

/** The figures as one block, for a test's or a benchmark's output. */
export function describeFigures(f: ChaosFigures, logFile: string | null): string {
  const list = (r: Record<string, number>) => Object.entries(r).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
  const micro = (m: number) => `${m} ($${(m / 100_000).toFixed(2)})`;
  const rows: [string, string][] = [
    ['runs', `${f.runsAccepted} of ${f.runsPlanned} accepted over ${f.accounts} accounts; ${list(f.statuses)}`],
    ['answers', `succeeded ${f.answers.succeeded}, failed ${f.answers.failed}; chatgpt calls failed on purpose by status: ${list(f.providerFailures)}`],
    ['NATS', f.natsNodes === 1 ? 'one server' : `a cluster of ${f.natsNodes} servers`],
    ['SIGKILLs', list(f.kills)],
    ...f.natsNodeOutages.map((o): [string, string] => [
      'NATS server down',
      `${o.node} (${o.role}) for ${(o.msDown / 1000).toFixed(1)} s, while ${o.acceptedWhileDown} runs were accepted and ${o.endedWhileDown} ended; ` +
        `services connected to it: ${o.servicesDisconnected.join(', ') || 'none'}`,
    ]),
    ['crash restarts', `services that exited on their own and were started again: ${list(f.crashRestarts)}`],
    ['requests retried', list(f.retries)],
    ['all terminal', f.msToAllTerminal === null ? 'never (see violations)' : `after ${(f.msToAllTerminal / 1000).toFixed(1)} s`],
    ['billed', `${micro(f.billedMicro)}; captured (spent) ${micro(f.spentMicro)}; balance ${micro(f.balanceMicro)} of credits ${micro(f.creditsMicro)}`],
    ['e-mails', `${f.runFinishedEmails} run-finished for ${f.runsAccepted} runs`],
    ['open holds', String(f.openHolds)],
    ['process logs', logFile ?? 'discarded: no invariant broke'],
  ];
  return ['chaos figures:', ...rows.map(([label, value]) => `  ${label.padEnd(17)}${value}`)].join('\n');
}
