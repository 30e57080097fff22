/**
 * The sites AI answers cite, ranked by how many answers cite them, and for a compare tracker
 * whether those answers mention the brand or only its competitors. No DOM here, so it is
 * unit-tested (test/web/sites.test.ts); sources.ts shows it.
 */
import type { Run } from '@brandradar/contracts';

/** The 95% Wilson score interval of `count` successes in `n` independent trials; null when `n` is 0. */
export function wilson(count: number, n: number): { low: number; high: number } | null {
  if (n === 0) return null;
  const z = 1.959964;
  const p = count / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The most example URLs kept per site. */
export const EXAMPLES_PER_SITE = 3;

export interface CitedSite {
  site: string;
  /** Succeeded answers citing the site (an answer citing it twice counts once). */
  answers: number;
  /** Of those, the answers that mention the tracker's brand. */
  mentionBrand: number;
  /** Of those, the answers that mention a competitor but not the brand. */
  onlyCompetitors: number;
  /** Up to EXAMPLES_PER_SITE distinct URLs cited, first seen first. */
  examples: Array<{ url: string; title: string | null }>;
}

export interface SiteBoard {
  /** Succeeded answers of the runs: the sample each site's share is taken over. */
  answers: number;
  /** Most citing answers first; ties by site name. */
  sites: CitedSite[];
}

type Answer = Run['results'][number]['answers'][number];

/**
 * Over the succeeded answers of `runs`: every site cited, with the answers citing it. `brand` is the
 * tracked brand, whose mentions are read from each answer's metrics (the other names it records are
 * the competitors).
 */
export function citedSites(runs: readonly Run[], brand: string | null): SiteBoard {
  const bySite = new Map<string, CitedSite>();
  let answers = 0;
  const succeeded = runs.flatMap((r) => r.results.flatMap((result) => result.answers.filter((a) => a.status === 'succeeded')));
  for (const answer of succeeded) {
    answers++;
    const mentions = mentionsOf(answer, brand);
    const cited = new Map<string, Array<Answer['citations'][number]>>();
    // The API names each citation's publisher (its registrable domain; for a Gemini grounding redirect, the site its title names).
    for (const citation of answer.citations) cited.set(citation.domain, [...(cited.get(citation.domain) ?? []), citation]);
    for (const [site, citations] of cited) {
      const entry = bySite.get(site) ?? { site, answers: 0, mentionBrand: 0, onlyCompetitors: 0, examples: [] };
      entry.answers++;
      if (mentions.brand) entry.mentionBrand++;
      else if (mentions.competitor) entry.onlyCompetitors++;
      for (const c of citations) {
        if (entry.examples.length < EXAMPLES_PER_SITE && !entry.examples.some((e) => e.url === c.url)) entry.examples.push({ url: c.url, title: c.title });
      }
      bySite.set(site, entry);
    }
  }
  const sites = [...bySite.values()].sort((a, b) => b.answers - a.answers || (a.site < b.site ? -1 : a.site > b.site ? 1 : 0));
  return { answers, sites };
}

function mentionsOf(answer: Answer, brand: string | null): { brand: boolean; competitor: boolean } {
  const mentioned = (answer.metrics?.brands ?? []).filter((b) => b.mentioned);
  return { brand: mentioned.some((b) => b.name === brand), competitor: mentioned.some((b) => b.name !== brand) };
}
