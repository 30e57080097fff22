/**
 * Drilling into one run of the report: the chosen measure surface by surface, with each figure's
 * interval and sample, and a heat map of how often each name is mentioned prompt by prompt (on every
 * surface or one), whose cells open that prompt's answers.
 */
import type { Surface } from '@brandradar/contracts';
import type { Report, Run } from './api.js';
import { finishedRuns, heatLevel, heatColumns, promptRates, rateText, surfaceRows, type MeasuredRun } from './drill.js';
import { h, svg, uid } from './dom.js';
import { whenExactly } from './format.js';
import { onDemandSection } from './report-sections.js';
import { surfaceName } from './surfaces.js';
import { chartedNames, runTime, sample, valueText, type Measure, type Stat } from './measures.js';

/** The run and surface chosen per tracker: the report draws its page anew on every change, and a choice outlives that. */
const choices = new Map<string, { runId: string | null; surface: Surface | null }>();

export function breakdownsSection(report: Report, runs: Run[], measure: Measure, onShowAnswers: (runId: string, prompt: string) => void): HTMLElement {
  const section = (...content: Node[]) => onDemandSection('breakdowns', 'By surface and by prompt', content, { className: 'breakdowns' });
  const finished = finishedRuns(runs);
  if (finished.length === 0) return section(h('p', {}, 'No finished run yet: once one has finished, its figures show here surface by surface and prompt by prompt.'));
  const choice = choices.get(report.tracker.id) ?? { runId: null, surface: null };
  choices.set(report.tracker.id, choice);
  const runOf = () => finished.find((r) => r.id === choice.runId) ?? finished[0]!;

  const body = h('div', {});
  // The surface select is drawn anew with the heat map; it keeps the focus when it was used.
  const draw = (refocus = false) => {
    const run = runOf();
    const surface = choice.surface !== null && run.models.includes(choice.surface) ? choice.surface : null;
    const heatMap = byPrompt(run, surface, (surface) => ((choice.surface = surface), draw(true)), onShowAnswers);
    body.replaceChildren(bySurface(run, measure), ...(heatMap ? [heatMap] : []));
    if (refocus) body.querySelector<HTMLSelectElement>('select.surface')?.focus();
  };
  const runSelect = h(
    'select',
    { id: uid('breakdowns-run'), on: { change: (e) => ((choice.runId = (e.target as HTMLSelectElement).value), draw()) } },
    ...finished.map((r, i) => h('option', { value: r.id, selected: r.id === runOf().id }, `${whenExactly(runTime(r))}${i === 0 ? ' (newest)' : ''}`)),
  );
  draw();
  return section(h('div', { class: 'field inline' }, h('label', { for: runSelect.id }, 'Run'), runSelect), body);
}

/** The measure's figure for each name on each surface of the run, with its interval and sample. */
function bySurface(run: MeasuredRun, measure: Measure): HTMLElement {
  const names = chartedNames(measure, [run]);
  const all = measure.stats(run.metrics).length;
  const caption = `${measure.label} by surface, run of ${whenExactly(runTime(run))}`;
  return h(
    'div',
    { class: 'by-surface' },
    h('h3', {}, `${measure.label} by surface`),
    all > names.length ? h('p', { class: 'hint' }, `The first ${names.length} of ${all} names, as in the charts.`) : null,
    h(
      'div',
      { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': caption },
      h(
        'table',
        { class: 'surfaces' },
        h('caption', { class: 'visually-hidden' }, caption),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Surface'), ...names.map((n) => h('th', { scope: 'col' }, n)))),
        h(
          'tbody',
          {},
          ...surfaceRows(run, measure, names).map((row) => h('tr', {}, h('th', { scope: 'row' }, surfaceName(row.surface)), ...row.stats.map((stat) => surfaceCell(measure, stat)))),
        ),
      ),
    ),
  );
}

function surfaceCell(measure: Measure, stat: Stat | null): HTMLElement {
  if (stat === null || stat.value === null) return h('td', { class: 'figure empty' }, '—', h('span', { class: 'sample' }, stat ? sample(measure, stat) : 'no answers'));
  const interval = stat.interval ?? null;
  return h(
    'td',
    { class: 'figure' },
    h('strong', {}, valueText(measure, stat.value)),
    interval ? whisker(measure, stat.value, interval) : null,
    interval ? h('span', { class: 'interval' }, `95% interval ${valueText(measure, interval.low)}–${valueText(measure, interval.high)}`) : null,
    h('span', { class: 'sample' }, sample(measure, stat)),
  );
}

/** The value as a dot on its interval, on the measure's whole scale; the text beside it says the same. */
function whisker(measure: Measure, value: number, interval: { low: number; high: number }): SVGElement {
  const [min, max] = measure.kind === 'net' ? [-1, 1] : [0, 1];
  const x = (v: number) => +(4 + ((v - min) / (max - min)) * 92).toFixed(2);
  return svg(
    'svg',
    { class: 'dot-whisker', viewBox: '0 0 100 12', 'aria-hidden': 'true', focusable: 'false' },
    svg('line', { class: 'scale', x1: 4, x2: 96, y1: 6, y2: 6 }),
    svg('line', { class: 'range', x1: x(interval.low), x2: x(interval.high), y1: 6, y2: 6 }),
    svg('circle', { class: 'dot', cx: x(value), cy: 6, r: 3.5 }),
  );
}

/**
 * Mention rates per prompt × name (citation rates per prompt × domain) as a grid: one Tab stop, arrow keys between cells, Enter (or a
 * click) on a cell opens the run's answers at that prompt.
 */
function byPrompt(run: MeasuredRun, surface: Surface | null, chooseSurface: (s: Surface | null) => void, onShowAnswers: (runId: string, prompt: string) => void): HTMLElement | null {
  const columns = heatColumns(run);
  if (columns.names.length === 0) return null;
  const title = columns.verb === 'mention' ? 'Mentions by prompt' : 'Citations by prompt';
  const surfaceSelect = h(
    'select',
    { id: uid('breakdowns-surface'), class: 'surface', on: { change: (e) => chooseSurface(((e.target as HTMLSelectElement).value || null) as Surface | null) } },
    h('option', { value: '', selected: surface === null }, 'All surfaces'),
    ...run.models.map((m) => h('option', { value: m, selected: m === surface }, surfaceName(m))),
  );
  const rows = promptRates(run, columns, surface);
  const hintId = uid('heat-hint');
  const open = (cell: HTMLElement) => onShowAnswers(run.id, rows[Number(cell.dataset.row)]!.prompt);
  const table = h(
    'table',
    { class: 'heat', role: 'grid', 'aria-describedby': hintId, on: { keydown: (e) => gridKey(e as KeyboardEvent, open), click: (e) => clickCell(e, open) } },
    h('caption', {}, `${title}${surface === null ? ', all surfaces' : ` on ${surfaceName(surface)}`}`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Prompt'), ...columns.names.map((n) => h('th', { scope: 'col' }, n)))),
    h(
      'tbody',
      {},
      ...rows.map((row, r) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row', title: row.prompt }, h('span', { class: 'clamp' }, row.prompt)),
          ...row.rates.map((c, col) =>
            h(
              'td',
              { role: 'gridcell', class: `heat-${heatLevel(c)}${c.n === 0 ? ' empty' : ''}`, tabindex: r === 0 && col === 0 ? 0 : -1, 'data-row': r },
              h('span', { class: 'rate' }, rateText(c)),
              h('span', { class: 'n' }, `n = ${c.n}`),
            ),
          ),
        ),
      ),
    ),
  );
  return h(
    'div',
    { class: 'by-prompt' },
    h('h3', {}, title),
    h(
      'p',
      { class: 'hint', id: hintId },
      `The share of a prompt's succeeded answers (n: every sample on ${surface === null ? 'every surface' : 'the surface chosen'}) that ${columns.verb === 'mention' ? 'mention each name' : `cite each of the run's ${columns.names.length} most cited domains`}; the darker, the more. `,
      "A prompt's answers are correlated draws from few prompt × surface cells, so a cell is indicative, not a precise estimate. ",
      'Arrow keys move between cells; Enter or a click shows the run’s answers to that prompt.',
    ),
    h('div', { class: 'field inline' }, h('label', { for: surfaceSelect.id }, 'Surface'), surfaceSelect),
    h('div', { class: 'table-wrap' }, table),
  );
}

const gridCell = (target: EventTarget | null): HTMLElement | null => (target instanceof Element ? target.closest<HTMLElement>('td[role=gridcell]') : null);
const rowCells = (row: Element): HTMLElement[] => [...row.querySelectorAll<HTMLElement>('td[role=gridcell]')];

/** Makes `to` the grid's one Tab stop, and focuses it. */
function moveTo(from: HTMLElement, to: HTMLElement): void {
  from.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}

function clickCell(e: Event, open: (cell: HTMLElement) => void): void {
  const cell = gridCell(e.target);
  if (!cell) return;
  const current = cell.closest('tbody')?.querySelector<HTMLElement>('td[tabindex="0"]');
  if (current) moveTo(current, cell);
  open(cell);
}

/** The grid's keys: arrows, Home and End move; Enter and Space open. */
function gridKey(e: KeyboardEvent, open: (cell: HTMLElement) => void): void {
  const cell = gridCell(e.target);
  if (!cell) return;
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    open(cell);
    return;
  }
  const rows = [...cell.closest('tbody')!.rows];
  const row = rows.indexOf(cell.parentElement as HTMLTableRowElement);
  const col = rowCells(rows[row]!).indexOf(cell);
  const last = rowCells(rows[row]!).length - 1;
  const [r, c] =
    e.key === 'ArrowUp' ? [row - 1, col] : e.key === 'ArrowDown' ? [row + 1, col] : e.key === 'ArrowLeft' ? [row, col - 1] : e.key === 'ArrowRight' ? [row, col + 1] : e.key === 'Home' ? [row, 0] : e.key === 'End' ? [row, last] : [-1, -1];
  const target = rows[r] ? rowCells(rows[r])[c] : undefined;
  if (!target) return;
  e.preventDefault();
  moveTo(cell, target);
}
