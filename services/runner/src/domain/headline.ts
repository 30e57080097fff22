/**
 * A tracker's headline figure (issue 34 overview): the measure the headline rule of
 * `@brandradar/analysis` picks, over its newest finished runs, with the newest run's change of it.
 * Pure: the runner reads the runs, this gathers the figures.
 */
import { headlineRule, MIN_ANSWERS_FOR_CHANGE, type Rate, type RunDelta, type RunMetrics, type Share } from '@brandradar/analysis';
import type { Headline, HeadlinePoint, HeadlineSubject } from '@brandradar/contracts';

/** A finished run as the headline reads it. */
export interface FinishedRunFigures {
  id: string;
  finishedAt: Date;
  metrics: RunMetrics;
  delta: RunDelta | null;
}

const pointOf = (run: FinishedRunFigures, p: Rate | Share): HeadlinePoint => ({
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
  const reader = headlineRule(subject, newest.metrics);
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
