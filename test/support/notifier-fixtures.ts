/**
 * Events as the tracker service and the runner publish them, for the
 * notifier's tests. Run metrics and deltas are computed by the analysis
 * package from made-up answers, so they have the real shapes and values.
 */
import { randomUUID } from 'node:crypto';
import { ANALYSIS_VERSION, computeDelta, computeMetrics, significantChanges, type AnalysedAnswer, type AnalysisInput } from '@brandradar/analysis';
import type { PauseReason, RunSummary, Tracker } from '@brandradar/contracts';
import type { RunFinished, RunSignificantChange, TrackerActivated, TrackerDeleted, TrackerPaused } from '../../services/notifier/src/domain/templates';

const ACCOUNT_ID = '7d3f0c52-4b8e-4a51-9d7e-0f5c2b1a9e34';

export function compareTracker(overrides: Partial<Tracker> = {}): Tracker {
  return {
    id: '0b6f5a4e-8d2c-4a5b-9f1e-3c7d2a1b0e9f',
    name: 'CRM tools, US buyers',
    status: 'ACTIVE',
    cadence: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 },
    primitive: 'compare',
    prompts: ['best CRM for small business', 'HubSpot vs Acme', 'which CRM is easiest to use'],
    brand: 'Acme',
    competitors: ['HubSpot'],
    url: null,
    aliases: [],
    models: ['chatgpt', 'perplexity', 'gemini'],
    samplesPerPrompt: 1,
    samplingMode: 'fixed',
    alerts: { significantChange: false },
    country: null,
    estimatedCostMicroPerRun: 39_000,
    maxCostMicroPerRun: 39_000,
    nextRunAt: '2026-11-23T08:00:00.000Z',
    lastRunAt: null,
    pauseReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

const eventBase = (accountId: string) => ({ version: 1 as const, eventId: randomUUID(), occurredAt: '2026-11-22T10:00:00.000Z', accountId });
const trackerEventBase = (accountId: string) => ({ ...eventBase(accountId), definitionVersion: 1 });

export function activatedEvent(o: { accountId?: string; tracker?: Tracker; balanceMicro?: number; runsDryAt?: string | null } = {}): TrackerActivated {
  return { ...trackerEventBase(o.accountId ?? ACCOUNT_ID), tracker: o.tracker ?? compareTracker(), balanceMicro: o.balanceMicro ?? 1_000_000, runsDryAt: o.runsDryAt === undefined ? '2027-05-03T07:00:00.000Z' : o.runsDryAt };
}

export function pausedEvent(reason: PauseReason | null, o: { accountId?: string; tracker?: Tracker } = {}): TrackerPaused {
  const tracker = o.tracker ?? compareTracker({ status: 'PAUSED', pauseReason: reason, nextRunAt: null });
  return { ...trackerEventBase(o.accountId ?? ACCOUNT_ID), tracker, reason };
}

export function deletedEvent(o: { accountId?: string; tracker?: Tracker } = {}): TrackerDeleted {
  return { ...trackerEventBase(o.accountId ?? ACCOUNT_ID), tracker: o.tracker ?? compareTracker({ status: 'PAUSED', nextRunAt: null }) };
}

/** `n` answers on chatgpt; `text(i)` says what answer i says, `cites(i)` what it cites. */
export function answers(n: number, text: (i: number) => string, cites: (i: number) => string[] = () => []): AnalysedAnswer[] {
  return Array.from({ length: n }, (_, i) => ({ prompt: `prompt ${i % 3}`, surface: 'chatgpt', text: text(i), citations: cites(i).map((url) => ({ url, title: null })) }));
}

type Definition = Omit<AnalysisInput, 'answers'>;

/** A finished run over `current` answers, with its delta against `previous` ones when given. */
export function finishedRun(definition: Definition, current: AnalysedAnswer[], previous: AnalysedAnswer[] | null, overrides: Partial<RunSummary> = {}): RunSummary {
  const metrics = current.length > 0 ? computeMetrics({ ...definition, answers: current }) : null;
  const delta = metrics && previous ? computeDelta(metrics, computeMetrics({ ...definition, answers: previous })) : null;
  const failed = overrides.summary?.failed ?? 0;
  return {
    id: '5a1c9e7b-2f4d-4c3a-8b6e-1d0f9a8c7b65',
    trackerId: compareTracker().id,
    trigger: 'manual',
    requestToken: 'weekly-review',
    status: 'COMPLETED',
    scheduledFor: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    startedAt: '2026-11-22T10:00:01.000Z',
    finishedAt: '2026-11-22T10:00:30.000Z',
    deadlineAt: '2026-11-22T10:30:00.000Z',
    primitive: definition.primitive,
    models: ['chatgpt'],
    samplesPerPrompt: 1,
    samplingMode: 'fixed',
    analysisVersion: ANALYSIS_VERSION,
    estimatedCostMicro: (current.length + failed) * 5_000,
    billedCostMicro: current.length * 5_000,
    summary: { answers: current.length + failed, succeeded: current.length, failed },
    metrics,
    delta,
    error: null,
    ...overrides,
  };
}

export function runFinishedEvent(run: RunSummary, o: { accountId?: string; trackerName?: string; promptCount?: number } = {}): RunFinished {
  return { ...eventBase(o.accountId ?? ACCOUNT_ID), trackerName: o.trackerName ?? compareTracker().name, promptCount: o.promptCount, run };
}

/** The alert of a run over `current` answers against one over `previous`, with the changes the runner finds in them. */
export function significantChangeEvent(definition: Definition, current: AnalysedAnswer[], previous: AnalysedAnswer[], o: { accountId?: string; trackerName?: string } = {}): RunSignificantChange {
  const run = finishedRun(definition, current, previous);
  if (!run.metrics || !run.delta) throw new RangeError('an alert compares two runs that both have answers');
  const delta = { ...run.delta, previousRunId: PREVIOUS_RUN_ID };
  const changes = significantChanges(delta, run.metrics, computeMetrics({ ...definition, answers: previous }));
  return { ...eventBase(o.accountId ?? ACCOUNT_ID), trackerName: o.trackerName ?? compareTracker().name, run: { ...run, delta }, changes };
}

export const PREVIOUS_RUN_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

export const COMPARE: Definition = { primitive: 'compare', brand: 'Acme', competitors: ['HubSpot'], url: null };

/** Acme named in `mentioned` of `n` answers, HubSpot in all. */
export const compareAnswers = (n: number, mentioned: number) => answers(n, (i) => (i < mentioned ? '1. Acme is simple.\n2. HubSpot is popular.' : '1. HubSpot is popular.'));
