/**
 * How the runner's store lays out runs, answers and their analyses as documents, and turns them back
 * into domain values. The queries and writes are RunStore's (./runs.ts).
 */
import { LEGACY_ANALYSIS_VERSION } from '@brandradar/analysis';
import { z } from 'zod';
import { AnswerMetrics } from '@brandradar/contracts';
import { pendingFields, type OutboxFields, type StoredEvent } from '@brandradar/platform';
import { storedMetricsOf } from '../domain/answer-metrics';
import { sourcesOf, type StoredSources } from '../domain/bounds';
import type { AnswerRecord, RunState } from '../domain/run';
import type { AnswerSlot } from '../domain/sampling';
import type { ListedRun } from '../domain/run-list';

/** What runs stored before analysis versions lack; see {@link fromDoc}. */
type VersionedFields = 'comparisonKey' | 'analysisVersion' | 'analysedNames' | 'analysisId';

export interface RunDoc extends Omit<RunState, 'id' | VersionedFields>, Partial<Pick<RunState, VersionedFields>>, OutboxFields {
  _id: string;
  /** The comparison key of runs stored before analysis versions (without the version): they compare with no versioned run. */
  definitionKey?: string;
  /**
   * What makes a run unique: `manual:<account>:<requestToken>` or
   * `scheduled:<tracker>:<scheduledFor>`. A unique index turns every
   * concurrent duplicate request into one run.
   */
  dedupeKey: string;
  /**
   * 0–2 while a manual run is QUEUED or RUNNING: a unique index on (accountId,
   * slot) caps them at 3 per account in the insert itself. Otherwise the run's
   * own id, which frees the number.
   */
  slot: number | string;
  /**
   * The account, while the run holds one of its manual slots (QUEUED or RUNNING); null otherwise.
   * An indexed equality, so a full account is told by one read, before anything is written; the
   * unique slot index still decides. Runs stored before this field lack it: they are not counted,
   * and the insert refuses their slots as before.
   */
  slotHolder?: string | null;
}

/**
 * One answer of a run, on its own: `_id` is `<runId>:<promptIndex>:<surface>`, with `:<sample>` from
 * the second sample of a cell on (see {@link answerId}), read and written by
 * `_id` alone (the only filter FerretDB v1 answers without a scan). A run document holds only each
 * slot's outcome, so it stays small however long the answers are.
 */
export interface AnswerDoc extends Omit<AnswerRecord, keyof StoredSources>, StoredSources {
  _id: string;
  runId: string;
  trackerId: string;
}

/**
 * The answer metrics a reanalysis computed for a run, in parts of at most ANSWERS_PER_ANALYSIS_DOC
 * answers (`_id` `<runId>:<analysisId>:<part>`). Written before the run switches to the reanalysis
 * (its `analysisId`), read with the run's answers from then on: so a run and all its answers switch
 * in the one write that switches the run, and the answers themselves are never rewritten. The
 * analysis a run had before its last switch is kept, for readers that read the run just before.
 * `answers` is JSON text: FerretDB v1 writes a string about ten times faster than the same
 * metrics as nested documents (137 KB for 150 answers of 11 names: ~110 ms as documents).
 */
export interface AnswerAnalysisDoc {
  _id: string;
  runId: string;
  trackerId: string;
  analysisId: string;
  answers: string;
}

export const AnalysedAnswers = z.array(z.object({ answerId: z.string(), metrics: AnswerMetrics.nullable() }));
export type AnalysedAnswers = z.input<typeof AnalysedAnswers>;

/** Answers per analysis document: even at the caps (every name with its most spans) one stays a few MB. */
export const ANSWERS_PER_ANALYSIS_DOC = 150;

/** A run's answers' metrics by answer `_id`, as a reanalysis gave them. */
export type AnswerAnalysis = Map<string, AnswerMetrics | null>;

/**
 * A tracker's runs (`_id` is the tracker's id): a report reads its run ids here by `_id`, instead of
 * every run of the tracker (FerretDB sorts in Go, after decoding each whole run). Each run is added
 * after it is inserted, by one upsert with `$addToSet` (no read; adding it again changes nothing);
 * reads order it newest first and keep the newest RUN_LIST_MAX. A list past RUN_LIST_TRIM_AT is
 * trimmed by the next writer. `complete` is set only by building the list from the tracker's runs, on
 * its first read: a list an upsert created may lack runs that predate lists.
 */
export interface RunListDoc {
  _id: string;
  accountId: string;
  runs: ListedRun[];
  complete?: true;
}

/** A first sample keeps the `_id` answers had before samples existed. */
export function answerId(runId: string, slot: Pick<AnswerSlot, 'promptIndex' | 'surface' | 'sample'>): string {
  const cell = `${runId}:${slot.promptIndex}:${slot.surface}`;
  return slot.sample === 1 ? cell : `${cell}:${slot.sample}`;
}

/** The answer as its run reads it: with the metrics of the run's reanalysis, if it has one (see {@link AnswerAnalysisDoc}). */
export function answerOf(doc: AnswerDoc, analysis: AnswerAnalysis | null): AnswerRecord {
  const { _id, runId: _r, trackerId: _t, ...stored } = doc;
  const metrics = analysis?.has(_id) ? analysis.get(_id)! : stored.metrics;
  return { ...stored, ...sourcesOf(stored), metrics: storedMetricsOf(metrics) };
}

/** A run's comparison key; a run stored before analysis versions compares only with such runs (never again, in practice). */
export function comparisonKeyOfDoc(doc: Pick<RunDoc, 'comparisonKey' | 'definitionKey'>): string {
  return doc.comparisonKey ?? `${LEGACY_ANALYSIS_VERSION}:${doc.definitionKey ?? ''}`;
}

export function fromDoc(doc: RunDoc): RunState {
  const { _id, dedupeKey: _k, slot: _s, slotHolder: _sh, pendingEvents: _p, hasPendingEvents: _h, rev: _r, deletedAt: _d, definitionKey: _dk, ...rest } = doc;
  return {
    ...rest,
    id: _id,
    comparisonKey: comparisonKeyOfDoc(doc),
    analysisVersion: doc.analysisVersion ?? LEGACY_ANALYSIS_VERSION,
    analysedNames: doc.analysedNames ?? null,
    analysisId: doc.analysisId ?? null,
  };
}

export function toDoc(run: RunState, extra: { dedupeKey: string; slot: number | string; events: StoredEvent[] }): RunDoc {
  const { id, ...rest } = run;
  const slotHolder = typeof extra.slot === 'number' ? run.accountId : null;
  return { ...rest, _id: id, dedupeKey: extra.dedupeKey, slot: extra.slot, slotHolder, ...pendingFields(extra.events), rev: 0 };
}
