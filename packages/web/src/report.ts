/**
 * The report page: a date range, one chart comparing the names, each name's latest change, the
 * runs, and each run's answers (Markdown rendered) with the counted mentions marked.
 */
import { allowedOr, can } from './access.js';
import { activate, cadenceText, runNow } from './actions.js';
import { answerText } from './answer-text.js';
import { api, type Report, type Run } from './api.js';
import { breakdownsSection } from './breakdowns.js';
import { comparisonChart, seriesSwatch, type ComparisonSpec } from './chart.js';
import { h, saveFile, scrollBox, uid } from './dom.js';
import { money, pausedBecause, when, whenExactly } from './format.js';
import { insightsSection } from './insights-view.js';
import { byRunTime, chartedNames, measuredRuns, measuresFor, runTime, sample, sayChange, valueText, type Measure } from './measures.js';
import { recomputeHistory } from './recompute.js';
import { answerResearch } from './research-view.js';
import { beyondLoaded, PRESETS, presetRange, rangeText, runLabels, runsInRange, type DateRange, type Preset } from './run-range.js';
import { agreement, cellText, mentionCells, nameMetrics, quartilesText, runAnswers, stabilityText } from './sampling.js';
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
  let measure = measuresFor(report.tracker.primitive)[0]!;
  let shownRun: string | null = null;
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
    const chartSlot = h('div', {});
    const breakdownsSlot = h('div', {});
    const runsSlot = h('div', {});
    const showRange = () => {
      const inRange = runsInRange(report.runs, range);
      chartSlot.replaceChildren(charts(report, inRange, labels, measure));
      breakdownsSlot.replaceChildren(breakdownsSection(report, inRange, measure, showPromptAnswers), sourcesSection(report, inRange) ?? '');
      runsSlot.replaceChildren(runsTable(report, inRange, labels, (id) => ((shownRun = id), render(), document.getElementById('answers-heading')?.focus())));
    };
    showRange();
    const measures = measuresFor(t.primitive);
    const select = h(
      'select',
      { id: 'measure', on: { change: (e) => ((measure = measures.find((m) => m.id === (e.target as HTMLSelectElement).value)!), render()) } },
      ...measures.map((m) => h('option', { value: m.id, selected: m.id === measure.id }, m.label)),
    );
    view.show(
      t.name,
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
      h(
        'div',
        { class: 'actions' },
        t.status === 'ACTIVE'
          ? allowedOr('run', h('button', { class: 'primary', on: { click: () => void view.act(async () => describeQueued(await watch(runNow(t.id))), reload) } }, 'Run now'))
          : allowedOr('manage', h('button', { class: 'primary', on: { click: () => void view.act(() => activate(t), reload) } }, t.status === 'PAUSED' ? 'Resume' : 'Activate')),
        can('manage') ? h('a', { href: `#/trackers/${t.id}/edit`, class: 'button secondary' }, 'Edit') : null,
        can('run') ? recompute.button : null,
        h('button', { class: 'secondary', on: { click: () => void view.act(() => downloadCsv(t.id)) } }, 'Download CSV'),
      ),
      recompute.panel(report),
      h('div', { class: 'field inline' }, h('label', { for: 'measure' }, 'Measure'), select),
      rangeFields(report.runs, { preset, range }, (to) => {
        ({ preset, range } = to);
        showRange();
      }),
      chartSlot,
      breakdownsSlot,
      mentionsByCell(report, labels, cellsName, (name) => ((cellsName = name), render(), document.getElementById('cells-name')?.focus())),
      insights.element,
      runsSlot,
      shownRun ? answers(report, labels, shownRun) : null,
    );
  };

  // A heat-map cell of the breakdowns opens its run's answers at its prompt.
  const showPromptAnswers = (runId: string, prompt: string) => {
    shownRun = runId;
    render();
    [...document.querySelectorAll<HTMLElement>('#answers .prompt h3')].find((e) => e.textContent === prompt)?.focus();
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

function scale(measure: Measure, values: number[]): Pick<ComparisonSpec, 'domain' | 'ticks' | 'format'> {
  const format = (v: number) => valueText(measure, v);
  switch (measure.kind) {
    case 'rate':
      return { domain: [0, 1], ticks: [0, 0.25, 0.5, 0.75, 1], format };
    case 'net':
      return { domain: [-1, 1], ticks: [-1, -0.5, 0, 0.5, 1], format };
    case 'position': {
      const top = Math.max(3, Math.ceil(Math.max(...values)));
      return { domain: [1, top], ticks: Array.from({ length: top }, (_, i) => i + 1).filter((p) => top <= 6 || p % Math.ceil(top / 5) === 1), format };
    }
  }
}

type RangeChoice = { preset: Preset | 'custom'; range: DateRange };

/**
 * The range as a preset or two dates, each change told to `changed`. A preset fills in its dates; a
 * date typed makes the range "chosen dates". The report holds the newest runs only, and says so
 * when the range reaches past them.
 */
function rangeFields(loaded: Run[], current: RangeChoice, changed: (to: RangeChoice) => void): HTMLElement {
  let { preset, range } = current;
  const note = h('p', { class: 'hint', 'aria-live': 'polite' });
  const update = () => {
    note.textContent = beyondLoaded(loaded, range, REPORT_RUNS) ?? '';
    changed({ preset, range });
  };
  const date = (id: string, end: keyof DateRange) => {
    const input = h('input', { type: 'date', id, value: range[end] ?? '' });
    input.addEventListener('change', () => {
      preset = 'custom';
      select.value = preset;
      range = { ...range, [end]: input.value || null };
      update();
    });
    return input;
  };
  const select = h(
    'select',
    { id: 'range-preset' },
    ...PRESETS.map((p) => h('option', { value: p.id, selected: p.id === preset }, p.label)),
    h('option', { value: 'custom', selected: preset === 'custom' }, 'Chosen dates'),
  );
  const from = date('range-from', 'from');
  const to = date('range-to', 'to');
  select.addEventListener('change', () => {
    preset = select.value as Preset | 'custom';
    if (preset !== 'custom') {
      range = presetRange(preset, new Date());
      from.value = range.from ?? '';
      to.value = range.to ?? '';
    }
    update();
  });
  note.textContent = beyondLoaded(loaded, range, REPORT_RUNS) ?? '';
  const field = (id: string, label: string, input: HTMLElement) => h('span', { class: 'range-date' }, h('label', { for: id }, label), input);
  return h(
    'fieldset',
    { class: 'field range' },
    h('legend', {}, 'Date range'),
    h('div', { class: 'range-fields' }, field('range-preset', 'Show', select), field('range-from', 'From', from), field('range-to', 'To', to)),
    note,
  );
}

function charts(report: Report, inRange: Run[], labels: Map<string, string>, measure: Measure): HTMLElement {
  const runs = measuredRuns(inRange);
  const headingId = uid('charts');
  const heading = h('h2', { id: headingId }, `${measure.label}, ${rangeText(runs)}`);
  if (runs.length === 0)
    return h(
      'section',
      { 'aria-labelledby': headingId },
      heading,
      h('p', {}, measuredRuns(report.runs).length === 0 ? 'No finished run yet. Run the tracker to see its numbers here.' : 'No finished run in this date range. Choose a wider range.'),
    );
  const latest = runs[runs.length - 1]!;
  const delta = latest.delta;
  const changes = delta ? measure.changes(delta) : [];
  const names = chartedNames(measure, runs);
  const named = measure.stats(latest.metrics).length;
  const series = names.map((name) => ({
    name,
    values: runs.map((r) => {
      const stat = measure.stats(r.metrics).find((s) => s.name === name)?.stat;
      return stat && stat.value !== null ? { value: stat.value, low: stat.interval?.low ?? null, high: stat.interval?.high ?? null, sample: sample(measure, stat) } : null;
    }),
  }));
  const chart = comparisonChart({
    title: `${measure.label} by run`,
    runs: runs.map((r) => ({ at: runTime(r), label: labels.get(r.id)! })),
    series,
    ...scale(measure, series.flatMap((s) => s.values.flatMap((v) => (v ? [v.value] : [])))),
  });
  const details = names.map((name, i) => {
    const change = changes.find((c) => c.name === name)?.change;
    const latestOfName = nameMetrics(latest).find((b) => b.name === name);
    return h(
      'div',
      { class: 'series' },
      h('h3', {}, seriesSwatch(i), ' ', name),
      h('p', { class: 'delta' }, h('strong', {}, 'Latest change: '), delta === null ? 'no earlier comparable run.' : change ? sayChange(measure, change, delta.minimumAnswers) : 'not tracked in the previous run.'),
      latestOfName?.stability ? h('p', { class: 'stability' }, h('strong', {}, 'Latest run: '), `${stabilityText(latestOfName.stability)}.`) : null,
      measure.kind === 'position' && latestOfName?.positionQuartiles ? h('p', { class: 'quartiles' }, h('strong', {}, 'Latest run: '), `${quartilesText(latestOfName.positionQuartiles)}.`) : null,
    );
  });
  const sampled = runs.some((r) => r.samplesPerPrompt > 1);
  // A sentiment run's one tracked name is its brand, whose stability is the run's.
  const brandStability = latest.metrics?.primitive === 'sentiment' ? latest.metrics.stability : null;
  return h(
    'section',
    { 'aria-labelledby': headingId },
    heading,
    h(
      'p',
      { class: 'hint' },
      'Each band is a 95% interval',
      sampled ? ', which allows for the samples of one prompt on one surface agreeing more than independent answers would' : '',
      '. Point at, tap or focus the chart for a run’s values and sample sizes; the chart has a data table.',
    ),
    named > names.length
      ? h('p', { class: 'hint' }, `The chart shows the first ${names.length} of the ${named} ${report.tracker.primitive === 'citations' ? 'domains' : 'names'} of the latest run, in its order.`)
      : null,
    sampled
      ? h('p', { class: 'hint' }, 'Stable: of the prompt × surface cells with at least 2 answers, the share whose answers all agree on whether the name is mentioned (all of them do, or none).')
      : null,
    chart,
    brandStability ? h('p', { class: 'stability' }, h('strong', {}, `Latest run, mentions of ${report.tracker.brand}: `), `${stabilityText(brandStability)}.`) : null,
    h('div', { class: 'series-grid' }, ...details),
    delta ? h('p', { class: 'note' }, delta.note) : null,
  );
}

/**
 * One tracked name in the latest measured run, prompt by prompt and surface by surface: in how many
 * of a cell's samples it is mentioned. A cell whose samples disagree is marked in words as well as
 * by its shading.
 */
function mentionsByCell(report: Report, labels: Map<string, string>, chosen: string | null, choose: (name: string) => void): HTMLElement | null {
  const run = measuredRuns(report.runs).at(-1);
  const names = run ? nameMetrics(run).map((b) => b.name) : [];
  if (!run || names.length === 0) return null;
  const name = chosen !== null && names.includes(chosen) ? chosen : names[0]!;
  const rows = mentionCells(run, name);
  const cellOf = (c: (typeof rows)[number]['cells'][number]) => {
    const kind = agreement(c);
    return h('td', { class: `cell ${kind}` }, cellText(c), kind === 'mixed' ? h('span', { class: 'disagree' }, ' · samples disagree') : null);
  };
  return h(
    'section',
    { 'aria-labelledby': 'cells-heading' },
    h('h2', { id: 'cells-heading' }, 'Mentions by prompt and surface'),
    h('p', { class: 'hint' }, `Run ${labels.get(run.id)}: ${runAnswers(run)}. Each cell is one prompt asked on one surface, as many times as the tracker samples it.`),
    h(
      'div',
      { class: 'field inline' },
      h('label', { for: 'cells-name' }, 'Tracked name'),
      h('select', { id: 'cells-name', on: { change: (e) => choose((e.target as HTMLSelectElement).value) } }, ...names.map((n) => h('option', { value: n, selected: n === name }, n))),
    ),
    scrollBox(
      `Mentions of ${name}, by prompt and surface`,
      h(
        'table',
        { class: 'cells' },
        h('caption', {}, `Mentions of ${name}, by prompt and surface`),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Prompt'), ...run.models.map((m) => h('th', { scope: 'col' }, m)))),
        h('tbody', {}, ...rows.map((r) => h('tr', {}, h('th', { scope: 'row' }, r.prompt), ...r.cells.map(cellOf)))),
      ),
    ),
  );
}

function runsTable(report: Report, inRange: Run[], labels: Map<string, string>, showAnswers: (runId: string) => void): HTMLElement {
  const heading = report.runs.length === 0 ? 'Runs' : rangeText(inRange).replace(/^n/, 'N');
  const cell = (label: string, ...content: (string | Node)[]) => h('td', { 'data-label': label }, ...content);
  return h(
    'section',
    { 'aria-labelledby': 'runs-heading' },
    h('h2', { id: 'runs-heading' }, heading),
    inRange.length === 0
      ? h('p', {}, report.runs.length === 0 ? 'No runs yet.' : 'No runs in this date range.')
      : h(
          'table',
          { class: 'cards' },
          h('caption', { class: 'visually-hidden' }, 'Runs in the date range, newest first'),
          h('thead', {}, h('tr', {}, ...['Run', 'Status', 'Answers', 'Billed', ''].map((c) => h('th', { scope: 'col' }, c)))),
          h(
            'tbody',
            {},
            ...[...inRange].sort(byRunTime).reverse().map((r) =>
              h(
                'tr',
                {},
                cell('Run', labels.get(r.id)!),
                cell('Status', h('span', { class: `status ${r.status.toLowerCase()}` }, r.status), r.error ? ` ${r.error.message}` : ''),
                cell('Answers', `${r.summary.succeeded} of ${r.summary.answers} succeeded`, h('span', { class: 'plan' }, runAnswers(r))),
                cell('Billed', money(r.billedCostMicro)),
                cell('', r.summary.succeeded + r.summary.failed > 0 ? h('button', { class: 'secondary', on: { click: () => showAnswers(r.id) } }, 'View answers', h('span', { class: 'visually-hidden' }, ` of run ${labels.get(r.id)}`)) : ''),
              ),
            ),
          ),
        ),
  );
}

/**
 * Whether an answer was asked for the tracker's market (its surface can localise, and did): a badge
 * on each answer of a tracker with a country, so a reader sees which answers speak for that market.
 */
function marketBadge(tracker: Report['tracker'], answer: Run['results'][number]['answers'][number]): HTMLElement | null {
  if (tracker.country === null && !answer.localised) return null;
  return answer.localised ? h('span', { class: 'badge localised' }, 'localised') : h('span', { class: 'badge' }, 'not localised');
}

function answers(report: Report, labels: Map<string, string>, runId: string): HTMLElement | null {
  const run = report.runs.find((r) => r.id === runId);
  if (!run) return null;
  return h(
    'section',
    { 'aria-labelledby': 'answers-heading', id: 'answers' },
    h('h2', { id: 'answers-heading', tabindex: -1 }, `Answers of run ${labels.get(run.id)}`),
    h(
      'p',
      { class: 'hint' },
      'Marked text is what was counted as a mention.',
      report.tracker.primitive === 'sentiment' ? " Underlined text is what decided the answer's sentiment toward the brand: green positive, red negative, grey neutral." : '',
    ),
    ...run.results.map((result) =>
      h(
        'div',
        { class: 'prompt' },
        h('h3', { tabindex: -1 }, result.prompt),
        ...result.answers.map((a) => {
          const brands = a.metrics?.brands ?? [];
          const counted = brands.filter((b) => b.mentioned).map((b) => `${b.name} ${b.spans?.length ?? ''}`.trim());
          const sentiment = a.metrics?.sentiment ? { label: a.metrics.sentiment, spans: a.metrics.sentimentEvidence ?? [] } : null;
          return h(
            'details',
            { class: 'answer' },
            h(
              'summary',
              {},
              `${a.model}${run.samplesPerPrompt > 1 ? ` sample ${a.sample}` : ''} (${a.provider ?? 'no provider'}) · ${a.status}`,
              counted.length ? ` · mentions: ${counted.join(', ')}` : '',
              sentiment ? ` · sentiment: ${sentiment.label}` : '',
              marketBadge(report.tracker, a),
            ),
            a.text === null ? h('p', {}, a.error?.message ?? 'No answer.') : answerText(a.text, brands, sentiment),
            a.citations.length
              ? h('ul', { class: 'citations', 'aria-label': 'Citations' }, ...a.citations.map((c) => h('li', {}, h('a', { href: c.url, rel: 'noopener noreferrer nofollow', target: '_blank' }, c.title ?? c.url))))
              : null,
            answerResearch(a),
          );
        }),
      ),
    ),
  );
}
