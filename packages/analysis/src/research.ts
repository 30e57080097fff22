/**
 * What the surfaces searched and read for a tracker's prompts (api-contract §14): the searches run
 * most often, and the sites read more often than cited. Taken over the answers whose surface says
 * what it read (`consultedSources` not null: ChatGPT, Claude, Gemini), since the others report
 * neither, and an answer that reports nothing is no evidence of searching nothing.
 */
import { cellsOf, citedPages, countBy, perCell, rate, type CitedPage } from './metrics';
import type { Interval } from './schemas';
import { compareText, mostWritten, ranked } from './ranking';
import { round } from './stats';

export const RESEARCH_LISTS = { searches: 50, consultedNotCited: 20 } as const;

/** One answer's research, as the run stored it. */
export interface ResearchAnswer<S extends string = string> {
  prompt: string;
  surface: S;
  citations: readonly { url: string; title: string | null }[];
  /** Absent: none recorded ([]). */
  searchQueries?: readonly string[];
  /** Absent or null: the surface does not say what it read. */
  consultedSources?: readonly { url: string; title: string | null }[] | null;
}

/** A proportion of the reporting answers, with the uncertainty every figure carries. */
interface ReportedRate {
  answers: number;
  n: number;
  rate: number;
  clusters: number;
  interval: Interval | null;
}

export interface SearchInsight<S extends string = string> extends ReportedRate {
  /** As the answers most often write it. */
  query: string;
  /** The surfaces that ran it, most answers first. */
  surfaces: S[];
}

export interface ConsultedNotCitedInsight extends ReportedRate {
  domain: string;
  /** Reporting answers that read a page of the domain. */
  consulted: number;
  /** Reporting answers that cited one. */
  cited: number;
}

/** Case and spacing folded: `Best  CRM` and `best crm` are one search. */
export function searchKey(query: string): string {
  return query.normalize('NFKC').toLowerCase().split(/\s+/).filter(Boolean).join(' ');
}

export function researchInsights<S extends string>(answers: readonly ResearchAnswer<S>[]): { searches: SearchInsight<S>[]; consultedNotCited: ConsultedNotCitedInsight[] } {
  const reporting = answers.filter((a) => a.consultedSources != null);
  const cells = cellsOf(reporting);
  const answersPerCell = perCell(reporting.map(() => 1), cells);
  /** The rate of the reporting answers at `at` (indices into `reporting`). */
  const rateOf = (at: ReadonlySet<number>): ReportedRate => {
    const proportion = rate(perCell(reporting.map((_, i) => (at.has(i) ? 1 : 0)), cells), answersPerCell);
    return { answers: at.size, n: reporting.length, rate: reporting.length === 0 ? 0 : round(at.size / reporting.length, 4), clusters: proportion.clusters ?? cells.count, interval: proportion.interval };
  };
  return { searches: searches(reporting, rateOf), consultedNotCited: consultedNotCited(reporting, rateOf) };
}

function searches<S extends string>(reporting: readonly ResearchAnswer<S>[], rateOf: (at: ReadonlySet<number>) => ReportedRate): SearchInsight<S>[] {
  const byKey = new Map<string, { at: Set<number>; forms: string[]; surfaces: S[] }>();
  reporting.forEach((a, i) => {
    for (const query of a.searchQueries ?? []) {
      const key = searchKey(query);
      if (key === '') continue;
      const entry = byKey.get(key) ?? byKey.set(key, { at: new Set(), forms: [], surfaces: [] }).get(key)!;
      if (entry.at.has(i)) continue; // a search an answer repeats counts once for it
      entry.at.add(i);
      entry.forms.push(query.trim().split(/\s+/).join(' '));
      entry.surfaces.push(a.surface);
    }
  });
  const found = [...byKey.values()].map(({ at, forms, surfaces }) => ({ query: mostWritten(forms), ...rateOf(at), surfaces: ranked(countBy(surfaces)) }));
  found.sort((a, b) => b.answers - a.answers || compareText(a.query, b.query));
  return found.slice(0, RESEARCH_LISTS.searches);
}

function consultedNotCited(reporting: readonly ResearchAnswer[], rateOf: (at: ReadonlySet<number>) => ReportedRate): ConsultedNotCitedInsight[] {
  const byDomain = new Map<string, { consulted: number; cited: number; readNotCited: Set<number> }>();
  const entry = (domain: string) => byDomain.get(domain) ?? byDomain.set(domain, { consulted: 0, cited: 0, readNotCited: new Set() }).get(domain)!;
  reporting.forEach((a, i) => {
    const domains = (pages: readonly CitedPage[]) => new Set(pages.map((p) => p.domain));
    const cited = domains(citedPages(a.citations));
    const read = domains(citedPages(a.consultedSources ?? []));
    for (const domain of read) {
      const e = entry(domain);
      e.consulted++;
      if (!cited.has(domain)) e.readNotCited.add(i);
    }
    for (const domain of cited) entry(domain).cited++;
  });
  const found = [...byDomain.entries()]
    .filter(([, e]) => e.consulted > e.cited)
    .map(([domain, e]) => ({ domain, consulted: e.consulted, cited: e.cited, ...rateOf(e.readNotCited) }));
  found.sort((a, b) => b.consulted - a.consulted || b.answers - a.answers || compareText(a.domain, b.domain));
  return found.slice(0, RESEARCH_LISTS.consultedNotCited);
}
