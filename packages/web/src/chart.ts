/**
 * A comparison chart in plain SVG: one line per name over the runs, each with its 95% interval as
 * a light band, told apart by colour, dash and marker shape and named in a legend. The plot is one
 * Tab stop: the arrow keys move between runs and names, a pointer or a tap anywhere shows the
 * nearest point, and what is shown is also said in a polite live region. The same numbers are in a
 * data table. Drawn at the container's real pixel width (no viewBox), so its text keeps its CSS size
 * on a phone; redrawn when that width changes.
 */
import {
  axisDate,
  describeSpot,
  intervalText,
  MARGIN,
  markerPath,
  moveSpot,
  nearestRun,
  nearestSeries,
  plotHeight,
  plotShapes,
  seriesStyle,
  type ChartValue,
  type ComparisonSpec,
  type Layout,
  type PlotShape,
  type Spot,
} from './chart-layout.js';
import { h, scrollBox, svg, uid } from './dom.js';

export type { ComparisonSpec };

/** A shape of the plot as an SVG element. */
const drawn = (shape: PlotShape): SVGElement => svg(shape.tag, shape.attrs, ...(shape.children ?? []).map(drawn), shape.text);

/** A series' line and marker in small, beside its name in the legend and in the details under the chart. */
export function seriesSwatch(i: number): SVGSVGElement {
  const style = seriesStyle(i);
  return svg(
    'svg',
    { class: 'swatch', width: 32, height: 16, 'aria-hidden': 'true' },
    svg('line', { x1: 1, x2: 31, y1: 8, y2: 8, stroke: style.colour, 'stroke-width': 2.5, 'stroke-dasharray': style.dash || null }),
    svg('path', { class: `marker ${style.shape}`, d: markerPath(style.shape, 16, 8, 4), stroke: style.colour }),
  );
}

export function comparisonChart(spec: ComparisonSpec): HTMLElement {
  const helpId = uid('chart-help');
  const names = spec.series.map((s) => s.name);
  const plot = svg('svg', { class: 'plot', 'aria-hidden': 'true' });
  const tip = h('div', { class: 'chart-tip', hidden: true, 'aria-hidden': 'true' });
  const live = h('p', { class: 'visually-hidden', 'aria-live': 'polite' });
  const area = h(
    'div',
    {
      class: 'plot-wrap',
      tabindex: 0,
      role: 'application',
      'aria-roledescription': 'chart',
      'aria-label': `${spec.title}: ${names.length} name${names.length === 1 ? '' : 's'} over ${spec.runs.length} run${spec.runs.length === 1 ? '' : 's'}`,
      'aria-describedby': helpId,
    },
    plot,
    tip,
  );
  let width = 0;
  let geometry: Layout | null = null;
  /** The point shown (by the keyboard, a pointer or a tap); the latest run of the first name until then. */
  let spot: Spot = { run: spec.runs.length - 1, series: 0 };
  let showing = false;

  const draw = () => {
    const { height, geometry: g, groups } = plotShapes(spec, width, axisDate(spec.runs));
    geometry = g;
    plot.setAttribute('width', String(width));
    plot.setAttribute('height', String(height));
    plot.replaceChildren(...groups.map(drawn));
    if (showing) show(spot, false);
  };

  const show = (at: Spot, announce: boolean) => {
    spot = at;
    showing = true;
    if (announce) live.textContent = describeSpot(spec, at);
    if (!geometry) return;
    const s = spec.series[at.series]!;
    const v = s.values[at.run];
    const px = geometry.x[at.run]!;
    const style = seriesStyle(at.series);
    plot.querySelector('.focus')?.remove();
    plot.append(
      svg(
        'g',
        { class: 'focus' },
        svg('line', { class: 'guide', x1: px, x2: px, y1: MARGIN.top, y2: plotHeight(width) - MARGIN.bottom }),
        v ? svg('path', { class: `marker ring ${style.shape}`, stroke: style.colour, d: markerPath(style.shape, px, geometry.y(v.value), 7) }) : null,
      ),
    );
    tip.replaceChildren(
      h('strong', { class: 'tip-name' }, s.name),
      h('span', { class: 'tip-value' }, v ? spec.format(v.value) : 'no value in this run'),
      ...(v ? [h('span', {}, intervalText(spec, v)), h('span', { class: 'sample' }, v.sample)] : []),
      h('span', { class: 'tip-run' }, `Run ${spec.runs[at.run]!.label}`),
    );
    tip.hidden = false;
    // Kept inside the plot's width; below the point when there is no room above it.
    const py = v ? geometry.y(v.value) : MARGIN.top;
    const left = Math.min(Math.max(0, px - tip.offsetWidth / 2), Math.max(0, width - tip.offsetWidth));
    const below = py < tip.offsetHeight + 16;
    tip.classList.toggle('below', below);
    tip.style.left = `${left}px`;
    tip.style.top = `${below ? py + 14 : py}px`;
  };
  const hide = () => {
    showing = false;
    tip.hidden = true;
    plot.querySelector('.focus')?.remove();
  };

  area.addEventListener('focus', () => show(spot, true));
  area.addEventListener('blur', hide);
  area.addEventListener('keydown', (e) => {
    const to = moveSpot(spot, e.key, spec.runs.length, spec.series.length);
    if (!to) return;
    e.preventDefault();
    show(to, true);
  });
  // The run nearest the pointer across the whole width, then the name nearest it at that run: no aim needed.
  const spotAt = (e: PointerEvent): Spot | null => {
    if (!geometry) return null;
    const box = plot.getBoundingClientRect();
    const run = nearestRun(geometry.x, e.clientX - box.left);
    const ys = spec.series.map((s) => (s.values[run] ? geometry!.y(s.values[run].value) : null));
    return { run, series: nearestSeries(ys, e.clientY - box.top) ?? spot.series };
  };
  area.addEventListener('pointermove', (e) => {
    const at = spotAt(e);
    if (at) show(at, false);
  });
  area.addEventListener('pointerdown', (e) => {
    const at = spotAt(e);
    if (at) show(at, true);
  });
  // A touch pointer leaves when the finger lifts: the tapped point stays shown until the next tap or blur.
  area.addEventListener('pointerleave', (e) => {
    if (e.pointerType === 'mouse' && document.activeElement !== area) hide();
  });
  new ResizeObserver(([entry]) => {
    const w = Math.floor(entry!.contentRect.width);
    if (w > 0 && w !== width) {
      width = w;
      draw();
    }
  }).observe(area);

  const cell = (v: ChartValue | null) =>
    v ? h('td', {}, spec.format(v.value), h('span', { class: 'interval' }, v.low !== null && v.high !== null ? `${spec.format(v.low)}–${spec.format(v.high)}` : ''), h('span', { class: 'sample' }, v.sample)) : h('td', {}, '—');
  return h(
    'figure',
    { class: 'chart' },
    h('figcaption', {}, spec.title),
    h(
      'ul',
      { class: 'legend', 'aria-label': 'Legend' },
      ...spec.series.map((s, i) => h('li', {}, seriesSwatch(i), h('span', { class: 'legend-name', title: s.name }, s.name))),
    ),
    h('p', { id: helpId, class: 'hint chart-keys' }, 'Focus the chart, then use the arrow keys: left and right between runs, up and down between names, Home and End for the first and last run. Point at or tap the chart to show the nearest run.'),
    area,
    live,
    h(
      'details',
      { class: 'data' },
      h('summary', {}, 'Data table'),
      scrollBox(
        `${spec.title}: data table`,
        h(
          'table',
          {},
          h('caption', {}, `${spec.title}: value, 95% interval and sample per run`),
          h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Run'), ...names.map((n) => h('th', { scope: 'col' }, n)))),
          h('tbody', {}, ...spec.runs.map((r, i) => h('tr', {}, h('th', { scope: 'row' }, r.label), ...spec.series.map((s) => cell(s.values[i] ?? null))))),
        ),
      ),
    ),
  );
}
