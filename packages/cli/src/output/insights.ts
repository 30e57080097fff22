/** What `insights` found, and what `insights add` did. */
import type { CitationGap, CompetitorAdded, ConsultedNotCited, DiscoveredName, Insights, SearchInsight } from '@brandradar/client';
import { clip, interval, money, oneLine, percent, plural, table } from './text';
import { reanalysisLine } from './runs';

/** The excerpt of a name's first example with the name marked `»like this«`: `chatgpt, "best crm": … »Zoho CRM« is …`. */
export function evidenceLine(name: DiscoveredName): string {
  const example = name.examples[0];
  if (!example) return 'no example quoted';
  const { text, start, end } = example.excerpt;
  const marked = `${oneLine(text.slice(0, start))}»${oneLine(text.slice(start, end))}«${oneLine(text.slice(end))}`;
  return `${example.model}, "${clip(oneLine(example.prompt), 60)}": ${marked.trim()}`;
}

const runsRead = (i: Insights) => (i.runs.length === 1 ? 'the newest run' : `the ${i.runs.length} newest runs`);

/** Discovered names as a table, each row followed by the line of an answer that puts the name forward. */
function discoveredTable(names: DiscoveredName[]): string {
  const [header, rule, ...rows] = table(
    ['NAME', 'ANSWERS', 'RATE (95% INTERVAL)', 'SURFACES'],
    names.map((d) => [oneLine(d.name), `${d.answers}/${d.n}`, `${percent(d.rate)} (${interval(d.interval)})`, d.surfaces.join(', ')]),
  )
    .trimEnd()
    .split('\n');
  return [header, rule, ...rows.flatMap((row, i) => [row, `  ${evidenceLine(names[i]!)}`])].join('\n') + '\n';
}

function gapsTable(gaps: CitationGap[]): string {
  return table(
    ['DOMAIN', 'ANSWERS', 'NAMES', 'FIRST URL'],
    gaps.map((g) => [g.domain, String(g.answers), g.names.map(oneLine).join(', '), oneLine(g.urls[0] ?? '–')]),
  );
}

function searchesTable(searches: SearchInsight[]): string {
  return table(
    ['SEARCH', 'ANSWERS', 'RATE (95% INTERVAL)', 'SURFACES'],
    searches.map((s) => [oneLine(s.query), `${s.answers}/${s.n}`, `${percent(s.rate)} (${interval(s.interval)})`, s.surfaces.join(', ')]),
  );
}

function consultedTable(domains: ConsultedNotCited[]): string {
  return table(
    ['DOMAIN', 'READ', 'CITED', 'READ, NOT CITED (95% INTERVAL)'],
    domains.map((d) => [d.domain, String(d.consulted), String(d.cited), `${d.answers}/${d.n} ${percent(d.rate)} (${interval(d.interval)})`]),
  );
}

/**
 * A tracker's insights: the names its answers put forward that it does not track, each with its
 * evidence; the sources cited where a competitor is mentioned but not the brand (compare and
 * sentiment); what the surfaces searched, and the sites they read but did not cite; and the API's
 * note on cause.
 */
export function insightsText(i: Insights): string {
  if (i.runs.length === 0) return `No finished run yet: insights read a tracker's COMPLETED and PARTIAL runs.\n${i.note}\n`;
  const out = [`Insights from ${runsRead(i)} (${plural(i.answers, 'answer')}).`, '', 'Names the answers put forward that the tracker does not track:'];
  out.push(i.discoveredNames.length ? discoveredTable(i.discoveredNames) : 'none.\n');
  if (i.citationGaps !== null) {
    out.push(`Sources cited by answers that mention a competitor but not the brand (${plural(i.gapAnswers ?? 0, 'such answer')}):`);
    out.push(i.citationGaps.length ? gapsTable(i.citationGaps) : 'none.\n');
  }
  out.push('Searches the surfaces ran for your prompts (ChatGPT, Claude and Gemini report theirs):');
  out.push(i.searches.length ? searchesTable(i.searches) : 'none reported.\n');
  out.push('Pages the surfaces read for your prompts and then did not cite:');
  out.push(i.consultedNotCited.length ? consultedTable(i.consultedNotCited) : 'none.\n');
  out.push(i.note, '');
  return out.join('\n');
}

/** What became of the tracker's schedule after `insights add`, with the command to activate it when it is a DRAFT. */
function reactivationLine({ tracker, reactivation: r }: CompetitorAdded): string {
  const activate = `Activate it: brandradar trackers activate ${tracker.id}`;
  switch (r.outcome) {
    case 'reactivated':
      return `It is ACTIVE again at ${money(r.activation.costMicroPerRun)} per run.`;
    case 'estimate_changed':
      return `It is a DRAFT: its estimate is now ${money(r.estimatedCostMicroPerRun)} per run, not the ${money(r.acceptedMicroPerRun)} accepted (rates changed). ${activate}`;
    case 'refused':
      return `It is a DRAFT: activating it again was refused: ${r.error.code}: ${r.error.message} ${activate}`;
    case 'not_active':
      return `It is a DRAFT, as every edited tracker is. ${activate}`;
  }
}

/** What `insights add` did: the name added, whether the tracker is active again, and the reanalysis asked for. */
export function competitorAddedText(added: CompetitorAdded, name: string): string {
  const { tracker, reanalysis } = added;
  return [`Added ${name} to the competitors of ${tracker.name} (${tracker.id}).`, reactivationLine(added), ...(reanalysis ? [reanalysisLine(reanalysis)] : [])].join('\n') + '\n';
}
