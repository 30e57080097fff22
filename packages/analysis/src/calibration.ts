/**
 * How often the delta calls a change of a rate significant, by simulation: the share of pairs of
 * runs flagged when nothing changed (at most 5% at the 5% level, if the test is calibrated) and
 * when the mention rate rose by a known amount (the power). Pure and seeded: the same options give
 * the same figures.
 *
 * The model: a tracker asks `prompts` prompts on `surfaces` surfaces, `samples` times each. Each
 * prompt × surface cell has a latent probability p_c of mentioning the name, drawn from a Beta
 * distribution with mean `mean` and intra-cell correlation `icc` (Beta(μ(1−ρ)/ρ, (1−μ)(1−ρ)/ρ), whose
 * Bernoulli draws correlate by exactly ρ within a cell); each answer mentions the name with its
 * cell's probability, independently given it. Not modelled: correlation between the cells of one
 * prompt on different surfaces.
 */
import { computeDelta } from './delta';
import { computeMetrics, rankingMetrics, type AnalysedAnswer, type AnswerRanking, type TrackedName } from './metrics';
import { SIGNIFICANCE_LEVEL, type RankingDelta, type RankingMetrics, type Rate, type RateChange } from './schemas';
import { fisherExactPValue, wilsonInterval, type Interval } from './stats';

export interface CalibrationDesign {
  prompts: number;
  surfaces: number;
  /** Answers per prompt × surface cell. */
  samples: number;
  /** μ: the mean of the cells' mention probabilities in the previous run. */
  mean: number;
  /** ρ: the correlation of two answers of one cell (0 < ρ < 1). */
  icc: number;
}

export interface CalibrationOptions {
  design: CalibrationDesign;
  pairs: number;
  seed: number;
  /**
   * The real change of the mean mention probability from the previous run to the current one:
   * 0 for the null hypothesis, 0.15 for a rise of 15 percentage points.
   */
  change: number;
  /**
   * `same`: both runs share their cells' probabilities (the prompts are fixed; a change moves each
   * cell toward 1 by the same fraction). `redrawn`: each run draws its own (as if its prompts were
   * a fresh sample of the prompts one could ask).
   */
  cells: 'same' | 'redrawn';
  /**
   * `answers`: answer texts that name the brand or not, through `computeMetrics`, all of what
   * ships. `detections`: what detection finds in those texts, through the same metrics after
   * detection (`rankingMetrics`); about 20 times faster, for a quick check in the unit tests.
   */
  via: 'answers' | 'detections';
}

/** How often one test flagged a change: `flagged` of `comparisons`, with the 95% Wilson interval of that share. */
export interface FlaggedShare {
  flagged: number;
  comparisons: number;
  share: number;
  interval: Interval;
}

export interface CalibrationResult {
  /** The mention rate over all answers: one comparison per pair. */
  overall: { newTest: FlaggedShare; todaysTest: FlaggedShare };
  /** The mention rate of each surface: `surfaces` comparisons per pair, over `prompts` cells each. */
  perSurface: { newTest: FlaggedShare; todaysTest: FlaggedShare };
}

/** The tracked name of the simulated runs. */
const NAME = 'Acme';
const TRACKED: TrackedName[] = [{ name: NAME, role: 'competitor' }];

/**
 * Simulates `pairs` pairs of runs and counts how often the delta's test (`newTest`, as
 * `computeDelta` decides) and Fisher's exact test on answers taken as independent (`todaysTest`,
 * the delta's test before cells were modelled) flag the change of the mention rate.
 */
export function simulateCalibration(options: CalibrationOptions): CalibrationResult {
  const random = seededRandom(options.seed);
  const tally = () => ({ newTest: 0, todaysTest: 0, comparisons: 0 });
  const overall = tally();
  const perSurface = tally();
  const count = (t: ReturnType<typeof tally>, change: RateChange, current: Rate, previous: Rate) => {
    t.comparisons++;
    if (change.significant) t.newTest++;
    if (fisherExactPValue(current.count, current.n, previous.count, previous.n) < SIGNIFICANCE_LEVEL) t.todaysTest++;
  };
  for (let pair = 0; pair < options.pairs; pair++) {
    const [current, previous] = simulateRunPair(options, random);
    const delta = computeDelta(current, previous) as RankingDelta;
    count(overall, delta.brands[0]!.mentionRate, current.brands[0]!.mentionRate, previous.brands[0]!.mentionRate);
    for (const [surface, group] of Object.entries(delta.bySurface)) {
      count(perSurface, group.brands[0]!.mentionRate, current.bySurface[surface]!.brands[0]!.mentionRate, previous.bySurface[surface]!.brands[0]!.mentionRate);
    }
  }
  const shares = (t: ReturnType<typeof tally>) => ({ newTest: flaggedShare(t.newTest, t.comparisons), todaysTest: flaggedShare(t.todaysTest, t.comparisons) });
  return { overall: shares(overall), perSurface: shares(perSurface) };
}

/** One simulated pair of runs' metrics: [current, previous]. */
export function simulateRunPair(options: Omit<CalibrationOptions, 'pairs' | 'seed'>, random: () => number): [RankingMetrics, RankingMetrics] {
  const { design, change } = options;
  const previous = Array.from({ length: design.prompts * design.surfaces }, () => beta(design.mean, design.icc, random));
  const current =
    options.cells === 'same'
      ? // Toward 1 by the fraction that raises the mean by `change`, so every probability stays in [0, 1].
        previous.map((p) => p + (change / (1 - design.mean)) * (1 - p))
      : previous.map(() => beta(design.mean + change, design.icc, random));
  return [simulateRun(design, current, options.via, random), simulateRun(design, previous, options.via, random)];
}

/** A run whose cell c (prompt-major, then surface) mentions the name with probability `probabilities[c]`. */
function simulateRun(design: CalibrationDesign, probabilities: readonly number[], via: CalibrationOptions['via'], random: () => number): RankingMetrics {
  const answers: AnalysedAnswer[] = [];
  const facts: AnswerRanking[] = [];
  for (let prompt = 0; prompt < design.prompts; prompt++) {
    for (let surface = 0; surface < design.surfaces; surface++) {
      const p = probabilities[prompt * design.surfaces + surface]!;
      for (let sample = 1; sample <= design.samples; sample++) {
        const mentioned = random() < p;
        answers.push({ prompt: `prompt ${prompt}`, surface: `surface ${surface}`, sample, text: mentioned ? `${NAME} is one option.` : 'Nothing to name.', citations: [] });
        // What detection finds in those texts: the name, first among the tracked names, or nothing.
        facts.push({ mentioned: [mentioned], places: [mentioned ? 1 : null] });
      }
    }
  }
  const metrics =
    via === 'answers' ? computeMetrics({ primitive: 'rankings', brand: null, competitors: [NAME], url: null, answers }) : rankingMetrics('rankings', answers, facts, TRACKED);
  return metrics as RankingMetrics;
}

function flaggedShare(flagged: number, comparisons: number): FlaggedShare {
  return { flagged, comparisons, share: flagged / comparisons, interval: wilsonInterval(flagged, comparisons)! };
}

/** A draw from Beta(μ(1−ρ)/ρ, (1−μ)(1−ρ)/ρ): mean μ, and Bernoulli draws given it correlated by ρ. */
function beta(mean: number, icc: number, random: () => number): number {
  const scale = (1 - icc) / icc;
  const x = gamma(mean * scale, random);
  const y = gamma((1 - mean) * scale, random);
  return x / (x + y);
}

/** A draw from Gamma(shape, 1) (Marsaglia & Tsang 2000; below shape 1 by the boost U^(1/shape)). */
function gamma(shape: number, random: () => number): number {
  if (shape < 1) return gamma(shape + 1, random) * random() ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const z = normal(random);
    const v = (1 + c * z) ** 3;
    if (v <= 0) continue;
    const u = random();
    if (Math.log(u) < (z * z) / 2 + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Uniform draws in [0, 1) from a 32-bit seed (mulberry32): small, fast, and the same on every platform. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
