import { classifySentiment, isMentioned, normalizeUrl, positions, registrableDomain, samePage } from '@brandradar/analysis';
import type { AnswerMetrics, TrackerDefinition } from '@brandradar/contracts';

/** What one answer says for the tracker's primitive (the run-level metrics aggregate the same rules). */
export function answerMetrics(d: TrackerDefinition, text: string, citations: readonly { url: string }[]): AnswerMetrics {
  switch (d.primitive) {
    case 'rankings':
    case 'compare': {
      const names = [...(d.brand ? [d.brand] : []), ...d.competitors];
      const places = positions(text, names);
      return { brands: names.map((name, i) => ({ name, mentioned: isMentioned(text, name), position: places[i] ?? null })) };
    }
    case 'sentiment': {
      const brand = d.brand!;
      return { brands: [{ name: brand, mentioned: isMentioned(text, brand) }], sentiment: classifySentiment(text, brand) };
    }
    case 'citations': {
      const urls = citations.map((c) => normalizeUrl(c.url)).filter((u): u is string => u !== null);
      const domains = [...new Set(urls.map((u) => registrableDomain(new URL(u).hostname)))];
      const tracked = d.url;
      return { citedDomains: domains, citesUrl: tracked === null ? null : urls.some((u) => samePage(u, tracked)) };
    }
  }
}
