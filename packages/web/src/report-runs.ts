/**
 * The report's detail below its first screen: the mentions of one name by prompt and surface, and
 * the runs with each run's answers (Markdown rendered, the counted mentions marked).
 */
import { answerText } from './answer-text.js';
import type { Report, Run } from './api.js';
import { h, scrollBox } from './dom.js';
import { money } from './format.js';
import { byRunTime, measuredRuns } from './measures.js';
import { answerResearch } from './research-view.js';
import { onDemandSection } from './report-sections.js';
import { rangeText } from './run-range.js';
import { agreement, cellText, mentionCells, nameMetrics, runAnswers } from './sampling.js';

/**
 * One tracked name in the latest measured run, prompt by prompt and surface by surface: in how many
 * of a cell's samples it is mentioned. A cell whose samples disagree is marked in words as well as
 * by its shading.
 */
export function mentionsByCell(report: Report, labels: Map<string, string>, chosen: string | null, choose: (name: string) => void): HTMLElement | null {
  const run = measuredRuns(report.runs).at(-1);
  const names = run ? nameMetrics(run).map((b) => b.name) : [];
  if (!run || names.length === 0) return null;
  const name = chosen !== null && names.includes(chosen) ? chosen : names[0]!;
  const rows = mentionCells(run, name);
  const cellOf = (c: (typeof rows)[number]['cells'][number]) => {
    const kind = agreement(c);
    return h('td', { class: `cell ${kind}` }, cellText(c), kind === 'mixed' ? h('span', { class: 'disagree' }, ' · samples disagree') : null);
  };
  return onDemandSection('cells', 'Mentions by prompt and surface', [
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
  ]);
}

/**
 * The runs of the date range, newest first, and the answers of the one chosen (`shown`): a section
 * that opens on demand, opened by `openAnswers` when something else (a heat-map cell) asks for them.
 */
export function runsSection(report: Report, inRange: Run[], labels: Map<string, string>, showAnswers: (runId: string) => void, shown: string | null, openAnswers: boolean): HTMLElement {
  const heading = report.runs.length === 0 ? 'Runs' : rangeText(inRange).replace(/^n/, 'N');
  return onDemandSection('runs', heading, [runsTable(report, inRange, labels, showAnswers), shown ? answers(report, labels, shown) : null], { forceOpen: openAnswers });
}

function runsTable(report: Report, inRange: Run[], labels: Map<string, string>, showAnswers: (runId: string) => void): HTMLElement {
  const cell = (label: string, ...content: (string | Node)[]) => h('td', { 'data-label': label }, ...content);
  return inRange.length === 0
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
    h('h3', { id: 'answers-heading', tabindex: -1 }, `Answers of run ${labels.get(run.id)}`),
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
        h('h4', { tabindex: -1 }, result.prompt),
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
