/**
 * The sites the AI answers cite, for compare and sentiment trackers: which sources shape what the
 * surfaces say, and for a compare tracker which of them cite answers that name competitors but not
 * the brand (the sites worth winning over).
 */
import type { Report, Run } from './api.js';
import { h, uid } from './dom.js';
import { percent } from './format.js';
import { onDemandSection } from './report-sections.js';
import { plural } from './sampling.js';
import { citedSites, wilson, type CitedSite } from './sites.js';

/** Sites listed before "Show all". */
const SHOWN_SITES = 20;


export function sourcesSection(report: Report, runs: Run[]): HTMLElement | null {
  const { primitive, brand } = report.tracker;
  if (primitive !== 'compare' && primitive !== 'sentiment') return null;
  // Both primitives require a brand; the fallback only keeps the type honest.
  const brandName = brand ?? 'the brand';
  const board = citedSites(runs, brand);
  const section = (...content: Array<Node | null>) => onDemandSection('sources', 'Cited sources', content, { className: 'sources' });
  if (board.sites.length === 0) {
    return section(h('p', {}, board.answers === 0 ? 'No answers yet: once a run has answers, the sites they cite show here.' : `None of the ${plural(board.answers, 'answer')} cites a site.`));
  }
  const withAnswers = runs.filter((r) => r.results.some((result) => result.answers.some((a) => a.status === 'succeeded'))).length;
  const compare = primitive === 'compare';
  const hints = [
    h(
      'p',
      { class: 'hint' },
      `The sites the ${plural(board.answers, 'succeeded answer')} of ${plural(withAnswers, 'run')} cite, by the answers citing them (an answer citing a site twice counts once). `,
      'A site is a host name: blog.example.com and example.com are two. ',
      "The share's 95% interval takes the answers as independent; the answers of one prompt agree more than that, so it is narrower than it should be.",
    ),
    compare ? h('p', { class: 'hint' }, `“Only competitors”: citing answers that mention a competitor but not ${brandName}, the sources to win over.`) : null,
  ];

  const tbody = h('tbody', { id: uid('sources-rows') });
  const row = (s: CitedSite) => {
    const interval = wilson(s.answers, board.answers)!;
    const cell = (label: string, ...content: Array<string | Node | null>) => h('td', { 'data-label': label }, ...content);
    return h(
      'tr',
      {},
      h('th', { scope: 'row' }, s.site),
      cell('Answers citing', String(s.answers)),
      cell('Share of answers', h('div', {}, percent(s.answers / board.answers), h('span', { class: 'plan' }, `95% interval ${percent(interval.low)}–${percent(interval.high)}, n = ${board.answers}`))),
      cell(`Mention ${brandName}`, `${s.mentionBrand}`),
      compare ? cell('Only competitors', `${s.onlyCompetitors}`) : null,
      cell(
        'Examples',
        h(
          'ul',
          { class: 'examples' },
          ...s.examples.map((e) => h('li', {}, h('a', { href: e.url, rel: 'noopener noreferrer nofollow', target: '_blank' }, e.title ?? e.url))),
        ),
      ),
    );
  };
  let all = false;
  const fill = () => tbody.replaceChildren(...(all ? board.sites : board.sites.slice(0, SHOWN_SITES)).map(row));
  const more = board.sites.length > SHOWN_SITES;
  const toggle = more
    ? h(
        'button',
        {
          class: 'secondary',
          'aria-expanded': 'false',
          'aria-controls': tbody.id,
          on: {
            click: (e) => {
              all = !all;
              fill();
              const button = e.currentTarget as HTMLButtonElement;
              button.setAttribute('aria-expanded', String(all));
              button.textContent = all ? `Show the first ${SHOWN_SITES}` : `Show all ${board.sites.length} sites`;
            },
          },
        },
        `Show all ${board.sites.length} sites`,
      )
    : null;
  fill();
  const headers = ['Answers citing', 'Share of answers', `Mention ${brandName}`, ...(compare ? ['Only competitors'] : []), 'Examples'];
  return section(
    ...hints,
    h(
      'table',
      { class: 'cards sites' },
      h('caption', { class: 'visually-hidden' }, 'Cited sites, most citing answers first'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Site'), ...headers.map((c) => h('th', { scope: 'col' }, c)))),
      tbody,
    ),
    toggle,
  );
}
