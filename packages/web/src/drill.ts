/**
 * The figures of one run broken down by surface and by prompt, for drilling into the report: what
 * the API measured on each surface, and how often each tracked name is mentioned per prompt. No DOM
 * here, so it is unit-tested (test/web/drill.test.ts); breakdowns.ts shows it.
 */
import type { Run, Surface } from '@brandradar/contracts';
import type { Measure, Stat } from './measures.js';

type Metrics = NonNullable<Run['metrics']>;
export type MeasuredRun = Run & { metrics: Metrics };

/** The surfaces' names as users know them, in the order the tracker form lists them. */
export const SURFACE_NAMES: ReadonlyArray<readonly [Surface, string]> = [
  ['chatgpt', 'ChatGPT'],
  ['claude', 'Claude'],
  ['perplexity', 'Perplexity'],
  ['gemini', 'Gemini'],
  ['google_ai_overview', 'Google AI Overviews'],
];
export const surfaceName = (s: Surface): string => SURFACE_NAMES.find(([id]) => id === s)?.[1] ?? s;

/** The runs the API has measured (finished and analysed), in the order given (the report's: newest first). */
export const finishedRuns = (runs: Run[]): MeasuredRun[] => runs.filter((r): r is MeasuredRun => r.metrics !== null);

/**
 * A run's metrics as measured on one surface: `bySurface` holds the same figures as the whole run
 * without the run-wide fields (primitive, brand, url), so they are laid over the whole run's and any
 * `Measure` reads them. Null when no answer of that surface was analysed.
 */
export function surfaceMetrics(m: Metrics, surface: Surface): Metrics | null {
  switch (m.primitive) {
    case 'rankings':
    case 'compare': {
      const group = m.bySurface[surface];
      return group ? { ...m, ...group } : null;
    }
    case 'citations': {
      const group = m.bySurface[surface];
      return group ? { ...m, ...group } : null;
    }
    case 'sentiment': {
      const group = m.bySurface[surface];
      return group ? { ...m, ...group } : null;
    }
  }
}

export interface SurfaceRow {
  surface: Surface;
  /** One per name, in `names` order; null when the surface has no figure for the name. */
  stats: Array<Stat | null>;
}

/** The measure per surface (rows, in the run's order) and name (columns, `names`), for the run's surfaces. */
export function surfaceRows(run: MeasuredRun, measure: Measure, names: readonly string[]): SurfaceRow[] {
  return run.models.map((surface) => {
    const metrics = surfaceMetrics(run.metrics, surface);
    const stats = metrics ? measure.stats(metrics) : [];
    return { surface, stats: names.map((name) => stats.find((s) => s.name === name)?.stat ?? null) };
  });
}

/** A measured value in its unit: `66.7%`, `+0.25`, `2.33` (a list place). */
export function valueText(measure: Measure, v: number | null): string {
  if (v === null) return '—';
  switch (measure.kind) {
    case 'rate':
      return `${+(v * 100).toFixed(1)}%`;
    case 'net':
      return `${v > 0 ? '+' : ''}${+v.toFixed(2)}`;
    case 'position':
      return `${+v.toFixed(2)}`;
  }
}

/** The names whose mentions an answer records: every tracked name of a rankings or compare run, the brand of a sentiment run, none of a citations run. */
export function mentionedNames(run: MeasuredRun): string[] {
  const m = run.metrics;
  if (m.primitive === 'rankings' || m.primitive === 'compare') return m.brands.map((b) => b.name);
  if (m.primitive === 'sentiment') return [m.brand];
  return [];
}

/** How many of a prompt's succeeded answers mention a name. */
export interface PromptRate {
  mentioned: number;
  n: number;
}

/** `mentioned / n`, null when no answer succeeded. */
export const rateOf = (c: PromptRate): number | null => (c.n === 0 ? null : c.mentioned / c.n);

/**
 * Per prompt (rows, in the run's order) and name (columns, `names`): the share of the prompt's
 * succeeded answers, all samples on every surface or only on `surface`, that mention the name.
 * An answer counts once however often it names the name.
 */
export function promptRates(run: Run, names: readonly string[], surface: Surface | null): Array<{ prompt: string; rates: PromptRate[] }> {
  return run.results.map((result) => {
    const answers = result.answers.filter((a) => a.status === 'succeeded' && (surface === null || a.model === surface));
    return {
      prompt: result.prompt,
      rates: names.map((name) => ({ mentioned: answers.filter((a) => a.metrics?.brands?.some((b) => b.name === name && b.mentioned)).length, n: answers.length })),
    };
  });
}

/** `67%`, or `—` without answers. */
export const rateText = (c: PromptRate): string => {
  const rate = rateOf(c);
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
};

/** The shade of a heat-map cell, 0 (none or no answers) to 4 (more than three quarters). */
export const heatLevel = (c: PromptRate): number => Math.min(4, Math.ceil((rateOf(c) ?? 0) * 4));
