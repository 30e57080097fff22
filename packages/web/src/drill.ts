/**
 * The figures of one run broken down by surface and by prompt, for drilling into the report: what
 * the API measured on each surface, and how often each tracked name is mentioned (or each domain
 * cited) per prompt. No DOM here, so it is unit-tested (test/web/drill.test.ts); breakdowns.ts
 * shows it.
 */
import type { Run, Surface } from '@brandradar/contracts';
import type { Measure, Stat } from './measures.js';

type Metrics = NonNullable<Run['metrics']>;
export type MeasuredRun = Run & { metrics: Metrics };


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

type Answer = Run['results'][number]['answers'][number];

/** The domains of a citations run the heat map shows: its most cited, as many as the charts show names. */
export const HEAT_DOMAINS = 6;

/**
 * The columns of the heat map by prompt and what each cell counts: the answers that mention each
 * tracked name (every name of a rankings or compare run, the brand of a sentiment run), or for a
 * citations run the answers that cite each of its most cited domains.
 */
export interface HeatColumns {
  names: string[];
  counts: (answer: Answer, name: string) => boolean;
  verb: 'mention' | 'cite';
}

const mentions = (a: Answer, name: string) => a.metrics?.brands?.some((b) => b.name === name && b.mentioned) ?? false;
const cites = (a: Answer, domain: string) => a.metrics?.citedDomains?.includes(domain) ?? false;

export function heatColumns(run: MeasuredRun): HeatColumns {
  const m = run.metrics;
  switch (m.primitive) {
    case 'rankings':
    case 'compare':
      return { names: m.brands.map((b) => b.name), counts: mentions, verb: 'mention' };
    case 'sentiment':
      return { names: [m.brand], counts: mentions, verb: 'mention' };
    case 'citations':
      return { names: m.domains.slice(0, HEAT_DOMAINS).map((d) => d.domain), counts: cites, verb: 'cite' };
  }
}

/** How many of a prompt's succeeded answers mention a name (or cite a domain). */
export interface PromptRate {
  mentioned: number;
  n: number;
}

/** `mentioned / n`, null when no answer succeeded. */
const rateOf = (c: PromptRate): number | null => (c.n === 0 ? null : c.mentioned / c.n);

/**
 * Per prompt (rows, in the run's order) and column: the share of the prompt's succeeded answers,
 * all samples on every surface or only on `surface`, that mention the name (or cite the domain).
 * An answer counts once however often it names the name.
 */
export function promptRates(run: Run, columns: Pick<HeatColumns, 'names' | 'counts'>, surface: Surface | null): Array<{ prompt: string; rates: PromptRate[] }> {
  return run.results.map((result) => {
    const answers = result.answers.filter((a) => a.status === 'succeeded' && (surface === null || a.model === surface));
    return { prompt: result.prompt, rates: columns.names.map((name) => ({ mentioned: answers.filter((a) => columns.counts(a, name)).length, n: answers.length })) };
  });
}

/** `67%`, or `—` without answers. */
export const rateText = (c: PromptRate): string => {
  const rate = rateOf(c);
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
};

/** The shade of a heat-map cell, 0 (none or no answers) to 4 (more than three quarters). */
export const heatLevel = (c: PromptRate): number => Math.min(4, Math.ceil((rateOf(c) ?? 0) * 4));
