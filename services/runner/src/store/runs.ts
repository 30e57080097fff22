import type { Collection, Db } from 'mongodb';
import { ACTIVE_RUN_STATUSES, apiError, notFound } from '@brandradar/contracts';
import { DomainError, isDuplicateKeyError, outboxIndex, type IndexSpec, type OutboxFields, type StoredEvent } from '@brandradar/platform';
import type { AnswerRecord, RunState } from '../domain/run';

/** Manual runs QUEUED or RUNNING per account (spec §8). */
export const MANUAL_RUN_SLOTS = 3;

export interface RunDoc extends Omit<RunState, 'id'>, OutboxFields {
  _id: string;
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
}

export const runIndexes: IndexSpec[] = [
  { collection: 'runs', key: { dedupeKey: 1 }, options: { name: 'dedupe_unique', unique: true } },
  { collection: 'runs', key: { accountId: 1, slot: 1 }, options: { name: 'account_slot_unique', unique: true } },
  { collection: 'runs', key: { trackerId: 1, createdAt: -1 }, options: { name: 'tracker_newest' } },
  outboxIndex('runs'),
];

export type InsertOutcome = { inserted: true; run: RunState } | { inserted: false; run: RunState };

export class RunStore {
  readonly collection: Collection<RunDoc>;

  constructor(db: Db) {
    this.collection = db.collection<RunDoc>('runs');
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
    const doc = await this.collection.findOne({ _id: id, accountId, trackerId });
    if (!doc) throw new DomainError(notFound());
    return fromDoc(doc);
  }

  async listForTracker(accountId: string, trackerId: string, limit: number): Promise<RunState[]> {
    return (await this.collection.find({ accountId, trackerId }).sort({ createdAt: -1, _id: -1 }).limit(limit).toArray()).map(fromDoc);
  }

  async countActive(accountId: string, trackerId: string): Promise<number> {
    return this.collection.countDocuments({ accountId, trackerId, status: { $in: [...ACTIVE_RUN_STATUSES] } });
  }

  /** The newest earlier finished run that measured the same thing, for the delta. */
  async previousComparable(run: RunState): Promise<RunState | null> {
    const doc = await this.collection
      .find({ trackerId: run.trackerId, definitionKey: run.definitionKey, status: { $in: ['COMPLETED', 'PARTIAL'] }, createdAt: { $lt: run.createdAt } })
      .sort({ createdAt: -1 })
      .limit(1)
      .next();
    return doc ? fromDoc(doc) : null;
  }

  /** A scheduled run: inserted once per occurrence; a duplicate returns the run that exists. */
  async insertScheduled(run: RunState, events: StoredEvent[]): Promise<InsertOutcome> {
    const dedupeKey = `scheduled:${run.trackerId}:${run.scheduledFor!.toISOString()}`;
    try {
      await this.collection.insertOne(toDoc(run, { dedupeKey, slot: run.id, events }));
      return { inserted: true, run };
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e;
      const existing = await this.byDedupeKey(dedupeKey);
      if (!existing) throw e;
      return { inserted: false, run: existing };
    }
  }

  /**
   * A manual run in the lowest free slot. A duplicate request token returns the
   * run it made; when all slots are taken the answer is `run_limit_reached`.
   */
  async insertManual(run: RunState, events: StoredEvent[]): Promise<InsertOutcome> {
    const dedupeKey = manualKey(run.accountId, run.requestToken!);
    for (let attempt = 0; attempt < 50; attempt++) {
      const used = new Set((await this.collection.find({ accountId: run.accountId, status: { $in: [...ACTIVE_RUN_STATUSES] } }, { projection: { slot: 1 } }).toArray()).map((d) => d.slot));
      const slot = Array.from({ length: MANUAL_RUN_SLOTS }, (_, i) => i).find((i) => !used.has(i));
      if (slot === undefined) {
        const existing = await this.byDedupeKey(dedupeKey);
        if (existing) return { inserted: false, run: existing };
        throw new DomainError(
          apiError('run_limit_reached', `At most ${MANUAL_RUN_SLOTS} manual runs may be queued or running at once; try again when one has finished.`, { retryAfterSeconds: 30 }),
        );
      }
      try {
        await this.collection.insertOne(toDoc(run, { dedupeKey, slot, events }));
        return { inserted: true, run };
      } catch (e) {
        if (!isDuplicateKeyError(e)) throw e;
        const existing = await this.byDedupeKey(dedupeKey);
        if (existing) return { inserted: false, run: existing };
        // Another request took the slot: look again.
      }
    }
    throw new Error('could not find a free manual run slot');
  }

  /** Stores one answer on its own, so concurrent answers never overwrite each other. */
  async saveAnswer(runId: string, key: string, answer: AnswerRecord): Promise<void> {
    await this.collection.updateOne({ _id: runId, status: 'RUNNING' }, { $set: { [`answers.${key}`]: answer } });
  }

  /**
   * Moves a run from one status to the next with its changes and events, if it
   * is still in `from` (another runner may have got there first). The manual
   * slot is freed when the run leaves QUEUED/RUNNING.
   */
  async advance(run: RunState, from: RunState['status'], changes: Partial<RunState>, events: StoredEvent[] = []): Promise<RunState | null> {
    const finished = changes.status !== undefined && !ACTIVE_RUN_STATUSES.includes(changes.status);
    for (let attempt = 0; attempt < 50; attempt++) {
      // By _id alone, then the status in code: FerretDB v1 scans the collection for any other filter.
      const doc = await this.collection.findOne({ _id: run.id });
      if (!doc || doc.status !== from) return null;
      const { id: _id, answers: _answers, ...fields } = changes as RunState;
      const pendingEvents = [...doc.pendingEvents, ...events];
      const set: Record<string, unknown> = { ...fields, pendingEvents, rev: doc.rev + 1 };
      if (finished) set.slot = run.id;
      const { modifiedCount } = await this.collection.updateOne({ _id: run.id, status: from, rev: doc.rev }, { $set: set });
      if (modifiedCount === 1) return { ...fromDoc(doc), ...changes };
      // The outbox published something meanwhile (it bumps rev): read again.
    }
    throw new Error(`run ${run.id}: too much contention`);
  }

  async deleteForTracker(trackerId: string): Promise<number> {
    return (await this.collection.deleteMany({ trackerId })).deletedCount;
  }
}

export function manualKey(accountId: string, requestToken: string): string {
  return `manual:${accountId}:${requestToken}`;
}

function fromDoc(doc: RunDoc): RunState {
  const { _id, dedupeKey: _k, slot: _s, pendingEvents: _p, rev: _r, deletedAt: _d, ...rest } = doc;
  return { ...rest, id: _id };
}

function toDoc(run: RunState, extra: { dedupeKey: string; slot: number | string; events: StoredEvent[] }): RunDoc {
  const { id, ...rest } = run;
  return { ...rest, _id: id, dedupeKey: extra.dedupeKey, slot: extra.slot, pendingEvents: extra.events, rev: 0 };
}
