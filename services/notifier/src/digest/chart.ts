import { DateTime } from 'luxon';
import type { DigestTracker } from '@brandradar/contracts';
import { chartPng, type ComparisonSpec } from '@brandradar/report-render';
import { formatPercent } from '../domain/format';
import { headlineLabel } from './content';

/**
 * A tracker's headline over its newest runs as the report's comparison chart defines it (one
 * series, the headline's proportion with its 95% interval per run); null with nothing to draw.
 */
function headlineChartSpec(t: DigestTracker, timezone: string): ComparisonSpec | null {
  const headline = t.headline;
  if (!headline || !headline.points.some((p) => p.value !== null)) return null;
  const label = (iso: string) => DateTime.fromISO(iso, { zone: timezone }).setLocale('en-GB').toFormat('d LLL yyyy, HH:mm');
  return {
    title: headlineLabel(headline),
    runs: headline.points.map((p) => ({ at: p.finishedAt, label: label(p.finishedAt) })),
    series: [
      {
        name: headline.name ?? t.name,
        values: headline.points.map((p) => (p.value === null ? null : { value: p.value, low: p.interval?.low ?? null, high: p.interval?.high ?? null, sample: `n = ${p.n}` })),
      },
    ],
    domain: [0, 1],
    ticks: [0, 0.25, 0.5, 0.75, 1],
    format: formatPercent,
  };
}

/** The chart as a small PNG for the e-mail: 480 CSS pixels wide, at twice the density for sharp screens. */
export function headlineChartPng(t: DigestTracker, timezone: string): Buffer | null {
  const spec = headlineChartSpec(t, timezone);
  return spec && chartPng(spec, { width: 480, timeZone: timezone });
}
