/**
 * What the report can chart for each primitive, read from the runs' `metrics` and `delta` as the
 * API gives them: per name (brand, competitor, cited domain), a value with its sample and interval,
 * and the latest change.
 */
import type { HeadlineMeasure, Run } from '@brandradar/contracts';

type Metrics = NonNullable<Run['metrics']>;
type Delta = NonNullable<Run['delta']>;
type Primitive = Run['primitive'];

/** One measured value: a rate or share (with interval) or an average (without). */
export interface Stat {
  value: number | null;
  n: number;
  /** The prompt × surface cells the answers come from (absent on metrics computed before samples existed). */
  clusters?: number;
  effectiveN?: number;
  interval?: { low: number; high: number } | null;
}

/** A change as the API states it: percentage points with significance, or a change in the value's own unit. */
export interface Change {
  current: number | null;
  previous: number | null;
  change: number | null;
  insufficientSample: boolean;
  pValue?: number | null;
  significant?: boolean | null;
}

export interface Measure {
  id: string;
  label: string;
  /** `rate` is a proportion (0–1, shown in %), `position` a list place (1 is first), `net` −1…1. */
  kind: 'rate' | 'position' | 'net';
  /** What `n` counts, for "n = 12 answers". */
  sampleOf: string;
  stats(m: Metrics): Array<{ name: string; stat: Stat }>;
  changes(d: Delta): Array<{ name: string; change: Change }>;
}

type BrandKey = 'mentionRate' | 'shareOfVoice' | 'top3Rate' | 'averagePosition';
const ranking = (id: BrandKey, label: string, kind: Measure['kind'], sampleOf: string): Measure => ({
  id,
  label,
  kind,
  sampleOf,
  stats: (m) => (m.primitive === 'rankings' || m.primitive === 'compare' ? m.brands.map((b) => ({ name: b.name, stat: b[id] })) : []),
  changes: (d) => (d.primitive === 'rankings' || d.primitive === 'compare' ? d.brands.filter((b) => b.presence === 'both').map((b) => ({ name: b.name, change: b[id] })) : []),
});

type SentimentKey = 'positiveRate' | 'neutralRate' | 'negativeRate' | 'netSentiment';
const sentiment = (id: SentimentKey, label: string, kind: Measure['kind']): Measure => ({
  id,
  label,
  kind,
  sampleOf: 'answers that mention the brand',
  stats: (m) => (m.primitive === 'sentiment' ? [{ name: m.brand, stat: m[id] }] : []),
  changes: (d) => (d.primitive === 'sentiment' ? [{ name: 'The brand', change: d[id] }] : []),
});

// Share of voice first: the report opens on it, the overview's headline of these trackers.
const RANKING_MEASURES = [
  ranking('shareOfVoice', 'Share of voice', 'rate', 'mentions'),
  ranking('mentionRate', 'Mention rate', 'rate', 'answers'),
  ranking('top3Rate', 'Top-3 rate', 'rate', 'answers'),
  ranking('averagePosition', 'Average position', 'position', 'answers that place it'),
];

const MEASURES: Record<Primitive, Measure[]> = {
  rankings: RANKING_MEASURES,
  compare: RANKING_MEASURES,
  citations: [
    {
      id: 'share',
      label: 'Share of citations',
      kind: 'rate',
      sampleOf: 'citations',
      stats: (m) => (m.primitive === 'citations' ? m.domains.map((d) => ({ name: d.domain, stat: d.share })) : []),
      changes: (d) => (d.primitive === 'citations' ? d.domains.map((x) => ({ name: x.domain, change: x.share })) : []),
    },
    {
      id: 'urlCitedRate',
      label: 'Answers citing your URL',
      kind: 'rate',
      sampleOf: 'answers',
      stats: (m) => (m.primitive === 'citations' && m.urlCitedRate ? [{ name: m.url ?? 'Your URL', stat: m.urlCitedRate }] : []),
      changes: (d) => (d.primitive === 'citations' && d.urlCitedRate ? [{ name: 'Your URL', change: d.urlCitedRate }] : []),
    },
  ],
  sentiment: [
    sentiment('positiveRate', 'Positive mentions', 'rate'),
    sentiment('negativeRate', 'Negative mentions', 'rate'),
    sentiment('neutralRate', 'Neutral mentions', 'rate'),
    sentiment('netSentiment', 'Net sentiment', 'net'),
  ],
};

export const measuresFor = (primitive: Primitive): Measure[] => MEASURES[primitive];

/** Runs that have metrics, oldest first: the points of the charts. */
export const measuredRuns = (runs: Run[]): Array<Run & { metrics: Metrics }> =>
  runs.filter((r): r is Run & { metrics: Metrics } => r.metrics !== null).sort(byRunTime);

/** When a run happened, for the time axis. */
export const runTime = (r: Run): string => r.finishedAt ?? r.startedAt ?? r.scheduledFor ?? r.createdAt;

/**
 * Oldest first by `runTime`, ties broken by creation then id: the one order of the charts, the run
 * labels and the runs table. Two runs asked together may finish in either order.
 */
export const byRunTime = (a: Run, b: Run): number => runTime(a).localeCompare(runTime(b)) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** The names to chart, in the latest run's order (at most `max`: citations may list 25 domains). */
export function chartedNames(measure: Measure, runs: Array<Run & { metrics: Metrics }>, max = 6): string[] {
  const latest = runs[runs.length - 1];
  return latest ? measure.stats(latest.metrics).slice(0, max).map((s) => s.name) : [];
}

export const sample = (measure: Measure, stat: Stat): string =>
  `n = ${stat.n} ${measure.sampleOf}${stat.clusters !== undefined && stat.clusters !== stat.n ? ` in ${stat.clusters} prompt × surface cells` : ''}${
    stat.effectiveN !== undefined && stat.effectiveN !== stat.n ? ` (worth ${stat.effectiveN.toFixed(1)} independent)` : ''
  }`;

/** The latest change of one name, said the way the API says it. */
export function sayChange(measure: Measure, c: Change, minimumAnswers: number): string {
  if (c.change === null) {
    if (c.insufficientSample) return `Not enough answers to state a change (each run needs at least ${minimumAnswers}).`;
    return 'No change can be stated: the value is missing in one of the runs.';
  }
  const sign = c.change > 0 ? '+' : c.change < 0 ? '−' : '±';
  const size = Math.abs(c.change);
  const amount = measure.kind === 'rate' ? `${sign}${size.toFixed(2)} percentage points` : `${sign}${size.toFixed(2)}`;
  if (c.significant === undefined || c.significant === null) return `${amount} (no significance test for this measure).`;
  const p = c.pValue === null || c.pValue === undefined ? '' : `, p = ${c.pValue < 0.001 ? '< 0.001' : c.pValue.toFixed(3)}`;
  return c.significant ? `${amount}: statistically significant${p}.` : `${amount}: not distinguishable from no change${p}.`;
}

/** Where a headline's measure (GET /api/v1/overview) is among the report's: the same label, sample and change wording. */
const HEADLINE_MEASURES: Record<HeadlineMeasure, { primitive: Primitive; id: string }> = {
  shareOfVoice: { primitive: 'compare', id: 'shareOfVoice' },
  positiveRate: { primitive: 'sentiment', id: 'positiveRate' },
  urlCitedRate: { primitive: 'citations', id: 'urlCitedRate' },
  domainShare: { primitive: 'citations', id: 'share' },
};
export function headlineMeasure(headline: HeadlineMeasure): Measure {
  const { primitive, id } = HEADLINE_MEASURES[headline];
  return MEASURES[primitive].find((m) => m.id === id)!;
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
