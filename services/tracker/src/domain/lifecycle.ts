import { randomUUID } from 'node:crypto';
import { apiError, NO_ALERTS, runCostMicro, runCoverageRefusal, TrackerEvents, samplingOf, type PauseReason, type RateCard, type Tracker, type TrackerDefinition, type TrackerEventName, type TrackerStatus } from '@brandradar/contracts';
import type { StoredEvent } from '@brandradar/platform';

/** A tracker as the tracker service keeps it. */
export interface TrackerState extends TrackerDefinition {
  id: string;
  accountId: string;
  status: TrackerStatus;
  /** Increases with each full-definition replace; runs queued under an older one do not start. */
  definitionVersion: number;
  estimatedCostMicroPerRun: number;
  /** The version of the rate card `estimatedCostMicroPerRun` was computed at (0: stored before it was recorded). Internal: not in the API. */
  ratesVersion: number;
  maxCostMicroPerRun: number | null;
  nextRunAt: Date | null;
  lastRunAt: Date | null;
  pauseReason: PauseReason | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A run's cost at one rate card, with that card's version. */
export interface Estimate {
  costMicro: number;
  ratesVersion: number;
}

export function estimateAt(d: Pick<TrackerDefinition, 'prompts' | 'models' | 'samplesPerPrompt'>, card: Pick<RateCard, 'surfaces' | 'version'>): Estimate {
  return { costMicro: runCostMicro(d, card.surfaces), ratesVersion: card.version };
}

/** The tracker's fields that record an estimate. */
function priced(e: Estimate): Pick<TrackerState, 'estimatedCostMicroPerRun' | 'ratesVersion'> {
  return { estimatedCostMicroPerRun: e.costMicro, ratesVersion: e.ratesVersion };
}

/** The outcome of a transition: the new state and the events it emits, or a refusal. */
export type Transition =
  | { ok: true; state: TrackerState; events: StoredEvent[] }
  /** A refusal may still change the tracker (store a new estimate, pause it): that is stored before the refusal is answered. */
  | { ok: false; error: ReturnType<typeof apiError>; state?: TrackerState; events?: StoredEvent[] };

/** An event for the outbox, carrying the tracker as it is at this transition (not as it is when published). */
export function trackerEvent(name: TrackerEventName, state: TrackerState, extra: Record<string, unknown> = {}): StoredEvent {
  const eventId = randomUUID();
  const payload = {
    version: 1,
    eventId,
    occurredAt: state.updatedAt.toISOString(),
    accountId: state.accountId,
    tracker: toApiTracker(state),
    definitionVersion: state.definitionVersion,
    ...extra,
  };
  return { subject: TrackerEvents[name].subject, eventId, payload };
}

export function createTracker(input: { id: string; accountId: string; definition: TrackerDefinition; estimate: Estimate; now: Date }): Transition {
  const state: TrackerState = {
    ...input.definition,
    id: input.id,
    accountId: input.accountId,
    status: 'DRAFT',
    definitionVersion: 1,
    ...priced(input.estimate),
    maxCostMicroPerRun: null,
    nextRunAt: null,
    lastRunAt: null,
    pauseReason: null,
    createdAt: input.now,
    updatedAt: input.now,
  };
  return { ok: true, state, events: [trackerEvent('created', state)] };
}

/** Any state → DRAFT with the recurring authorization cleared: re-activation is required. */
export function updateTracker(t: TrackerState, definition: TrackerDefinition, estimate: Estimate, now: Date): Transition {
  const state: TrackerState = { ...t, ...definition, status: 'DRAFT', definitionVersion: t.definitionVersion + 1, ...priced(estimate), maxCostMicroPerRun: null, nextRunAt: null, pauseReason: null, updatedAt: now };
  return { ok: true, state, events: [trackerEvent('updated', state, { previousStatus: t.status })] };
}

export interface ActivationFacts {
  submittedMax: number;
  /** The estimate at today's rates. */
  estimate: Estimate;
  balanceMicro: number;
  spentThisMonthMicro: number;
  spendLimitMicroPerMonth: number | null;
  nextRunAt: Date;
  now: Date;
}

/**
 * DRAFT or PAUSED → ACTIVE when the caller accepted today's estimate and the
 * balance covers one run (spec §3, api-contract §3). ACTIVE with the accepted
 * amount is a safe retry. A changed estimate is stored, so re-submitting it works.
 */
export function activateTracker(t: TrackerState, f: ActivationFacts): Transition {
  if (t.status === 'ACTIVE') {
    if (f.submittedMax === t.maxCostMicroPerRun) return { ok: true, state: t, events: [] };
    return { ok: false, error: apiError('invalid_state', 'The tracker is already active with another accepted maximum; pause it first.', { status: t.status }) };
  }
  const estimate = f.estimate.costMicro;
  if (f.submittedMax !== estimate) {
    return {
      ok: false,
      error: apiError('cost_estimate_changed', 'The cost estimate has changed; activate again with the new amount.', { estimatedCostMicroPerRun: estimate }),
      state: estimate === t.estimatedCostMicroPerRun ? undefined : { ...t, ...priced(f.estimate), updatedAt: f.now },
    };
  }
  // The limit is per calendar month (UTC, as billing counts it): a first run in a later month starts from nothing spent.
  const firstRunThisMonth = f.nextRunAt.getUTCFullYear() === f.now.getUTCFullYear() && f.nextRunAt.getUTCMonth() === f.now.getUTCMonth();
  const refusal = runCoverageRefusal({ ...f, spentThisMonthMicro: firstRunThisMonth ? f.spentThisMonthMicro : 0 }, estimate);
  if (refusal) return { ok: false, error: refusal };
  const state: TrackerState = { ...t, status: 'ACTIVE', ...priced(f.estimate), maxCostMicroPerRun: f.submittedMax, nextRunAt: f.nextRunAt, pauseReason: null, updatedAt: f.now };
  return { ok: true, state, events: [] }; // the activated event needs runsDryAt, added by the caller
}

/** ACTIVE or DRAFT → PAUSED. A manual pause (reason null) of a PAUSED tracker changes nothing. */
export function pauseTracker(t: TrackerState, reason: PauseReason | null, now: Date): Transition {
  if (t.status === 'PAUSED') return { ok: true, state: t, events: [] };
  if (reason !== null && t.status !== 'ACTIVE') return { ok: true, state: t, events: [] }; // only active trackers pause automatically
  const state: TrackerState = { ...t, status: 'PAUSED', pauseReason: reason, nextRunAt: null, updatedAt: now };
  return { ok: true, state, events: [trackerEvent('paused', state, { reason })] };
}

/** Only a PAUSED tracker with no queued or running run may be deleted. */
export function deleteTracker(t: TrackerState, activeRuns: number, now: Date): Transition {
  if (t.status !== 'PAUSED') return { ok: false, error: apiError('tracker_not_paused', 'Pause the tracker before deleting it.', { status: t.status }) };
  if (activeRuns > 0) return { ok: false, error: apiError('tracker_busy', 'A run of this tracker is queued or running; delete it when the run has finished.') };
  const state = { ...t, updatedAt: now };
  return { ok: true, state, events: [trackerEvent('deleted', state)] };
}

/**
 * Before a run is queued: ACTIVE, and the estimate at today's rates within the
 * accepted maximum. A run above the maximum never happens: the tracker pauses
 * with `cost_above_maximum` instead (spec §3).
 */
export function checkRunnable(t: TrackerState, estimate: number, now: Date): Transition {
  const notActive = (s: TrackerState) =>
    apiError('tracker_not_active', 'Runs are enabled only while the tracker is ACTIVE.', { status: s.status, pauseReason: s.pauseReason });
  if (t.status !== 'ACTIVE') return { ok: false, error: notActive(t) };
  if (t.maxCostMicroPerRun === null || estimate > t.maxCostMicroPerRun) {
    const paused = pauseTracker(t, 'cost_above_maximum', now);
    return { ok: false, error: notActive(paused.state!), state: paused.state, events: paused.ok ? paused.events : [] };
  }
  return { ok: true, state: t, events: [] };
}

/** At a queued run's start: it runs only on the ACTIVE tracker with the definition it was queued with. */
export function startVerdict(t: TrackerState | null, definitionVersion: number): 'start' | 'tracker_not_active' | 'tracker_changed' {
  if (t === null) return 'tracker_not_active';
  // An edit leaves the tracker a DRAFT: the run was queued for a definition that no longer exists.
  if (t.definitionVersion !== definitionVersion) return 'tracker_changed';
  return t.status === 'ACTIVE' ? 'start' : 'tracker_not_active';
}

/**
 * New rates give every tracker a new estimate. An ACTIVE tracker whose new
 * estimate is above its accepted maximum pauses now (`cost_above_maximum`), so
 * its owner hears of it at once and sees the amount to accept. A tracker already
 * priced at this card or a later one is left alone: a walk over all trackers
 * with a card read before the next publish must not bring back (and pause for)
 * prices that no longer exist.
 */
export function reprice(t: TrackerState, estimate: Estimate, now: Date): Transition {
  if (estimate.ratesVersion <= t.ratesVersion) return { ok: true, state: t, events: [] };
  // The card is recorded even when the cost is the same, or a slower walk with an older card that
  // differs would still reprice it; nothing a user sees changed, so `updatedAt` stays.
  if (estimate.costMicro === t.estimatedCostMicroPerRun) return { ok: true, state: { ...t, ratesVersion: estimate.ratesVersion }, events: [] };
  const repriced: TrackerState = { ...t, ...priced(estimate), updatedAt: now };
  if (t.status === 'ACTIVE' && t.maxCostMicroPerRun !== null && estimate.costMicro > t.maxCostMicroPerRun) return pauseTracker(repriced, 'cost_above_maximum', now);
  return { ok: true, state: repriced, events: [] };
}

/**
 * A dispatched occurrence's run is queued: `nextRunAt` moves past it and `lastRunAt` to `now` (moments
 * after the run was queued) in the same write. This is what records a scheduled run's `lastRunAt`
 * (its `run.queued` is not read for it), so a tracker paused or moved meanwhile keeps its schedule
 * but still records the run, unless a run at or after the occurrence is recorded already.
 */
export function advanceSchedule(t: TrackerState, scheduledFor: Date, nextRunAt: Date, now: Date): Transition {
  if (awaitsAdvance(t, scheduledFor)) return { ok: true, state: { ...recordRun(t, now).state, nextRunAt, updatedAt: now }, events: [] };
  if (!t.lastRunAt || t.lastRunAt.getTime() < scheduledFor.getTime()) return recordRun(t, now);
  return { ok: true, state: t, events: [] };
}

/** A run of the tracker was queued at `at`: `lastRunAt` moves forward, never back. */
export function recordRun(t: TrackerState, at: Date): Transition & { ok: true } {
  if (t.lastRunAt && t.lastRunAt.getTime() >= at.getTime()) return { ok: true, state: t, events: [] };
  return { ok: true, state: { ...t, lastRunAt: at }, events: [] };
}

/** Whether the tracker is ACTIVE and still at the occurrence `scheduledFor`. */
function awaitsAdvance(t: TrackerState, scheduledFor: Date): boolean {
  return t.status === 'ACTIVE' && t.nextRunAt?.getTime() === scheduledFor.getTime();
}

export function toApiTracker(t: TrackerState): Tracker {
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    cadence: t.cadence,
    primitive: t.primitive,
    prompts: t.prompts,
    brand: t.brand,
    competitors: t.competitors,
    url: t.url,
    aliases: t.aliases ?? [],
    models: t.models,
    ...samplingOf(t),
    alerts: t.alerts ?? NO_ALERTS,
    country: t.country ?? null,
    estimatedCostMicroPerRun: t.estimatedCostMicroPerRun,
    maxCostMicroPerRun: t.maxCostMicroPerRun,
    nextRunAt: t.nextRunAt?.toISOString() ?? null,
    lastRunAt: t.lastRunAt?.toISOString() ?? null,
    pauseReason: t.pauseReason,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
