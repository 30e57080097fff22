import { cutAtCodePoint } from '@brandradar/contracts';
import type { ConsultedSource } from '../answer';

/** Far more than any answer runs or reads (ChatGPT averages about 3.5 searches); past these a body is cut, never refused. */
export const MAX_SEARCH_QUERIES = 50;
export const MAX_SEARCH_QUERY_CHARS = 500;
export const MAX_CONSULTED_SOURCES = 100;

/** The searches a provider reported, in order, blank ones dropped, capped in number and length. */
export function reportedQueries(queries: Iterable<string>): string[] {
  const kept: string[] = [];
  for (const query of queries) {
    if (kept.length === MAX_SEARCH_QUERIES) break;
    const trimmed = query.trim();
    if (trimmed) kept.push(cutAtCodePoint(trimmed, MAX_SEARCH_QUERY_CHARS));
  }
  return kept;
}

/** The pages a provider reported reading, in order, capped in number. */
export function reportedSources(sources: readonly ConsultedSource[]): ConsultedSource[] {
  return sources.slice(0, MAX_CONSULTED_SOURCES);
}
