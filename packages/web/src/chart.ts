/**
 * A line chart in plain SVG: the measure over time, its 95% interval as a band (and a whisker per
 * run), the sample size on hover or focus, and the same numbers as a table for screen readers and
 * for reading exact values. Every point is reachable with Tab and the arrow keys.
 */
import { h, svg, uid } from './dom.js';
import { when } from './format.js';

export interface ChartPoint {
  /** The run's time (ISO 8601). */
  at: string;
  value: number;
  /** The 95% interval; null when the measure has none (an average, net sentiment). */
  low: number | null;
  high: number | null;
  /** The sample the value is taken over, as a phrase: `n = 12 answers`. */
  sample: string;
}

export interface ChartSpec {
  title: string;
  points: ChartPoint[];
  /** The y axis: its range and the values to label. */
  domain: [number, number];
  ticks: number[];
  format: (v: number) => string;
}

const W = 640;
const H = 240;
const M = { left: 52, right: 16, top: 14, bottom: 30 };

/** Where each point goes in the SVG's coordinates. */
export function layout(spec: ChartSpec): { x: number[]; y: (v: number) => number } {
  const times = spec.points.map((p) => Date.parse(p.at));
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const innerW = W - M.left - M.right;
  const x = times.map((t) => (t1 === t0 ? M.left + innerW / 2 : M.left + ((t - t0) / (t1 - t0)) * innerW));
  const [d0, d1] = spec.domain;
  const y = (v: number) => M.top + (1 - (v - d0) / (d1 - d0)) * (H - M.top - M.bottom);
  return { x, y };
}

const describe = (spec: ChartSpec, p: ChartPoint): string =>
  `${when(p.at)}: ${spec.format(p.value)}${p.low !== null && p.high !== null ? `, 95% interval ${spec.format(p.low)} to ${spec.format(p.high)}` : ''}, ${p.sample}`;

export function lineChart(spec: ChartSpec): HTMLElement {
  const { x, y } = layout(spec);
  const titleId = uid('chart-title');
  const pts = spec.points;
  const banded = pts.map((p, i) => ({ p, i })).filter(({ p }) => p.low !== null && p.high !== null);

  const grid = spec.ticks.map((t) =>
    svg('g', { class: 'tick' }, svg('line', { x1: M.left, x2: W - M.right, y1: y(t), y2: y(t) }), svg('text', { x: M.left - 6, y: y(t), dy: '0.32em', 'text-anchor': 'end' }, spec.format(t))),
  );
  const labelled = pts.length <= 3 ? pts.map((_, i) => i) : [0, Math.floor((pts.length - 1) / 2), pts.length - 1];
  const dates = labelled.map((i) => svg('text', { class: 'date', x: x[i]!, y: H - 8, 'text-anchor': i === 0 && pts.length > 1 ? 'start' : i === pts.length - 1 && pts.length > 1 ? 'end' : 'middle' }, shortDate(pts[i]!.at)));
  const band =
    banded.length >= 2
      ? svg('path', {
          class: 'band',
          d: `M${banded.map(({ p, i }) => `${x[i]},${y(p.high!)}`).join('L')}L${[...banded].reverse().map(({ p, i }) => `${x[i]},${y(p.low!)}`).join('L')}Z`,
        })
      : null;
  const whiskers = banded.map(({ p, i }) => svg('line', { class: 'whisker', x1: x[i]!, x2: x[i]!, y1: y(p.high!), y2: y(p.low!) }));
  const line = pts.length >= 2 ? svg('path', { class: 'line', d: `M${pts.map((p, i) => `${x[i]},${y(p.value)}`).join('L')}` }) : null;

  const tip = h('div', { class: 'chart-tip', hidden: true, 'aria-hidden': 'true' });
  const circles = pts.map((p, i) =>
    svg('circle', { class: 'point', cx: x[i]!, cy: y(p.value), r: 5, tabindex: 0, role: 'img', 'aria-label': describe(spec, p), 'data-index': i }),
  );
  const show = (i: number) => {
    const p = pts[i]!;
    circles.forEach((c, j) => c.classList.toggle('active', j === i));
    tip.replaceChildren(
      h('strong', {}, spec.format(p.value)),
      h('span', {}, when(p.at)),
      h('span', {}, p.low !== null && p.high !== null ? `95% interval ${spec.format(p.low)}–${spec.format(p.high)}` : 'no interval for this measure'),
      h('span', { class: 'sample' }, p.sample),
    );
    tip.hidden = false;
    tip.style.left = `${Math.min(80, Math.max(20, (x[i]! / W) * 100))}%`;
    tip.style.top = `${(y(p.value) / H) * 100}%`;
  };
  const hide = () => {
    tip.hidden = true;
    circles.forEach((c) => c.classList.remove('active'));
  };
  circles.forEach((c, i) => {
    c.addEventListener('focus', () => show(i));
    c.addEventListener('blur', hide);
    c.addEventListener('keydown', (e) => {
      const to = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : -1;
      if (to < 0 || to >= circles.length) return;
      e.preventDefault();
      circles[to]!.focus();
    });
  });

  const plot = svg(
    'svg',
    { viewBox: `0 0 ${W} ${H}`, role: 'group', 'aria-labelledby': titleId, class: 'plot' },
    svg('g', { class: 'grid', 'aria-hidden': 'true' }, ...grid, ...dates),
    svg('g', { 'aria-hidden': 'true' }, band, ...whiskers, line),
    svg('g', {}, ...circles),
  );
  // The point nearest the pointer across the whole width, so hovering (or a tap) needs no aim.
  plot.addEventListener('pointermove', (e) => {
    const box = plot.getBoundingClientRect();
    const at = ((e.clientX - box.left) / box.width) * W;
    let nearest = 0;
    x.forEach((xi, i) => {
      if (Math.abs(xi - at) < Math.abs(x[nearest]! - at)) nearest = i;
    });
    show(nearest);
  });
  plot.addEventListener('pointerleave', () => {
    if (!circles.includes(document.activeElement as SVGCircleElement)) hide();
  });

  return h(
    'figure',
    { class: 'chart' },
    h('figcaption', { id: titleId }, spec.title),
    h('div', { class: 'plot-wrap' }, plot, tip),
    h(
      'details',
      { class: 'data' },
      h('summary', {}, 'Data table'),
      h(
        'table',
        {},
        h('caption', {}, spec.title),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Run'), h('th', { scope: 'col' }, 'Value'), h('th', { scope: 'col' }, '95% interval'), h('th', { scope: 'col' }, 'Sample'))),
        h(
          'tbody',
          {},
          ...pts.map((p) =>
            h('tr', {}, h('th', { scope: 'row' }, when(p.at)), h('td', {}, spec.format(p.value)), h('td', {}, p.low !== null && p.high !== null ? `${spec.format(p.low)}–${spec.format(p.high)}` : '—'), h('td', {}, p.sample)),
          ),
        ),
      ),
    ),
  );
}

const shortDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
