import { citationDomain } from '@brandradar/analysis';
import {
  cutAtCodePoint,
  HTTP_PROTOCOLS,
  MAX_ANSWER_TEXT_CHARS,
  MAX_CITATIONS_PER_ANSWER,
  MAX_CITATION_TITLE_CHARS,
  MAX_CONSULTED_SOURCES,
  MAX_SEARCH_QUERIES,
  MAX_SEARCH_QUERY_CHARS,
  MAX_URL_CHARS,
  urlHostname,
  type AnswerSource,
} from '@brandradar/contracts';

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. They carry no text and break mail and terminals. */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** A surrogate without its partner is no character: JSON would have to escape it, and stores replace it anyway. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** DNS names have at most 253 characters: a longer host names no site. */
const MAX_HOST_CHARS = 253;

/** `s` without control characters (tab, line feed and carriage return stay), lone surrogates replaced by U+FFFD. */
export function cleanText(s: string): string {
  return s.replace(CONTROL_CHARS, '').replace(LONE_SURROGATE, '\uFFFD');
}

export interface Citation {
  url: string;
  title: string | null;
}

/** What a run keeps of a provider's answer: the caps of contracts' run.ts, whatever the provider sent. */
export interface BoundedAnswer {
  text: string;
  truncated: boolean;
  citations: AnswerSource[];
}

/** `cutByProvider`: the provider's client already stopped reading a longer text. */
export function boundAnswer(text: string, citations: readonly Citation[], cutByProvider = false): BoundedAnswer {
  const clean = cleanText(text);
  return {
    text: cutAtCodePoint(clean, MAX_ANSWER_TEXT_CHARS),
    truncated: cutByProvider || clean.length > MAX_ANSWER_TEXT_CHARS,
    citations: boundSources(citations, MAX_CITATIONS_PER_ANSWER),
  };
}

/** What a run keeps of what the surface searched and read (api-contract §14), capped as contracts' run.ts says. */
export function boundResearch(searchQueries: readonly string[], consultedSources: readonly Citation[] | null): { searchQueries: string[]; consultedSources: AnswerSource[] | null } {
  return {
    searchQueries: searchQueries
      .map((q) => cutAtCodePoint(cleanText(q).trim(), MAX_SEARCH_QUERY_CHARS))
      .filter((q) => q.length > 0)
      .slice(0, MAX_SEARCH_QUERIES),
    consultedSources: consultedSources === null ? null : boundSources(consultedSources, MAX_CONSULTED_SOURCES),
  };
}

/** The first `max` sources with a citable URL, titles cleaned and cut, each with its publisher's domain. */
function boundSources(sources: readonly Citation[], max: number): AnswerSource[] {
  return sources
    .filter((c) => isCitable(c.url))
    .slice(0, max)
    .map((c) => withDomain({ url: c.url, title: c.title === null ? null : cutAtCodePoint(cleanText(c.title), MAX_CITATION_TITLE_CHARS) }));
}

/**
 * A source with its publisher's domain, computed from its URL (and a grounding redirect's title):
 * also how answers stored before domains were recorded read (api-contract §14). Only citable URLs
 * are stored, so there always is one.
 */
function withDomain(source: Citation): AnswerSource {
  return { url: source.url, title: source.title, domain: citationDomain(source) ?? '' };
}

/** An absolute http(s) URL, written as is (no control characters), short enough to keep. */
function isCitable(url: string): boolean {
  if (url.length > MAX_URL_CHARS || cleanText(url) !== url) return false;
  const host = urlHostname(url, HTTP_PROTOCOLS);
  return host !== undefined && host.length <= MAX_HOST_CHARS;
}

/** An answer's sources as stored: answers stored before api-contract §14 have citations without `domain`, and neither of the two lists. */
export interface StoredSources {
  citations: (Citation & { domain?: string })[];
  searchQueries?: string[];
  consultedSources?: AnswerSource[] | null;
}

/**
 * The sources of a stored answer as the API shows them: what answers stored before api-contract §14
 * lack reads as `[]` (no searches), `null` (pages read unknown) and each citation's domain computed
 * from its URL (and a grounding redirect's title).
 */
export function sourcesOf(stored: StoredSources): { citations: AnswerSource[]; searchQueries: string[]; consultedSources: AnswerSource[] | null } {
  return {
    citations: stored.citations.map((c) => (c.domain === undefined ? withDomain(c) : { url: c.url, title: c.title, domain: c.domain })),
    searchQueries: stored.searchQueries ?? [],
    consultedSources: stored.consultedSources ?? null,
  };
}
