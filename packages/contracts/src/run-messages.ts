import { z } from 'zod';
import { Micro, Timestamp } from './common';
import { defineEvent, defineQuery, eventPayload, versioned, type StreamDef } from './messaging';
import { Run } from './run';
import { Tracker } from './tracker';
import { DefinitionVersion } from './tracker-messages';

const scoped = <S extends z.ZodRawShape>(shape: S) => versioned({ accountId: z.uuid(), ...shape });

/** Queries answered by the runner, which owns runs and their results. */
export const RunQueries = {
  /**
   * A manual run (api-contract §3 "Manual runs"): a known `requestToken` of the
   * account returns its run (`replayed`), or `request_token_conflict` if it
   * named another tracker; otherwise the tracker is checked, then the balance,
   * then the limit of 3 manual runs QUEUED or RUNNING per account.
   */
  requestManual: defineQuery('runs.request-manual.v1', scoped({ trackerId: z.uuid(), requestToken: z.string().min(1).max(200) }), z.object({ run: Run, replayed: z.boolean() })),
  /** A scheduled run for one occurrence; the same (tracker, scheduledFor) always yields the same single run. */
  createScheduled: defineQuery(
    'runs.create-scheduled.v1',
    scoped({ tracker: Tracker, definitionVersion: DefinitionVersion, scheduledFor: Timestamp, estimatedCostMicro: Micro }),
    z.object({ run: Run, created: z.boolean() }),
  ),
  get: defineQuery('runs.get.v1', scoped({ trackerId: z.uuid(), runId: z.uuid() }), z.object({ run: Run })),
  list: defineQuery('runs.list.v1', scoped({ trackerId: z.uuid(), limit: z.int().min(1).max(100) }), z.object({ runs: z.array(Run) })),
  /** Runs of a tracker that are QUEUED or RUNNING (a tracker with any cannot be deleted). */
  activeCount: defineQuery('runs.active-count.v1', scoped({ trackerId: z.uuid() }), z.object({ count: z.int().min(0) })),
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
};

export const RunEvents = {
  queued: defineEvent('run.queued.v1', RUN_EVENTS_STREAM, eventPayload({ accountId: z.uuid(), run: Run })),
  /** A run reached COMPLETED, PARTIAL or FAILED; `run` is its final record. */
  finished: defineEvent('run.finished.v1', RUN_EVENTS_STREAM, eventPayload({ accountId: z.uuid(), trackerName: z.string(), run: Run })),
};
