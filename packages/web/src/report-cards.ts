/**
 * The report's headline figures as cards: the headline measure first, each card a value with its
 * interval and n and its change since the last comparable run, the verdict a badge in words.
 */
import type { Run } from '@brandradar/contracts';
import { h } from './dom.js';
import { percent } from './format.js';
import { headlineMeasure, measuresFor, valueText, type Change, type Measure, type Stat } from './measures.js';
import { changeInShort, headlineOf, nameFigures } from './report-figures.js';

type MeasuredRun = Run & { metrics: NonNullable<Run['metrics']> };

/** The change as a line: its size and its verdict as a badge in words; with `withP`, the p-value for those who want it. */
export function changeLine(measure: Measure, change: Change | undefined, hasDelta: boolean, withP = true): HTMLElement {
  if (!hasDelta) return h('span', { class: 'change' }, 'No earlier comparable run');
  const { amount, verdict } = changeInShort(measure, change);
  const p = !withP || change?.pValue === null || change?.pValue === undefined ? null : `p = ${change.pValue < 0.001 ? '< 0.001' : change.pValue.toFixed(3)}`;
  return h(
    'span',
    { class: 'change' },
    amount === '—' ? null : h('span', { class: 'amount' }, amount, ' '),
    h('span', { class: `badge verdict ${verdict.replace(/ /g, '-')}` }, verdict),
    p ? h('span', { class: 'p-value' }, ` ${p}`) : null,
  );
}

/** `95% interval 28.1%–40.9%`, or nothing for a measure without one (an average place). */
const intervalText = (measure: Measure, stat: Stat): string | null =>
  stat.interval ? `95% interval ${measure.kind === 'rate' ? `${percent(stat.interval.low)}–${percent(stat.interval.high)}` : `${valueText(measure, stat.interval.low)} to ${valueText(measure, stat.interval.high)}`}` : null;

/** A card's value with its uncertainty beside it: the interval and n, short (the chart's data table has the cells and the effective n). */
function uncertainty(measure: Measure, stat: Stat): HTMLElement {
  const interval = intervalText(measure, stat);
  return h('span', { class: 'uncertainty' }, interval ? h('span', { class: 'interval' }, interval) : null, h('span', { class: 'sample' }, `n = ${stat.n} ${measure.sampleOf}`));
}

/**
 * The figure cards: the headline measure first, then the primitive's other measures, each of the
 * headline's name (or, where that measure lists no such name, its first: the URL's rate names the
 * URL, a domain share the most cited domain).
 */
export function figureCards(run: MeasuredRun): HTMLElement[] {
  const headline = headlineOf(run.metrics);
  const first = headlineMeasure(headline.measure);
  const measures = [first, ...measuresFor(run.metrics.primitive).filter((m) => m.id !== first.id)];
  return measures.flatMap((measure, i) => {
    const figures = nameFigures(measure, run);
    const figure = figures.find((f) => f.name === headline.name) ?? figures[0];
    if (!figure) return [];
    const labelId = `card-${measure.id}`;
    return [
      h(
        'article',
        { class: `figure-card${i === 0 ? ' headline' : ''}`, 'aria-labelledby': labelId },
        h('h3', { id: labelId }, measure.label, h('span', { class: 'card-name' }, ` · ${figure.name}`)),
        h('p', { class: 'figure' }, valueText(measure, figure.stat.value)),
        h('p', {}, uncertainty(measure, figure.stat)),
        h('p', {}, changeLine(measure, figure.change, run.delta !== null)),
      ),
    ];
  });
}
