import type { Collection, Db } from 'mongodb';
import { ACTIVE_RUN_STATUSES, apiError, notFound } from '@brandradar/contracts';
import { compareAndSwap, CONFLICT, DomainError, insertEach, isDuplicateKeyError, outboxIndex, parseStoredJson, pendingFields, type IndexSpec, type StoredEvent } from '@brandradar/platform';
import type { AnswerRecord, RunState } from '../domain/run';
import type { AnswerSlot } from '../domain/sampling';
import { sourcesOf } from '../domain/bounds';
import { beyondNewest, comparableCandidates, newestRuns, type ListedRun } from '../domain/run-list';
import {
  AnalysedAnswers,
  ANSWERS_PER_ANALYSIS_DOC,
  answerId,
  answerOf,
  comparisonKeyOfDoc,
  fromDoc,
  toDoc,
  type AnswerAnalysis,
  type AnswerAnalysisDoc,
  type AnswerDoc,
  type RunDoc,
  type RunListDoc,
} from './run-docs';

export { answerId, type AnswerAnalysis } from './run-docs';

/** Manual runs QUEUED or RUNNING per account (spec §8). */
export const MANUAL_RUN_SLOTS = 3;

/** The statuses of runs whose metrics a delta compares. */
const COMPARABLE_STATUSES: readonly RunState['status'][] = ['COMPLETED', 'PARTIAL'];

/** The longest report (`runs.list-ids.v1`'s largest limit). */
export const RUN_LIST_MAX = 100;

/** A list with more entries than this is trimmed to its newest RUN_LIST_MAX before more are added. */
export const RUN_LIST_TRIM_AT = 2 * RUN_LIST_MAX;

export const runIndexes: IndexSpec[] = [
  { collection: 'runs', key: { dedupeKey: 1 }, options: { name: 'dedupe_unique', unique: true } },
  { collection: 'runs', key: { accountId: 1, slot: 1 }, options: { name: 'account_slot_unique', unique: true } },
  { collection: 'runs', key: { slotHolder: 1 }, options: { name: 'slot_holder' } },
  { collection: 'runs', key: { trackerId: 1, createdAt: -1 }, options: { name: 'tracker_newest' } },
  outboxIndex('runs'),
  { collection: 'answers', key: { trackerId: 1 }, options: { name: 'tracker' } },
  { collection: 'answers', key: { runId: 1 }, options: { name: 'run' } },
  { collection: 'answer_analyses', key: { runId: 1 }, options: { name: 'run' } },
  { collection: 'answer_analyses', key: { trackerId: 1 }, options: { name: 'tracker' } },
];

/** A run as a reanalysis reads it (see {@link RunStore.runToAnalyse}). */
export type RunToAnalyse = Pick<RunState, 'id' | 'accountId' | 'trackerId' | 'status' | 'createdAt' | 'definition' | 'outcomes' | 'analysisId' | 'comparisonKey'>;

export type InsertOutcome = { inserted: true; run: RunState } | { inserted: false; run: RunState };

export class RunStore {
  readonly collection: Collection<RunDoc>;
  private readonly answers: Collection<AnswerDoc>;
  private readonly lists: Collection<RunListDoc>;
  private readonly analyses: Collection<AnswerAnalysisDoc>;

  constructor(db: Db) {
    this.collection = db.collection<RunDoc>('runs');
    this.answers = db.collection<AnswerDoc>('answers');
    this.lists = db.collection<RunListDoc>('run_lists');
    this.analyses = db.collection<AnswerAnalysisDoc>('answer_analyses');
  }

  async byDedupeKey(dedupeKey: string): Promise<RunState | null> {
    const doc = await this.collection.findOne({ dedupeKey });
    return doc ? fromDoc(doc) : null;
  }

  async get(id: string): Promise<RunState | null> {
    const doc = await this.collection.findOne({ _id: id });
    return doc ? fromDoc(doc) : null;
  }

  async getForAccount(accountId: string, trackerId: string, id: string): Promise<RunState> {
    // By _id alone, the owner in code: every page of answers reads the run first.
    const doc = await this.collection.findOne({ _id: id });
    if (!doc || doc.accountId !== accountId || doc.trackerId !== trackerId) throw new DomainError(notFound());
    return fromDoc(doc);
  }

  /**
   * A run's owner, status and figures, by `_id`, without its definition (up to 30 prompts of 2,000
   * characters): what a headline reads of each of many runs.
   */
  async figuresOf(id: string): Promise<Pick<RunState, 'id' | 'accountId' | 'trackerId' | 'status' | 'finishedAt' | 'metrics' | 'delta'> | null> {
    const doc = await this.collection.findOne({ _id: id }, { projection: { accountId: 1, trackerId: 1, status: 1, finishedAt: 1, metrics: 1, delta: 1 } });
    return doc ? { id: doc._id, accountId: doc.accountId, trackerId: doc.trackerId, status: doc.status, finishedAt: doc.finishedAt, metrics: doc.metrics ?? null, delta: doc.delta ?? null } : null;
  }

  /** The ids of a tracker's newest runs, newest first: one small read by `_id` (after the first). */
  async listIdsForTracker(accountId: string, trackerId: string, limit: number): Promise<string[]> {
    const list = await this.completeList(trackerId);
    if (!list || list.accountId !== accountId) return [];
    return newestRuns(list.runs, limit).map((r) => r.id);
  }

  /** A tracker's list, completed from its runs on first use (null for a tracker without runs). */
  private async completeList(trackerId: string): Promise<RunListDoc | null> {
    const stored = await this.lists.findOne({ _id: trackerId });
    return stored?.complete ? stored : this.buildList(trackerId, stored);
  }

  /**
   * Completes a tracker's list (null for a tracker without runs) from its runs: their newest are
   * added to whatever was added to it meanwhile. Reads every run of the tracker, once per tracker.
   */
  private async buildList(trackerId: string, stored: RunListDoc | null): Promise<RunListDoc | null> {
    const runs = await this.collection.find({ trackerId }, { projection: { _id: 1, accountId: 1, createdAt: 1, comparisonKey: 1, definitionKey: 1 } }).toArray();
    if (runs.length === 0) return null;
    const accountId = runs[0]!.accountId;
    const newest = newestRuns(runs.map((r) => ({ id: r._id, createdAt: r.createdAt, comparisonKey: comparisonKeyOfDoc(r) })), RUN_LIST_MAX);
    await this.addToList(trackerId, accountId, newest, true);
    return { _id: trackerId, accountId, runs: [...(stored?.runs ?? []), ...newest], complete: true };
  }

  /**
   * Lists runs just inserted in their trackers' lists: one write per tracker. Idempotent: called
   * again when each run is settled, so a run whose listing a crash cut short is listed by then.
   * `keyedAt` marks an entry that replaces the run's earlier ones (its comparison key changed: a
   * reanalysis); the entry keyed last is the run's (domain/run-list.ts).
   */
  async list(runs: Pick<RunState, 'id' | 'accountId' | 'trackerId' | 'createdAt' | 'comparisonKey'>[], keyedAt?: Date): Promise<void> {
    const byTracker = new Map<string, typeof runs>();
    for (const r of runs) byTracker.set(r.trackerId, [...(byTracker.get(r.trackerId) ?? []), r]);
    await Promise.all(
      [...byTracker].map(([trackerId, added]) =>
        this.addToList(
          trackerId,
          added[0]!.accountId,
          added.map((r) => ({ id: r.id, createdAt: r.createdAt, comparisonKey: r.comparisonKey, ...(keyedAt ? { keyedAt } : {}) })),
          false,
        ),
      ),
    );
  }

  /**
   * Adds entries to a tracker's list (creating it), one write, unless the list is past
   * RUN_LIST_TRIM_AT: then its filter matches nothing, the upsert collides with the list's `_id`,
   * and the list is trimmed first. `$addToSet` and `$pullAll` each change the list atomically, so
   * concurrent writers never lose an entry; a trim removes only entries beyond the newest
   * RUN_LIST_MAX, which stay beyond them however many are added.
   */
  private async addToList(trackerId: string, accountId: string, entries: ListedRun[], complete: boolean): Promise<void> {
    await compareAndSwap(
      async () => {
        try {
          await this.lists.updateOne(
            { _id: trackerId, [`runs.${RUN_LIST_TRIM_AT}`]: { $exists: false } },
            { $addToSet: { runs: { $each: entries } }, $setOnInsert: { accountId }, ...(complete ? { $set: { complete: true as const } } : {}) },
            { upsert: true },
          );
          return undefined;
        } catch (e) {
          if (!isDuplicateKeyError(e)) throw e;
        }
        // Full, or created by a concurrent upsert just now: trim if full, then add again.
        const list = await this.lists.findOne({ _id: trackerId });
        if (list && list.runs.length > RUN_LIST_TRIM_AT) await this.lists.updateOne({ _id: trackerId }, { $pullAll: { runs: beyondNewest(list.runs, RUN_LIST_MAX) } });
        return CONFLICT;
      },
      { attempts: 50, tooMuchContention: () => new Error(`run list of tracker ${trackerId}: too much contention`) },
    );
  }

  /** The manual slots of the account that queued or running runs hold (at most MANUAL_RUN_SLOTS are read). */
  async heldSlots(accountId: string): Promise<number[]> {
    const holders = await this.collection.find({ slotHolder: accountId }, { projection: { slot: 1 } }).limit(MANUAL_RUN_SLOTS).toArray();
    return holders.flatMap((r) => (typeof r.slot === 'number' ? [r.slot] : []));
  }

  async countActive(accountId: string, trackerId: string): Promise<number> {
    return this.collection.countDocuments({ accountId, trackerId, status: { $in: [...ACTIVE_RUN_STATUSES] } });
  }

  /** The newest earlier finished run that measured the same thing, for the delta. */
  previousComparable(run: Pick<RunState, 'id' | 'trackerId' | 'createdAt' | 'comparisonKey'>): Promise<RunState | null> {
    return this.comparable(run, 'earlier');
  }

  /** The oldest later finished run that measured the same thing: its delta is against `run` once `run` is finished. */
  nextComparable(run: Pick<RunState, 'id' | 'trackerId' | 'createdAt' | 'comparisonKey'>): Promise<RunState | null> {
    return this.comparable(run, 'later');
  }

  /**
   * From the tracker's list (one read by `_id`, once it is complete), the nearest runs on `side`
   * that may have measured the same thing are read one by one, by `_id`, until one is finished
   * COMPLETED or PARTIAL (usually the first). Only when the list does not settle it (none found in a list that may have been cut)
   * are the tracker's runs searched, which FerretDB does by reading every one of them whole.
   */
  private async comparable(run: Pick<RunState, 'id' | 'trackerId' | 'createdAt' | 'comparisonKey'>, side: 'earlier' | 'later'): Promise<RunState | null> {
    const list = await this.completeList(run.trackerId);
    if (list) {
      for (const candidate of comparableCandidates(list.runs, { id: run.id, createdAt: run.createdAt, comparisonKey: run.comparisonKey }, side)) {
        const doc = await this.collection.findOne({ _id: candidate.id });
        if (doc && comparisonKeyOfDoc(doc) === run.comparisonKey && COMPARABLE_STATUSES.includes(doc.status)) return fromDoc(doc);
      }
      if (newestRuns(list.runs, RUN_LIST_MAX).length < RUN_LIST_MAX) return null; // never trimmed (a trim keeps RUN_LIST_MAX runs): it lists every run of the tracker
    }
    const createdAt = side === 'earlier' ? { $lt: run.createdAt } : { $gt: run.createdAt };
    const doc = await this.collection
      .find({ trackerId: run.trackerId, comparisonKey: run.comparisonKey, status: { $in: [...COMPARABLE_STATUSES] }, createdAt })
      .sort({ createdAt: side === 'earlier' ? -1 : 1 })
      .limit(1)
      .next();
    return doc ? fromDoc(doc) : null;
  }

  /** Replaces a finished run's delta (a comparable run before it finished later than it). */
  async setDelta(runId: string, delta: RunState['delta']): Promise<void> {
    await this.collection.updateOne({ _id: runId }, { $set: { delta }, $inc: { rev: 1 } });
  }

  /**
   * Scheduled runs, one insert for the lot: each goes in once per occurrence, and `false` marks one
   * whose occurrence already has its run (the unique `dedupeKey` refused it). Their events are the
   * batch outbox's (stored before them), not the runs' own.
   */
  insertScheduled(runs: RunState[]): Promise<boolean[]> {
    return insertEach(
      this.collection,
      runs.map((run) => toDoc(run, { dedupeKey: `scheduled:${run.trackerId}:${run.scheduledFor!.toISOString()}`, slot: run.id, events: [] })),
    );
  }

  /**
   * A manual run in the lowest free slot. A duplicate request token returns the
   * run it made; when all slots are taken the answer is `run_limit_reached`.
   * Each slot is tried in turn and the unique (accountId, slot) index refuses
   * one a queued or running run holds, so nothing reads the account's runs
   * (the store would go through every one of them, its whole history).
   * A refusal may also be the token's (a concurrent request with it made its
   * run first, which then refuses every slot): one read after the last slot
   * tells. The slots seen held a moment ago (`held`) are tried last, so the
   * first insert usually succeeds.
   */
  async insertManual(run: RunState, events: StoredEvent[], held: readonly number[] = []): Promise<InsertOutcome> {
    const dedupeKey = manualKey(run.accountId, run.requestToken!);
    const slots = Array.from({ length: MANUAL_RUN_SLOTS }, (_, i) => i);
    for (const slot of [...slots.filter((s) => !held.includes(s)), ...slots.filter((s) => held.includes(s))]) {
      try {
        await this.collection.insertOne(toDoc(run, { dedupeKey, slot, events }));
        return { inserted: true, run };
      } catch (e) {
        if (!isDuplicateKeyError(e)) throw e;
      }
    }
    const existing = await this.byDedupeKey(dedupeKey);
    if (existing) return { inserted: false, run: existing };
    throw new DomainError(runLimitReached());
  }

  /**
   * Stores answers, each in its own document, all in one insert, then their outcomes in the run in
   * one update, so concurrent writers never overwrite each other and a burst of answers costs two
   * writes. The first answer stored for a slot is the slot's answer for good: a second runner
   * executing the same run (a redelivery while the first still works), or one finishing after the
   * run ended, records the stored answer's outcome instead of its own, so what the run lists is
   * always what it counted and billed.
   */
  async saveAnswers(run: Pick<RunState, 'id' | 'trackerId'>, answers: readonly { slot: AnswerSlot; answer: AnswerRecord }[]): Promise<void> {
    if (answers.length === 0) return;
    const docs = answers.map(({ slot, answer }) => ({ ...answer, _id: answerId(run.id, slot), runId: run.id, trackerId: run.trackerId }));
    const inserted = await insertEach(this.answers, docs);
    const outcomes: Record<string, AnswerRecord['status']> = {};
    await Promise.all(
      answers.map(async ({ slot, answer }, i) => {
        // Another runner's answer for this slot came first: its outcome is the slot's (rare, so read one by one, by `_id`).
        const first = inserted[i] ? answer : await this.answers.findOne({ _id: docs[i]!._id });
        outcomes[`outcomes.${slot.key}`] = (first ?? answer).status;
      }),
    );
    // `rev` moves too, so a run being finished from the outcomes it read cannot miss these.
    await this.collection.updateOne({ _id: run.id, status: 'RUNNING' }, { $set: outcomes, $inc: { rev: 1 } });
  }

  /** One answer, with the metrics of the run's analysis (`analysis`: {@link analysisOf}, read once for many answers). */
  async answer(runId: string, slot: AnswerSlot, analysis: AnswerAnalysis | null): Promise<AnswerRecord | null> {
    const doc = await this.answers.findOne({ _id: answerId(runId, slot) });
    return doc ? answerOf(doc, analysis) : null;
  }

  /** All of a run's stored answers by `_id`, in one indexed read (instead of one read per answer), with the metrics of the run's analysis. */
  async answersOf(run: Pick<RunState, 'id' | 'analysisId'>): Promise<Map<string, AnswerRecord>> {
    const [docs, analysis] = await Promise.all([this.answers.find({ runId: run.id }).toArray(), this.analysisOf(run)]);
    return new Map(docs.map((d) => [d._id, answerOf(d, analysis)]));
  }

  /** What a reanalysis reads of a run: not its metrics and delta, which it computes again. */
  async runToAnalyse(id: string): Promise<RunToAnalyse | null> {
    const doc = await this.collection.findOne({ _id: id }, { projection: { metrics: 0, delta: 0, pendingEvents: 0 } });
    if (!doc) return null;
    const { _id, accountId, trackerId, status, createdAt, definition, outcomes } = doc;
    return { id: _id, accountId, trackerId, status, createdAt, definition, outcomes, analysisId: doc.analysisId ?? null, comparisonKey: comparisonKeyOfDoc(doc) };
  }

  /** A run's answers by `_id`, without their metrics: what a reanalysis reads to compute them again. */
  async answersToAnalyse(runId: string): Promise<Map<string, Omit<AnswerRecord, 'metrics'>>> {
    const docs = await this.answers.find({ runId }, { projection: { metrics: 0 } }).toArray();
    return new Map(docs.map(({ _id, runId: _r, trackerId: _t, ...answer }) => [_id, { ...answer, ...sourcesOf(answer) }]));
  }

  /** The answer metrics of the reanalysis the run switched to; null when it has its answers' own. */
  async analysisOf(run: Pick<RunState, 'id' | 'analysisId'>): Promise<AnswerAnalysis | null> {
    if (run.analysisId === null) return null;
    const parts = await this.analyses.find({ runId: run.id }).toArray();
    return new Map(parts.filter((p) => p.analysisId === run.analysisId).flatMap((p) => parseStoredJson(AnalysedAnswers, p.answers, 'answer_analyses', p._id).map((a) => [a.answerId, a.metrics] as const)));
  }

  /**
   * The COMPLETED and PARTIAL runs of a tracker, oldest first, with their analysis: what a
   * reanalysis works through. Reads each run of the tracker (by its indexed `trackerId`) once.
   */
  async comparableRuns(trackerId: string): Promise<Pick<RunState, 'id' | 'createdAt' | 'analysisId'>[]> {
    const docs = await this.collection.find({ trackerId }, { projection: { _id: 1, status: 1, createdAt: 1, analysisId: 1 } }).toArray();
    return docs
      .filter((d) => COMPARABLE_STATUSES.includes(d.status))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a._id < b._id ? -1 : 1))
      .map((d) => ({ id: d._id, createdAt: d.createdAt, analysisId: d.analysisId ?? null }));
  }

  /**
   * The COMPLETED and PARTIAL runs of a tracker's newest RUN_LIST_MAX that are not in `known`, oldest
   * first: from its list (one read by `_id`), each run not known read by `_id`. For the runs that
   * finished while a reanalysis worked, which are always among the newest.
   */
  async newComparableRuns(trackerId: string, known: ReadonlySet<string>): Promise<Pick<RunState, 'id' | 'createdAt' | 'analysisId'>[]> {
    const list = await this.completeList(trackerId);
    const unknown = newestRuns(list?.runs ?? [], RUN_LIST_MAX).filter((r) => !known.has(r.id));
    const docs = await Promise.all(unknown.map((r) => this.collection.findOne({ _id: r.id }, { projection: { _id: 1, status: 1, createdAt: 1, analysisId: 1 } })));
    return docs.flatMap((d) => (d && COMPARABLE_STATUSES.includes(d.status) ? [{ id: d._id, createdAt: d.createdAt, analysisId: d.analysisId ?? null }] : [])).reverse();
  }

  /**
   * Every tracker with runs, sorted: what an operators' sweep works through. From the trackers' run
   * lists (one small document each), not the runs (FerretDB would read every run whole): a tracker
   * has one from its first run queued since lists were kept, or once its report was first read.
   */
  async trackersWithRuns(): Promise<string[]> {
    const lists = await this.lists.find({}, { projection: { _id: 1 } }).toArray();
    return lists.map((l) => l._id).sort();
  }

  /** The account of a tracker's runs; null when it has none (deleted meanwhile). */
  async accountOfTracker(trackerId: string): Promise<string | null> {
    const doc = await this.collection.findOne({ trackerId }, { projection: { accountId: 1 } });
    return doc?.accountId ?? null;
  }

  /**
   * Stores the answer metrics a reanalysis computed for a run, before the run switches to them: one
   * write per ANSWERS_PER_ANALYSIS_DOC answers, replacing what an interrupted attempt left.
   */
  async storeAnalysis(run: Pick<RunState, 'id' | 'trackerId'>, analysisId: string, answers: AnalysedAnswers): Promise<void> {
    for (let part = 0; part * ANSWERS_PER_ANALYSIS_DOC < answers.length; part++) {
      const _id = `${run.id}:${analysisId}:${part}`;
      const slice = answers.slice(part * ANSWERS_PER_ANALYSIS_DOC, (part + 1) * ANSWERS_PER_ANALYSIS_DOC);
      await this.analyses.replaceOne({ _id }, { runId: run.id, trackerId: run.trackerId, analysisId, answers: JSON.stringify(slice) }, { upsert: true });
    }
  }

  /**
   * Switches a finished run to a reanalysis's results in one write: its metrics, delta and
   * analysis, and (through `analysisId`) its answers' metrics stored by {@link storeAnalysis}; then
   * lists it under its new comparison key. False when the run is gone.
   */
  async switchAnalysis(run: RunToAnalyse, changes: Pick<RunState, 'metrics' | 'delta' | 'analysisVersion' | 'analysedNames' | 'comparisonKey'> & { analysisId: string }, now: Date): Promise<boolean> {
    // The status it was read with, an equality (FerretDB evaluates `$in` over the whole collection): a finished run's never changes.
    const { modifiedCount } = await this.collection.updateOne({ _id: run.id, status: run.status }, { $set: changes, $inc: { rev: 1 } });
    if (modifiedCount === 0) return false;
    await this.list([{ ...run, comparisonKey: changes.comparisonKey }], now);
    // Older than the one it switched from (if it had one): no reader needs them any more.
    if (run.analysisId !== null) await this.analyses.deleteMany({ runId: run.id, analysisId: { $nin: [changes.analysisId, run.analysisId] } });
    return true;
  }

  /**
   * Moves a run from one status to the next with its changes and events, if it
   * is still in `from` (another runner may have got there first) and, when
   * `outcomes` is given, still has exactly those answer outcomes (the changes
   * were computed from them). The manual slot is freed when the run leaves
   * QUEUED/RUNNING.
   */
  async advance(run: RunState, from: RunState['status'], changes: Partial<RunState>, events: StoredEvent[] = [], outcomes?: RunState['outcomes']): Promise<RunState | null> {
    const finished = changes.status !== undefined && !ACTIVE_RUN_STATUSES.includes(changes.status);
    return compareAndSwap(
      async () => {
        // By _id alone, then the status in code: FerretDB v1 scans the collection for any other filter.
        const doc = await this.collection.findOne({ _id: run.id });
        if (!doc || doc.status !== from) return null;
        if (outcomes && !sameOutcomes(doc.outcomes, outcomes)) return null;
        const { id: _id, outcomes: _outcomes, ...fields } = changes as RunState;
        const set: Record<string, unknown> = { ...fields, ...pendingFields([...doc.pendingEvents, ...events]), rev: doc.rev + 1 };
        if (finished) Object.assign(set, { slot: run.id, slotHolder: null });
        const { modifiedCount } = await this.collection.updateOne({ _id: run.id, status: from, rev: doc.rev }, { $set: set });
        // Otherwise the outbox published something meanwhile (it bumps rev): read again.
        return modifiedCount === 1 ? { ...fromDoc(doc), ...changes } : CONFLICT;
      },
      { attempts: 50, tooMuchContention: () => new Error(`run ${run.id}: too much contention`) },
    );
  }

  /** Runs first: an answer left by a crash in between belongs to no run and is removed by the next attempt. */
  async deleteForTracker(trackerId: string): Promise<number> {
    const { deletedCount } = await this.collection.deleteMany({ trackerId });
    await this.answers.deleteMany({ trackerId });
    await this.analyses.deleteMany({ trackerId });
    await this.lists.deleteOne({ _id: trackerId });
    return deletedCount;
  }
}


function sameOutcomes(a: RunState['outcomes'], b: RunState['outcomes']): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The refusal of a manual run while the account's slots are all held. */
export function runLimitReached() {
  return apiError('run_limit_reached', `At most ${MANUAL_RUN_SLOTS} manual runs may be queued or running at once; try again when one has finished.`, { retryAfterSeconds: 30 });
}

export function manualKey(accountId: string, requestToken: string): string {
  return `manual:${accountId}:${requestToken}`;
}
