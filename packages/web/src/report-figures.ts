/**
 * What the report's first screen reads off the newest run of the date range, without the DOM: the
 * tracker's headline (the overview's rule, restated over the report's measures because the browser
 * loads no package code), each name's figure with its change, the names ranked, and each change's
 * verdict in words (significant or within noise; colour only repeats it).
 */
import type { HeadlineMeasure, Run } from '@brandradar/contracts';
import type { Change, Measure, Stat } from './measures.js';
import { nameMetrics, type NameMetrics } from './sampling.js';

type Metrics = NonNullable<Run['metrics']>;
type MeasuredRun = Run & { metrics: Metrics };

/**
 * The overview's headline (packages/analysis `headlineRule`): compare, the brand's share of voice;
 * rankings, the share of voice of the name leading the run; sentiment, the brand's positive rate;
 * citations, the rate of answers citing the tracked URL, or without one the most cited domain's share.
 */
export function headlineOf(metrics: Metrics): { measure: HeadlineMeasure; name: string | null } {
  switch (metrics.primitive) {
    case 'compare':
      return { measure: 'shareOfVoice', name: metrics.brands[0]?.name ?? null };
    case 'rankings': {
      // The largest share of voice; on a tie the first listed.
      let leader: (typeof metrics.brands)[number] | null = null;
      for (const b of metrics.brands) if (!leader || (b.shareOfVoice.value ?? -1) > (leader.shareOfVoice.value ?? -1)) leader = b;
      return { measure: 'shareOfVoice', name: leader?.name ?? null };
    }
    case 'sentiment':
      return { measure: 'positiveRate', name: metrics.brand };
    case 'citations':
      return metrics.url !== null ? { measure: 'urlCitedRate', name: null } : { measure: 'domainShare', name: metrics.domains[0]?.domain ?? null };
  }
}

/** One name's figure in a run: its value with interval and sample, its change since the last comparable run, its stability across samples. */
export interface NameFigure {
  name: string;
  stat: Stat;
  /** Undefined when the run has no delta or the name was not in the run compared with. */
  change: Change | undefined;
  metrics: NameMetrics | undefined;
}

/** The measure's figure for every name of the run, in the run's order. A one-name measure (sentiment, the URL's rate) pairs its one change with its one figure, whatever each calls the name. */
export function nameFigures(measure: Measure, run: MeasuredRun): NameFigure[] {
  const stats = measure.stats(run.metrics);
  const changes = run.delta ? measure.changes(run.delta) : [];
  const named = nameMetrics(run);
  return stats.map(({ name, stat }) => ({
    name,
    stat,
    change: changes.find((c) => c.name === name)?.change ?? (stats.length === 1 && changes.length === 1 ? changes[0]!.change : undefined),
    metrics: named.find((b) => b.name === name),
  }));
}

/** Best first: the highest rate or net value, the lowest (best) list place; names without a value last, in the run's order. */
export function ranked(measure: Measure, figures: NameFigure[]): NameFigure[] {
  const better = (a: number, b: number) => (measure.kind === 'position' ? a - b : b - a);
  return [...figures].sort((a, b) => (a.stat.value === null ? (b.stat.value === null ? 0 : 1) : b.stat.value === null ? -1 : better(a.stat.value, b.stat.value)));
}

type Verdict = 'significant' | 'within noise' | 'too few answers' | 'no test' | 'not comparable';

/** A change in short: its size (`+5.77 pp`, `−0.25`) and, in words, what can be said of it. */
export function changeInShort(measure: Measure, change: Change | undefined): { amount: string; verdict: Verdict } {
  if (!change || change.change === null) return { amount: '—', verdict: change?.insufficientSample ? 'too few answers' : 'not comparable' };
  const sign = change.change > 0 ? '+' : change.change < 0 ? '−' : '±';
  const size = Math.abs(change.change);
  // A rate's change comes in percentage points already.
  const amount = measure.kind === 'rate' ? `${sign}${size.toFixed(1)} pp` : `${sign}${size.toFixed(2)}`;
  if (change.significant === undefined || change.significant === null) return { amount, verdict: 'no test' };
  return { amount, verdict: change.significant ? 'significant' : 'within noise' };
}

