import { SURFACES } from '@brandradar/contracts';
import { freePort } from '@brandradar/devstack';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { percentile, reportFigures, verdict } from '../support/bench-figures';
import { eventually } from '../support/eventually';
import { runManually } from '../support/manual-runs';
import { startStack, type TestStack } from '../support/stack';

const RUNS = Number(process.env.BENCH_REANALYSIS_RUNS ?? 100);
/** Requests of the latency probe, one every PROBE_EVERY_MS, before and during a throttled sweep. */
const PROBES = Number(process.env.BENCH_REANALYSIS_PROBES ?? 400);
const PROBE_EVERY_MS = 25;
/** The operators' sweep's throttle while the latency is probed (the runner's default: 200). */
const SWEEP_PACE = Number(process.env.BENCH_REANALYSIS_SWEEP_PACE ?? 200);

const PROMPTS = Array.from({ length: 30 }, (_, i) => `What is the best CRM for a sales team of ${i + 5}?`);
const COMPETITORS = ['Salesforce', 'HubSpot', 'Pipedrive', 'Zoho CRM', 'Freshsales', 'Close', 'Copper', 'Insightly', 'Keap', 'Nutshell'];
const TRACKER = {
  name: 'Reanalysis bench',
  cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'rankings',
  prompts: PROMPTS,
  models: [...SURFACES],
  competitors: COMPETITORS,
};
/** The edit a customer makes: a competitor added (the simulated CRM answers name Attio often), with an alias. */
const WITH_ATTIO = { ...TRACKER, competitors: [...COMPETITORS, 'Attio'], aliases: [{ name: 'Attio', aliases: ['attio.com'] }] };

type Job = { status: string; createdAt: string; finishedAt: string | null; runs: { total?: number; done: number }; answers?: { done: number } };

/** Polls `get` until the job has ended; its own clock says how long it took. */
async function ended(get: () => Promise<Job | undefined>): Promise<Job & { seconds: number }> {
  const job = (await eventually(get, (j) => j?.status === 'COMPLETED' || j?.status === 'FAILED', 3600_000, 100))!;
  expect(job.status).toBe('COMPLETED');
  return { ...job, seconds: (Date.parse(job.finishedAt!) - Date.parse(job.createdAt)) / 1000 };
}

/** Latencies (ms, sorted) of the report's newest run, asked every PROBE_EVERY_MS: a query the runner answers, so it feels a busy runner. */
async function probeLatency(stack: TestStack, apiKey: string, trackerId: string): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < PROBES; i++) {
    const started = performance.now();
    const res = await stack.api('GET', `/api/v1/trackers/${trackerId}/report?limit=1`, { key: apiKey });
    expect(res.status).toBe(200);
    const ms = performance.now() - started;
    latencies.push(ms);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - ms)));
  }
  return latencies.sort((a, b) => a - b);
}

const latencyLine = (what: string, sorted: number[]) => `  ${what}: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms (${sorted.length} requests)`;

/**
 * Reanalysis (issue 32): RUNS (default 100) runs of 30 prompts × 5 surfaces (150 answers each) of a
 * rankings tracker of 10 names, then a competitor added. Measures: the tracker's reanalysis at the
 * runner's default pace (target ≤ 30 s for 100 runs); the sweep's pace with the throttle off, on a
 * runner of its own (target ≥ 1,000 answers/s); the API's latency (a report read, answered by the
 * runner) before and during an operators' sweep at BENCH_REANALYSIS_SWEEP_PACE answers a second
 * (default 200, the runner's default), last, so that this sweep (left unfinished) competes with nothing.
 */
it(`reanalyses a tracker of ${RUNS} runs of 150 answers, and sweeps them`, async () => {
  const stack = await startStack([billingService, trackerService, runnerService, gatewayService], { SHUTDOWN_GRACE_MS: '1000', REANALYSIS_SWEEP_ANSWERS_PER_SECOND: String(SWEEP_PACE) });
  const lines: string[] = [];
  try {
    const { apiKey } = await stack.account(1_000_000_000);
    const t = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: TRACKER })).body.tracker;
    await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
    const { runIds } = await runManually(stack, apiKey, t.id, RUNS, 3600_000);
    expect((await stack.api('PATCH', `/api/v1/trackers/${t.id}`, { key: apiKey, body: WITH_ATTIO })).status).toBe(200);
    const answers = RUNS * PROMPTS.length * SURFACES.length;

    const queued = (await stack.api('POST', `/api/v1/trackers/${t.id}/reanalysis`, { key: apiKey, body: { requestToken: 'bench' } })).body.reanalysis;
    const job = await ended(async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/reanalysis/${queued.id}`, { key: apiKey })).body.reanalysis);
    expect(job.runs).toEqual({ total: RUNS, done: RUNS });
    lines.push(
      `bench: a tracker's reanalysis, ${RUNS} runs of 150 answers (${answers.toLocaleString('en')}), at the default pace (REANALYSIS_ANSWERS_PER_SECOND 2,000): ${job.seconds.toFixed(1)} s, ${Math.round(answers / job.seconds).toLocaleString('en')} answers/s; target ≤ 30 s for 100 runs: ${verdict(job.seconds <= 30 * (RUNS / 100))}`,
    );

    // The throttle off, on a runner process of its own (its pace is a setting read at start).
    await stack.running.get('runner')!.stop();
    const runner = stack.spawn('runner', { OPS_PORT: String(await freePort()), REANALYSIS_SWEEP_ANSWERS_PER_SECOND: '0', REANALYSIS_LOCK_MS: '2000', RUN_ACK_WAIT_MS: '5000' });
    try {
      const fast = (await eventually(() => stack.admin('POST', '/admin/v1/reanalysis', { requestToken: 'bench-unthrottled' }), (r) => r.status === 202)).body.sweep;
      const done = await ended(async () => (await stack.admin('GET', `/admin/v1/reanalysis/${fast.id}`)).body.sweep);
      const perSecond = done.answers!.done / done.seconds;
      lines.push(
        `bench: an operators' sweep with the throttle off: ${done.answers!.done.toLocaleString('en')} answers (${done.runs.done} runs) in ${done.seconds.toFixed(1)} s, ${Math.round(perSecond).toLocaleString('en')} answers/s; target ≥ 1,000/s: ${verdict(perSecond >= 1_000)}`,
      );
    } finally {
      await runner.stop();
      await stack.start(runnerService);
    }
    lines.push('bench: a report read (limit 1, answered by the runner) every 25 ms:');
    lines.push(latencyLine('with no reanalysis', await probeLatency(stack, apiKey, t.id)));
    const sweep = (await stack.admin('POST', '/admin/v1/reanalysis', { requestToken: 'bench-throttled' })).body.sweep;
    lines.push(latencyLine(`during a sweep at ${SWEEP_PACE} answers/s (REANALYSIS_SWEEP_ANSWERS_PER_SECOND)`, await probeLatency(stack, apiKey, t.id)));
    const throttled = (await stack.admin('GET', `/admin/v1/reanalysis/${sweep.id}`)).body.sweep as Job;
    lines.push(`  the sweep meanwhile: ${throttled.answers!.done.toLocaleString('en')} answers in ${((Date.now() - Date.parse(throttled.createdAt)) / 1000).toFixed(0)} s`);

    expect(runIds).toHaveLength(RUNS);
  } finally {
    reportFigures('reanalysis', lines);
    await stack.stop();
  }
}, 3_600_000);
