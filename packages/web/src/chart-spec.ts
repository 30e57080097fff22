/**
 * The comparison chart's definition from a report's runs: one series per name of a measure, its
 * values with interval and sample per run, on the measure's scale. Pure and free of the DOM: the
 * report page draws it, and @brandradar/report-render draws the same for the PDF and the digest.
 */
import type { Run } from '@brandradar/contracts';
import type { ComparisonSpec } from './chart-layout.js';
import { runTime, sample, valueText, type Measure } from './measures.js';

type MeasuredRun = Run & { metrics: NonNullable<Run['metrics']> };

function scale(measure: Measure, values: number[]): Pick<ComparisonSpec, 'domain' | 'ticks' | 'format'> {
  const format = (v: number) => valueText(measure, v);
  switch (measure.kind) {
    case 'rate':
      return { domain: [0, 1], ticks: [0, 0.25, 0.5, 0.75, 1], format };
    case 'net':
      return { domain: [-1, 1], ticks: [-1, -0.5, 0, 0.5, 1], format };
    case 'position': {
      const top = Math.max(3, Math.ceil(Math.max(...values)));
      return { domain: [1, top], ticks: Array.from({ length: top }, (_, i) => i + 1).filter((p) => top <= 6 || p % Math.ceil(top / 5) === 1), format };
    }
  }
}

/** `measure` of `names` over `runs` (measured, oldest first), each run labelled by `label`. */
export function comparisonSpec(measure: Measure, runs: MeasuredRun[], names: string[], label: (run: Run) => string): ComparisonSpec {
  const series = names.map((name) => ({
    name,
    values: runs.map((r) => {
      const stat = measure.stats(r.metrics).find((s) => s.name === name)?.stat;
      return stat && stat.value !== null ? { value: stat.value, low: stat.interval?.low ?? null, high: stat.interval?.high ?? null, sample: sample(measure, stat) } : null;
    }),
  }));
  return {
    title: `${measure.label} by run`,
    runs: runs.map((r) => ({ at: runTime(r), label: label(r) })),
    series,
    ...scale(measure, series.flatMap((s) => s.values.flatMap((v) => (v ? [v.value] : [])))),
  };
}
