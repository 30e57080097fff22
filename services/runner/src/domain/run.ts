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
import { ANALYSIS_VERSION, significantChanges, type RunDelta, type RunMetrics } from '@brandradar/analysis';
import { storedEvent, type StoredEvent } from '@brandradar/platform';
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
  /**
   * Runs with equal keys may be compared (a delta): the same series (what was asked: see
   * {@link comparisonKeyOf}), analysed with the same names by the same analysis version.
   */
  comparisonKey: string;
  /** The version of the rules its metrics (and its answers' metrics) were computed with, or will be. */
  analysisVersion: string;
  /** The names its metrics count, when a reanalysis gave it other names than its definition's; null: the definition's. */
  analysedNames: TrackedNames | null;
  /** The reanalysis whose answer metrics are the run's (store/runs.ts reads them by it); null: those the answers were stored with. */
  analysisId: string | null;
  /** The accepted maximum when the run was queued. */
  maxCostMicro: number;
  estimatedCostMicro: number;
  /** Each surface's rate at run start: what a succeeded answer costs. Null until the run starts. */
  rates: Record<Surface, number> | null;
  /** Its account is simulated (known at run start): every answer comes from the simulation, whatever keys are set. */
  simulated?: boolean;
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

function definitionOf(t: Tracker): TrackerDefinition {
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
    alerts: t.alerts,
    country: t.country,
  };
}

/** The names a run's metrics count: a reanalysis may replace them, from its stored answers. */
export type TrackedNames = Pick<TrackerDefinition, 'brand' | 'competitors' | 'aliases'>;

/** The definition a run is analysed with: what it asked, with the names it counts. */
export function analysedDefinition(r: Pick<RunState, 'definition' | 'analysedNames'>): TrackerDefinition {
  return r.analysedNames ? { ...r.definition, ...r.analysedNames } : r.definition;
}

/**
 * The names a reanalysis gives a run: the tracker's current ones, when the run measured the same
 * primitive (a run of another primitive belongs to another series and keeps its own). Null when
 * they are the run's own.
 */
export function namesForRun(run: TrackerDefinition, tracker: Pick<Tracker, 'primitive' | 'brand' | 'competitors' | 'aliases'>): TrackedNames | null {
  if (run.primitive !== tracker.primitive || run.primitive === 'citations') return null;
  const names: TrackedNames = { brand: tracker.brand, competitors: tracker.competitors, aliases: tracker.aliases ?? [] };
  return sameNames(names, run) ? null : names;
}

function sameNames(a: TrackedNames, b: TrackedNames): boolean {
  return JSON.stringify(namesKey(a)) === JSON.stringify(namesKey(b));
}

/** Names in a canonical order: their order in a definition changes what is listed first, not what is counted. */
function namesKey(n: TrackedNames) {
  return { brand: n.brand, competitors: [...n.competitors].sort(), aliases: [...(n.aliases ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1)) };
}

/**
 * Runs with equal keys may be compared: the same series (primitive, prompts, surfaces, samples, URL
 * and market: what was asked, so a change of any starts a new series, api-contract §11), analysed
 * with the same names by the same version of the rules. Names are part of it because they are what
 * is counted; a reanalysis gives a series' earlier runs the current names, making them comparable
 * again. The market is in the key only when there is one, so that a definition without one keeps
 * the key its runs were stored with before markets existed.
 */
export function comparisonKeyOf(d: TrackerDefinition, analysisVersion: string): string {
  const asked = { primitive: d.primitive, prompts: d.prompts, models: [...d.models].sort(), url: d.url, ...samplingOf(d), ...(d.country && { country: d.country }) };
  return createHash('sha256')
    .update(JSON.stringify({ asked, names: namesKey(d), analysisVersion }))
    .digest('hex')
    .slice(0, 32);
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
    comparisonKey: comparisonKeyOf(definition, ANALYSIS_VERSION),
    analysisVersion: ANALYSIS_VERSION,
    analysedNames: null,
    analysisId: null,
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
  return [
    storedEvent(RunCommands.execute, { accountId: run.accountId, runId: run.id }, run.createdAt),
    storedEvent(RunEvents.queued, { accountId: run.accountId, run: toRunSummary(run) }, run.createdAt),
  ];
}

export function finishedEvent(run: RunState): StoredEvent {
  const fields = { accountId: run.accountId, trackerName: run.trackerName, promptCount: run.definition.prompts.length, run: toRunSummary(run) };
  return storedEvent(RunEvents.finished, fields, run.finishedAt ?? run.createdAt);
}

/**
 * The alert a finished run stores beside its `finished` event (api-contract §12): one when its
 * definition (the tracker as it was when the run was queued) asks for alerts and its delta against
 * `previous`, the run it was computed against, flags a change an alert is about; none otherwise.
 * Stored in the write that finishes the run, so a run alerts once however often it is finished again.
 */
export function significantChangeEvents(run: RunState, previous: Pick<RunState, 'metrics'> | null): StoredEvent[] {
  if (!run.definition.alerts?.significantChange || !run.delta || !run.metrics || !previous?.metrics) return [];
  const changes = significantChanges(run.delta, run.metrics, previous.metrics);
  if (changes.length === 0) return [];
  const fields = { accountId: run.accountId, trackerName: run.trackerName, run: toRunSummary(run), changes };
  return [storedEvent(RunEvents.significantChange, fields, run.finishedAt ?? run.createdAt)];
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

function toRunSummary(r: RunState): RunSummary {
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
    analysisVersion: r.analysisVersion,
    estimatedCostMicro: r.estimatedCostMicro,
    billedCostMicro: r.billedCostMicro,
    summary: runCounts(r),
    metrics: r.metrics,
    delta: r.delta,
    error: r.error,
  };
}
