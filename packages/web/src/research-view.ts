/**
 * What the AI searched for and the sites it read but did not cite: two lists in the Insights
 * section (from the API's `searches` and `consultedNotCited`), and per answer its own searches and
 * the pages it read from sites it does not cite. Every figure with its sample and interval.
 */
import type { ConsultedNotCited, Run, SearchInsight, Surface } from '@brandradar/contracts';
import type { Insights } from './api.js';
import { h } from './dom.js';
import { isWebUrl, shareParts, type AnswerShare } from './insights.js';
import { noneReadNotCitedText, noSearchesText, pagesReadNotCited, silentSurfaces } from './research.js';
import { plural } from './sampling.js';
import { surfaceName } from './surfaces.js';

const cell = (label: string, ...content: (string | Node)[]) => h('td', { 'data-label': label }, ...content);

function table(className: string, caption: string, headers: string[], rows: HTMLTableRowElement[]): HTMLTableElement {
  return h(
    'table',
    { class: `cards ${className}` },
    h('caption', { class: 'visually-hidden' }, caption),
    h('thead', {}, h('tr', {}, ...headers.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, ...rows),
  );
}

/** Which answers the shares are taken over, and which of the tracker's surfaces are not in them. */
function overWhich(models: readonly Surface[]): string {
  const silent = silentSurfaces(models);
  return `Shares are of the answers from ChatGPT, Claude and Gemini, which report their research${silent ? `; answers from ${silent} are not counted, as their APIs do not say` : ''}.`;
}

/** The Insights section's "What the AI searched for" and "Sites the AI read but did not cite", for a tracker asking `models`. */
export function researchLists(insights: Pick<Insights, 'searches' | 'consultedNotCited'>, models: readonly Surface[]): Node[] {
  return [
    h('h3', {}, 'What the AI searched for'),
    h('p', { class: 'hint' }, 'The web searches the surfaces ran before answering your prompts, most answers first: the words to be found for. ', overWhich(models)),
    insights.searches.length === 0 ? h('p', { class: 'empty-state' }, noSearchesText(models)) : table('searches', 'What the AI searched for, most answers first', ['Search', 'Answers that ran it', 'Surfaces'], insights.searches.map(searchRow)),
    h('h3', {}, 'Sites the AI read but did not cite'),
    h('p', { class: 'hint' }, 'Sites whose pages the surfaces read for your prompts in more answers than they cited them: sources that shape answers without credit, and places where a page of yours could be the one cited.'),
    insights.consultedNotCited.length === 0
      ? h('p', { class: 'empty-state' }, noneReadNotCitedText(models))
      : table('read-not-cited', 'Sites the AI read but did not cite, most read first', ['Site', 'Read in', 'Cited in', 'Read, not cited'], insights.consultedNotCited.map(readRow)),
  ];
}

/** A share of answers with its sample and interval beneath, as the cited sources show theirs. */
function shareCell(label: string, share: AnswerShare): HTMLTableCellElement {
  const { rate, sample } = shareParts(share);
  return cell(label, h('div', {}, h('strong', {}, rate), h('span', { class: 'plan' }, sample)));
}

function searchRow(s: SearchInsight): HTMLTableRowElement {
  return h('tr', {}, cell('Search', h('q', { class: 'query' }, s.query)), shareCell('Answers that ran it', s), cell('Surfaces', s.surfaces.map(surfaceName).join(', ')));
}

function readRow(d: ConsultedNotCited): HTMLTableRowElement {
  return h('tr', {}, cell('Site', d.domain), cell('Read in', plural(d.consulted, 'answer')), cell('Cited in', plural(d.cited, 'answer')), shareCell('Read, not cited', d));
}

type Answer = Run['results'][number]['answers'][number];

/** One answer's searches and the pages it read from sites it does not cite; null when its surface reported neither. */
export function answerResearch(answer: Pick<Answer, 'citations' | 'searchQueries' | 'consultedSources'>): HTMLElement | null {
  const unCited = pagesReadNotCited(answer);
  if (answer.searchQueries.length === 0 && unCited === null) return null;
  const read = answer.consultedSources?.length ?? 0;
  const page = (p: { url: string; title: string | null }) =>
    h('li', {}, isWebUrl(p.url) ? h('a', { href: p.url, rel: 'noopener noreferrer nofollow', target: '_blank' }, p.title ?? p.url) : (p.title ?? p.url));
  return h(
    'div',
    { class: 'research' },
    answer.searchQueries.length === 0
      ? h('p', { class: 'hint' }, 'No web search reported.')
      : h('p', { class: 'research-label' }, 'Searched for'),
    answer.searchQueries.length === 0 ? null : h('ol', { class: 'searched', 'aria-label': 'Searched for' }, ...answer.searchQueries.map((q) => h('li', {}, h('q', { class: 'query' }, q)))),
    unCited === null
      ? null
      : unCited.length === 0
        ? h('p', { class: 'hint' }, `Read ${plural(read, 'page')}, all from sites it cites.`)
        : h('p', { class: 'research-label' }, `Read but not cited: ${plural(unCited.length, 'page')} of the ${plural(read, 'page')} read, from sites it does not cite`),
    unCited?.length ? h('ul', { class: 'citations read-not-cited', 'aria-label': 'Read but not cited' }, ...unCited.map(page)) : null,
  );
}
