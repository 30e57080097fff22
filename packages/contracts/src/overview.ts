import { z } from 'zod';
import { HEADLINE_MEASURES, Interval, MIN_ANSWERS_FOR_CHANGE, RateChange } from '@brandradar/analysis';
import { Timestamp } from './common';
import { Primitive, Tracker, TrackerCursor } from './tracker';

/**
 * The overview (issue 34): every tracker with its headline figure, so a list needs no report (a
 * report carries every answer). Bounded so a page of headlines fits one NATS message (1 MiB).
 */
export const OVERVIEW_LIMITS = {
  /** Trackers per page: the most `GET /api/v1/trackers` lists. */
  trackers: 100,
  /** Newest finished runs per headline: its trend. */
  points: 12,
} as const;

/**
 * The figure a tracker is summed up by, per primitive: compare `shareOfVoice` of the brand,
 * rankings `shareOfVoice` of the name leading the newest run, sentiment `positiveRate` of the brand,
 * citations `urlCitedRate` of the tracked URL, or `domainShare` of the most cited domain without one.
 */
export const HeadlineMeasure = z.enum(HEADLINE_MEASURES).meta({ id: 'HeadlineMeasure' });
export type HeadlineMeasure = z.infer<typeof HeadlineMeasure>;

const Count = z.int().min(0);

export const HeadlinePoint = z
  .object({
    runId: z.uuid(),
    finishedAt: Timestamp,
    value: z.number().min(0).max(1).nullable().meta({ description: 'The proportion, 4 decimals; null when its sample `n` is 0.' }),
    interval: Interval.nullable().meta({ description: '95% interval on the effective sample size; null when `n` is 0.' }),
    n: Count.meta({ description: 'Sample size: answers for a rate, mentions or citations for a share.' }),
    clusters: Count.nullable().meta({ description: 'Prompt × surface cells of the sample; null on metrics computed before cells were counted.' }),
  })
  .meta({ id: 'HeadlinePoint', description: "The headline's measure in one finished run." });
export type HeadlinePoint = z.infer<typeof HeadlinePoint>;

const HeadlineChange = RateChange.extend({
  previousRunId: z.uuid().nullable().meta({ description: 'The run the newest is compared with; null on deltas computed before it was recorded.' }),
  minimumAnswers: z.literal(MIN_ANSWERS_FOR_CHANGE).meta({ description: 'Smallest sample, in each run, for which a change is given.' }),
}).meta({
  id: 'HeadlineChange',
  description: "The newest run's change of the measure against the previous comparable run, from its delta: `change` in percentage points, flagged `significant` only when `pValue` is below 0.05.",
});
type HeadlineChange = z.infer<typeof HeadlineChange>;

export const Headline = z
  .object({
    measure: HeadlineMeasure,
    name: z
      .string()
      .nullable()
      .meta({ description: 'Whose measure: the brand, the leading name or the leading domain; null for `urlCitedRate` (the tracker’s URL) and for `domainShare` when the newest run cites nothing.' }),
    points: z
      .array(HeadlinePoint)
      .max(OVERVIEW_LIMITS.points)
      .meta({ description: 'The newest finished (COMPLETED or PARTIAL) runs that have the measure, oldest first: the last is the headline figure. Runs of another primitive, or where the name is not listed, are left out.' }),
    change: HeadlineChange.nullable().meta({ description: 'Null when the newest run has no delta (no earlier comparable run) or the measure is not in the newest run.' }),
  })
  .meta({ id: 'Headline', description: "A tracker's headline figure over its newest finished runs." });
export type Headline = z.infer<typeof Headline>;

/** What the runner needs of a tracker to find its headline. */
export const HeadlineSubject = z.object({
  trackerId: z.uuid(),
  primitive: Primitive,
  brand: z.string().nullable(),
  url: z.string().nullable(),
});
export type HeadlineSubject = z.infer<typeof HeadlineSubject>;

export const Overview = z
  .object({
    trackers: z.array(
      z.object({
        tracker: Tracker,
        headline: Headline.nullable().meta({ description: 'Null while the tracker has no finished (COMPLETED or PARTIAL) run.' }),
      }),
    ),
    nextCursor: TrackerCursor.nullable(),
  })
  .meta({ id: 'Overview' });
export type Overview = z.infer<typeof Overview>;
