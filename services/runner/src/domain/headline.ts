/**
 * A tracker's headline figure (issue 34 overview): the one measure a list of trackers shows for
 * each, over its newest finished runs, with the newest run's change of it. Pure: the runner reads
 * the runs, this picks the figures.
 */
import { MIN_ANSWERS_FOR_CHANGE, type RateChange, type RunDelta, type RunMetrics } from '@brandradar/analysis';
import type { Headline, HeadlineMeasure, HeadlinePoint, HeadlineSubject } from '@brandradar/contracts';

/** A finished run as the headline reads it. */
export interface FinishedRunFigures {
  id: string;
  finishedAt: Date;
  metrics: RunMetrics;
  delta: RunDelta | null;
}

/** What a rate and a share have in common. */
interface Proportion {
  value: number | null;
  n: number;
  clusters?: number;
  interval: { low: number; high: number } | null;
}

/** The measure chosen for a tracker: how to read it from any of its runs' metrics and delta; undefined where a run lacks it. */
interface MeasureReader {
  measure: HeadlineMeasure;
  name: string | null;
  proportion(metrics: RunMetrics): Proportion | undefined;
  change(delta: RunDelta): RateChange | undefined;
}

/**
 * The name with the largest share of voice in `metrics`; on a tie the first listed (the brand,
 * then the competitors in tracker order). Null when no name is listed.
 */
function leadingName(metrics: Extract<RunMetrics, { primitive: 'rankings' | 'compare' }>): string | null {
  let leader: (typeof metrics.brands)[number] | null = null;
  for (const b of metrics.brands) if (!leader || (b.shareOfVoice.value ?? -1) > (leader.shareOfVoice.value ?? -1)) leader = b;
  return leader?.name ?? null;
}

/** Share of voice of `name`, found by equality: names are caller data, never keys. */
function shareOfVoiceOf(name: string | null, primitive: 'rankings' | 'compare'): MeasureReader {
  return {
    measure: 'shareOfVoice',
    name,
    proportion: (m) => (m.primitive === primitive ? m.brands.find((b) => b.name === name)?.shareOfVoice : undefined),
    change: (d) => (d.primitive === primitive ? d.brands.find((b) => b.name === name)?.shareOfVoice : undefined),
  };
}

/** The measure of `subject`, chosen by its primitive and, where it depends on the figures (the leader), by its newest run. */
function readerOf(subject: Omit<HeadlineSubject, 'trackerId'>, newest: RunMetrics): MeasureReader {
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

const pointOf = (run: FinishedRunFigures, p: Proportion): HeadlinePoint => ({
  runId: run.id,
  finishedAt: run.finishedAt.toISOString(),
  value: p.value,
  interval: p.interval,
  n: p.n,
  clusters: p.clusters ?? null,
});

/**
 * The headline of `subject` over `runs`, its finished runs newest first (at most the points
 * wanted); null without any. Points are the runs that have the measure, oldest first; the change
 * is the newest run's, from its delta, when the newest run has the measure.
 */
export function headlineOf(subject: Omit<HeadlineSubject, 'trackerId'>, runs: readonly FinishedRunFigures[]): Headline | null {
  const newest = runs[0];
  if (!newest) return null;
  const reader = readerOf(subject, newest.metrics);
  const points = runs.flatMap((run) => {
    const p = reader.proportion(run.metrics);
    return p ? [pointOf(run, p)] : [];
  });
  const newestHasIt = points[0]?.runId === newest.id;
  const change = newestHasIt && newest.delta ? reader.change(newest.delta) : undefined;
  return {
    measure: reader.measure,
    name: reader.name,
    points: points.reverse(),
    change: change
      ? {
          ...change,
          previousRunId: newest.delta?.previousRunId ?? null,
          minimumAnswers: MIN_ANSWERS_FOR_CHANGE,
        }
      : null,
  };
}
