import { z } from 'zod';
import { LocalTime, TimeZoneName, Weekday } from './cadence';
import { Timestamp, withoutRepeats } from './common';
import { defineQuery, versioned } from './messaging';
import { Insights } from './insights';
import { Headline } from './overview';
import { RunSummary } from './run';
import { PauseReason, Tracker, TrackerStatus } from './tracker';

/**
 * The weekly digest (api-contract §16). Its bounds keep the tracker service's reply to the notifier
 * far below one NATS message (1 MiB): an account has at most 25 trackers, each with a headline of
 * at most `points` runs and its `namesPerTracker` most put-forward discovered names.
 */
export const DIGEST_LIMITS = {
  recipients: 10,
  trackers: 25,
  namesPerTracker: 5,
  points: 8,
  /** Trackers whose report is attached as a PDF (`attachPdf`), the first by age: keeps an e-mail to a few MB. */
  pdfs: 10,
  /** Newest runs in an attached report. */
  reportRuns: 12,
} as const;

const Recipients = withoutRepeats(
  z
    .array(z.email().max(254))
    .min(1, 'Give at least one recipient.')
    .max(DIGEST_LIMITS.recipients, `At most ${DIGEST_LIMITS.recipients} recipients.`),
  'must not repeat a recipient',
).meta({ description: `1 to ${DIGEST_LIMITS.recipients} e-mail addresses; each gets its own copy.` });

const digestFields = {
  enabled: z.boolean().meta({ description: 'Off by default: nothing is sent until an owner turns it on.' }),
  weekday: Weekday,
  time: LocalTime.meta({ description: 'The local time of day it is sent, `HH:mm`, in `timezone`.' }),
  timezone: TimeZoneName,
  recipients: Recipients,
  attachPdf: z.boolean().meta({ description: "Attach each tracker's report as a PDF." }),
};

export const DigestSettingsInput = z
  .object(digestFields)
  .strict()
  .meta({
    id: 'DigestSettingsInput',
    description: 'The whole setting: every field is required, and replaces what was there.',
    example: { enabled: true, weekday: 1, time: '09:00', timezone: 'Europe/Berlin', recipients: ['marketing@example.com'], attachPdf: false },
  });
export type DigestSettingsInput = z.infer<typeof DigestSettingsInput>;

const DigestSettings = z
  .object(digestFields)
  .meta({ id: 'DigestSettings', description: "The account's weekly digest by e-mail: the fields a PUT sends, so a setting read can be sent back changed." });

/** The setting and, beside it (not in it, so `digest` goes back in a PUT as it is), when it next goes out. */
export const DigestReply = z
  .object({
    digest: DigestSettings,
    nextSendAt: Timestamp.nullable().meta({ description: 'When the next digest goes out (UTC); null while it is off.' }),
  })
  .meta({ id: 'DigestReply' });
export type DigestReply = z.infer<typeof DigestReply>;

const one = DigestReply;

/** Queries answered by the notifier, which owns the digest settings and sends the digest; each is scoped to the calling account. */
export const DigestQueries = {
  get: defineQuery('digests.get.v1', versioned({ accountId: z.uuid() }), one),
  put: defineQuery('digests.put.v1', versioned({ accountId: z.uuid(), input: DigestSettingsInput }), one),
};

/** One tracker as the digest shows it: its headline (the overview's rule) and the names its answers first put forward this week. */
export const DigestTracker = z.object({
  trackerId: z.uuid(),
  name: z.string(),
  status: TrackerStatus,
  pauseReason: PauseReason.nullable(),
  headline: Headline.nullable(),
  /** New discovered names: put forward by the week's runs and by none of the earlier runs insights look at, most answers first. */
  discoveredNames: z.array(z.string()).max(DIGEST_LIMITS.namesPerTracker),
});
export type DigestTracker = z.infer<typeof DigestTracker>;

/** Asked of the tracker service by the notifier, for each digest. */
export const DigestDataQueries = {
  /** The account's ACTIVE and PAUSED trackers, oldest first, at most `DIGEST_LIMITS.trackers`. */
  trackers: defineQuery(
    'trackers.digest.v1',
    /** `since`: when the digest's week began; its runs are the ones finished since. */
    versioned({ accountId: z.uuid(), since: Timestamp }),
    z.object({ trackers: z.array(DigestTracker).max(DIGEST_LIMITS.trackers) }),
  ),
  /**
   * What an attached report PDF is drawn from (`attachPdf`), apart from its runs: the tracker, the
   * ids of its newest runs (newest first) and the newest run's insights, as the report's PDF
   * response uses them. The runs come one per `reportRun`: a run's head of a large tracker is
   * over 150 KB, so twelve in one reply could pass one NATS message.
   */
  report: defineQuery(
    'trackers.digest-report.v1',
    versioned({ accountId: z.uuid(), trackerId: z.uuid() }),
    z.object({ tracker: Tracker, runIds: z.array(z.uuid()).max(DIGEST_LIMITS.reportRuns), insights: Insights }),
  ),
  /** One run of an attached report without its answers: the head of the runner's first page (null if that page had none). */
  reportRun: defineQuery(
    'trackers.digest-report-run.v1',
    versioned({ accountId: z.uuid(), trackerId: z.uuid(), runId: z.uuid() }),
    z.object({ run: RunSummary.nullable() }),
  ),
};
