/**
 * The report's Insights section: the names the newest runs' answers put forward that the tracker
 * does not track, each with the line of an answer that does and (rankings, compare) "Add as
 * competitor"; the sources cited where a competitor is mentioned but not the brand; and what the
 * surfaces searched and read (research-view.ts). Its elements are made once per page and moved into
 * each render, as "Recompute history"'s are, so the runs chosen and the insights read survive the
 * report's own re-renders.
 */
import type { CitationGap, DiscoveredName, DiscoveredNameExample, Primitive, Surface } from '@brandradar/contracts';
import { can } from './access.js';
import { addCompetitor } from './actions.js';
import { answerText } from './answer-text.js';
import { api, type Insights } from './api.js';
import { h, saveFile } from './dom.js';
import { hasCompetitors, isWebUrl, MAX_INSIGHT_RUNS, runsText, shareText } from './insights.js';
import { onDemandSection } from './report-sections.js';
import { researchLists } from './research-view.js';
import type { View } from './view.js';

/** Discovered names shown before "Show all". */
const DISCOVERED_SHOWN = 5;

export interface InsightsSection {
  /** For the report's render. */
  element: HTMLElement;
  /** Reads the insights again, e.g. when a run has finished. */
  load: () => Promise<void>;
}

/**
 * `afterAdding` runs once "Add as competitor" has been answered, `added` saying whether the name is
 * now a competitor: the report reads itself again and, when it is, offers to recompute its history.
 */
export function insightsSection(view: View, trackerId: string, primitive: Primitive, models: readonly Surface[], afterAdding: (added: boolean) => Promise<void>): InsightsSection {
  let adding = false;
  const runs = h(
    'select',
    { id: 'insights-runs', on: { change: () => void view.act(load) } },
    ...Array.from({ length: MAX_INSIGHT_RUNS }, (_, i) => h('option', { value: i + 1 }, runsText(i + 1))),
  );
  const body = h('div', { class: 'insights-body' });
  const element = onDemandSection(
    'insights',
    'Insights',
    [
      h('p', { class: 'hint' }, 'What the answers say beyond the names you track. Reading them is free.'),
      h(
        'div',
        { class: 'field inline' },
        h('label', { for: 'insights-runs' }, 'Runs to read'),
        runs,
        h('button', { type: 'button', class: 'secondary', on: { click: () => void view.act(download) } }, 'Download CSV', h('span', { class: 'visually-hidden' }, ' of the insights')),
      ),
      body,
    ],
    { className: 'insights' },
  );

  async function load(): Promise<void> {
    body.setAttribute('aria-busy', 'true');
    try {
      const insights = await api.insights(trackerId, Number(runs.value));
      if (view.current()) body.replaceChildren(...content(insights));
    } finally {
      body.removeAttribute('aria-busy');
    }
  }

  /** The names, searches and sites read of the runs chosen, as the API writes them in CSV. */
  const download = async () => saveFile(await api.insightsCsv(trackerId, Number(runs.value)), `insights-${trackerId}.csv`, 'text/csv;charset=utf-8');

  /** Adds a name, then reads the report and these insights again (where it is gone). A second press while one is on its way asks for nothing. */
  const add = async (name: string) => {
    if (adding) return;
    const buttons = body.querySelectorAll('button.add-competitor');
    const busy = (on: boolean) => {
      adding = on;
      buttons.forEach((button) => button.setAttribute('aria-disabled', String(on)));
    };
    let added = false;
    busy(true);
    await view.act(
      async () => {
        const said = await addCompetitor(trackerId, name);
        added = true;
        return said;
      },
      async () => {
        await afterAdding(added);
        await load();
      },
    );
    busy(false);
  };

  const content = (insights: Insights): Node[] => {
    if (insights.runs.length === 0) return [h('p', {}, 'No finished run yet. Run the tracker to see what its answers put forward.')];
    return [
      h('p', {}, `${runsText(insights.runs.length)}: ${insights.answers} answer${insights.answers === 1 ? '' : 's'} read.`),
      ...discovered(insights.discoveredNames),
      ...(insights.citationGaps === null ? [] : gaps(insights.citationGaps, insights.gapAnswers ?? 0)),
      ...researchLists(insights, models),
      h('p', { class: 'note' }, insights.note),
    ];
  };

  /** The first DISCOVERED_SHOWN names, most answers first as the API lists them, and a button for the rest (focus moves to the first of them). */
  const discovered = (names: DiscoveredName[]): Node[] => {
    if (names.length === 0) return [h('h3', {}, 'Names you do not track'), h('p', {}, 'None: the answers put forward only the names you track.')];
    const item = (d: DiscoveredName) => h('li', { tabindex: -1 }, ...discoveredName(d));
    const list = h('ul', { class: 'discovered', id: 'discovered-names' }, ...names.slice(0, DISCOVERED_SHOWN).map(item));
    const rest = names.slice(DISCOVERED_SHOWN);
    const showAll = h(
      'button',
      {
        type: 'button',
        class: 'secondary show-all',
        'aria-controls': 'discovered-names',
        on: {
          click: () => {
            const more = rest.map(item);
            list.append(...more);
            showAll.remove();
            more[0]?.focus();
          },
        },
      },
      `Show all ${names.length} names`,
    );
    return rest.length > 0 ? [h('h3', {}, 'Names you do not track'), list, showAll] : [h('h3', {}, 'Names you do not track'), list];
  };

  const discoveredName = (d: DiscoveredName): (Node | null)[] => [
    h('p', { class: 'discovered-name' }, h('strong', {}, d.name), ` · ${shareText(d)} · on ${d.surfaces.join(', ')}`),
    d.examples[0] ? evidence(d.name, d.examples[0]) : null,
    hasCompetitors(primitive) && can('manage')
      ? h('button', { type: 'button', class: 'secondary add-competitor', on: { click: () => void add(d.name) } }, 'Add as competitor', h('span', { class: 'visually-hidden' }, ` (${d.name})`))
      : null,
  ];

  return { element, load };
}

/** The line of an answer that puts the name forward, rendered as the answer is (its Markdown), the name marked, with where it was asked. */
function evidence(name: string, example: DiscoveredNameExample): HTMLElement {
  const { text, start, end } = example.excerpt;
  return h(
    'figure',
    { class: 'evidence' },
    h('blockquote', {}, answerText(text, [{ name, spans: [{ start, end }] }])),
    h('figcaption', {}, `${example.model}, asked “${example.prompt}”`),
  );
}

/** The sources cited where a competitor is mentioned but not the brand, with their pages as links (http(s) only). */
function gaps(list: CitationGap[], gapAnswers: number): Node[] {
  const page = (url: string) => h('li', {}, isWebUrl(url) ? h('a', { href: url, rel: 'noopener noreferrer', target: '_blank' }, url) : url);
  const cell = (label: string, ...content: (string | Node)[]) => h('td', { 'data-label': label }, ...content);
  return [
    h('h3', {}, 'Sources that cite competitors but not you'),
    h('p', { class: 'hint' }, `Domains cited in the ${gapAnswers} answer${gapAnswers === 1 ? '' : 's'} that mention a competitor but not your brand: places to be present.`),
    list.length === 0
      ? h('p', {}, 'None.')
      : h(
          'table',
          { class: 'cards gaps' },
          h('caption', { class: 'visually-hidden' }, 'Sources that cite competitors but not you, most answers first'),
          h('thead', {}, h('tr', {}, ...['Domain', 'Answers', 'Competitors mentioned', 'Pages'].map((c) => h('th', { scope: 'col' }, c)))),
          h(
            'tbody',
            {},
            ...list.map((g) =>
              h('tr', {}, cell('Domain', g.domain), cell('Answers', String(g.answers)), cell('Competitors mentioned', g.names.join(', ')), cell('Pages', h('ul', { class: 'pages' }, ...g.urls.map(page)))),
            ),
          ),
        ),
  ];
}
