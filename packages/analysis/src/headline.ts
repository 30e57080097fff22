/**
 * The headline rule (issue 34 overview, issue 43): the one measure a tracker is summed up by,
 * wherever a headline is stated (the overview, the run e-mails). Compare: the brand's share of
 * voice; rankings: the share of voice of the name leading the newest run; sentiment: the brand's
 * positive rate; citations: the rate of answers citing the tracked URL, or without one the share of
 * the newest run's most cited domain. Pure: callers read the runs and word the figures.
 */
import type { RankingMetrics, Rate, RateChange, RunDelta, RunMetrics, Share } from './schemas';

export const HEADLINE_MEASURES = ['shareOfVoice', 'positiveRate', 'urlCitedRate', 'domainShare'] as const;
type HeadlineMeasure = (typeof HEADLINE_MEASURES)[number];

/** Whose headline: a tracker's primitive and the names it tracks. */
export interface HeadlineSubject {
  primitive: RunMetrics['primitive'];
  brand: string | null;
  url: string | null;
}

/** The measure chosen for a subject: how to read it from any of its runs' metrics and delta; undefined where a run lacks it. */
export interface HeadlineRule {
  measure: HeadlineMeasure;
  /** Whose measure: the brand, the leading name or domain; null for the URL's rate and when nothing leads. */
  name: string | null;
  proportion(metrics: RunMetrics): Rate | Share | undefined;
  change(delta: RunDelta): RateChange | undefined;
}

/** The name with the largest share of voice; on a tie the first listed (the brand, then the competitors in tracker order). Null when no name is listed. */
function leadingName(metrics: RankingMetrics): string | null {
  let leader: RankingMetrics['brands'][number] | null = null;
  for (const b of metrics.brands) if (!leader || (b.shareOfVoice.value ?? -1) > (leader.shareOfVoice.value ?? -1)) leader = b;
  return leader?.name ?? null;
}

/** Share of voice of `name`, found by equality: names are caller data, never keys. */
function shareOfVoiceOf(name: string | null, primitive: 'rankings' | 'compare'): HeadlineRule {
  return {
    measure: 'shareOfVoice',
    name,
    proportion: (m) => (m.primitive === primitive ? m.brands.find((b) => b.name === name)?.shareOfVoice : undefined),
    change: (d) => (d.primitive === primitive ? d.brands.find((b) => b.name === name)?.shareOfVoice : undefined),
  };
}

/** The headline measure of `subject`, chosen by its primitive and, where it depends on the figures (the leader), by its newest run. */
export function headlineRule(subject: HeadlineSubject, newest: RunMetrics): HeadlineRule {
  switch (subject.primitive) {
    case 'compare':
      return shareOfVoiceOf(subject.brand, 'compare');
    case 'rankings':
      return shareOfVoiceOf(newest.primitive === 'rankings' ? leadingName(newest) : null, 'rankings');
    case 'sentiment':
      return {
        measure: 'positiveRate',
        name: subject.brand,
        proportion: (m) => (m.primitive === 'sentiment' ? m.positiveRate : undefined),
        change: (d) => (d.primitive === 'sentiment' ? d.positiveRate : undefined),
      };
    case 'citations': {
      if (subject.url !== null)
        return {
          measure: 'urlCitedRate',
          name: null,
          proportion: (m) => (m.primitive === 'citations' ? (m.urlCitedRate ?? undefined) : undefined),
          change: (d) => (d.primitive === 'citations' ? (d.urlCitedRate ?? undefined) : undefined),
        };
      // Domains are listed most cited first: the newest run's first leads.
      const domain = newest.primitive === 'citations' ? (newest.domains[0]?.domain ?? null) : null;
      return {
        measure: 'domainShare',
        name: domain,
        proportion: (m) => (m.primitive === 'citations' ? m.domains.find((d) => d.domain === domain)?.share : undefined),
        change: (d) => (d.primitive === 'citations' ? d.domains.find((x) => x.domain === domain)?.share : undefined),
      };
    }
  }
}

/**
 * The subject a run's own metrics name, for a reader that has the run but not its tracker (a run
 * e-mail): a compare run lists the brand first, a sentiment run names its brand, a citations run
 * its URL. The same as the tracker's while its definition is the run's.
 */
export function headlineSubjectOf(metrics: RunMetrics): HeadlineSubject {
  switch (metrics.primitive) {
    case 'compare':
      return { primitive: 'compare', brand: metrics.brands[0]?.name ?? null, url: null };
    case 'rankings':
      return { primitive: 'rankings', brand: null, url: null };
    case 'sentiment':
      return { primitive: 'sentiment', brand: metrics.brand, url: null };
    case 'citations':
      return { primitive: 'citations', brand: null, url: metrics.url };
  }
}
