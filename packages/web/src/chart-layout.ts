/**
 * The comparison chart's data, geometry and navigation, without the DOM (chart.ts draws it): where
 * runs and values go at a pixel width, which point is nearest a pointer, where a key moves the
 * shown point, how each series looks and what a point says.
 */
/** One name's value at one run. */
export interface ChartValue {
  value: number;
  /** The 95% interval; null when the measure has none (an average, net sentiment). */
  low: number | null;
  high: number | null;
  /** The sample the value is taken over, as a phrase: `n = 12 answers in 6 prompt × surface cells`. */
  sample: string;
}

export interface ChartRun {
  /** The run's time (ISO 8601): the x axis. */
  at: string;
  /** The run's label (number, time to the second, trigger). */
  label: string;
}

interface ChartSeries {
  name: string;
  /** One per run, in the order of `runs`; null where the run has no value for the name. */
  values: Array<ChartValue | null>;
}

export interface ComparisonSpec {
  title: string;
  /** Oldest first. */
  runs: ChartRun[];
  series: ChartSeries[];
  /** The y axis: its range and the values to label. */
  domain: [number, number];
  ticks: number[];
  format: (v: number) => string;
}

/** The chart's inner margins in CSS pixels: room for the y labels on the left and the dates below. */
export const MARGIN = { left: 48, right: 16, top: 14, bottom: 30 };
/** The plot's height for a width: lower on a phone so the chart and its legend fit one screen. */
export const plotHeight = (width: number): number => (width < 480 ? 220 : 260);

export interface Layout {
  /** Each run's x, in CSS pixels from the SVG's left edge. */
  x: number[];
  y: (v: number) => number;
}

/** Where each run and value goes in an SVG `width` × `height` CSS pixels. */
export function layout(runs: ChartRun[], domain: [number, number], width: number, height: number): Layout {
  const times = runs.map((r) => Date.parse(r.at));
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const innerW = Math.max(1, width - MARGIN.left - MARGIN.right);
  const x = times.map((t) => (t1 === t0 ? MARGIN.left + innerW / 2 : MARGIN.left + ((t - t0) / (t1 - t0)) * innerW));
  const [d0, d1] = domain;
  const y = (v: number) => MARGIN.top + (1 - (v - d0) / (d1 - d0)) * (height - MARGIN.top - MARGIN.bottom);
  return { x, y };
}

/** The index of the x nearest `at` (the first of equals). */
export function nearestRun(x: number[], at: number): number {
  let nearest = 0;
  x.forEach((xi, i) => {
    if (Math.abs(xi - at) < Math.abs(x[nearest]! - at)) nearest = i;
  });
  return nearest;
}

/** The index of the y nearest `at` among those present, or null when none is. */
export function nearestSeries(y: Array<number | null>, at: number): number | null {
  let nearest: number | null = null;
  y.forEach((yi, i) => {
    if (yi !== null && (nearest === null || Math.abs(yi - at) < Math.abs(y[nearest]! - at))) nearest = i;
  });
  return nearest;
}

export interface Spot {
  run: number;
  series: number;
}

/** Where a key moves the shown point: left/right between runs, up/down between names, Home/End to the first/last run; null for other keys. */
export function moveSpot(from: Spot, key: string, runs: number, series: number): Spot | null {
  const clamp = (v: number, n: number) => Math.min(n - 1, Math.max(0, v));
  switch (key) {
    case 'ArrowLeft':
      return { ...from, run: clamp(from.run - 1, runs) };
    case 'ArrowRight':
      return { ...from, run: clamp(from.run + 1, runs) };
    case 'Home':
      return { ...from, run: 0 };
    case 'End':
      return { ...from, run: runs - 1 };
    case 'ArrowUp':
      return { ...from, series: clamp(from.series - 1, series) };
    case 'ArrowDown':
      return { ...from, series: clamp(from.series + 1, series) };
    default:
      return null;
  }
}

type Shape = 'circle' | 'square' | 'triangle' | 'diamond' | 'triangle-down' | 'cross';
export interface SeriesStyle {
  colour: string;
  dash: string;
  shape: Shape;
}
// Colours of at least 4.5:1 on white; with the dash and the marker, no series relies on colour alone.
const STYLES: SeriesStyle[] = [
  { colour: '#0a5bb5', dash: '', shape: 'circle' },
  { colour: '#b3261e', dash: '8 4', shape: 'square' },
  { colour: '#1e6b34', dash: '3 3', shape: 'triangle' },
  { colour: '#6a3d9a', dash: '10 3 2 3', shape: 'diamond' },
  { colour: '#8a4b00', dash: '2 5', shape: 'triangle-down' },
  { colour: '#00696f', dash: '12 4', shape: 'cross' },
];
export const seriesStyle = (i: number): SeriesStyle => STYLES[i % STYLES.length]!;

/** A marker's outline as an SVG path around (x, y), about 2r across. */
export function markerPath(shape: Shape, x: number, y: number, r: number): string {
  switch (shape) {
    case 'circle':
      return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
    case 'square':
      return `M${x - r * 0.9},${y - r * 0.9}h${r * 1.8}v${r * 1.8}h${-r * 1.8}Z`;
    case 'triangle':
      return `M${x},${y - r * 1.2}L${x + r * 1.1},${y + r * 0.8}L${x - r * 1.1},${y + r * 0.8}Z`;
    case 'triangle-down':
      return `M${x},${y + r * 1.2}L${x + r * 1.1},${y - r * 0.8}L${x - r * 1.1},${y - r * 0.8}Z`;
    case 'diamond':
      return `M${x},${y - r * 1.3}L${x + r * 1.3},${y}L${x},${y + r * 1.3}L${x - r * 1.3},${y}Z`;
    case 'cross':
      return `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`;
  }
}

/** Runs of consecutive indexes where `has` holds: the pieces of a line with gaps. */
export function stretches(n: number, has: (i: number) => boolean): number[][] {
  const out: number[][] = [];
  let current: number[] | null = null;
  for (let i = 0; i < n; i++) {
    if (!has(i)) current = null;
    else {
      if (!current) out.push((current = []));
      current.push(i);
    }
  }
  return out;
}

export const intervalText = (spec: ComparisonSpec, v: ChartValue) => (v.low !== null && v.high !== null ? `95% interval ${spec.format(v.low)}–${spec.format(v.high)}` : 'no interval for this measure');

/** What the shown point says, as one sentence for the live region. */
export function describeSpot(spec: ComparisonSpec, at: Spot): string {
  const run = spec.runs[at.run]!;
  const s = spec.series[at.series]!;
  const v = s.values[at.run];
  return v ? `${s.name}, run ${run.label}: ${spec.format(v.value)}, ${intervalText(spec, v)}, ${v.sample}.` : `${s.name}, run ${run.label}: no value.`;
}
