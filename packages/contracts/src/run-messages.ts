import { z } from 'zod';
import { Micro, Timestamp } from './common';
import { defineEvent, defineNotice, defineQuery, eventPayload, versioned, type StreamDef } from './messaging';
import { INSIGHTS_LIMITS, Insights, SignificantChange } from './insights';
import { Reanalysis, ReanalysisSweep } from './reanalysis';
import { RequestToken, RunAnswer, RunSummary } from './run';
import { Headline, HeadlineSubject, OVERVIEW_LIMITS } from './overview';
import { NameAliases, Primitive, Tracker } from './tracker';
import { DefinitionVersion, SCHEDULE_BATCH_MAX } from './tracker-messages';

const scoped = <S extends z.ZodRawShape>(shape: S) => versioned({ accountId: z.uuid(), ...shape });

/**
 * Replies that carry runs must fit one NATS message (1 MiB by default) whatever the run holds: a
 * run's answers come in pages of at most this many bytes of JSON (one answer at the caps of run.ts
 * is far smaller), its summary and prompts separately.
 */
export const RUN_ANSWERS_PAGE_BYTES = 512 * 1024;

/** A run without its answers, and the prompts its results are listed by. */
const RunHead = z.object({ run: RunSummary, prompts: z.array(z.string()) });

/** Queries answered by the runner, which owns runs and their results. */
export const RunQueries = {
  /**
   * A manual run (api-contract §3 "Manual runs"): a known `requestToken` of the
   * account returns its run (`replayed`), or `request_token_conflict` if it
   * named another tracker; otherwise the tracker is checked, then the balance,
   * then the limit of 3 manual runs QUEUED or RUNNING per account.
   */
  requestManual: defineQuery('runs.request-manual.v1', scoped({ trackerId: z.uuid(), requestToken: RequestToken }), RunHead.extend({ replayed: z.boolean() })),
  /**
   * Scheduled runs, one per occurrence, of any accounts (at most SCHEDULE_BATCH_MAX): the same
   * (tracker, scheduledFor) always yields the same single run, so a batch sent again creates only
   * what is missing. `created` counts the new runs, `existing` those that were there already.
   */
  createScheduled: defineQuery(
    'runs.create-scheduled.v2',
    versioned({
      occurrences: z
        .array(z.object({ accountId: z.uuid(), tracker: Tracker, definitionVersion: DefinitionVersion, scheduledFor: Timestamp, estimatedCostMicro: Micro }))
        .min(1)
        .max(SCHEDULE_BATCH_MAX),
    }),
    z.object({ created: z.int().min(0), existing: z.int().min(0) }),
  ),
  /** The ids of a tracker's newest runs, newest first; each run is then read on its own. */
  listIds: defineQuery('runs.list-ids.v1', scoped({ trackerId: z.uuid(), limit: z.int().min(1).max(100) }), z.object({ runIds: z.array(z.uuid()) })),
  /**
   * A run, a page of its answers at a time, in result order (prompt by prompt, each in the order of
   * the run's models), from answer slot `cursor` (prompt index × models + model index) on: at least
   * one answer, at most RUN_ANSWERS_PAGE_BYTES. `nextCursor` is null after the last answer. The
   * first page (`cursor` 0) carries the run's `head` too, so a run is read in one round trip when
   * its answers fit one page.
   */
  answers: defineQuery(
    'runs.answers.v1',
    scoped({ trackerId: z.uuid(), runId: z.uuid(), cursor: z.int().min(0) }),
    z.object({ head: RunHead.optional(), answers: z.array(z.object({ promptIndex: z.int().min(0), answer: RunAnswer })), nextCursor: z.int().min(0).nullable() }),
  ),
  /** Runs of a tracker that are QUEUED or RUNNING (a tracker with any cannot be deleted). */
  activeCount: defineQuery('runs.active-count.v1', scoped({ trackerId: z.uuid() }), z.object({ count: z.int().min(0) })),
  /**
   * Queues a reanalysis of the tracker's finished runs (api-contract §11); a known `requestToken`
   * of the account returns its job (`replayed`), or `request_token_conflict` if it named another tracker.
   */
  requestReanalysis: defineQuery(
    'runs.request-reanalysis.v1',
    scoped({ trackerId: z.uuid(), requestToken: RequestToken }),
    z.object({ reanalysis: Reanalysis, replayed: z.boolean() }),
  ),
  getReanalysis: defineQuery('runs.get-reanalysis.v1', scoped({ trackerId: z.uuid(), reanalysisId: z.uuid() }), z.object({ reanalysis: Reanalysis })),
  /** An operator's reanalysis of every tracker; a known `requestToken` returns its sweep (`replayed`). */
  requestSweep: defineQuery('runs.request-reanalysis-sweep.v1', versioned({ requestToken: RequestToken }), z.object({ sweep: ReanalysisSweep, replayed: z.boolean() })),
  getSweep: defineQuery('runs.get-reanalysis-sweep.v1', versioned({ sweepId: z.uuid() }), z.object({ sweep: ReanalysisSweep })),
  /**
   * Insights over the tracker's newest `runs` COMPLETED or PARTIAL runs (api-contract §12), with the
   * tracker's current names: what it tracks is never "discovered", and gaps are about its brand.
   */
  insights: defineQuery(
    'runs.insights.v1',
    scoped({
      trackerId: z.uuid(),
      runs: z.int().min(1).max(INSIGHTS_LIMITS.runs),
      names: z.object({ primitive: Primitive, brand: z.string().nullable(), competitors: z.array(z.string()), aliases: z.array(NameAliases) }),
    }),
    z.object({ insights: Insights }),
  ),
  /**
   * The headline of each tracker (issue 34 overview) over its newest `points` finished runs, in the
   * order asked; null for a tracker without a finished run. Each tracker's runs are read by `_id`
   * from its run list; at the limits the reply stays far below one NATS message (a test checks it).
   */
  headlines: defineQuery(
    'runs.headlines.v1',
    scoped({ trackers: z.array(HeadlineSubject).max(OVERVIEW_LIMITS.trackers), points: z.int().min(1).max(OVERVIEW_LIMITS.points) }),
    z.object({ headlines: z.array(z.object({ trackerId: z.uuid(), headline: Headline.nullable() })) }),
  ),
};

export const RUN_COMMANDS_STREAM: StreamDef = {
  name: 'RUN_COMMANDS',
  retention: 'workqueue',
  description: 'Runs to execute; each message is taken by exactly one runner.',
};

export const RUN_EVENTS_STREAM: StreamDef = {
  name: 'RUN_EVENTS',
  retention: 'limits',
  description: 'Runs queued and finished, for the notifier and the tracker service.',
};

export const RunCommands = {
  execute: defineEvent('run.execute.v1', RUN_COMMANDS_STREAM, eventPayload({ accountId: z.uuid(), runId: z.uuid() })),
  /** Works a tracker's reanalysis to its end; a job interrupted (a crash) goes on from where its progress says. */
  reanalyse: defineEvent('run.reanalyse.v1', RUN_COMMANDS_STREAM, eventPayload({ accountId: z.uuid(), trackerId: z.uuid(), reanalysisId: z.uuid() })),
  /** Works an operator's sweep over every tracker to its end, throttled. */
  reanalyseAll: defineEvent('run.reanalyse-all.v1', RUN_COMMANDS_STREAM, eventPayload({ sweepId: z.uuid() })),
};

/** Run events carry the run's summary, never its answers: an event must fit one message however large the run. */
export const RunEvents = {
  queued: defineEvent('run.queued.v1', RUN_EVENTS_STREAM, eventPayload({ accountId: z.uuid(), run: RunSummary })),
  /** A run reached COMPLETED, PARTIAL or FAILED; `run` is its final summary (`runs.answers.v1` has its answers). */
  finished: defineEvent(
    'run.finished.v1',
    RUN_EVENTS_STREAM,
    // `promptCount`: absent in events published before samples existed.
    eventPayload({ accountId: z.uuid(), trackerName: z.string(), promptCount: z.int().min(1).optional(), run: RunSummary }),
  ),
  /**
   * A finished run of a tracker with `alerts.significantChange` whose delta flags a significant change
   * (api-contract §12); stored with `finished` in the same write, so once per run.
   */
  significantChange: defineEvent(
    'run.significant-change.v1',
    RUN_EVENTS_STREAM,
    eventPayload({ accountId: z.uuid(), trackerName: z.string(), run: RunSummary, changes: z.array(SignificantChange).min(1) }),
  ),
};

/** Between runner replicas only: what each must forget of the finished runs it keeps in memory. */
export const RunNotices = {
  /** Trackers one of whose runs changed (a delta replaced) or whose runs were deleted: every replica forgets their runs. */
  changed: defineNotice('runner.runs-changed.v1', versioned({ trackerIds: z.array(z.uuid()).max(100) })),
};
