/**
 * The report's comparison chart of the chosen measure over the runs of the date range, with its
 * explanation as a help text beside its heading rather than paragraphs before it.
 */
import type { Run } from '@brandradar/contracts';
import type { Report } from './api.js';
import { comparisonChart } from './chart.js';
import { comparisonSpec } from './chart-spec.js';
import { h } from './dom.js';
import { chartedNames, measuredRuns, type Measure } from './measures.js';
import { helpText } from './report-sections.js';
import { rangeText } from './run-range.js';

/** The chart section, or a sentence when the range has no finished run. */
export function chartSection(report: Report, inRange: Run[], labels: Map<string, string>, measure: Measure): HTMLElement {
  const runs = measuredRuns(inRange);
  const heading = h('h2', { id: 'chart-heading' }, `${measure.label}, ${rangeText(runs)}`);
  if (runs.length === 0)
    return h(
      'section',
      { 'aria-labelledby': 'chart-heading', class: 'comparison' },
      heading,
      h('p', {}, measuredRuns(report.runs).length === 0 ? 'No finished run yet. Run the tracker to see its numbers here.' : 'No finished run in this date range. Choose a wider range.'),
    );
  const latest = runs[runs.length - 1]!;
  const names = chartedNames(measure, runs);
  const named = measure.stats(latest.metrics).length;
  const sampled = runs.some((r) => r.samplesPerPrompt > 1);
  return h(
    'section',
    { 'aria-labelledby': 'chart-heading', class: 'comparison' },
    h(
      'div',
      { class: 'section-head' },
      heading,
      helpText(
        'About this chart',
        h(
          'p',
          {},
          'Each band is a 95% interval',
          sampled ? ', which allows for the samples of one prompt on one surface agreeing more than independent answers would' : '',
          '. Point at, tap or focus the chart for a run’s values and sample sizes; the chart has a data table.',
        ),
      ),
    ),
    // Said where it is seen: a reader should not take the chart for all of the names.
    named > names.length ? h('p', { class: 'hint' }, `The chart shows the first ${names.length} of the ${named} ${report.tracker.primitive === 'citations' ? 'domains' : 'names'} of the latest run, in its order.`) : null,
    comparisonChart(comparisonSpec(measure, runs, names, (r) => labels.get(r.id)!)),
  );
}
