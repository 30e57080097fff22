import { createHash, randomUUID } from 'node:crypto';
import {
  ACTIVE_RUN_STATUSES,
  RunCommands,
  RunEvents,
  type RunAnswer,
  type RunSummary,
  type RunStatus,
  plannedAnswers,
  samplingOf,
  type Surface,
  type Tracker,
  type TrackerDefinition,
} from '@brandradar/contracts';
import type { RunDelta, RunMetrics } from '@brandradar/analysis';
import type { StoredEvent } from '@brandradar/platform';
import { askedSlots } from './sampling';

/** One sample of a prompt × surface. Stored soon after it is known, so a restarted run does not ask it again. */
export interface AnswerRecord extends RunAnswer {
  promptIndex: number;
}

export interface RunState {
  id: string;
  accountId: string;
  trackerId: string;
  trackerName: string;
  trigger: 'manual' | 'scheduled';
  requestToken: string | null;
  status: RunStatus;
  scheduledFor: Date | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Fixed when queued (domain/deadline.ts): by then the run is finished, by its runner or by the reaper. */
  deadlineAt: Date;
  definition: TrackerDefinition;
  /** The tracker's definition version when the run was queued: the run starts only if it is still the same. */
  definitionVersion: number;
  /** Runs with equal keys measured the same thing, so their metrics may be compared. */
  definitionKey: string;
  /** The accepted maximum when the run was queued. */
  maxCostMicro: number;
  estimatedCostMicro: number;
  /** Each surface's rate at run start: what a succeeded answer costs. Null until the run starts. */
  rates: Record<Surface, number> | null;
  billedCostMicro: number;
  /**
   * The outcome of each slot answered so far, by slot key (our own `p<index>_<surface>`, never user
   * data). The answers themselves are documents of their own, so a run stays small at any size.
   */
  outcomes: Record<string, AnswerRecord['status']>;
  metrics: RunMetrics | null;
  delta: RunDelta | null;
  error: { code: string; message: string } | null;
}

export function definitionOf(t: Tracker): TrackerDefinition {
  return {
    name: t.name,
    cadence: t.cadence,
    primitive: t.primitive,
    prompts: t.prompts,
    models: t.models,
    brand: t.brand,
    competitors: t.competitors,
    url: t.url,
    aliases: t.aliases,
    samplesPerPrompt: t.samplesPerPrompt,
    samplingMode: t.samplingMode,
  };
}

/** What is measured, not what it is called or when it runs. */
export function definitionKeyOf(d: TrackerDefinition): string {
  // Aliases change what is counted, and samples what a run's answers are (api-contract §11: a new
  // series); a definition without them keeps the key it had before they existed.
  const aliases = d.aliases && d.aliases.length > 0 ? { aliases: [...d.aliases].sort((a, b) => (a.name < b.name ? -1 : 1)) } : {};
  const { samplesPerPrompt, samplingMode } = samplingOf(d);
  const samples = samplesPerPrompt === 1 && samplingMode === 'fixed' ? {} : { samples: { samplesPerPrompt, samplingMode } };
  const measured = { primitive: d.primitive, prompts: d.prompts, models: [...d.models].sort(), brand: d.brand, competitors: [...d.competitors].sort(), url: d.url, ...aliases, ...samples };
  return createHash('sha256').update(JSON.stringify(measured)).digest('hex').slice(0, 32);
}

export function newRun(input: {
  accountId: string;
  tracker: Tracker;
  definitionVersion: number;
  trigger: 'manual' | 'scheduled';
  requestToken: string | null;
  scheduledFor: Date | null;
  estimatedCostMicro: number;
  now: Date;
  deadlineAt: Date;
}): RunState {
  const definition = definitionOf(input.tracker);
  return {
    id: randomUUID(),
    accountId: input.accountId,
    trackerId: input.tracker.id,
    trackerName: input.tracker.name,
    trigger: input.trigger,
    requestToken: input.requestToken,
    status: 'QUEUED',
    scheduledFor: input.scheduledFor,
    createdAt: input.now,
    startedAt: null,
    finishedAt: null,
    deadlineAt: input.deadlineAt,
    definition,
    definitionVersion: input.definitionVersion,
    definitionKey: definitionKeyOf(definition),
    maxCostMicro: input.tracker.maxCostMicroPerRun ?? input.estimatedCostMicro,
    estimatedCostMicro: input.estimatedCostMicro,
    rates: null,
    billedCostMicro: 0,
    outcomes: {},
    metrics: null,
    delta: null,
    error: null,
  };
}

/** The events a newly queued run stores with itself: the command that executes it, and the news that it exists. */
export function queuedEvents(run: RunState): StoredEvent[] {
  const command = randomUUID();
  const queued = randomUUID();
  const occurredAt = run.createdAt.toISOString();
  return [
    { subject: RunCommands.execute.subject, eventId: command, payload: { version: 1, eventId: command, occurredAt, accountId: run.accountId, runId: run.id } },
    { subject: RunEvents.queued.subject, eventId: queued, payload: { version: 1, eventId: queued, occurredAt, accountId: run.accountId, run: toRunSummary(run) } },
  ];
}

export function finishedEvent(run: RunState): StoredEvent {
  const eventId = randomUUID();
  return {
    subject: RunEvents.finished.subject,
    eventId,
    payload: {
      version: 1,
      eventId,
      occurredAt: (run.finishedAt ?? run.createdAt).toISOString(),
      accountId: run.accountId,
      trackerName: run.trackerName,
      promptCount: run.definition.prompts.length,
      run: toRunSummary(run),
    },
  };
}

/** A run without its answers, and the prompts its results are listed by (the answers come in pages). */
export function runHead(r: RunState): { run: RunSummary; prompts: string[] } {
  return { run: toRunSummary(r), prompts: r.definition.prompts };
}

export function isActive(r: Pick<RunState, 'status'>): boolean {
  return ACTIVE_RUN_STATUSES.includes(r.status);
}

/**
 * Planned answers while the run is active (adaptive: the most it may ask); once it is finished,
 * `answers = succeeded + failed` over the answers it asked for (domain/sampling.ts), an answer it
 * never got counting as failed, and a run that never started having none.
 */
export function runCounts(r: Pick<RunState, 'status' | 'startedAt' | 'definition' | 'outcomes'>): RunSummary['summary'] {
  const outcomes = Object.values(r.outcomes);
  const succeeded = outcomes.filter((status) => status === 'succeeded').length;
  if (isActive(r)) return { answers: plannedAnswers(r.definition), succeeded, failed: outcomes.length - succeeded };
  if (r.startedAt === null) return { answers: 0, succeeded: 0, failed: 0 };
  const asked = askedSlots(r.definition, r.outcomes).length;
  return { answers: asked, succeeded, failed: asked - succeeded };
}

export function toRunSummary(r: RunState): RunSummary {
  const d = r.definition;
  return {
    id: r.id,
    trackerId: r.trackerId,
    trigger: r.trigger,
    requestToken: r.requestToken,
    status: r.status,
    scheduledFor: r.scheduledFor?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    deadlineAt: r.deadlineAt.toISOString(),
    primitive: d.primitive,
    models: d.models,
    ...samplingOf(d),
    estimatedCostMicro: r.estimatedCostMicro,
    billedCostMicro: r.billedCostMicro,
    summary: runCounts(r),
    metrics: r.metrics,
    delta: r.delta,
    error: r.error,
  };
}
