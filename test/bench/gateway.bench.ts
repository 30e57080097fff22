import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import express from 'express';
import { REPO_ROOT, type ManagedProcess } from '@brandradar/devstack';
import { billingService } from '../../services/billing/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { reportFigures, verdict } from '../support/bench-figures';
import { eventually } from '../support/eventually';
import { startStack, type TestStack } from '../support/stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

/** What autocannon measured over one bounded run. */
interface Load {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Responses counted; requests still under way when a timed run ends are not. */
  responses: number;
  /** Measured by a count of requests, for a route too slow to answer enough in the time. */
  byCount: boolean;
}

/** A run ends after a time, or after a number of requests. */
type Bound = { seconds: number } | { requests: number };

/**
 * Loads `url` until `bound` from a process of its own (autocannon's CLI), so the load generator
 * never shares an event loop with what it measures.
 */
async function load(url: string, apiKey: string | undefined, bound: Bound): Promise<Load> {
  const cli = path.join(REPO_ROOT, 'node_modules', 'autocannon', 'autocannon.js');
  const auth = apiKey ? ['-H', `Authorization=Bearer ${apiKey}`] : [];
  const limit = 'seconds' in bound ? ['-d', String(bound.seconds)] : ['-a', String(bound.requests)];
  // A slow route's requests (the report) may take longer than autocannon's default 10 s under this load.
  const args = [cli, '--json', '-c', String(CONNECTIONS), ...limit, '-t', '120', ...auth, url];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout) as { requests: { total: number }; duration: number; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  return { perSecond: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, responses: r.requests.total, byCount: 'requests' in bound };
}

/** A warm-up, then the measured run; a route that answered fewer than two requests per connection in it is measured by count. */
async function measure(url: string, apiKey?: string): Promise<Load> {
  await load(url, apiKey, { seconds: 2 });
  const timed = await load(url, apiKey, { seconds: SECONDS });
  return timed.responses >= 2 * CONNECTIONS ? timed : load(url, apiKey, { requests: 2 * CONNECTIONS });
}

/** The baseline: bare express answering the same bytes the gateway answered, no auth, no bus. */
async function bareExpress(bodies: Map<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  for (const [p, body] of bodies) app.get(p, (_req, res) => res.type('application/json').send(body));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** The gateway as its own process (its compiled main.js), as it runs in production. */
async function gatewayProcess(stack: TestStack, extraEnv: NodeJS.ProcessEnv): Promise<ManagedProcess> {
  // The per-key limit would otherwise answer most of the load with 429.
  const gateway = stack.spawn('gateway', { RATE_LIMIT_PER_MINUTE: '1000000000', RATE_LIMIT_BURST: '1000000000', ...extraEnv });
  await eventually(() => fetch(`${stack.gatewayUrl}/docs`).then((r) => r.status, () => 0), (s) => s === 200, 60_000);
  return gateway;
}

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
const tracker = (n: number) => ({ name: `Bench ${n}`, cadence, primitive: 'rankings', prompts: ['best tools', 'top tools'], competitors: ['Alpha', 'Beta'] });

/**
 * Cached authenticated reads against bare express serving the same JSON, in one run on one machine:
 * the rate card (no bus hop once cached), the account (one hop: the balance), a list of 25 trackers
 * and a report of 10 runs. The gateway runs as a process of its own, with its caches (defaults) and
 * with them off (`CACHE_TTL_MS=0`: every request asks billing for the key), so the figures show
 * what the cache saves. Prints req/s, p50 and p99 (ms), the ratio to bare express, and any
 * non-2xx answers or errors (timeouts) next to the figure they make meaningless.
 */
it(`gateway reads against bare express, ${CONNECTIONS} connections, ${SECONDS} s each`, async () => {
  const stack = await startStack([billingService, trackerService, runnerService], { SHUTDOWN_GRACE_MS: '1000' });
  let gateway = await gatewayProcess(stack, {});
  const lines: string[] = [];
  try {
    const { apiKey } = await stack.account(1_000_000_000);
    const created: { id: string; estimatedCostMicroPerRun: number }[] = [];
    for (let i = 0; i < 25; i++) created.push((await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: tracker(i) })).body.tracker);
    const activated = await stack.api('POST', `/api/v1/trackers/${created[0]!.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: created[0]!.estimatedCostMicroPerRun } });
    if (activated.status !== 200) throw new Error(`activate: ${activated.status} ${JSON.stringify(activated.body)}`);
    const t = activated.body.tracker as { id: string };
    for (let i = 0; i < 10; i++) {
      const queued = await eventually(() => stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: `bench-${i}` } }), (r) => r.status === 202 || r.status === 200, 120_000);
      await eventually(
        async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${queued.body.run.id}`, { key: apiKey })).body.run?.status,
        (s) => s === 'COMPLETED' || s === 'PARTIAL',
        120_000,
      );
    }
    const paths = { 'GET rates': '/api/v1/rates', 'GET account': '/api/v1/account', 'tracker list of 25': '/api/v1/trackers?limit=25', 'report of 10 runs': `/api/v1/trackers/${t.id}/report?limit=10` };
    const bodies = new Map<string, string>();
    for (const p of Object.values(paths)) {
      const res = await fetch(stack.gatewayUrl + p, { headers: { Authorization: `Bearer ${apiKey}` } });
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      bodies.set(p.split('?')[0]!, await res.text());
    }
    expect(JSON.parse(bodies.get('/api/v1/trackers')!).trackers).toHaveLength(25);
    expect(JSON.parse(bodies.get(`/api/v1/trackers/${t.id}/report`)!).runs).toHaveLength(10);

    const bare = await bareExpress(bodies);
    const results: Record<string, Record<string, Load>> = {};
    try {
      for (const [name, p] of Object.entries(paths)) results[name] = { bare: await measure(bare.url + p), cached: await measure(stack.gatewayUrl + p, apiKey) };
    } finally {
      await bare.close();
    }
    await gateway.stop();
    gateway = await gatewayProcess(stack, { CACHE_TTL_MS: '0' });
    for (const [name, p] of Object.entries(paths)) results[name]!.uncached = await measure(stack.gatewayUrl + p, apiKey);

    lines.push(`bench: gateway reads, ${CONNECTIONS} connections, ${SECONDS} s each (after a 2 s warm-up); req/s, p50/p99 ms, ratio to bare express`);
    for (const [name, r] of Object.entries(results)) {
      const row = (label: string, l: Load) =>
        `  ${name.padEnd(19)} ${label.padEnd(16)} ${l.perSecond.toFixed(l.perSecond < 100 ? 1 : 0).padStart(6)} req/s  p50 ${String(l.p50).padStart(4)}  p99 ${String(l.p99).padStart(4)}  ${(l.perSecond / r.bare!.perSecond).toFixed(2)}×${l.byCount ? `  (${l.responses} requests)` : ''}${l.non2xx + l.errors ? `  (${l.non2xx} non-2xx, ${l.errors} errors)` : ''}`;
      lines.push(row('bare express', r.bare!), row('gateway, cached', r.cached!), row('gateway, no cache', r.uncached!));
    }
    // Issue 16's targets, checked against the ratios of this run.
    const ratio = (name: string) => results[name]!.cached!.perSecond / results[name]!.bare!.perSecond;
    const list = results['tracker list of 25']!.cached!;
    lines.push(
      `  target: cached authenticated reads ≥ 0.25× bare express: rates ${ratio('GET rates').toFixed(2)}×, account ${ratio('GET account').toFixed(2)}× (${verdict(ratio('GET rates') >= 0.25 && ratio('GET account') >= 0.25)})`,
      `  target: tracker list ≥ 0.1× with p99 < 100 ms: ${ratio('tracker list of 25').toFixed(2)}×, p99 ${list.p99} ms (${verdict(ratio('tracker list of 25') >= 0.1 && list.p99 < 100)})`,
    );
    reportFigures('gateway reads', lines);
  } finally {
    await gateway.stop();
    await stack.stop();
  }
});
