import { metricsOfFindings, type AnswerFinding, type RunMetrics } from '@brandradar/analysis';
import type { AnswerMetrics, Reanalysis, ReanalysisStatus, ReanalysisSweep, Tracker, TrackerDefinition } from '@brandradar/contracts';
import type { AnswerRecord } from './run';

/** The tracker's names as a reanalysis takes them when it starts (it keeps them to its end, also when resumed). */
export type CurrentNames = Pick<Tracker, 'primitive' | 'brand' | 'competitors' | 'aliases'>;

export interface ReanalysisJob {
  id: string;
  accountId: string;
  trackerId: string;
  requestToken: string;
  status: ReanalysisStatus;
  /** The runs to recompute, oldest first: those finished when it was requested, then any found finished meanwhile. */
  runIds: string[];
  /** How many of `runIds` are done: the next run to recompute is `runIds[done]`. */
  done: number;
  /** Null until it starts. */
  names: CurrentNames | null;
  analysisVersion: string;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: { code: string; message: string } | null;
}

export interface SweepJob {
  id: string;
  requestToken: string;
  status: ReanalysisStatus;
  /** Every tracker with runs when it was requested, in the order they are worked through. */
  trackerIds: string[];
  /** How many of `trackerIds` are done: the next is `trackerIds[trackersDone]`. */
  trackersDone: number;
  runsDone: number;
  answersDone: number;
  answersPerSecond: number | null;
  analysisVersion: string;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: { code: string; message: string } | null;
}

export const FINISHED_STATUSES: readonly ReanalysisStatus[] = ['COMPLETED', 'FAILED'];

export function reanalysisView(j: ReanalysisJob): Reanalysis {
  return {
    id: j.id,
    trackerId: j.trackerId,
    status: j.status,
    runs: { total: j.runIds.length, done: Math.min(j.done, j.runIds.length) },
    analysisVersion: j.analysisVersion,
    createdAt: j.createdAt.toISOString(),
    finishedAt: j.finishedAt?.toISOString() ?? null,
    error: j.error,
  };
}

export function sweepView(s: SweepJob): ReanalysisSweep {
  return {
    id: s.id,
    status: s.status,
    trackers: { total: s.trackerIds.length, done: Math.min(s.trackersDone, s.trackerIds.length) },
    runs: { done: s.runsDone },
    answers: { done: s.answersDone },
    answersPerSecond: s.answersPerSecond,
    analysisVersion: s.analysisVersion,
    createdAt: s.createdAt.toISOString(),
    finishedAt: s.finishedAt?.toISOString() ?? null,
    error: s.error,
  };
}

/** What an answer's metrics say it found about the tracked names, as run metrics aggregate it. */
function findingOf(m: AnswerMetrics): AnswerFinding {
  const brands = m.brands ?? [];
  return { mentioned: brands.map((b) => b.mentioned), places: brands.map((b) => b.position ?? null), sentiment: m.sentiment };
}

/**
 * A run's metrics from its answers whose metrics were just computed (`analysed[i]` of
 * `answers[i]`, null for a failed answer): what `runMetricsOf` gives, without reading a text again.
 */
export function runMetricsOfAnalysed(d: TrackerDefinition, answers: readonly AnswerRecord[], analysed: readonly (AnswerMetrics | null)[]): RunMetrics | null {
  const succeeded = answers.flatMap((a, i) => (a.status === 'succeeded' && analysed[i] ? [{ answer: a, metrics: analysed[i] }] : []));
  if (succeeded.length === 0) return null;
  return metricsOfFindings(
    { primitive: d.primitive, brand: d.brand, competitors: d.competitors, url: d.url, aliases: d.aliases },
    succeeded.map(({ answer: a }) => ({ prompt: d.prompts[a.promptIndex]!, surface: a.model, sample: a.sample, text: a.text!, citations: a.citations })),
    succeeded.map(({ metrics }) => findingOf(metrics)),
  );
}

/**
 * Paces work to `perSecond` units on average (0: no limit): work of `units` started at `startedAt`
 * lets the next start `units / perSecond` seconds after it, however long it took itself.
 */
export function nextStartAt(startedAt: Date, units: number, perSecond: number): Date {
  return perSecond <= 0 ? startedAt : new Date(startedAt.getTime() + (units / perSecond) * 1000);
}
