/**
 * The chaos harness of issue 12 ("every run ends"): the seven services as separate processes on a
 * nats-server and a FerretDB of their own, manual runs requested over the public API while the
 * runner, billing, tracker, scheduler, nats-server and FerretDB are in turn killed with SIGKILL and
 * restarted. Afterwards it reads through the public interfaces what became of every run, account
 * and e-mail, and lists each broken invariant instead of stopping at the first.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, ManagedProcess, REPO_ROOT, SERVICES, startFerretDb, startNats, waitUntil, type LocalServer } from '@brandradar/devstack';
import { PEER_API_KEY, startOpenAIPeer } from '@brandradar/providers';
import { eventually } from './eventually';
import { startSlowProxy } from './slow-proxy';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';
import { httpClient, stackEnv, type HttpClient, type HttpResult } from './stack';

export const KILLED_IN_TURN = ['runner', 'billing', 'tracker', 'scheduler', 'nats-server', 'ferretdb'] as const;
export type Killable = (typeof KILLED_IN_TURN)[number];

export interface ChaosPlan {
  accounts: number;
  runsPerAccount: number;
  /** Each component is killed this many times, the kills spread evenly over the run requests. */
  killRounds: number;
  /** How long the run requests may take, kills included (stuck runs keep an account's three slots busy). */
  requestTimeoutMs: number;
  /** How long all runs may then take to become terminal, and their e-mails to arrive. */
  settleTimeoutMs: number;
}

export interface ChaosFigures {
  runsPlanned: number;
  runsAccepted: number;
  accounts: number;
  kills: Record<Killable, number>;
  /** Services that exited on their own (e.g. at start while a dependency was down) and were restarted. */
  crashRestarts: Record<string, number>;
  /** Run requests answered other than 200/202, by status (`network` when no answer came). */
  retries: Record<string, number>;
  /** From the first run request until every accepted run was terminal (null: some never were). */
  msToAllTerminal: number | null;
  statuses: Record<string, number>;
  billedMicro: number;
  spentMicro: number;
  creditsMicro: number;
  balanceMicro: number;
  runFinishedEmails: number;
}

export interface ChaosOutcome {
  figures: ChaosFigures;
  violations: string[];
  logFile: string;
}

const TERMINAL = ['COMPLETED', 'PARTIAL', 'FAILED'];
const PROMPTS = ['best crm', 'crm for startups', 'cheap crm'];
const CHATGPT_MICRO = 5_000; // rate card default per prompt (api-contract §7)
const PROVIDER_DELAY_MS = 300; // provider calls slow enough for kills to land while runs are under way
const SERVICE_READY_MS = 60_000;

interface Service {
  name: string;
  process: ManagedProcess;
  opsPort: number;
  /** Set while the harness kills it on purpose, so the supervisor does not count or restart it. */
  killing: boolean;
}

/** Runs the plan once and returns its figures and every invariant it saw broken. */
export async function runChaos(plan: ChaosPlan): Promise<ChaosOutcome> {
  const dir = path.join(process.env.TEST_DATA_DIR!, `chaos-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  const logFile = path.join(dir, 'chaos.log');
  const log = fs.createWriteStream(logFile);
  const sink = (name: string) => (line: string) => log.write(`[${name}] ${line}\n`);

  const openai = await startOpenAIPeer();
  const slow = await startSlowProxy(openai.baseUrl, PROVIDER_DELAY_MS);
  const smtp = await startSmtpPeer();
  // Fixed ports, so a restarted server or service is found where it was.
  const nats = await startNats({ port: await freePort(), storeDir: path.join(dir, 'nats'), sink: sink('nats-server') });
  const ferret = await startFerretDb({ port: await freePort(), dataDir: path.join(dir, 'ferretdb'), sink: sink('ferretdb') });
  const [gatewayPort, adminPort] = [await freePort(), await freePort()];
  const adminToken = randomBytes(24).toString('hex');
  const env = stackEnv(
    { natsUrl: nats.url, mongoUrl: ferret.url, gatewayPort, adminPort, adminToken },
    {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Brandradar <reports@brandradar.test>',
      MAIL_POLL_MS: '200',
      OUTBOX_SWEEP_MS: '500',
      RUN_ACK_WAIT_MS: '5000',
      OPENAI_API_KEY: PEER_API_KEY,
      OPENAI_BASE_URL: slow.baseUrl,
    },
  );

  const crashRestarts: Record<string, number> = {};
  let stopping = false;
  const services: Service[] = [];
  for (const name of SERVICES) {
    const opsPort = await freePort();
    const serviceEnv = { ...process.env, ...env, OPS_PORT: String(opsPort), MONGO_DB: `chaos-${name}` };
    const main = path.join(REPO_ROOT, 'services', name, 'dist', 'main.js');
    services.push({ name, process: new ManagedProcess(name, process.execPath, [main], sink(name), serviceEnv), opsPort, killing: false });
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

  const servers: Record<'nats-server' | 'ferretdb', LocalServer> = { 'nats-server': nats, ferretdb: ferret };
  const kills = Object.fromEntries(KILLED_IN_TURN.map((k) => [k, 0])) as Record<Killable, number>;
  const killAndRestart = async (component: Killable) => {
    kills[component]++;
    log.write(`[chaos] SIGKILL ${component}\n`);
    if (component === 'nats-server' || component === 'ferretdb') {
      await servers[component].process.kill();
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

  const violations: string[] = [];
  try {
    for (const service of services) launch(service);
    await Promise.all(services.map(ready));
    const client = httpClient(`http://127.0.0.1:${gatewayPort}`, `http://127.0.0.1:${adminPort}`, adminToken);
    const creditsMicro = plan.runsPerAccount * PROMPTS.length * CHATGPT_MICRO * 2;
    const accounts = await Promise.all(Array.from({ length: plan.accounts }, () => preparedAccount(client, creditsMicro)));

    const retries: Record<string, number> = {};
    const accepted: { account: number; runId: string }[] = [];
    const runsPlanned = plan.accounts * plan.runsPerAccount;
    const startedAt = Date.now();
    const submitDeadline = startedAt + plan.requestTimeoutMs;
    const drivers = accounts.map(async (account, index) => {
      for (let n = 0; n < plan.runsPerAccount; n++) {
        const runId = await requestRun(client, account, `chaos-${n}`, retries, submitDeadline);
        if (runId === null) {
          violations.push(`account ${index}: run ${n} was never accepted (every slot stayed busy or the gateway kept refusing)`);
          return;
        }
        accepted.push({ account: index, runId });
      }
    });
    let driversDone = false;
    const driving = Promise.all(drivers).then(() => {
      driversDone = true;
    });

    const order = Array.from({ length: plan.killRounds }, () => KILLED_IN_TURN).flat();
    for (const [k, component] of order.entries()) {
      // Kills spread over the requests: the k-th once that share of the runs has been accepted.
      const threshold = Math.ceil(((k + 1) * runsPlanned) / (order.length + 1));
      const reached = await within(Math.max(0, submitDeadline - Date.now()), async () => accepted.length >= threshold || driversDone);
      if (!reached) violations.push(`only ${accepted.length} runs accepted before killing ${component} (waited for ${threshold})`);
      await killAndRestart(component);
    }
    await driving;

    const byAccount = accounts.map((_, i) => new Set(accepted.filter((r) => r.account === i).map((r) => r.runId)));
    const runsOf = async (i: number) => {
      const res = await client.api('GET', `/api/v1/trackers/${accounts[i]!.trackerId}/report?limit=100`, { key: accounts[i]!.apiKey });
      return res.status === 200 ? (res.body.runs as Run[]).filter((r) => byAccount[i]!.has(r.id)) : [];
    };
    const allRuns = async () => (await Promise.all(accounts.map((_, i) => runsOf(i)))).flat();
    const allTerminal = await within(plan.settleTimeoutMs, async () => {
      const runs = await allRuns();
      return runs.length === accepted.length && runs.every((r) => TERMINAL.includes(r.status));
    });
    const msToAllTerminal = allTerminal ? Date.now() - startedAt : null;
    const runs = await allRuns();
    for (const run of runs) if (!TERMINAL.includes(run.status)) violations.push(`run ${run.id} is still ${run.status}`);
    if (runs.length !== accepted.length) violations.push(`${accepted.length - runs.length} accepted runs are missing from the reports`);

    const mails = () => runFinishedMails(smtp);
    await within(plan.settleTimeoutMs, async () => runs.every((r) => (mails().get(r.id) ?? 0) >= 1));
    const perRun = mails();
    for (const run of runs) {
      const count = perRun.get(run.id) ?? 0;
      if (count !== 1) violations.push(`run ${run.id} (${run.status}): ${count} run-finished e-mails`);
    }
    for (const id of perRun.keys()) if (!runs.some((r) => r.id === id)) violations.push(`a run-finished e-mail for unknown run ${id}`);

    let balanceMicro = 0;
    let spentMicro = 0;
    for (const [i, account] of accounts.entries()) {
      const { balanceMicro: balance, spentThisMonthMicro: spent } = (await client.api('GET', '/api/v1/account', { key: account.apiKey })).body.account;
      const billed = runs.filter((r) => byAccount[i]!.has(r.id)).reduce((sum, r) => sum + r.billedCostMicro, 0);
      balanceMicro += balance;
      spentMicro += spent;
      if (balance + billed !== creditsMicro) violations.push(`account ${i}: balance ${balance} + billed ${billed} ≠ credits ${creditsMicro} (a charge without a run, twice, or a hold left open)`);
      if (spent !== billed) violations.push(`account ${i}: spent this month ${spent} ≠ billed ${billed}`);
      if (!noOpenHolds(balance, spent, creditsMicro)) violations.push(`account ${i}: ${creditsMicro - balance - spent} micro-units held by holds still open`);
    }

    const statuses: Record<string, number> = {};
    for (const run of runs) statuses[run.status] = (statuses[run.status] ?? 0) + 1;
    return {
      figures: {
        runsPlanned,
        runsAccepted: accepted.length,
        accounts: plan.accounts,
        kills,
        crashRestarts,
        retries,
        msToAllTerminal,
        statuses,
        billedMicro: runs.reduce((sum, r) => sum + r.billedCostMicro, 0),
        spentMicro,
        creditsMicro: creditsMicro * plan.accounts,
        balanceMicro,
        runFinishedEmails: [...perRun.values()].reduce((a, b) => a + b, 0),
      },
      violations,
      logFile,
    };
  } finally {
    stopping = true;
    await Promise.all(services.map((s) => s.process.stop()));
    await Promise.all([nats.stop(), ferret.stop(), smtp.stop(), slow.close(), openai.close()]);
    log.end();
  }
}

/**
 * No hold is open once every run is terminal: what is neither balance nor spent would be held.
 * When billing answers open holds itself (wt-b's admin query), ask it here instead.
 */
function noOpenHolds(balanceMicro: number, spentMicro: number, creditsMicro: number): boolean {
  return balanceMicro + spentMicro === creditsMicro;
}

interface Run {
  id: string;
  status: string;
  billedCostMicro: number;
}

interface PreparedAccount {
  apiKey: string;
  trackerId: string;
}

/** An account with credits and one ACTIVE tracker asking chatgpt three prompts. */
async function preparedAccount(client: HttpClient, creditsMicro: number): Promise<PreparedAccount> {
  const { apiKey } = await client.account(creditsMicro);
  const body = { name: 'Chaos', cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 }, primitive: 'sentiment', prompts: PROMPTS, brand: 'Acme', models: ['chatgpt'] };
  const tracker = (await client.api('POST', '/api/v1/trackers', { key: apiKey, body })).body.tracker;
  const activated = await client.api('POST', `/api/v1/trackers/${tracker.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: tracker.estimatedCostMicroPerRun } });
  if (activated.status !== 200) throw new Error(`activation failed: ${activated.status} ${JSON.stringify(activated.body)}`);
  return { apiKey, trackerId: tracker.id };
}

/**
 * Requests one manual run until it is accepted, as a client should: on 429 (three runs under way)
 * and 503 it waits the server's Retry-After; the request token makes a repeat after a lost answer
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

/** Run-finished e-mails per run id (the e-mail links the run: `/runs/<id>`). */
function runFinishedMails(smtp: SmtpPeer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.received) {
    if (mail.headers.get('x-brandradar-template') !== 'run_finished') continue;
    const id = /\/runs\/([0-9a-f-]{36})/.exec(mail.text)?.[1];
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** Whether `condition` comes to hold within `timeoutMs`; polled gently, as it reads every account's runs. */
function within(timeoutMs: number, condition: () => Promise<boolean>): Promise<boolean> {
  return eventually(condition, Boolean, timeoutMs, 250).then(
    () => true,
    () => false,
  );
}

/** The figures as lines for a test's or a benchmark's output. */
export function describeFigures(f: ChaosFigures): string {
  const list = (r: Record<string, number>) => Object.entries(r).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
  return [
    `chaos: ${f.runsAccepted} of ${f.runsPlanned} runs accepted over ${f.accounts} accounts`,
    `chaos: SIGKILLs: ${list(f.kills)}; services that exited on their own and were restarted: ${list(f.crashRestarts)}`,
    `chaos: run requests retried: ${list(f.retries)}`,
    `chaos: all runs terminal after ${f.msToAllTerminal === null ? 'never (see violations)' : `${(f.msToAllTerminal / 1000).toFixed(1)} s`}; statuses: ${list(f.statuses)}`,
    `chaos: billed ${f.billedMicro}, spent ${f.spentMicro}, balance ${f.balanceMicro} of credits ${f.creditsMicro} (micro-units); run-finished e-mails ${f.runFinishedEmails}`,
  ].join('\n');
}
