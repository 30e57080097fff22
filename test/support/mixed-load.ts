import { SURFACES } from '@brandradar/contracts';
import { freePort, waitUntil, type ManagedProcess } from '@brandradar/devstack';
import type { Rng } from '../../packages/providers/src/simulated/prng';
import { runManually } from './manual-runs';
import type { TestStack } from './stack';

/*
 * Issue 30's mixed load, shared by its bench (test/bench/mixed-load.bench.ts) and the soak
 * (test/bench/soak.bench.ts): accounts with trackers and finished runs, and clients sending the five
 * routes at random while the runs they start execute.
 */

export const ACCOUNTS = 6;
export const CLIENTS_PER_ACCOUNT = 4;
export const TRACKERS_PER_ACCOUNT = 3;
export const RUNS_BEFORE = 5;
export const PEER_DELAY_MS = 150;
export const CREDITS_MICRO = 1_000_000_000;

export const ROUTES = ['GET /trackers', 'GET /trackers/:id', 'GET /account', 'GET /trackers/:id/report?limit=5', 'POST /trackers/:id/runs'] as const;
export type Route = (typeof ROUTES)[number];

/** Issue 30's bounds on the p99 of each route under this load (ms). */
export const TARGET_P99_MS: Record<Route, number> = {
  'GET /trackers': 100,
  'GET /trackers/:id': 100,
  'GET /account': 100,
  'GET /trackers/:id/report?limit=5': 200,
  'POST /trackers/:id/runs': 250,
};

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
const PRIMITIVES = [
  { primitive: 'rankings', competitors: ['Alpha', 'Beta'] },
  { primitive: 'compare', brand: 'Alpha', competitors: ['Beta'] },
  { primitive: 'citations', url: 'https://www.example.com/best-tools' },
];

/** The t-th tracker of account a: 3 prompts on 3 surfaces, the surfaces turning so all five are asked. */
function trackerBody(a: number, t: number) {
  const first = (a * TRACKERS_PER_ACCOUNT + t) % SURFACES.length;
  const models = [0, 1, 2].map((k) => SURFACES[(first + k) % SURFACES.length]!);
  const prompts = [0, 1, 2].map((k) => `best tools for team ${a}-${t}-${k}`);
  return { name: `Mixed ${a}-${t}`, cadence, prompts, models, ...PRIMITIVES[t % PRIMITIVES.length]! };
}

export interface Account {
  index: number;
  accountId: string;
  apiKey: string;
  trackerIds: string[];
}

/** A run the bench caused, to wait for and to bill. */
export interface StartedRun {
  account: number;
  trackerId: string;
  runId: string;
}

export interface Sample {
  route: Route;
  /** The HTTP status, or 'error' when no answer came. */
  status: number | 'error';
  ms: number;
}

/** A service as a process of its own, and the port of its /readyz and /metrics. */
export interface ServiceProcess {
  service: string;
  child: ManagedProcess;
  opsPort: number;
}

/**
 * A service as a process of its own, named after it (so `cpuMeter` tells them apart), once its
 * /readyz answers; `nodeOptions` adds to its NODE_OPTIONS.
 */
export async function spawnReady(stack: TestStack, service: string, nodeOptions = ''): Promise<ServiceProcess> {
  const opsPort = await freePort();
  const title = `${process.env.NODE_OPTIONS ?? ''} ${nodeOptions} --title=${service}`.trim();
  const child = stack.spawn(service, { OPS_PORT: String(opsPort), NODE_OPTIONS: title });
  await waitUntil(`${service} /readyz`, async () => {
    const res = await fetch(`http://127.0.0.1:${opsPort}/readyz`);
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  }, 60_000);
  return { service, child, opsPort };
}

/** An account with credits and its ACTIVE trackers, each with RUNS_BEFORE finished runs. */
export async function preparedAccount(stack: TestStack, index: number, runs: StartedRun[]): Promise<Account> {
  const { accountId, apiKey } = await stack.account(CREDITS_MICRO);
  const trackerIds: string[] = [];
  for (let t = 0; t < TRACKERS_PER_ACCOUNT; t++) {
    const created = await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: trackerBody(index, t) });
    if (created.status !== 201) throw new Error(`tracker ${index}-${t}: ${created.status} ${JSON.stringify(created.body)}`);
    const { id, estimatedCostMicroPerRun } = created.body.tracker;
    const activated = await stack.api('POST', `/api/v1/trackers/${id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: estimatedCostMicroPerRun } });
    if (activated.status !== 200) throw new Error(`activate ${index}-${t}: ${activated.status} ${JSON.stringify(activated.body)}`);
    trackerIds.push(id);
  }
  // One tracker after the other: the account's three run slots are shared by its trackers.
  for (const trackerId of trackerIds) {
    const { runIds } = await runManually(stack, apiKey, trackerId, RUNS_BEFORE, 600_000, `before-${trackerId}`);
    runs.push(...runIds.map((runId) => ({ account: index, trackerId, runId })));
  }
  return { index, accountId, apiKey, trackerIds };
}

/** One client: until `deadline`, a request picked by `rng` among the five routes, then the next. */
export async function client(gatewayUrl: string, account: Account, rng: Rng, name: string, deadline: number, intervalMs: number, samples: Sample[], started: StartedRun[]): Promise<void> {
  // Clients start at random points of their interval, so their requests do not come in bursts.
  const first = performance.now() + (intervalMs > 0 ? rng.int(0, Math.round(intervalMs)) : 0);
  for (let n = 0; ; n++) {
    const due = intervalMs > 0 ? first + n * intervalMs : performance.now();
    if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
    if (Date.now() >= deadline) break;
    const route = rng.pick(ROUTES);
    const trackerId = rng.pick(account.trackerIds);
    const paths: Record<Route, string> = {
      'GET /trackers': '/api/v1/trackers',
      'GET /trackers/:id': `/api/v1/trackers/${trackerId}`,
      'GET /account': '/api/v1/account',
      'GET /trackers/:id/report?limit=5': `/api/v1/trackers/${trackerId}/report?limit=5`,
      'POST /trackers/:id/runs': `/api/v1/trackers/${trackerId}/runs`,
    };
    const post = route === 'POST /trackers/:id/runs';
    const headers: Record<string, string> = { Authorization: `Bearer ${account.apiKey}`, ...(post && { 'Content-Type': 'application/json' }) };
    let status: Sample['status'] = 'error';
    let body = '';
    try {
      const res = await fetch(gatewayUrl + paths[route], { method: post ? 'POST' : 'GET', headers, body: post ? JSON.stringify({ requestToken: `${name}-${n}` }) : undefined });
      body = await res.text();
      status = res.status;
    } catch {
      // counted as an error below
    }
    samples.push({ route, status, ms: performance.now() - due });
    if (post && status === 202) started.push({ account: account.index, trackerId, runId: JSON.parse(body).run.id });
  }
}

export const ENDED = (status: string | undefined) => status !== undefined && status !== 'QUEUED' && status !== 'RUNNING';
