import { z } from 'zod';
import { Micro, Timestamp } from './common';
import { defineEvent, defineNotice, defineQuery, eventPayload, versioned, type StreamDef } from './messaging';
import { ActivateTrackerInput, ActivationResult, CreateTrackerInput, PauseReason, Tracker, TrackerList, TrackerListQuery, UpdateTrackerInput } from './tracker';

const scoped = <S extends z.ZodRawShape>(shape: S) => versioned({ accountId: z.uuid(), ...shape });
const one = z.object({ tracker: Tracker });

/**
 * Counts full-definition replaces: a run queued with one version does not start
 * once the tracker has another (internal; not part of the public Tracker).
 */
export const DefinitionVersion = z.int().min(1);

/**
 * The most occurrences one scheduler message carries (runs to create, schedules to move on), so a
 * due bucket of thousands costs a few messages; the scheduler also keeps each message's JSON under
 * a quarter of NATS' default max_payload, however large the trackers in it.
 */
export const SCHEDULE_BATCH_MAX = 100;

/** Between tracker replicas: the account's tracker list changed, so every replica drops the pages it keeps of it. */
export const TrackerNotices = {
  listChanged: defineNotice('trackers.list-changed.v1', versioned({ accountId: z.uuid() })),
};

/**
 * The most JSON one page of a tracker list carries: half of NATS's default 1 MiB max payload, so a
 * page always fits a reply. A page of large trackers holds fewer than `limit`, with a `nextCursor`.
 */
export const TRACKER_LIST_PAGE_BYTES = 512 * 1024;

/** Queries answered by the tracker service; every one is scoped to the calling account. */
export const TrackerQueries = {
  create: defineQuery('trackers.create.v1', scoped({ input: CreateTrackerInput }), one),
  get: defineQuery('trackers.get.v1', scoped({ trackerId: z.uuid() }), one),
  list: defineQuery('trackers.list.v1', scoped({ query: TrackerListQuery }), TrackerList),
  update: defineQuery('trackers.update.v1', scoped({ trackerId: z.uuid(), input: UpdateTrackerInput }), one),
  activate: defineQuery('trackers.activate.v1', scoped({ trackerId: z.uuid(), input: ActivateTrackerInput }), ActivationResult),
  pause: defineQuery('trackers.pause.v1', scoped({ trackerId: z.uuid() }), one),
  delete: defineQuery('trackers.delete.v1', scoped({ trackerId: z.uuid() }), z.object({ deleted: z.literal(true) })),
  /**
   * Before a run is queued: the tracker must be ACTIVE and its estimate at
   * today's rates within the accepted maximum. Otherwise the tracker is paused
   * (`cost_above_maximum`) and the answer is `tracker_not_active` with its
   * `status` and `pauseReason`. Returns the definition the run will use.
   */
  checkRun: defineQuery('trackers.check-run.v1', scoped({ trackerId: z.uuid() }), z.object({ tracker: Tracker, estimatedCostMicro: Micro, definitionVersion: DefinitionVersion })),
  /**
   * At a queued run's start: may it run? Only while the tracker is ACTIVE with
   * the definition the run was queued with (api-contract §4). A deleted tracker
   * is `tracker_not_active`, like a paused one.
   */
  startRun: defineQuery(
    'trackers.start-run.v1',
    scoped({ trackerId: z.uuid(), definitionVersion: DefinitionVersion }),
    z.object({ verdict: z.enum(['start', 'tracker_not_active', 'tracker_changed']) }),
  ),
  /** The scheduler pauses an ACTIVE tracker whose next run must not happen (spec §3, automatic pause). */
  autoPause: defineQuery('trackers.auto-pause.v1', scoped({ trackerId: z.uuid(), reason: PauseReason }), one),
  /**
   * After dispatching a batch of occurrences (`scheduledFor` each), the scheduler moves each tracker's
   * `nextRunAt` on; `gone` names the trackers (or accounts) that no longer exist. At most
   * SCHEDULE_BATCH_MAX items, of any accounts.
   */
  advanceSchedules: defineQuery(
    'trackers.advance-schedules.v1',
    versioned({ schedules: z.array(z.object({ accountId: z.uuid(), trackerId: z.uuid(), scheduledFor: Timestamp, nextRunAt: Timestamp })).min(1).max(SCHEDULE_BATCH_MAX) }),
    z.object({ gone: z.array(z.uuid()) }),
  ),
};

export const TRACKER_EVENTS_STREAM: StreamDef = {
  name: 'TRACKER_EVENTS',
  retention: 'limits',
  description: 'Every tracker lifecycle transition, for the notifier and the scheduler.',
};

const trackerEvent = <S extends z.ZodRawShape>(shape: S) => eventPayload({ accountId: z.uuid(), tracker: Tracker, definitionVersion: DefinitionVersion, ...shape });

/** One event per transition of the state table (spec §3), published by the tracker service. */
export const TrackerEvents = {
  created: defineEvent('tracker.created.v1', TRACKER_EVENTS_STREAM, trackerEvent({})),
  updated: defineEvent('tracker.updated.v1', TRACKER_EVENTS_STREAM, trackerEvent({ previousStatus: z.enum(['DRAFT', 'ACTIVE', 'PAUSED']) })),
  activated: defineEvent('tracker.activated.v1', TRACKER_EVENTS_STREAM, trackerEvent({ balanceMicro: Micro, runsDryAt: Timestamp.nullable() })),
  /** `reason` null: paused by the account; otherwise paused automatically. */
  paused: defineEvent('tracker.paused.v1', TRACKER_EVENTS_STREAM, trackerEvent({ reason: PauseReason.nullable() })),
  deleted: defineEvent('tracker.deleted.v1', TRACKER_EVENTS_STREAM, trackerEvent({})),
};
export type TrackerEventName = keyof typeof TrackerEvents;
