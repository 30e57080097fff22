import { cutAtCodePoint, MAX_CONSULTED_SOURCES, MAX_SEARCH_QUERIES, MAX_SEARCH_QUERY_CHARS } from '@brandradar/contracts';
import type { ConsultedSource } from '../answer';

// The caps a run keeps (contracts' run.ts), far more than any answer runs or reads (ChatGPT averages
// about 3.5 searches): past them a body is cut, never refused.

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
