// Samples per prompt (api-contract §10) through the API, with the simulated surfaces billed at the card's rates.
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { accountSettlesAt } from '../support/accounts';
import { startStack, type TestStack } from '../support/stack';
import { finishedRun } from '../support/tracker-runs';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
});
afterAll(() => stack.stop());

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
const rankings = { name: 'Project tools', cadence, primitive: 'rankings', prompts: ['best project tools', 'tools like monday.com'], competitors: ['monday.com', 'Asana', '$x'] };
/** The card's rates of the default surfaces (chatgpt, perplexity, gemini). */
const DEFAULT_SURFACES_RATE = 5_000 + 4_000 + 4_000;

type Answer = { model: string; sample: number; status: string; metrics: { brands?: { mentioned: boolean }[] } | null };
type Rate = { value: number | null; count: number; n: number; clusters: number; effectiveN: number; interval: { low: number; high: number } | null };
type BrandMetrics = { name: string; mentionRate: Rate; shareOfVoice: { clusters: number }; stability: { cells: number; agreeing: number; rate: number } | null; positionQuartiles: unknown };
type Run = { id: string; status: string; metrics: { brands: BrandMetrics[]; bySurface: Record<string, { brands: BrandMetrics[] }> }; samplesPerPrompt: number; samplingMode: string; billedCostMicro: number; estimatedCostMicro: number; summary: { answers: number; succeeded: number; failed: number }; results: { prompt: string; answers: Answer[] }[] };

async function activeTracker(key: string, body: Record<string, unknown>) {
  const created = await stack.api('POST', '/api/v1/trackers', { key, body });
  expect(created.status).toBe(201);
  const t = created.body.tracker;
  expect((await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } })).status).toBe(200);
  return t as { id: string; estimatedCostMicroPerRun: number };
}

/** A cell's answers: one prompt on one surface, by sample. */
function cells(run: Run): Answer[][] {
  return run.results.flatMap((r) => [...new Set(r.answers.map((a) => a.model))].map((model) => r.answers.filter((a) => a.model === model)));
}

const mentionReading = (a: Answer) => (a.metrics?.brands ?? []).map((b) => (b.mentioned ? 1 : 0)).join('');

describe('tracker fields', () => {
  it('defaults to 1 fixed sample, multiplies the estimate by the samples, and a full update without them goes back to the defaults', async () => {
    const { apiKey: key } = await stack.account();
    const plain = (await stack.api('POST', '/api/v1/trackers', { key, body: rankings })).body.tracker;
    expect(plain).toMatchObject({ samplesPerPrompt: 1, samplingMode: 'fixed', estimatedCostMicroPerRun: 2 * DEFAULT_SURFACES_RATE });

    const sampled = await stack.api('POST', '/api/v1/trackers', { key, body: { ...rankings, samplesPerPrompt: 5, samplingMode: 'adaptive' } });
    expect(sampled.status).toBe(201);
    expect(sampled.body.tracker).toMatchObject({ samplesPerPrompt: 5, samplingMode: 'adaptive', estimatedCostMicroPerRun: 2 * 5 * DEFAULT_SURFACES_RATE });
    expect((await stack.api('GET', `/api/v1/trackers/${sampled.body.tracker.id}`, { key })).body.tracker).toMatchObject({ samplesPerPrompt: 5, samplingMode: 'adaptive' });

    const replaced = await stack.api('PATCH', `/api/v1/trackers/${sampled.body.tracker.id}`, { key, body: { ...rankings, models: ['chatgpt'] } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.tracker).toMatchObject({ samplesPerPrompt: 1, samplingMode: 'fixed', estimatedCostMicroPerRun: 2 * 5_000 });
  });

  it.each([
    ['samplesPerPrompt', 0],
    ['samplesPerPrompt', 11],
    ['samplesPerPrompt', 2.5],
    ['samplesPerPrompt', '3'],
    ['samplesPerPrompt', null],
    ['samplingMode', 'sometimes'],
    ['samplingMode', null],
  ])('refuses %s %j with 400 naming the field, and changes nothing', async (field, value) => {
    const { apiKey: key } = await stack.account();
    const t = (await stack.api('POST', '/api/v1/trackers', { key, body: { ...rankings, samplesPerPrompt: 2 } })).body.tracker;
    const created = await stack.api('POST', '/api/v1/trackers', { key, body: { ...rankings, [field]: value } });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({ code: 'validation_error' });
    expect(JSON.stringify(created.body.error)).toContain(field);
    const updated = await stack.api('PATCH', `/api/v1/trackers/${t.id}`, { key, body: { ...rankings, models: ['chatgpt', 'perplexity', 'gemini'], [field]: value } });
    expect(updated.status).toBe(400);
    expect((await stack.api('GET', `/api/v1/trackers/${t.id}`, { key })).body.tracker).toEqual(t);
    expect((await stack.api('GET', '/api/v1/trackers', { key })).body.trackers).toHaveLength(1);
  });
});

describe('a run with samples', () => {
  it('fixed: asks every prompt × surface cell k times, lists every sample by model then sample, and bills each succeeded answer', async () => {
    const { apiKey: key } = await stack.account();
    const t = await activeTracker(key, { ...rankings, samplesPerPrompt: 3 });
    const run = await finishedRun<Run>(stack, key, t.id, 'fixed-3');
    expect(run).toMatchObject({ status: 'COMPLETED', samplesPerPrompt: 3, samplingMode: 'fixed', summary: { answers: 18, succeeded: 18, failed: 0 } });
    expect(run.estimatedCostMicro).toBe(t.estimatedCostMicroPerRun);
    expect(run.billedCostMicro).toBe(2 * 3 * DEFAULT_SURFACES_RATE);
    for (const r of run.results) {
      expect(r.answers.map((a) => [a.model, a.sample])).toEqual(['chatgpt', 'perplexity', 'gemini'].flatMap((m) => [1, 2, 3].map((s) => [m, s])));
    }
    await accountSettlesAt(stack, key, { balanceMicro: 1_000_000 - run.billedCostMicro, spentThisMonthMicro: run.billedCostMicro });

    // The figures are taken over 6 cells of 3 answers each, and say how stable each name is across them.
    for (const brand of run.metrics.brands) {
      expect(brand.mentionRate).toMatchObject({ n: 18, clusters: 6 });
      expect(brand.mentionRate.effectiveN).toBeLessThanOrEqual(18);
      expect(brand.shareOfVoice.clusters).toBe(6);
      expect(brand.stability).toMatchObject({ cells: 6 });
      const agreeing = cells(run).filter((cell) => {
        const index = run.metrics.brands.indexOf(brand);
        return new Set(cell.map((a) => a.metrics!.brands![index]!.mentioned)).size === 1;
      }).length;
      expect(brand.stability!.agreeing).toBe(agreeing);
      expect(brand).toHaveProperty('positionQuartiles');
    }
    expect(run.metrics.bySurface.chatgpt!.brands[0]!.mentionRate).toMatchObject({ n: 6, clusters: 2 });
  });

  it('adaptive: asks 2 samples of each cell, and the others only of a cell whose two disagree on a tracked name; bills what it asked', async () => {
    const { apiKey: key } = await stack.account();
    const t = await activeTracker(key, { ...rankings, samplesPerPrompt: 4, samplingMode: 'adaptive' });
    const run = await finishedRun<Run>(stack, key, t.id, 'adaptive-4');
    expect(run.status).toBe('COMPLETED');
    const asked = cells(run);
    expect(asked).toHaveLength(6);
    for (const cell of asked) {
      const [first, second] = cell;
      const disagree = mentionReading(first!) !== mentionReading(second!);
      expect(cell.map((a) => a.sample)).toEqual(disagree ? [1, 2, 3, 4] : [1, 2]);
    }
    const answers = asked.reduce((sum, cell) => sum + cell.length, 0);
    expect(run.summary).toEqual({ answers, succeeded: answers, failed: 0 });
    expect(run.billedCostMicro).toBeLessThanOrEqual(run.estimatedCostMicro);
    expect(run.billedCostMicro).toBe(asked.reduce((sum, cell) => sum + cell.length * (cell[0]!.model === 'chatgpt' ? 5_000 : 4_000), 0));
  });

  it('gives a sentiment run the stability of its brand over the cells', async () => {
    const { apiKey: key } = await stack.account();
    const sentiment = { name: 'How monday.com sounds', cadence, primitive: 'sentiment', prompts: ['is monday.com good?', 'monday.com reviews'], brand: 'monday.com', models: ['chatgpt', 'gemini'], samplesPerPrompt: 3 };
    const t = await activeTracker(key, sentiment);
    const run = (await finishedRun<Run>(stack, key, t.id, 'sentiment-3')) as Run & { metrics: { stability: { cells: number; agreeing: number } | null; bySurface: Record<string, { stability: { cells: number } | null }> } };
    expect(run.summary.answers).toBe(12);
    expect(run.metrics.stability).toMatchObject({ cells: 4 });
    expect(run.metrics.bySurface.gemini!.stability).toMatchObject({ cells: 2 });
  });

  it('draws new simulated answers in each run, so two runs of one tracker differ', async () => {
    const { apiKey: key } = await stack.account();
    const t = await activeTracker(key, { ...rankings, samplesPerPrompt: 2 });
    const [first, second] = [await finishedRun<Run>(stack, key, t.id, 'draw-1'), await finishedRun<Run>(stack, key, t.id, 'draw-2')];
    const texts = (run: Run) => run.results.flatMap((r) => r.answers.map((a) => (a as Answer & { text: string }).text));
    const same = texts(first).filter((text, i) => text === texts(second)[i]).length;
    expect(same).toBeLessThan(texts(first).length / 2);
    // Samples of one cell differ within a run too.
    expect(new Set(texts(first)).size).toBeGreaterThan(texts(first).length / 2);
  });

  it('runs 30 prompts × 5 surfaces × 10 samples (1,500 answers) to its end, and serves the run and the report', async () => {
    const { apiKey: key } = await stack.account(100_000_000);
    const prompts = Array.from({ length: 30 }, (_, i) => `best project tool number ${i + 1} for a team of ${i + 3}`);
    const t = await activeTracker(key, { ...rankings, prompts, models: ['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview'], samplesPerPrompt: 10 });
    const run = await finishedRun<Run>(stack, key, t.id, 'largest', 240_000);
    expect(run).toMatchObject({ status: 'COMPLETED', summary: { answers: 1_500, succeeded: 1_500, failed: 0 } });
    expect(run.results.flatMap((r) => r.answers)).toHaveLength(1_500);
    const report = await stack.api('GET', `/api/v1/trackers/${t.id}/report?limit=1`, { key });
    expect(report.status).toBe(200);
    expect(report.body.runs[0].results.flatMap((r: Run['results'][number]) => r.answers)).toHaveLength(1_500);
  }, 300_000);
});
