/** The overview: each tracker's headline figure, its change and its trend. */
import type { Headline, HeadlineChange, Overview } from '@brandradar/client';
import { interval, oneLine, percent, plural, table } from './text';

const MEASURE_LABELS: Record<Headline['measure'], string> = {
  shareOfVoice: 'share of voice',
  positiveRate: 'positive',
  urlCitedRate: 'URL cited',
  domainShare: 'share of citations',
};

/**
 * The newest figure of a headline with its interval and sample: `HubSpot: share of voice 34.2%
 * (28.1%–40.9%, n=45, 9 cells)`; the cells only when answers come several to a cell.
 */
export function headlineText(h: Headline): string {
  const label = MEASURE_LABELS[h.measure];
  const subject = h.name === null ? label.charAt(0).toUpperCase() + label.slice(1) : `${oneLine(h.name)}: ${label}`;
  const newest = h.points.at(-1);
  if (!newest) return `${subject}: not in the newest run`;
  const cells = newest.clusters !== null && newest.clusters !== newest.n ? `, ${plural(newest.clusters, 'cell')}` : '';
  return `${subject} ${percent(newest.value)} (${interval(newest.interval)}, n=${newest.n}${cells})`;
}

const pValueText = (p: number) => (p < 0.001 ? 'p<0.001' : `p=${p.toFixed(3)}`);

/** `+5.1 pp, significant p=0.012`, `-0.8 pp, not significant p=0.640`, `not enough answers`, or `—` without a change. */
export function headlineChangeText(c: HeadlineChange | null): string {
  if (!c) return '—';
  if (c.insufficientSample) return 'not enough answers';
  if (c.change === null || c.pValue === null) return '—';
  return `${c.change > 0 ? '+' : ''}${c.change.toFixed(1)} pp, ${c.significant ? 'significant' : 'not significant'} ${pValueText(c.pValue)}`;
}

const SPARK_BARS = '▁▂▃▄▅▆▇█';

/** Values as a line of bars from the lowest (▁) to the highest (█); a missing value is a space, equal values a middle bar. */
export function sparkline(values: readonly (number | null)[]): string {
  const known = values.filter((v): v is number => v !== null);
  const low = Math.min(...known);
  const span = Math.max(...known) - low;
  return values
    .map((v) => (v === null ? ' ' : span === 0 ? SPARK_BARS[3] : SPARK_BARS[Math.round(((v - low) / span) * (SPARK_BARS.length - 1))]))
    .join('');
}

/** The overview: each tracker with its headline figure, the newest run's change of it, and its trend. */
export function overviewTable(overview: Overview): string {
  if (overview.trackers.length === 0) return 'No trackers.\n';
  const rows = overview.trackers.map(({ tracker: t, headline: h }) => [
    oneLine(t.name),
    t.primitive,
    t.pauseReason ? `${t.status} (${t.pauseReason})` : t.status,
    h ? headlineText(h) : 'no run yet',
    h ? headlineChangeText(h.change) : '—',
    h ? sparkline(h.points.map((p) => p.value)) : '',
  ]);
  return (
    table(['NAME', 'PRIMITIVE', 'STATUS', 'HEADLINE', 'CHANGE', 'TREND'], rows) +
    'Change: the newest run against the one before, in percentage points; significant when p < 0.05. Trend: the newest finished runs, oldest first.\n'
  );
}
