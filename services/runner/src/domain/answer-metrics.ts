import { ANALYSIS_VERSION, brandSentiment, citedPages, detectBrands, samePage, withAliases } from '@brandradar/analysis';
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
      // No other names: a sentiment tracker has no competitors, and the scorer takes unknown
      // capitalised words for other names itself (the names discovery finds changed no label of
      // the labelled set, at 2.5 times the scorer's cost).
      const read = brandSentiment(text, brand);
      return {
        brands: [{ name: brand.name, mentioned: found.mentioned, spans: found.spans.slice(0, MAX_SPANS_PER_BRAND) }],
        sentiment: read?.label ?? null,
        sentimentEvidence: read?.evidence ?? [],
      };
    }
    case 'citations': {
      const pages = citedPages(citations);
      const tracked = d.url;
      return { citedDomains: [...new Set(pages.map((p) => p.domain))], citesUrl: tracked === null ? null : pages.some((p) => samePage(p.url, tracked)) };
    }
  }
}

/**
 * An answer's metrics as stored, as the API shows them: a sentiment answer analysed before its
 * evidence was recorded lists none (`[]`) until a reanalysis computes it.
 */
export function storedMetricsOf(stored: AnswerMetrics | null): AnswerMetrics | null {
  if (stored === null || stored.sentiment === undefined || stored.sentimentEvidence !== undefined) return stored;
  return { ...stored, sentimentEvidence: [] };
}
