import { ANALYSIS_VERSION, citedPages, classifySentiment, detectBrands, samePage, withAliases } from '@brandradar/analysis';
import { MAX_SPANS_PER_BRAND, type AnswerMetrics, type TrackerDefinition } from '@brandradar/contracts';

/** Answers analysed between two looks at the event loop (reanalyses, insights): a run at the caps never holds it for long. */
export const ANSWERS_PER_SLICE = 10;

/** What one answer says for the tracker's primitive (the run-level metrics aggregate the same rules), by the current rules. */
export function answerMetrics(d: TrackerDefinition, text: string, citations: readonly { url: string; title: string | null }[]): AnswerMetrics {
  return { analysisVersion: ANALYSIS_VERSION, ...answerFacts(d, text, citations) };
}

function answerFacts(d: TrackerDefinition, text: string, citations: readonly { url: string; title: string | null }[]): Omit<AnswerMetrics, 'analysisVersion'> {
  switch (d.primitive) {
    case 'rankings':
    case 'compare': {
      const names = [...(d.brand ? [d.brand] : []), ...d.competitors];
      const found = detectBrands(text, names.map((name) => withAliases(name, d.aliases)));
      return { brands: names.map((name, i) => ({ name, mentioned: found[i]!.mentioned, position: found[i]!.position, spans: found[i]!.spans.slice(0, MAX_SPANS_PER_BRAND) })) };
    }
    case 'sentiment': {
      const brand = withAliases(d.brand!, d.aliases);
      const found = detectBrands(text, [brand])[0]!;
      return { brands: [{ name: brand.name, mentioned: found.mentioned, spans: found.spans.slice(0, MAX_SPANS_PER_BRAND) }], sentiment: classifySentiment(text, brand) };
    }
    case 'citations': {
      const pages = citedPages(citations);
      const tracked = d.url;
      return { citedDomains: [...new Set(pages.map((p) => p.domain))], citesUrl: tracked === null ? null : pages.some((p) => samePage(p.url, tracked)) };
    }
  }
}
