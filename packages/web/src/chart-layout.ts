/**
 * The comparison chart's data, geometry and navigation, without the DOM: where runs and values go
 * at a pixel width, the plot's shapes (chart.ts draws them in the browser, @brandradar/report-render
 * as an SVG string for the PDF and the digest), which point is nearest a pointer, where a key moves
 * the shown point, how each series looks and what a point says.
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

/** Which x labels fit: the first and last, and the middle one when there is room. */
const labelledRuns = (n: number, width: number): number[] => (n <= 1 ? [0] : n === 2 || width < 420 ? [0, n - 1] : [0, Math.floor((n - 1) / 2), n - 1]);

/**
 * Dates on the x axis; times of day when all runs are within two days, with seconds within an hour.
 * In the reader's locale and zone by default; a server passes its own.
 */
export function axisDate(runs: ChartRun[], locale?: string, timeZone?: string): (iso: string) => string {
  const times = runs.map((r) => Date.parse(r.at));
  const span = Math.max(...times) - Math.min(...times);
  const f = new Intl.DateTimeFormat(locale, {
    timeZone,
    ...(span < 3_600_000 ? { hour: '2-digit', minute: '2-digit', second: '2-digit' } : span < 2 * 86_400_000 ? { hour: '2-digit', minute: '2-digit' } : { month: 'short', day: 'numeric' }),
  });
  return (iso) => f.format(new Date(iso));
}

/** One SVG element of the plot: its tag, attributes (a null one is left out) and text. */
export interface PlotShape {
  tag: 'g' | 'line' | 'path' | 'text';
  attrs: Record<string, string | number | null>;
  text?: string;
  children?: PlotShape[];
}

/**
 * The plot at `width` CSS pixels: the grid with its value and date labels, the interval bands, the
 * lines and the markers, as four groups drawn in that order. Each shape carries its class (the web
 * app's stylesheet) and the same look as presentation attributes, so an SVG drawn outside the page
 * looks the same.
 */
export function plotShapes(spec: ComparisonSpec, width: number, date: (iso: string) => string): { height: number; geometry: Layout; groups: PlotShape[] } {
  const height = plotHeight(width);
  const geometry = layout(spec.runs, spec.domain, width, height);
  const { x, y } = geometry;
  const group = (attrs: PlotShape['attrs'], children: PlotShape[]): PlotShape => ({ tag: 'g', attrs, children });
  const text = (attrs: PlotShape['attrs'], content: string): PlotShape => ({ tag: 'text', attrs: { fill: '#4a5360', 'font-size': 12, ...attrs }, text: content });
  const grid = spec.ticks.flatMap((t) => [
    { tag: 'line' as const, attrs: { x1: MARGIN.left, x2: width - MARGIN.right, y1: y(t), y2: y(t), stroke: '#e3e8ee' } },
    text({ x: MARGIN.left - 6, y: y(t), dy: '0.32em', 'text-anchor': 'end' }, spec.format(t)),
  ]);
  const labelled = labelledRuns(spec.runs.length, width);
  const anchor = (i: number) => (labelled.length > 1 && i === 0 ? 'start' : labelled.length > 1 && i === spec.runs.length - 1 ? 'end' : 'middle');
  const dates = labelled.map((i) => text({ x: x[i]!, y: height - 8, 'text-anchor': anchor(i) }, date(spec.runs[i]!.at)));
  const lines = spec.series.map((s, si) => {
    const style = seriesStyle(si);
    const banded = (i: number) => s.values[i]?.low != null && s.values[i]?.high != null;
    const bands = stretches(spec.runs.length, banded).map(
      (idx): PlotShape =>
        idx.length === 1
          ? { tag: 'line', attrs: { class: 'whisker', x1: x[idx[0]!]!, x2: x[idx[0]!]!, y1: y(s.values[idx[0]!]!.high!), y2: y(s.values[idx[0]!]!.low!), stroke: style.colour, 'stroke-opacity': 0.45, 'stroke-width': 2 } }
          : {
              tag: 'path',
              attrs: {
                class: 'band',
                fill: style.colour,
                'fill-opacity': 0.12,
                d: `M${idx.map((i) => `${x[i]},${y(s.values[i]!.high!)}`).join('L')}L${[...idx].reverse().map((i) => `${x[i]},${y(s.values[i]!.low!)}`).join('L')}Z`,
              },
            },
    );
    const segments = stretches(spec.runs.length, (i) => s.values[i] != null)
      .filter((idx) => idx.length >= 2)
      .map((idx): PlotShape => ({
        tag: 'path',
        attrs: { class: 'line', fill: 'none', 'stroke-width': 2.5, stroke: style.colour, 'stroke-dasharray': style.dash || null, d: `M${idx.map((i) => `${x[i]},${y(s.values[i]!.value)}`).join('L')}` },
      }));
    const markers = s.values.flatMap((v, i): PlotShape[] =>
      v
        ? [
            {
              tag: 'path',
              attrs: { class: `marker ${style.shape}`, fill: style.shape === 'cross' ? 'none' : '#fff', 'stroke-width': style.shape === 'cross' ? 2.5 : 2, stroke: style.colour, d: markerPath(style.shape, x[i]!, y(v.value), 4.5) },
            },
          ]
        : [],
    );
    return { bands, segments, markers };
  });
  return {
    height,
    geometry,
    groups: [
      group({ class: 'grid' }, [...grid, ...dates]),
      group({ class: 'bands' }, lines.flatMap((l) => l.bands)),
      group({}, lines.flatMap((l) => l.segments)),
      group({}, lines.flatMap((l) => l.markers)),
    ],
  };
}
