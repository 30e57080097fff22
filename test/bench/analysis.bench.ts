import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { MAX_ANSWER_TEXT_CHARS, MAX_CITATIONS_PER_ANSWER, MAX_URL_CHARS, SURFACES, type TrackerDefinition } from '@brandradar/contracts';
import { simulateAnswer } from '@brandradar/providers';
import { z } from 'zod';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { reportFigures } from '../support/bench-figures';
import { cpuLine, cpuMeter } from '../support/cpu';
import { runManually } from '../support/manual-runs';
import { startStack } from '../support/stack';

const RUNS = Number(process.env.BENCH_ANALYSIS_RUNS ?? 12);
/** Samples per prompt of the end-to-end runs: each setting runs RUNS / samples runs, so about as many answers. */
const SAMPLES = (process.env.BENCH_ANALYSIS_SAMPLES ?? '1,5').split(',').map(Number);

/** A CRM question (the simulated surfaces answer it with a ranked list of CRMs and their sources). */
const PROMPTS = Array.from({ length: 30 }, (_, i) => `What is the best CRM for a sales team of ${i + 5}?`);
/** As many competitors as a tracker may name, most of them in the answers. */
const COMPETITORS = ['Salesforce', 'HubSpot', 'Pipedrive', 'Zoho CRM', 'Freshsales', 'Monday Sales CRM', 'Close', 'Copper', 'Insightly', 'Attio', 'Keap', 'Nutshell', 'Asana', 'Trello', 'ClickUp', 'Notion', 'Wrike', 'Basecamp', 'Smartsheet', 'Linear'];
const ALIASES = [{ name: 'Monday Sales CRM', aliases: ['monday.com', 'Monday CRM'] }, { name: 'Zoho CRM', aliases: ['Zoho'] }];

const CADENCE = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 } as const;

function definition(fields: Pick<TrackerDefinition, 'primitive' | 'brand' | 'competitors' | 'url' | 'aliases'>): TrackerDefinition {
  return { name: 'Bench', cadence: { ...CADENCE }, prompts: PROMPTS, models: [...SURFACES], ...fields };
}

const DEFINITIONS = [
  definition({ primitive: 'rankings', brand: null, competitors: COMPETITORS, url: null, aliases: ALIASES }),
  definition({ primitive: 'compare', brand: 'HubSpot', competitors: ['Salesforce'], url: null }),
  definition({ primitive: 'sentiment', brand: 'HubSpot', competitors: [], url: null }),
  definition({ primitive: 'citations', brand: null, competitors: [], url: 'https://www.g2.com/categories/crm' }),
];

type Answer = { prompt: string; surface: string; text: string; citations: { url: string; title: string | null }[] };

/** One run's answers: 30 prompts × 5 surfaces, as the simulated surfaces give them. */
function typicalRun(): Answer[] {
  return PROMPTS.flatMap((prompt) => SURFACES.map((surface) => ({ prompt, surface, ...simulateAnswer(surface, prompt) })));
}

/** The same answers at the caps: the text repeated to the longest kept, and the most citations kept, each URL near the longest. */
function cappedRun(): Answer[] {
  return typicalRun().map((a) => ({
    ...a,
    text: a.text.repeat(Math.ceil(MAX_ANSWER_TEXT_CHARS / a.text.length)).slice(0, MAX_ANSWER_TEXT_CHARS),
    citations: Array.from({ length: MAX_CITATIONS_PER_ANSWER }, (_, i) => ({ url: `https://source${i}.example.com/${'a'.repeat(MAX_URL_CHARS - 40)}?n=${i}`, title: `Source ${i}` })),
  }));
}

/** What analysis-alone.js prints: answers per CPU second, by primitive and kind of run. */
const AloneFigures = z.array(z.object({ primitive: z.string(), perSecond: z.record(z.string(), z.number()) }));

/**
 * Answers analysed per second: by the analysis alone (what the runner computes per answer and per
 * run, no I/O, one core), per primitive, for the simulated surfaces' answers and for answers at the
 * caps; then by the whole system, RUNS manual runs of 30 prompts × 5 surfaces (simulated answers,
 * which come back at once), each answer stored, analysed and billed, with the CPU every process used.
 */
describe('answers analysed', () => {
  const lines: string[] = [];
  afterAll(() => reportFigures('answers analysed', lines));

  it('by the analysis alone', () => {
    const input = JSON.stringify({ definitions: DEFINITIONS, runs: { typical: typicalRun(), 'at the caps': cappedRun() } });
    const output = execFileSync(process.execPath, [path.join(__dirname, 'analysis-alone.js')], { input, maxBuffer: 1024 * 1024 });
    lines.push("bench: the runner's analysis alone (each answer, then the run), compiled, in a plain Node process on one core; answers per CPU second");
    for (const { primitive, perSecond } of AloneFigures.parse(JSON.parse(output.toString()))) {
      const figures = Object.entries(perSecond).map(([kind, n]) => `${kind} ${Math.round(n).toLocaleString('en')}/s (${(1e6 / n).toFixed(0)} µs each)`);
      lines.push(`  ${primitive.padEnd(17)} ${figures.join(', ')}`);
    }
  });

  it.each(SAMPLES.map((samples) => [samples]))('by the system, end to end, %i sample(s) per prompt', async (samples) => {
    const stack = await startStack([billingService, trackerService, runnerService, gatewayService], { SHUTDOWN_GRACE_MS: '1000' });
    try {
      const { apiKey } = await stack.account(1_000_000_000);
      const body = { name: 'Bench', cadence: CADENCE, primitive: 'rankings', prompts: PROMPTS, competitors: COMPETITORS, aliases: ALIASES, models: SURFACES, samplesPerPrompt: samples };
      const t = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body })).body.tracker;
      await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
      const started = Date.now();
      const meter = cpuMeter();
      const runs = Math.max(1, Math.round(RUNS / samples));
      const { runIds, unavailable } = await runManually(stack, apiKey, t.id, runs, 3600_000);
      const elapsedMs = Date.now() - started;
      const cpuSeconds = meter.stop();
      let succeeded = 0;
      for (const runId of runIds) succeeded += (await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${runId}`, { key: apiKey })).body.run.summary.succeeded;
      lines.push(
        `bench: ${runs} manual runs of 30 prompts × 5 surfaces × ${samples} sample${samples === 1 ? '' : 's'}, rankings of 20 names: ${succeeded} answers analysed in ${(elapsedMs / 1000).toFixed(1)} s (${(succeeded / (elapsedMs / 1000)).toFixed(1)} answers/s; ${unavailable} run requests answered 503)`,
        `  ${cpuLine(cpuSeconds, succeeded, 'answer')}`,
      );
    } finally {
      await stack.stop();
    }
  });
});
