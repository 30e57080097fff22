/**
 * A tracker's headline in the overview: its newest figure with interval and sample, the newest
 * run's change of it in the report's words, and its trend as a small line, said in full to a
 * screen reader.
 */
import type { Headline } from '@brandradar/contracts';
import { h, svg } from './dom.js';
import { percent } from './format.js';
import { headlineMeasure, sample, sayChange } from './measures.js';

/** Whose figure it is: `Share of voice of HubSpot`; the URL's rate names no one. */
function headlineLabel(headline: Headline): string {
  const { label } = headlineMeasure(headline.measure);
  return headline.name === null ? label : `${label} of ${headline.name}`;
}

/** The newest figure's parts: `34.2%` and `95% interval 28.1%–40.9%; n = 45 mentions in 9 prompt × surface cells`; null when the newest run lacks the measure. */
function newestFigure(headline: Headline): { value: string; uncertainty: string } | null {
  const newest = headline.points.at(-1);
  if (!newest) return null;
  const { interval, clusters } = newest;
  const stat = { value: newest.value, n: newest.n, ...(clusters === null ? {} : { clusters }) };
  const range = interval ? `95% interval ${percent(interval.low)}–${percent(interval.high)}; ` : '';
  return { value: percent(newest.value), uncertainty: `${range}${sample(headlineMeasure(headline.measure), stat)}` };
}

/** `Share of voice of HubSpot: 34.2% (95% interval …; n = …)`, the figure in bold, its uncertainty always beside it. */
export function headlineContent(headline: Headline): Node {
  const figure = newestFigure(headline);
  if (!figure) return document.createTextNode(`${headlineLabel(headline)}: not measured in the newest run.`);
  return h('span', {}, `${headlineLabel(headline)}: `, h('strong', {}, figure.value), ' ', h('span', { class: 'uncertainty' }, `(${figure.uncertainty})`));
}

/** The newest run's change, said as the report says it; a significant one is marked in words, not colour alone. */
export function changeContent(headline: Headline): Node {
  const { change } = headline;
  if (!change) return document.createTextNode(headline.points.length < 2 ? 'No earlier run to compare with.' : 'No comparable earlier run.');
  const sentence = sayChange(headlineMeasure(headline.measure), change, change.minimumAnswers);
  return change.significant ? h('span', {}, h('strong', { class: 'badge significant' }, 'Significant'), ' ', sentence) : h('span', {}, sentence);
}

const WIDTH = 96;
const HEIGHT = 24;
const PAD = 3;

/**
 * The points as a line, oldest on the left, on their own scale (the lowest at the bottom, the
 * highest at the top): an image whose label lists every value, so nothing is said by the shape alone.
 * Null when no point has a value.
 */
export function sparkline(headline: Headline): SVGSVGElement | null {
  const known = headline.points.flatMap((p, i) => (p.value === null ? [] : [{ i, value: p.value }]));
  if (known.length === 0) return null;
  const values = known.map((k) => k.value);
  const low = Math.min(...values);
  const span = Math.max(...values) - low;
  const last = Math.max(headline.points.length - 1, 1);
  const x = (i: number) => PAD + (i / last) * (WIDTH - 2 * PAD);
  const y = (v: number) => (span === 0 ? HEIGHT / 2 : HEIGHT - PAD - ((v - low) / span) * (HEIGHT - 2 * PAD));
  const coordinates = known.map((k) => `${x(k.i).toFixed(1)},${y(k.value).toFixed(1)}`);
  const newest = known.at(-1)!;
  const runs = headline.points.length === 1 ? 'the last run' : `the last ${headline.points.length} runs`;
  const said = headline.points.map((p) => percent(p.value)).join(', ');
  const label = `${headlineLabel(headline)} over ${runs}: ${said}`;
  return svg(
    'svg',
    { class: 'sparkline', role: 'img', 'aria-label': label, viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: WIDTH, height: HEIGHT },
    // The same values on hover, for those who see the line.
    svg('title', {}, label),
    known.length > 1 ? svg('polyline', { points: coordinates.join(' '), fill: 'none', stroke: 'currentColor', 'stroke-width': 1.5 }) : null,
    // The newest value as a dot: where the line ends, and all there is of a single run.
    svg('circle', { cx: x(newest.i).toFixed(1), cy: y(newest.value).toFixed(1), r: 2.5, fill: 'currentColor' }),
  );
}
