/**
 * The report page. Its first screen answers "did we do better?": the tracker's headline figures as
 * cards with their change and whether it is significant, one chart comparing the names, and the
 * names ranked with their change and stability. The detail (breakdowns, cited sources, mentions
 * per cell, insights, the runs and their answers) opens on demand below.
 */
import { allowedOr, can } from './access.js';
import { activate, cadenceText, runNow } from './actions.js';
import { api, type Report, type Run } from './api.js';
import { breakdownsSection } from './breakdowns.js';
import { h, saveFile } from './dom.js';
import { money, pausedBecause, when, whenExactly } from './format.js';
import { insightsSection } from './insights-view.js';
import { chartedNames, headlineMeasure, measuredRuns, measuresFor, type Measure } from './measures.js';
import { recomputeHistory } from './recompute.js';
import { chartSection } from './report-chart.js';
import { figureCards } from './report-cards.js';
import { headlineOf } from './report-figures.js';
import { rangeFields } from './report-range.js';
import { pdfButton } from './report-pdf.js';
import { rankedNames } from './report-ranking.js';
import { mentionsByCell, runsSection } from './report-runs.js';
import { helpText } from './report-sections.js';
import { runLabels, runsInRange, type DateRange, type Preset } from './run-range.js';
import { sourcesSection } from './sources.js';
import type { View } from './view.js';

/** Saves the report's runs as CSV. */
async function downloadCsv(trackerId: string): Promise<void> {
  saveFile(await api.reportCsv(trackerId, REPORT_RUNS), `report-${trackerId}.csv`, 'text/csv;charset=utf-8');
}

const IN_PROGRESS: Run['status'][] = ['QUEUED', 'RUNNING'];
const POLL_MS = 2000;
/** The newest runs the report reads: the date range filters these. */
const REPORT_RUNS = 50;

/** `namesEdited`: the user has just saved an edit of the tracked names only, so recomputing its history is suggested. */
export async function reportView(view: View, trackerId: string, namesEdited = false): Promise<void> {
  let report = await api.report(trackerId, REPORT_RUNS);
  let measure = openingMeasure(report);
  let shownRun: string | null = null;
  // Set when a heat-map cell asks for a run's answers: the runs section opens for them.
  let openAnswers = false;
  let preset: Preset | 'custom' = 'all';
  let range: DateRange = { from: null, to: null };
  // The tracked name whose mentions the cells table shows; the first name of the latest run until one is chosen.
  let cellsName: string | null = null;
  // The run "Run now" queued: watched until it has finished, even when the page's next read already finds it finished.
  let awaitedRun: string | null = null;
  const recompute = recomputeHistory(view, trackerId, namesEdited, () => reload());
  // A name just added as a competitor: its earlier runs report it once the history is recomputed, the next step offered (and focused).
  const insights = insightsSection(view, trackerId, report.tracker.primitive, report.tracker.models, async (added) => {
    await reload();
    if (!added) return;
    recompute.offer();
    recompute.button.focus();
  });

  const render = () => {
    const t = report.tracker;
    const labels = runLabels(report.runs, whenExactly);
    // What the date range filters is redrawn in place, so the range's own fields keep focus while a date is typed.
    const cardsSlot = h('div', {});
    const chartSlot = h('div', { class: 'chart-and-ranking' });
    const breakdownsSlot = h('div', {});
    const runsSlot = h('div', {});
    const showRange = () => {
      const inRange = runsInRange(report.runs, range);
      const newest = measuredRuns(inRange).at(-1);
      const label = newest ? labels.get(newest.id)! : '';
      cardsSlot.replaceChildren(newest ? headlineFigures(newest, label) : '');
      chartSlot.replaceChildren(chartSection(report, inRange, labels, measure), newest ? rankedNames(measure, newest, label, chartedNames(measure, measuredRuns(inRange))) : '');
      breakdownsSlot.replaceChildren(breakdownsSection(report, inRange, measure, showPromptAnswers), sourcesSection(report, inRange) ?? '');
      runsSlot.replaceChildren(runsSection(report, inRange, labels, (id) => ((shownRun = id), render(), document.getElementById('answers-heading')?.focus()), shownRun, openAnswers));
      openAnswers = false;
    };
    showRange();
    const measures = measuresFor(t.primitive);
    const select = h(
      'select',
      { id: 'measure', on: { change: (e) => ((measure = measures.find((m) => m.id === (e.target as HTMLSelectElement).value)!), render()) } },
      ...measures.map((m) => h('option', { value: m.id, selected: m.id === measure.id }, m.label)),
    );
    view.showWithActions(
      t.name,
      // The page's actions, beside its title.
      h(
        'div',
        { class: 'actions report-actions' },
        t.status === 'ACTIVE'
          ? allowedOr('run', h('button', { class: 'primary', on: { click: () => void view.act(async () => describeQueued(await watch(runNow(t.id))), reload) } }, 'Run now'))
          : allowedOr('manage', h('button', { class: 'primary', on: { click: () => void view.act(() => activate(t), reload) } }, t.status === 'PAUSED' ? 'Resume' : 'Activate')),
        can('manage') ? h('a', { href: `#/trackers/${t.id}/edit`, class: 'button secondary' }, 'Edit') : null,
        can('run') ? recompute.button : null,
        h('button', { class: 'secondary', on: { click: () => void view.act(() => downloadCsv(t.id)) } }, 'Download CSV'),
        pdfButton(view, t.id, REPORT_RUNS),
      ),
      h(
        'p',
        { class: 'meta' },
        `${t.primitive} · ${t.status.toLowerCase()}`,
        t.status === 'PAUSED' ? ` · ${pausedBecause(t)}` : '',
        ` · runs ${cadenceText(t)} · next run ${when(t.nextRunAt)} · ${money(t.estimatedCostMicroPerRun)} per run`,
        ` · ${t.samplesPerPrompt} sample${t.samplesPerPrompt === 1 ? '' : 's'} per prompt${t.samplingMode === 'adaptive' ? ' (adaptive)' : ''}`,
        t.country ? ` · asked for ${t.country.toUpperCase()}` : '',
        t.alerts.significantChange ? ' · e-mails on a significant change' : '',
      ),
      recompute.panel(report),
      cardsSlot,
      h(
        'div',
        { class: 'report-controls' },
        h('div', { class: 'field inline' }, h('label', { for: 'measure' }, 'Measure'), select),
        rangeFields(report.runs, REPORT_RUNS, { preset, range }, (to) => {
          ({ preset, range } = to);
          showRange();
        }),
      ),
      chartSlot,
      breakdownsSlot,
      mentionsByCell(report, labels, cellsName, (name) => ((cellsName = name), render(), document.getElementById('cells-name')?.focus())),
      insights.element,
      runsSlot,
    );
  };

  // A heat-map cell of the breakdowns opens its run's answers at its prompt.
  const showPromptAnswers = (runId: string, prompt: string) => {
    shownRun = runId;
    openAnswers = true;
    render();
    [...document.querySelectorAll<HTMLElement>('#answers .prompt h4')].find((e) => e.textContent === prompt)?.focus();
  };

  const reload = async () => {
    report = await api.report(trackerId, REPORT_RUNS);
    if (view.current()) render();
  };
  const watch = async (queued: Promise<{ run: Run; replayed: boolean }>) => {
    const result = await queued;
    awaitedRun = result.run.id;
    return result;
  };
  // While a run is queued or running, the report is read again until it has finished.
  const poll = async () => {
    if (!view.current()) return;
    if (awaitedRun !== null || report.runs.some((r) => IN_PROGRESS.includes(r.status))) {
      await reload().catch(() => undefined);
      const latest = report.runs.find((r) => r.id === awaitedRun) ?? report.runs[0];
      if (latest && !IN_PROGRESS.includes(latest.status)) {
        awaitedRun = null;
        view.say(`The latest run has finished: ${latest.status.toLowerCase()}, ${latest.summary.succeeded} of ${latest.summary.answers} answers.`);
        view.accountChanged();
        await insights.load().catch(() => undefined);
      }
    }
    setTimeout(() => void poll(), POLL_MS);
  };
  render();
  void view.act(insights.load);
  setTimeout(() => void poll(), POLL_MS);
}

const describeQueued = ({ run, replayed }: { run: Run; replayed: boolean }) =>
  replayed ? `That run was already requested; it is ${run.status.toLowerCase()}.` : `Run queued: ${run.summary.answers} answers to fetch. This page updates when it has finished.`;


/** The report opens on the tracker's headline measure (the overview's), read off its newest finished run. */
function openingMeasure(report: Report): Measure {
  const newest = measuredRuns(report.runs).at(-1);
  return newest ? headlineMeasure(headlineOf(newest.metrics).measure) : measuresFor(report.tracker.primitive)[0]!;
}

/** The headline figures of the newest run in the date range, as cards, with what they are of and how to read them. */
function headlineFigures(run: Parameters<typeof figureCards>[0], label: string): HTMLElement {
  return h(
    'section',
    { 'aria-labelledby': 'figures-heading', class: 'figures' },
    h(
      'div',
      { class: 'section-head' },
      h('h2', { id: 'figures-heading' }, `Run ${label}`),
      helpText(
        'About these figures',
        h('p', {}, 'The first card is the headline the overview shows; each figure is of the newest run in the date range.'),
        h('p', {}, 'Each value has its 95% interval, the range the true value most likely lies in, and n, the number it is taken from.'),
        h('p', {}, 'The change is since the last comparable run (same prompts, surfaces and samples): “significant” when it is larger than chance would make it, “within noise” when it is not. pp: percentage points.'),
      ),
    ),
    h('div', { class: 'figure-cards' }, ...figureCards(run)),
  );
}
