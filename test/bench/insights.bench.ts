import { answerInsight, computeInsights, type InsightAnswer } from '@brandradar/analysis';
import { INSIGHTS_LIMITS, SURFACES } from '@brandradar/contracts';
import { simulateAnswer } from '@brandradar/providers';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { reportFigures } from '../support/bench-figures';
import { runManually } from '../support/manual-runs';
import { startStack } from '../support/stack';

/** Runs of the end-to-end part: 30 prompts × 5 surfaces × SAMPLES answers each. */
const RUNS = Number(process.env.BENCH_INSIGHTS_RUNS ?? 4);
const SAMPLES = Number(process.env.BENCH_INSIGHTS_SAMPLES ?? 5);
const PROMPTS = Array.from({ length: 30 }, (_, i) => `What is the best CRM for a sales team of ${i + 5}?`);
const NAMES = { primitive: 'compare' as const, brand: 'HubSpot', competitors: ['Salesforce', 'Pipedrive'], aliases: [] };
const TRACKER = {
  name: 'Insights bench',
  cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'compare',
  prompts: PROMPTS,
  models: [...SURFACES],
  brand: NAMES.brand,
  competitors: NAMES.competitors,
  samplesPerPrompt: SAMPLES,
};

/**
 * Insights (issue 33): the analysis alone (discovery and detection of every answer, then the
 * aggregation), on the most answers one query reads (INSIGHTS_LIMITS.answers) of simulated CRM
 * answers; then through the API, the first ask of a tracker's newest runs (read and computed) and
 * the next (kept by the runner).
 */
it('computes insights over the most answers a query reads, alone and through the API', async () => {
  const answers: InsightAnswer[] = Array.from({ length: INSIGHTS_LIMITS.answers }, (_, i) => {
    const prompt = PROMPTS[i % PROMPTS.length]!;
    const surface = SURFACES[Math.floor(i / PROMPTS.length) % SURFACES.length]!;
    const sample = 1 + Math.floor(i / (PROMPTS.length * SURFACES.length));
    const { text, citations } = simulateAnswer(surface, prompt, { runId: 'bench', sample });
    return { runId: 'bench', prompt, surface, sample, text, citations };
  });
  computeInsights(NAMES, answers.slice(0, 50)); // warm: the word lists load at the first use
  const started = performance.now();
  const insights = computeInsights(NAMES, answers, answers.map((a) => answerInsight(NAMES, a.text)));
  const aloneMs = performance.now() - started;
  expect(insights.discoveredNames.length).toBeGreaterThan(0);

  const stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
  const lines = [`bench: insights of ${answers.length.toLocaleString('en')} simulated answers, analysis alone: ${aloneMs.toFixed(0)} ms (${Math.round((answers.length / aloneMs) * 1000).toLocaleString('en')} answers/s)`];
  try {
    const { apiKey } = await stack.account(1_000_000_000);
    const t = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: TRACKER })).body.tracker;
    await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
    await runManually(stack, apiKey, t.id, RUNS, 3600_000);
    const ask = async () => {
      const asked = performance.now();
      const res = await stack.api('GET', `/api/v1/trackers/${t.id}/insights?runs=${RUNS}`, { key: apiKey });
      expect(res.status).toBe(200);
      return { ms: performance.now() - asked, runs: res.body.insights.runs.length, answers: res.body.insights.answers };
    };
    const first = await ask();
    const next = await ask();
    lines.push(
      `bench: GET …/insights?runs=${RUNS} over runs of ${PROMPTS.length * SURFACES.length * SAMPLES} answers: first ${first.ms.toFixed(0)} ms (${first.runs} runs, ${first.answers.toLocaleString('en')} answers read and analysed), next ${next.ms.toFixed(0)} ms (kept)`,
    );
  } finally {
    await stack.stop();
    reportFigures('insights', lines);
  }
});
