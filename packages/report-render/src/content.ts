/**
 * What the PDF report says, as plain text, from the JSON report and the insights: the headline
 * measure's figure per name (the overview's rule picks the measure, the web app's measures word it),
 * the chart's definition, the by-surface table, the top insights and the method. No layout and no
 * I/O: pdf.ts lays it out, and a test reads the same figures back from the PDF.
 */
import { CAUSATION_NOTE, MIN_ANSWERS_FOR_CHANGE } from '@brandradar/analysis';
import type { Insights, Run, Tracker } from '@brandradar/contracts';
import type { ComparisonSpec } from '@brandradar/web/dist/chart-layout.js';
import { surfaceRows } from '@brandradar/web/dist/drill.js';
import { measuredRuns, runTime, sample, sayChange, valueText, type Change, type Measure } from '@brandradar/web/dist/measures.js';
import { surfaceName } from '@brandradar/web/dist/surfaces.js';
import { reportChart } from './spec';

/** Where and how times are written: a BCP 47 locale and an IANA zone. */
export interface TimeStyle {
  locale: string;
  timeZone: string;
}

/** One name's card: its newest figure with interval and sample, and its change in words. */
export interface FigureCard {
  name: string;
  value: string;
  /** `95% interval 11.2%–25.0%`, or null for a measure without one. */
  interval: string | null;
  sample: string;
  /** `+5.10 percentage points: statistically significant, p = 0.012.`, or why there is none. */
  change: string;
  /** The change's verdict in words; null when no change can be stated. */
  verdict: 'significant' | 'within noise' | 'no significance test' | null;
}

export interface ReportContent {
  trackerName: string;
  /** `3 runs from 1 Nov 2026 to 15 Nov 2026`. */
  range: string;
  generatedAt: string;
  /** `Share of voice`, of the overview's headline rule; null without a measured run. */
  measure: string | null;
  cards: FigureCard[];
  chart: ComparisonSpec | null;
  surfaces: { title: string; names: string[]; rows: Array<{ surface: string; cells: string[] }> } | null;
  insights: Array<{ heading: string; items: string[] }>;
  method: string;
}

/** How many of each insight list the PDF shows: the top of each, the rest is in the app. */
const TOP_INSIGHTS = 5;

/** The change as the report page says it, and its verdict in a word or two for the card's badge. */
function changeOf(measure: Measure, c: Change | undefined, hasDelta: boolean): Pick<FigureCard, 'change' | 'verdict'> {
  if (!hasDelta) return { change: 'No earlier comparable run.', verdict: null };
  if (!c) return { change: 'Not tracked in the previous run.', verdict: null };
  const change = sayChange(measure, c, MIN_ANSWERS_FOR_CHANGE);
  if (c.change === null) return { change, verdict: null };
  if (c.significant === null || c.significant === undefined) return { change, verdict: 'no significance test' };
  return { change, verdict: c.significant ? 'significant' : 'within noise' };
}

function rangeText(runs: Run[], style: TimeStyle): string {
  if (runs.length === 0) return 'No finished run yet';
  const day = new Intl.DateTimeFormat(style.locale, { dateStyle: 'medium', timeZone: style.timeZone });
  const times = runs.map((r) => Date.parse(runTime(r)));
  const [first, last] = [day.format(Math.min(...times)), day.format(Math.max(...times))];
  const count = `${runs.length} run${runs.length === 1 ? '' : 's'}`;
  return first === last ? `${count} on ${first}` : `${count} from ${first} to ${last}`;
}

const percent = (v: number) => `${+(v * 100).toFixed(1)}%`;

function insightLists(insights: Insights | null): ReportContent['insights'] {
  if (!insights) return [];
  const interval = (i: { low: number; high: number } | null) => (i ? `, 95% interval ${percent(i.low)}–${percent(i.high)}` : '');
  const lists = [
    {
      heading: 'Names the answers put forward that you do not track',
      items: insights.discoveredNames.slice(0, TOP_INSIGHTS).map((d) => `${d.name}: ${percent(d.rate)} of answers${interval(d.interval)}, n = ${d.n} answers`),
    },
    {
      heading: 'Sources citing a competitor but not you',
      items: (insights.citationGaps ?? []).slice(0, TOP_INSIGHTS).map((g) => `${g.domain}: ${g.answers} answer${g.answers === 1 ? '' : 's'} naming ${g.names.slice(0, 3).join(', ')}`),
    },
    {
      heading: 'Sites the surfaces read and did not cite',
      items: insights.consultedNotCited.slice(0, TOP_INSIGHTS).map((c) => `${c.domain}: read in ${c.consulted} answer${c.consulted === 1 ? '' : 's'}, cited in ${c.cited}`),
    },
  ];
  return lists.filter((l) => l.items.length > 0);
}

function method(tracker: Tracker, measure: Measure | null): string {
  const surfaces = tracker.models.map(surfaceName).join(', ');
  const samples = tracker.samplesPerPrompt > 1 ? `, ${tracker.samplesPerPrompt} times each,` : '';
  const what = measure ? `${measure.label} is taken over the ${measure.sampleOf} of each run.` : '';
  return (
    `Each run asks the tracker’s ${tracker.prompts.length} prompt${tracker.prompts.length === 1 ? '' : 's'} on ${surfaces}${samples} and analyses the answers. ${what} ` +
    'Each figure has a 95% interval on its effective sample size: answers to one prompt on one surface may agree more than independent answers would, so they count as correlated. ' +
    `A change compares a run with the previous comparable one (same prompts, surfaces, names and analysis version); it is stated only when both runs have at least ${MIN_ANSWERS_FOR_CHANGE} analysed answers, ` +
    `and called significant when its p-value is below 0.05, otherwise within noise. ${CAUSATION_NOTE}`
  );
}

/** The PDF's text from a JSON report (newest run first) and the tracker's insights (null to leave them out), generated at `now`. */
export function reportContent(report: { tracker: Tracker; runs: Run[] }, insights: Insights | null, now: Date, style: TimeStyle): ReportContent {
  const chart = reportChart(report, style);
  const runs = measuredRuns(report.runs);
  const newest = runs.at(-1);
  const at = new Intl.DateTimeFormat(style.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: style.timeZone });
  const base = {
    trackerName: report.tracker.name,
    range: rangeText(runs, style),
    generatedAt: `${at.format(now)} (${style.timeZone})`,
    insights: insightLists(insights),
    method: method(report.tracker, chart?.measure ?? null),
  };
  if (!chart || !newest) return { ...base, measure: null, cards: [], chart: null, surfaces: null };
  const { measure, spec } = chart;
  const names = spec.series.map((s) => s.name);
  const changes = newest.delta ? measure.changes(newest.delta) : [];
  const cards = measure.stats(newest.metrics).flatMap(({ name, stat }): FigureCard[] =>
    names.includes(name) && stat.value !== null
      ? [
          {
            name,
            value: valueText(measure, stat.value),
            interval: stat.interval ? `95% interval ${valueText(measure, stat.interval.low)}–${valueText(measure, stat.interval.high)}` : null,
            sample: sample(measure, stat),
            ...changeOf(measure, changes.find((c) => c.name === name)?.change, newest.delta !== null),
          },
        ]
      : [],
  );
  const cell = (stat: Parameters<typeof sample>[1] | null) =>
    stat === null || stat.value === null ? '—' : `${valueText(measure, stat.value)}${stat.interval ? ` (${valueText(measure, stat.interval.low)}–${valueText(measure, stat.interval.high)})` : ''}, n = ${stat.n}`;
  const surfaces = {
    title: `${measure.label} by surface, newest run (${at.format(new Date(runTime(newest)))})`,
    names,
    rows: surfaceRows(newest, measure, names).map((row) => ({ surface: surfaceName(row.surface), cells: row.stats.map(cell) })),
  };
  return { ...base, measure: measure.label, cards, chart: spec, surfaces };
}
