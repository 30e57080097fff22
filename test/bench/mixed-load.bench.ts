import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, startStore, storeKind, type LocalStore } from '@brandradar/devstack';
import { createRng } from '../../packages/providers/src/simulated/prng';
import { checkLedger, type LedgerCheck } from '../support/accounts';
import { percentile, reportFigures, verdict } from '../support/bench-figures';
import { cpuLine, cpuMeter } from '../support/cpu';
import { eventually } from '../support/eventually';
import {
  ACCOUNTS,
  CLIENTS_PER_ACCOUNT,
  CREDITS_MICRO,
  ENDED,
  PEER_DELAY_MS,
  ROUTES,
  RUNS_BEFORE,
  TARGET_P99_MS,
  TRACKERS_PER_ACCOUNT,
  client,
  preparedAccount,
  spawnReady,
  type Route,
  type Sample,
  type ServiceProcess,
  type StartedRun,
} from '../support/mixed-load';
import { OTLP_KIND, startOtlpCollector, type CollectedSpan } from '../support/otlp-collector';
import { startSurfacePeers } from '../support/peers/providers';
import { startStack } from '../support/stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
/** 0: only the default store (reads side by side), without the comparison against `--serialise all`. */
const COMPARE = process.env.BENCH_MIXED_COMPARE !== '0';
/**
 * Requests per second from all clients together, each client sending on a schedule of its own (an
 * open loop: a request's time counts from when it was due, so a slow answer that delays the next
 * request shows in that one's time too); 0: every client sends its next request as soon as its last
 * is answered (a closed loop, as fast as the system answers).
 */
const RATE = Number(process.env.BENCH_MIXED_RATE ?? 80);
/**
 * 1: the services also export their spans to a local collector, and each scenario prints where the
 * time of the run request and of the report goes. Tracing costs CPU of its own: such a run's other
 * figures are not comparable with an untraced one's.
 */
const TRACE = process.env.BENCH_MIXED_TRACE === '1';
/** Before the load, one client alone for this many seconds (the same mix): what each route costs without waiting for others; 0 skips it. */
const ALONE_SECONDS = Number(process.env.BENCH_MIXED_ALONE_SECONDS ?? 20);

/** What one run of the scenario measured. */
interface Outcome {
  /** One client alone, before the load. */
  alone: Sample[];
  samples: Sample[];
  runsBefore: number;
  runsStarted: number;
  /** From the end of the load until every run had ended; null: some never did. */
  msToAllEnded: number | null;
  statuses: Record<string, number>;
  ledgers: LedgerCheck[];
  cpu: Map<string, number>;
  /** With BENCH_MIXED_TRACE=1, the spans exported during the load. */
  spans: CollectedSpan[];
}

/**
 * The scenario once, on a stack of its own against `mongoUrl` (the test run's store unless given):
 * accounts and trackers with finished runs, the clients for SECONDS, then every run waited for and
 * the ledger checked.
 */
async function scenario(label: string, mongoUrl?: string): Promise<Outcome> {
  const peers = await startSurfacePeers({ delayMs: PEER_DELAY_MS });
  const collector = TRACE ? await startOtlpCollector() : null;
  const stack = await startStack([], { ...peers.env, ...collector?.env, SHUTDOWN_GRACE_MS: '1000', ...(mongoUrl && { MONGO_URL: mongoUrl }) });
  const children: ServiceProcess[] = [];
  try {
    for (const service of ['billing', 'tracker', 'runner', 'gateway']) children.push(await spawnReady(stack, service));
    const runs: StartedRun[] = [];
    const accounts = await Promise.all(Array.from({ length: ACCOUNTS }, (_, i) => preparedAccount(stack, i, runs)));
    const prepared = runs.length;
    const alone: Sample[] = [];
    await client(stack.gatewayUrl, accounts[0]!, createRng(`${label}-alone`), `${label}-alone`, Date.now() + ALONE_SECONDS * 1000, 0, alone, runs);
    // Its runs end before the load starts, so the load begins with free slots as without it.
    await eventually(
      async () => Promise.all(runs.slice(prepared).map(async (r) => (await stack.api('GET', `/api/v1/trackers/${r.trackerId}/runs/${r.runId}`, { key: accounts[r.account]!.apiKey })).body?.run?.status)),
      (statuses) => statuses.every(ENDED),
      120_000,
      250,
    );

    const runsBefore = runs.length;
    const samples: Sample[] = [];
    const spansBefore = collector?.spans.length ?? 0;
    const meter = cpuMeter();
    const deadline = Date.now() + SECONDS * 1000;
    const clients = accounts.flatMap((account) =>
      Array.from({ length: CLIENTS_PER_ACCOUNT }, (_, c) => {
        const name = `${label}-${account.index}-${c}`;
        return client(stack.gatewayUrl, account, createRng(name), name, deadline, RATE > 0 ? (ACCOUNTS * CLIENTS_PER_ACCOUNT * 1000) / RATE : 0, samples, runs);
      }),
    );
    await Promise.all(clients);
    const cpu = meter.stop();
    const loadEnded = Date.now();

    // Every run the bench caused, until it has ended: its status and bill.
    const ended = new Map<string, { status: string; billedCostMicro: number }>();
    const readEnded = async () => {
      for (const run of runs.filter((r) => !ended.has(r.runId))) {
        const read = await stack.api('GET', `/api/v1/trackers/${run.trackerId}/runs/${run.runId}`, { key: accounts[run.account]!.apiKey });
        if (ENDED(read.body?.run?.status)) ended.set(run.runId, read.body.run);
      }
      return runs.length - ended.size;
    };
    const allEnded = await eventually(readEnded, (left) => left === 0, 300_000, 250).then(() => true, () => false);
    const msToAllEnded = allEnded ? Date.now() - loadEnded : null;

    // Billing captures or releases a run's hold just after the run ends: asked again until exact, for a while.
    const ledgers = await Promise.all(
      accounts.map((account) => {
        const billed = runs.filter((r) => r.account === account.index).reduce((sum, r) => sum + (ended.get(r.runId)?.billedCostMicro ?? 0), 0);
        let last: LedgerCheck | undefined;
        return eventually(async () => (last = await checkLedger(stack, account, CREDITS_MICRO, allEnded ? billed : null)), (l) => l.problems.length === 0, 30_000, 250).catch(() => last!);
      }),
    );
    const statuses: Record<string, number> = {};
    for (const { status } of ended.values()) statuses[status] = (statuses[status] ?? 0) + 1;
    const spans = collector?.spans.slice(spansBefore) ?? [];
    return { alone, samples, runsBefore, runsStarted: runs.length - runsBefore, msToAllEnded, statuses, ledgers, cpu, spans };
  } finally {
    await Promise.all(children.map((c) => c.child.stop()));
    await stack.stop();
    await Promise.all([peers.close(), collector?.close()]);
  }
}

/** Count, p50 and p99 (ms) of the samples that `keep`. */
function timing(samples: Sample[], keep: (s: Sample) => boolean): { count: number; p50: number; p99: number } {
  const ms = samples.filter(keep).map((s) => s.ms).sort((a, b) => a - b);
  return { count: ms.length, p50: percentile(ms, 0.5), p99: percentile(ms, 0.99) };
}

const HEADER =
  `${ACCOUNTS} accounts × ${TRACKERS_PER_ACCOUNT} trackers (3 prompts × 3 surfaces, ${RUNS_BEFORE} finished runs each before), ` +
  `${ACCOUNTS * CLIENTS_PER_ACCOUNT} clients (${CLIENTS_PER_ACCOUNT} per account) for ${SECONDS} s, each request one of the 5 routes picked uniformly at random (seeded), ` +
  `${RATE > 0 ? `paced at ${RATE} requests/s in all (an open loop; a request's time counts from when it was due)` : 'each client sending its next request when its last is answered (a closed loop)'}; the AI peers (all 5 surfaces) answer after ${PEER_DELAY_MS} ms; billing, tracker, runner and gateway each a process of its own`;

/**
 * Where the time of the requests to `route` (answered `status`, or any) went: for each kind of span the request waited for (by
 * service and name: store commands, bus queries and their handling; not the work it only set off,
 * such as the run a run request queues), how many per request and their mean time per request, most
 * time first. Nested spans each count their own time, so the lines overlap.
 */
function timeBreakdown(spans: CollectedSpan[], route: string, status?: number): string[] {
  const statusOf = (s: CollectedSpan) => Number(s.attributes['http.response.status_code'] ?? s.attributes['http.status_code']);
  const roots = spans.filter((s) => s.service === 'gateway' && s.kind === OTLP_KIND.SERVER && s.name === route && (status === undefined || statusOf(s) === status));
  if (roots.length === 0) return [];
  const children = new Map<string, CollectedSpan[]>();
  for (const s of spans) if (s.parentSpanId) children.set(s.parentSpanId, [...(children.get(s.parentSpanId) ?? []), s]);
  const byKind = new Map<string, { calls: number; ms: number }>();
  const count = (span: CollectedSpan): void => {
    for (const child of children.get(span.spanId) ?? []) {
      if (child.kind === OTLP_KIND.CONSUMER) continue;
      if (child.kind !== OTLP_KIND.INTERNAL) {
        const kind = byKind.get(`${child.service}: ${child.name}`) ?? { calls: 0, ms: 0 };
        byKind.set(`${child.service}: ${child.name}`, { calls: kind.calls + 1, ms: kind.ms + child.durationMs });
      }
      count(child);
    }
  };
  roots.forEach(count);
  const mean = roots.reduce((sum, r) => sum + r.durationMs, 0) / roots.length;
  const top = [...byKind].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12);
  return [
    `  traced: ${route}${status === undefined ? '' : ` answered ${status}`}, ${roots.length} requests, ${mean.toFixed(0)} ms each on average; per request:`,
    ...top.map(([name, k]) => `    ${(k.ms / roots.length).toFixed(1).padStart(8)} ms in ${(k.calls / roots.length).toFixed(2)} × ${name}`),
  ];
}

/** The figures of one outcome, and the targets checked against them. */
function describeOutcome(label: string, o: Outcome): string[] {
  const ms = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(0)).padStart(6);
  const cells = (t: ReturnType<typeof timing>) => `${String(t.count).padStart(7)} ${ms(t.p50)} ${ms(t.p99)}`;
  const row = (name: string, keep: (s: Sample) => boolean) => `  ${name.padEnd(40)} ${cells(timing(o.samples, keep))}   ${cells(timing(o.alone, keep))}`;
  const heads = `${'count'.padStart(7)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}`;
  const lines = [
    `mixed load, ${label}: ${HEADER}`,
    `  ${''.padEnd(40)} ${'under the load'.padEnd(21)}   one client alone before it, ${ALONE_SECONDS} s`,
    `  ${'route'.padEnd(40)} ${heads}   ${heads} (ms)`,
  ];
  const byRoute = Object.fromEntries(ROUTES.map((r) => [r, timing(o.samples, (s) => s.route === r)])) as Record<Route, ReturnType<typeof timing>>;
  for (const route of ROUTES) {
    lines.push(row(route, (s) => s.route === route));
    if (route !== 'POST /trackers/:id/runs') continue;
    const statuses = [...new Set([...o.samples, ...o.alone].filter((s) => s.route === route).map((s) => s.status))].sort();
    for (const status of statuses) lines.push(row(`  answered ${status}`, (s) => s.route === route && s.status === status));
  }
  const fivexx = o.samples.filter((s) => typeof s.status === 'number' && s.status >= 500).length;
  const expected = (s: Sample) => s.status === 200 || (s.route === 'POST /trackers/:id/runs' && (s.status === 202 || s.status === 429 || s.status === 402));
  const others: Record<string, number> = {};
  for (const s of o.samples.filter((s) => !expected(s) && !(typeof s.status === 'number' && s.status >= 500))) others[`${s.route} ${s.status}`] = (others[`${s.route} ${s.status}`] ?? 0) + 1;
  const list = (r: Record<string, number>) => Object.entries(r).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
  const ledgerExact = o.ledgers.every((l) => l.problems.length === 0);
  const allEnded = o.msToAllEnded !== null;
  lines.push(
    `  ${o.samples.length} requests (${(o.samples.length / SECONDS).toFixed(1)}/s); 5xx: ${fivexx}; other errors and unexpected answers: ${list(others)}`,
    `  runs: ${o.runsStarted} started during the load (${o.runsBefore} before it); all ended: ${allEnded ? `yes, ${(o.msToAllEnded! / 1000).toFixed(1)} s after the load` : 'NO'}; ${list(o.statuses)}`,
    `  ledger exact: ${ledgerExact ? 'yes' : 'NO'} (${o.ledgers.length} accounts: balance + bills = credits, captured = bills, no open hold)`,
    ...o.ledgers.flatMap((l, i) => l.problems.map((p) => `    account ${i}: ${p}`)),
    `  ${cpuLine(o.cpu, SECONDS, 's of load')}`,
  );
  const p99 = (r: Route) => `${byRoute[r].p99.toFixed(0)} ms`;
  const within = (...routes: Route[]) => routes.every((r) => byRoute[r].p99 <= TARGET_P99_MS[r]);
  lines.push(
    `  target: reads p99 ≤ 100 ms: list ${p99('GET /trackers')}, tracker ${p99('GET /trackers/:id')}, account ${p99('GET /account')} (${verdict(within('GET /trackers', 'GET /trackers/:id', 'GET /account'))})`,
    `  target: report of 5 runs p99 ≤ 200 ms: ${p99('GET /trackers/:id/report?limit=5')} (${verdict(within('GET /trackers/:id/report?limit=5'))})`,
    `  target: run request p99 ≤ 250 ms: ${p99('POST /trackers/:id/runs')} (${verdict(within('POST /trackers/:id/runs'))})`,
    `  target: no 5xx: ${fivexx} (${verdict(fivexx === 0)}); every run ended (${verdict(allEnded)}); ledger exact (${verdict(ledgerExact)})`,
    ...timeBreakdown(o.spans, 'POST /api/v1/trackers/:id/runs', 202),
    ...timeBreakdown(o.spans, 'POST /api/v1/trackers/:id/runs', 429),
    ...timeBreakdown(o.spans, 'GET /api/v1/trackers/:id/report'),
  );
  return lines;
}

/**
 * Issue 30's scenario: reads and run requests from many clients at once while the runs they start
 * execute against AI peers that answer in 150 ms, on the local store whose FerretDB proxy runs reads
 * side by side (the default), then (unless BENCH_MIXED_COMPARE=0) the same against a store whose
 * proxy runs every command one at a time (`--serialise all`, the old behaviour). Prints per route
 * the count, p50 and p99, the run request's answers by status, 5xx, whether every run ended and the
 * ledger is exact, the CPU of each process, and the targets checked against them.
 */
describe('mixed load', () => {
  const outcomes: { label: string; outcome: Outcome }[] = [];

  it('writes one at a time per collection, reads beside them (default)', async () => {
    const label = 'writes one at a time per collection, reads beside them (default)';
    const outcome = await scenario('default');
    outcomes.push({ label, outcome });
    reportFigures(`mixed load: ${label}`, describeOutcome(label, outcome));
  });

  (COMPARE ? it : it.skip)('every command of a database one at a time (--serialise all)', async () => {
    const label = 'every command of a database one at a time (--serialise all)';
    const dir = path.join(process.env.TEST_DATA_DIR!, `mixed-serialise-all-${randomBytes(4).toString('hex')}`);
    fs.mkdirSync(dir, { recursive: true });
    const store: LocalStore = await startStore({ kind: storeKind(), dir, port: await freePort(), durable: false, serialise: 'all', sink: () => () => undefined });
    try {
      const outcome = await scenario('serialised', store.url);
      outcomes.push({ label, outcome });
      const lines = describeOutcome(label, outcome);
      const before = outcomes.find((o) => o.label !== label);
      if (before) {
        lines.push(`  p50 / p99 (ms) side by side: ${before.label} | ${label}`);
        for (const route of ROUTES) {
          const [a, b] = [before.outcome, outcome].map((o) => timing(o.samples, (s) => s.route === route));
          lines.push(`    ${route.padEnd(36)} ${a!.p50.toFixed(0)} / ${a!.p99.toFixed(0)} | ${b!.p50.toFixed(0)} / ${b!.p99.toFixed(0)}`);
        }
      }
      reportFigures(`mixed load: ${label}`, lines);
    } finally {
      await store.stop();
    }
  });
});
