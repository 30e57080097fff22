/**
 * The names of the newest run in the date range, best first on the chosen measure: each with its
 * value (interval and n beside it), its change since the last comparable run with a verdict in
 * words, and how stable its mention is across a prompt's samples. The chart's swatch marks the
 * names it draws, so the table and the chart read together.
 */
import type { Run } from '@brandradar/contracts';
import { seriesSwatch } from './chart.js';
import { h } from './dom.js';
import { helpText } from './report-sections.js';
import { valueText, type Measure, type Stat } from './measures.js';
import { changeLine } from './report-cards.js';
import { nameFigures, ranked, type NameFigure } from './report-figures.js';
import { quartilesText } from './sampling.js';

type MeasuredRun = Run & { metrics: NonNullable<Run['metrics']> };

/** `27 of 30 (90%)` under "Stable cells": short for a table cell; the help says what it counts. */
function stabilityShort(s: NonNullable<NameFigure['metrics']>['stability']): string {
  return s ? `${s.agreeing} of ${s.cells} (${Math.round(s.rate * 100)}%)` : '—';
}

/** The interval under the value, short (`31.4%–65.6%`), named in full for a screen reader. */
function intervalShort(measure: Measure, stat: Stat): HTMLElement | null {
  if (!stat.interval) return null;
  return h('span', { class: 'uncertainty' }, h('span', { class: 'visually-hidden' }, '95% interval '), `${valueText(measure, stat.interval.low)}–${valueText(measure, stat.interval.high)}`);
}

/** `charted`: the names the chart draws, in its order (for the swatches). `runLabel`: the run the figures are of. */
export function rankedNames(measure: Measure, run: MeasuredRun, runLabel: string, charted: string[]): HTMLElement {
  const figures = ranked(measure, nameFigures(measure, run));
  // A sentiment run tracks its brand alone, whose stability is the run's.
  const stabilityOf = (f: NameFigure) => f.metrics?.stability ?? (run.metrics.primitive === 'sentiment' ? run.metrics.stability : null);
  const cell = (label: string, ...content: Array<Node | string | null>) => h('td', { 'data-label': label }, ...content);
  const sampled = run.samplesPerPrompt > 1;
  return h(
    'section',
    { 'aria-labelledby': 'ranking-heading', class: 'ranking' },
    h('div', { class: 'section-head' }, h('h2', { id: 'ranking-heading' }, `Ranked by ${measure.label.toLowerCase()}`), helpText(
      'About this table',
      h('p', {}, `Run ${runLabel}, best first. Under each value, its 95% interval; the chart's data table has each n.`),
      h('p', {}, 'Change: since the last comparable run (same prompts, surfaces and samples). “Significant” means the change is larger than chance would make it; “within noise” means it is not; “too few answers” means a run had under 10 analysed answers. pp: percentage points.'),
      h('p', {}, sampled ? 'Stable cells: of the prompt × surface cells with at least 2 answers, the share whose answers all agree on whether the name is mentioned (all of them do, or none).' : 'Stability needs a tracker that asks each prompt at least twice per surface.'),
    )),
    h(
      'table',
      { class: 'cards ranked' },
      h('caption', { class: 'visually-hidden' }, `Names ranked by ${measure.label.toLowerCase()} in run ${runLabel}, best first`),
      h('thead', {}, h('tr', {}, ...['#', 'Name', measure.label, 'Change', 'Stable cells'].map((c) => h('th', { scope: 'col' }, c)))),
      h(
        'tbody',
        {},
        ...figures.map((f, i) => {
          const drawn = charted.indexOf(f.name);
          const stability = stabilityOf(f);
          return h(
            'tr',
            {},
            cell('#', String(i + 1)),
            h('th', { scope: 'row', 'data-label': 'Name' }, drawn >= 0 ? seriesSwatch(drawn) : null, h('span', { class: 'ranked-name' }, f.name)),
            cell(
              measure.label,
              h('strong', {}, valueText(measure, f.stat.value)),
              intervalShort(measure, f.stat),
              measure.kind === 'position' && f.metrics?.positionQuartiles ? h('span', { class: 'quartiles' }, `${quartilesText(f.metrics.positionQuartiles)}.`) : null,
            ),
            cell('Change', changeLine(measure, f.change, run.delta !== null, false)),
            h('td', { 'data-label': 'Stable cells', class: 'stability' }, stabilityShort(stability)),
          );
        }),
      ),
    ),
    run.delta ? h('p', { class: 'note' }, run.delta.note) : null,
  );
}
