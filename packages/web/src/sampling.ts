/**
 * Samples per prompt as the app shows them: what a run asks for and may cost, how a tracked name's
 * mention agrees across the samples of one prompt on one surface (a cell), and the spread of its
 * places. No DOM here, so it is unit-tested (test/web/sampling.test.ts).
 */
import type { LIMITS, RateCard, Run, SamplingMode, Surface } from '@brandradar/contracts';

/** The API's upper bound (LIMITS.samplesPerPrompt), restated because contracts' values do not reach the browser; the type breaks the build if they part. */
export const MAX_SAMPLES: typeof LIMITS.samplesPerPrompt = 10;

type RankingMetrics = Extract<NonNullable<Run['metrics']>, { primitive: 'rankings' | 'compare' }>;
/** A tracked name's metrics in a rankings or compare run; metrics computed before samples existed lack `stability` and `positionQuartiles`. */
export type NameMetrics = RankingMetrics['brands'][number];

export const nameMetrics = (run: Run): NameMetrics[] => (run.metrics?.primitive === 'rankings' || run.metrics?.primitive === 'compare' ? run.metrics.brands : []);

/**
 * The most one run may cost: every prompt asked on every surface `samplesPerPrompt` times, each
 * answer at its surface's rate. The rule of contracts' `runCostMicro`, which the API estimates
 * with; restated here (the browser loads no contracts code) and checked against it by the test.
 */
export function runCostMicro(d: { prompts: readonly unknown[]; models: readonly Surface[]; samplesPerPrompt: number }, rates: RateCard['surfaces']): number {
  return d.prompts.length * d.samplesPerPrompt * d.models.reduce((sum, m) => sum + rates[m], 0);
}

/** `1 answer`, `3 answers`. */
export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The most prompts a tracker may have (LIMITS.promptsPerTracker), restated like MAX_SAMPLES. */
const MAX_PROMPTS: typeof LIMITS.promptsPerTracker = 30;

/**
 * The fewest analysed answers each of two runs needs for the report to state a change in
 * percentage points (analysis' MIN_ANSWERS_FOR_CHANGE, which reports carry as `minimumAnswers`;
 * restated here, the type breaks the build if they part).
 */
export const MIN_ANSWERS_FOR_CHANGE: NonNullable<Run['delta']>['minimumAnswers'] = 10;

/**
 * The minimum-sample rule where the form sets the sample: whether a run of this definition asks
 * for enough answers to state a change, and if not, how many prompts or samples would be enough.
 * An adaptive run asks every cell twice (once with one sample) and the rest only where those
 * disagree, so its fewest answers are what counts. Null until there are prompts and surfaces.
 */
export function sampleRuleText(d: { prompts: readonly unknown[]; models: readonly Surface[]; samplesPerPrompt: number; samplingMode: SamplingMode }): { short: boolean; text: string } | null {
  const prompts = d.prompts.length;
  const surfaces = d.models.length;
  const samples = d.samplesPerPrompt;
  if (prompts === 0 || surfaces === 0 || !Number.isInteger(samples) || samples < 1 || samples > MAX_SAMPLES) return null;
  const min = MIN_ANSWERS_FOR_CHANGE;
  const rule = `A change in percentage points is stated only when each of the two runs compared has at least ${min} analysed answers (failed ones do not count)`;
  const asked = prompts * surfaces * samples;
  const fewest = d.samplingMode === 'adaptive' ? prompts * surfaces * Math.min(samples, 2) : asked;
  if (fewest >= min) {
    return { short: false, text: `${rule}; ${d.samplingMode === 'adaptive' ? `an adaptive run of this tracker asks for at least ${fewest}` : `a run of this tracker asks for ${asked}`}.` };
  }
  const enoughPrompts = Math.ceil(min / (surfaces * (d.samplingMode === 'adaptive' ? Math.min(samples, 2) : samples)));
  const enoughSamples = Math.ceil(min / (prompts * surfaces));
  const ways = [
    enoughPrompts <= MAX_PROMPTS ? `${plural(enoughPrompts, 'prompt')}` : null,
    d.samplingMode === 'fixed' && enoughSamples <= MAX_SAMPLES ? `${plural(enoughSamples, 'sample')} per prompt` : null,
    d.samplingMode === 'adaptive' && asked >= min ? 'fixed sampling' : null,
  ].filter((w): w is string => w !== null);
  const runs = d.samplingMode === 'adaptive' ? `an adaptive run of this tracker may ask for as few as ${fewest}` : `a run of this tracker asks for ${plural(asked, 'answer')} (${answerPlan(prompts, surfaces, samples)})`;
  const lead = d.samplingMode === 'fixed' ? 'Add prompts or samples' : ways.includes('fixed sampling') ? 'Add prompts or use fixed sampling' : 'Add prompts or surfaces';
  const advice = ways.length ? ` ${lead}: with ${ways.join(' or ')} it would be enough.` : ' Add prompts, surfaces or samples.';
  return { short: true, text: `Too few answers to state a change: ${rule.charAt(0).toLowerCase()}${rule.slice(1)}, and ${runs}.${advice}` };
}

/** `3 prompts × 2 surfaces × 5 samples`. */
export const answerPlan = (prompts: number, surfaces: number, samples: number): string => `${plural(prompts, 'prompt')} × ${plural(surfaces, 'surface')} × ${plural(samples, 'sample')}`;

/** The form's live estimate: `Up to $0.45 per run: 45 answers (3 prompts × 3 surfaces × 5 samples).` */
export function estimateText(
  d: { prompts: readonly unknown[]; models: readonly Surface[]; samplesPerPrompt: number; samplingMode: SamplingMode },
  rates: RateCard['surfaces'] | null,
  money: (micro: number) => string,
): string {
  const answers = `${plural(d.prompts.length * d.models.length * d.samplesPerPrompt, 'answer')} (${answerPlan(d.prompts.length, d.models.length, d.samplesPerPrompt)})`;
  const head = rates ? `Up to ${money(runCostMicro(d, rates))} per run: ${answers}.` : `${answers} per run; the rates could not be read for a cost.`;
  return d.samplingMode === 'adaptive' ? `${head} Adaptive runs usually ask fewer and bill less.` : head;
}

/** What a run asked for: `45 answers (3 prompts × 3 surfaces × 5 samples)`; adaptive: `up to 5 samples`. */
export function runAnswers(run: Run): string {
  const samples = `${run.samplingMode === 'adaptive' ? 'up to ' : ''}${plural(run.samplesPerPrompt, 'sample')}`;
  return `${plural(run.summary.answers, 'answer')} (${plural(run.results.length, 'prompt')} × ${plural(run.models.length, 'surface')} × ${samples})`;
}

const percent = (p: number) => `${+(p * 100).toFixed(1)}%`;

/** `Stable in 27 of 30 cells (90%; 95% interval 74.4–96.5%)`. */
export const stabilityText = (s: NonNullable<NameMetrics['stability']>): string =>
  `Stable in ${s.agreeing} of ${plural(s.cells, 'cell')} (${percent(s.rate)}; 95% interval ${percent(s.interval.low)}–${percent(s.interval.high)})`;

const place = (v: number) => String(+v.toFixed(2));
/** `Median place 2, middle half 1–3.5`. */
export const quartilesText = (q: NonNullable<NameMetrics['positionQuartiles']>): string => `Median place ${place(q.median)}, middle half ${place(q.p25)}–${place(q.p75)}`;

/** One prompt on one surface in a run: how many of its succeeded answers mention the name. */
export interface Cell {
  mentioned: number;
  succeeded: number;
  failed: number;
}

/** A cell in words: `mentioned in 4 of 5 samples`, with failures and empty cells said. */
export function cellText(c: Cell): string {
  if (c.succeeded === 0) return c.failed === 0 ? 'not asked' : `no answer (${c.failed} failed)`;
  const said = `mentioned in ${c.mentioned} of ${plural(c.succeeded, 'sample')}`;
  return c.failed ? `${said} (${c.failed} failed)` : said;
}

/** Whether a cell's answers agree on the name: all mention it, none does, or some do. */
export const agreement = (c: Cell): 'all' | 'none' | 'mixed' | 'empty' =>
  c.succeeded === 0 ? 'empty' : c.mentioned === 0 ? 'none' : c.mentioned === c.succeeded ? 'all' : 'mixed';

/** The run's answers for `name`, by prompt (rows, in the run's order) and surface (columns, in `run.models` order). */
export function mentionCells(run: Run, name: string): Array<{ prompt: string; cells: Cell[] }> {
  return run.results.map((result) => ({
    prompt: result.prompt,
    cells: run.models.map((model) => {
      const answers = result.answers.filter((a) => a.model === model);
      const succeeded = answers.filter((a) => a.status === 'succeeded');
      return {
        mentioned: succeeded.filter((a) => a.metrics?.brands?.some((b) => b.name === name && b.mentioned)).length,
        succeeded: succeeded.length,
        failed: answers.length - succeeded.length,
      };
    }),
  }));
}
