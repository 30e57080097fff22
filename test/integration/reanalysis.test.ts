// Analysis versions and reanalysis (api-contract §11) through the API, with the simulated surfaces billed at the card's rates.
import { ANALYSIS_VERSION, computeMetrics } from '@brandradar/analysis';
import { freePort, type ManagedProcess } from '@brandradar/devstack';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { answerMetrics } from '../../services/runner/src/domain/answer-metrics';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { accountSettlesAt } from '../support/accounts';
import { eventually } from '../support/eventually';
import { metricValue } from '../support/metrics';
import { startStack, type TestStack } from '../support/stack';
import { activeTracker, finishedRun } from '../support/tracker-runs';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
});
afterAll(() => stack.stop());

const cadence = { frequency: 'weekly' as const, timezone: 'UTC', time: '09:00', weekday: 1 };
const prompts = ['best CRM for a small sales team', 'CRM like HubSpot but cheaper', 'which CRM should a startup pick'];
const compare = { name: 'CRM', cadence, primitive: 'compare', prompts, models: ['chatgpt', 'perplexity', 'gemini'], brand: 'HubSpot', competitors: ['Salesforce'] };
const withZoho = { ...compare, competitors: ['Salesforce', 'Zoho CRM'], aliases: [{ name: 'Zoho CRM', aliases: ['Zoho'] }] };

type Answer = { model: string; status: string; text: string | null; citations: { url: string; title: string | null }[]; metrics: Record<string, unknown> | null };
type Run = {
  id: string;
  status: string;
  analysisVersion: string;
  billedCostMicro: number;
  metrics: { brands: { name: string }[] } & Record<string, unknown>;
  delta: { previousRunId?: string; brands: { name: string; presence: string }[] } | null;
  results: { prompt: string; answers: Answer[] }[];
};
type Reanalysis = { id: string; trackerId: string; status: string; runs: { total: number; done: number }; analysisVersion: string; createdAt: string; finishedAt: string | null; error: unknown };

async function activate(key: string, id: string) {
  const tracker = (await stack.api('GET', `/api/v1/trackers/${id}`, { key })).body.tracker;
  expect((await stack.api('POST', `/api/v1/trackers/${id}/activate`, { key, body: { maxCostMicroPerRun: tracker.estimatedCostMicroPerRun } })).status).toBe(200);
}

const getRun = async (key: string, trackerId: string, runId: string) => (await stack.api('GET', `/api/v1/trackers/${trackerId}/runs/${runId}`, { key })).body.run as Run;

/** The job once it has ended (asked again while no runner answers, e.g. one starting). */
async function reanalysed(key: string, trackerId: string, id: string, timeoutMs = 60_000): Promise<Reanalysis> {
  return eventually(
    async () => (await stack.api('GET', `/api/v1/trackers/${trackerId}/reanalysis/${id}`, { key })).body.reanalysis as Reanalysis | undefined,
    (r) => r?.status === 'COMPLETED' || r?.status === 'FAILED',
    timeoutMs,
    200,
  ) as Promise<Reanalysis>;
}

/** What a fresh run of `definition` on the same answers gives: each answer's metrics and the run's. */
function freshAnalysis(run: Run, definition: typeof withZoho) {
  const d = { ...definition, primitive: 'compare' as const, models: [], url: null };
  const succeeded = run.results.flatMap((r) => r.answers.filter((a) => a.status === 'succeeded').map((a) => ({ prompt: r.prompt, a })));
  return {
    answers: succeeded.map(({ a }) => answerMetrics(d, a.text!, a.citations)),
    metrics: computeMetrics({ ...d, answers: succeeded.map(({ prompt, a }) => ({ prompt, surface: a.model, text: a.text!, citations: a.citations })) }),
  };
}

const answersOf = (run: Run) => run.results.flatMap((r) => r.answers.filter((a) => a.status === 'succeeded').map((a) => a.metrics));

describe('analysis versions', () => {
  it('every run and every answer’s metrics carry the current version, and the report lists it once', async () => {
    const { apiKey: key } = await stack.account();
    const id = await activeTracker(stack, key, compare);
    const run = await finishedRun<Run>(stack, key, id, 'versions-1');
    expect(run.analysisVersion).toBe(ANALYSIS_VERSION);
    for (const metrics of answersOf(run)) expect(metrics).toMatchObject({ analysisVersion: ANALYSIS_VERSION });
    const report = (await stack.api('GET', `/api/v1/trackers/${id}/report`, { key })).body;
    expect(report.analysisVersions).toEqual([ANALYSIS_VERSION]);
  });
});

describe('reanalysis of a tracker', () => {
  it('gives earlier runs a competitor added since, with the values a fresh run on the same answers gives, free, and keeps the series', async () => {
    const { apiKey: key } = await stack.account();
    const id = await activeTracker(stack, key, compare);
    const first = await finishedRun<Run>(stack, key, id, 'run-1');
    const second = await finishedRun<Run>(stack, key, id, 'run-2');
    expect(second.delta?.previousRunId).toBe(first.id);
    const account = (await stack.api('GET', '/api/v1/account', { key })).body.account;

    // Names only: the tracker is a DRAFT again, which a reanalysis does not mind.
    const patched = await stack.api('PATCH', `/api/v1/trackers/${id}`, { key, body: withZoho });
    expect(patched.status).toBe(200);
    const queued = await stack.api('POST', `/api/v1/trackers/${id}/reanalysis`, { key, body: { requestToken: 'added Zoho 🎉' } });
    expect(queued.status).toBe(202);
    expect(queued.headers.get('location')).toBe(`/api/v1/trackers/${id}/reanalysis/${queued.body.reanalysis.id}`);
    expect(queued.body.reanalysis).toMatchObject({ trackerId: id, status: 'QUEUED', runs: { total: 2, done: 0 }, analysisVersion: ANALYSIS_VERSION, finishedAt: null, error: null });
    const replay = await stack.api('POST', `/api/v1/trackers/${id}/reanalysis`, { key, body: { requestToken: 'added Zoho 🎉' } });
    expect(replay.status).toBe(200);
    expect(replay.body.reanalysis.id).toBe(queued.body.reanalysis.id);

    const done = await reanalysed(key, id, queued.body.reanalysis.id);
    expect(done).toMatchObject({ status: 'COMPLETED', runs: { total: 2, done: 2 }, error: null });
    expect(done.finishedAt).not.toBeNull();

    for (const before of [first, second]) {
      const after = await getRun(key, id, before.id);
      const fresh = freshAnalysis(after, withZoho);
      expect(after.metrics).toEqual(fresh.metrics);
      expect(after.metrics.brands.map((b) => b.name)).toEqual(['HubSpot', 'Salesforce', 'Zoho CRM']);
      expect(answersOf(after)).toEqual(fresh.answers);
      // The answers themselves, what was billed and when, are as they were.
      expect(after.results.map((r) => r.answers.map((a) => a.text))).toEqual(before.results.map((r) => r.answers.map((a) => a.text)));
      expect(after.billedCostMicro).toBe(before.billedCostMicro);
      expect(after.analysisVersion).toBe(ANALYSIS_VERSION);
    }
    const secondAfter = await getRun(key, id, second.id);
    expect(secondAfter.delta?.previousRunId).toBe(first.id);
    expect(secondAfter.delta?.brands.map((b) => [b.name, b.presence])).toEqual([
      ['HubSpot', 'both'],
      ['Salesforce', 'both'],
      ['Zoho CRM', 'both'],
    ]);
    await accountSettlesAt(stack, key, { balanceMicro: account.balanceMicro, spentThisMonthMicro: account.spentThisMonthMicro });

    // Names changed and reanalysed: the next run compares with the last one.
    await activate(key, id);
    const third = await finishedRun<Run>(stack, key, id, 'run-3');
    expect(third.delta?.previousRunId).toBe(second.id);
    // Prompts changed: a new series, no delta across it.
    expect((await stack.api('PATCH', `/api/v1/trackers/${id}`, { key, body: { ...withZoho, prompts: [...prompts, 'CRM with the best mobile app'] } })).status).toBe(200);
    await activate(key, id);
    expect((await finishedRun<Run>(stack, key, id, 'run-4')).delta).toBeNull();
  });

  it('leaves a run of other names without a delta until the earlier runs are reanalysed', async () => {
    const { apiKey: key } = await stack.account();
    const id = await activeTracker(stack, key, compare);
    const first = await finishedRun<Run>(stack, key, id, 'run-1');
    expect((await stack.api('PATCH', `/api/v1/trackers/${id}`, { key, body: withZoho })).status).toBe(200);
    await activate(key, id);
    const second = await finishedRun<Run>(stack, key, id, 'run-2');
    expect(second.delta).toBeNull();
    const queued = await stack.api('POST', `/api/v1/trackers/${id}/reanalysis`, { key, body: { requestToken: 'r' } });
    await reanalysed(key, id, queued.body.reanalysis.id);
    expect((await getRun(key, id, second.id)).delta?.previousRunId).toBe(first.id);
  });

  it('refuses what the contract refuses, changing nothing', async () => {
    const { apiKey: key } = await stack.account();
    const id = await activeTracker(stack, key, compare);
    const other = await activeTracker(stack, key, compare);
    for (const body of [{}, { requestToken: '' }, { requestToken: 'x'.repeat(201) }, { requestToken: 'ok', extra: 1 }, { requestToken: 7 }]) {
      const refused = await stack.api('POST', `/api/v1/trackers/${id}/reanalysis`, { key, body });
      expect([refused.status, refused.body.error.code]).toEqual([400, 'validation_error']);
    }
    expect((await stack.api('POST', `/api/v1/trackers/${id}/reanalysis`, { key, body: { requestToken: '$x' } })).status).toBe(202);
    const conflict = await stack.api('POST', `/api/v1/trackers/${other}/reanalysis`, { key, body: { requestToken: '$x' } });
    expect([conflict.status, conflict.body.error.code]).toEqual([409, 'request_token_conflict']);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await stack.api('POST', `/api/v1/trackers/${unknown}/reanalysis`, { key, body: { requestToken: 'new' } })).status).toBe(404);
    expect((await stack.api('GET', `/api/v1/trackers/${id}/reanalysis/${unknown}`, { key })).status).toBe(404);
    // Another account sees neither the tracker nor its job.
    const { apiKey: stranger } = await stack.account();
    const job = (await stack.api('POST', `/api/v1/trackers/${id}/reanalysis`, { key, body: { requestToken: '$x' } })).body.reanalysis;
    expect((await stack.api('GET', `/api/v1/trackers/${id}/reanalysis/${job.id}`, { key: stranger })).status).toBe(404);
    expect((await stack.api('POST', `/api/v1/trackers/${id}/reanalysis`, { key: stranger, body: { requestToken: 'mine' } })).status).toBe(404);
  });
});

describe('operators', () => {
  it('reanalyse every tracker with runs in a sweep, idempotent per token, and report its progress', async () => {
    const { apiKey: key } = await stack.account();
    const id = await activeTracker(stack, key, compare);
    const run = await finishedRun<Run>(stack, key, id, 'sweep-run');
    expect((await stack.api('PATCH', `/api/v1/trackers/${id}`, { key, body: withZoho })).status).toBe(200);
    const token = `upgrade-${Date.now()}`;
    const queued = await stack.admin('POST', '/admin/v1/reanalysis', { requestToken: token });
    expect(queued.status).toBe(202);
    expect(queued.body.sweep).toMatchObject({ status: 'QUEUED', analysisVersion: ANALYSIS_VERSION, runs: { done: 0 } });
    expect(queued.body.sweep.trackers.total).toBeGreaterThanOrEqual(1);
    expect((await stack.admin('POST', '/admin/v1/reanalysis', { requestToken: token })).body.sweep.id).toBe(queued.body.sweep.id);
    const done = await eventually(
      async () => (await stack.admin('GET', `/admin/v1/reanalysis/${queued.body.sweep.id}`)).body.sweep,
      (s) => s.status === 'COMPLETED' || s.status === 'FAILED',
      120_000,
      250,
    );
    expect(done).toMatchObject({ status: 'COMPLETED', trackers: { done: done.trackers.total } });
    expect(done.runs.done).toBeGreaterThanOrEqual(1);
    expect((await getRun(key, id, run.id)).metrics.brands.map((b) => b.name)).toEqual(['HubSpot', 'Salesforce', 'Zoho CRM']);
    expect((await stack.admin('GET', '/admin/v1/reanalysis/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

it('a reanalysis whose runner is killed half-way finishes once, without redoing or skipping a run', async () => {
  const { apiKey: key } = await stack.account();
  const id = await activeTracker(stack, key, compare);
  const runs: Run[] = [];
  for (let i = 0; i < 6; i++) runs.push(await finishedRun<Run>(stack, key, id, `crash-${i}`));
  expect((await stack.api('PATCH', `/api/v1/trackers/${id}`, { key, body: withZoho })).status).toBe(200);

  // This test's runners are separate processes, so one can really be killed. The first works at one run (9 answers) in 2.25 s, so
  // the progress seen just before the kill is the progress at the kill (the next run would start 2.25 s after the last). The
  // killed runner's message comes back after 2 s, its lease of the tracker ends after 2 s.
  await stack.running.get('runner')!.stop();
  const spawnRunner = async (answersPerSecond: number) => {
    const opsPort = await freePort();
    return { opsPort, process: stack.spawn('runner', { OPS_PORT: String(opsPort), REANALYSIS_ANSWERS_PER_SECOND: String(answersPerSecond), RUN_ACK_WAIT_MS: '2000', REANALYSIS_LOCK_MS: '2000' }) };
  };
  const first = await spawnRunner(4);
  let second: { process: ManagedProcess; opsPort: number } | undefined;
  try {
    // Asked until the new runner answers (it is starting).
    const queued = await eventually(() => stack.api('POST', `/api/v1/trackers/${id}/reanalysis`, { key, body: { requestToken: 'crash' } }), (r) => r.status === 202 || r.status === 200);
    const job = queued.body.reanalysis as Reanalysis;
    const get = async () => (await stack.api('GET', `/api/v1/trackers/${id}/reanalysis/${job.id}`, { key })).body.reanalysis as Reanalysis;
    const halfWay = await eventually(get, (r) => r.runs.done >= 2, 60_000, 50);
    await first.process.kill();
    const doneAtKill = halfWay.runs.done;
    expect(doneAtKill).toBeLessThan(6);

    second = await spawnRunner(0);
    const done = await reanalysed(key, id, job.id, 120_000);
    expect(done).toMatchObject({ status: 'COMPLETED', runs: { total: 6, done: 6 } });
    expect(halfWay.status).toBe('RUNNING');
    // Not redone: the second runner switched at most the runs left at the kill. Not skipped: every run has the new names.
    const opsPort = second.opsPort;
    expect(await metricValue(opsPort, 'reanalysis_runs_total', 'kind="tracker"')).toBeLessThanOrEqual(6 - doneAtKill);
    expect(await metricValue(opsPort, 'reanalysis_jobs_total', 'kind="tracker",status="COMPLETED"')).toBe(1);
    for (const run of runs) {
      const after = await getRun(key, id, run.id);
      expect(after.metrics).toEqual(freshAnalysis(after, withZoho).metrics);
    }
  } finally {
    await first.process.kill();
    await second?.process.stop();
    await stack.start(runnerService);
  }
}, 180_000);
