import type { Collection, Db, Filter } from 'mongodb';
import { LIMITS, apiError, notFound, type TrackerStatus } from '@brandradar/contracts';
import { compareAndSwap, CONFLICT, DomainError, isDuplicateKeyError, outboxIndex, pendingFields, type IndexSpec, type OutboxFields, type StoredEvent } from '@brandradar/platform';
import type { TrackerState, Transition } from '../domain/lifecycle';
import type { CursorKey } from '../domain/cursor';

/** The stored document: the state, its outbox, and what makes writes safe. */
export interface TrackerDoc extends Omit<TrackerState, 'id'>, OutboxFields {
  _id: string;
  /**
   * 0–24 while the tracker exists. A unique index on (accountId, slot) is what
   * enforces 25 trackers per account in one atomic insert, however many
   * creates race. A deleted tracker's slot becomes its own id, freeing the number.
   */
  slot: number | string;
  deletedAt: Date | null;
}

export const trackerIndexes: IndexSpec[] = [
  { collection: 'trackers', key: { accountId: 1, slot: 1 }, options: { name: 'account_slot_unique', unique: true } },
  { collection: 'trackers', key: { accountId: 1, createdAt: -1, _id: -1 }, options: { name: 'account_newest' } },
  outboxIndex('trackers'),
];

const live = { deletedAt: null };

/**
 * The trackers collection. Every write to a tracker (an insert, a replace, a schedule advance) is followed by
 * `written(accountId)`, whether or not it succeeded, so the account's cached list pages go (an
 * error may hide a write the store did). The outbox's own writes change only its fields, which no
 * list shows.
 */
export class TrackerStore {
  private readonly trackers: Collection<TrackerDoc>;

  constructor(
    db: Db,
    private readonly written: (accountId: string) => void,
  ) {
    this.trackers = db.collection<TrackerDoc>('trackers');
  }

  /** Inserts into the lowest free slot; `tracker_limit_reached` when all 25 are taken. */
  async insert(state: TrackerState, events: StoredEvent[]): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const used = new Set((await this.trackers.find({ accountId: state.accountId, ...live }, { projection: { slot: 1 } }).toArray()).map((d) => d.slot));
      const slot = Array.from({ length: LIMITS.trackersPerAccount }, (_, i) => i).find((i) => !used.has(i));
      if (slot === undefined) throw DomainError.of('tracker_limit_reached', `An account can have at most ${LIMITS.trackersPerAccount} trackers; delete one first.`, { limit: LIMITS.trackersPerAccount });
      try {
        await this.trackers.insertOne(toDoc(state, { slot, ...pendingFields(events), deletedAt: null, rev: 0 }));
        return;
      } catch (e) {
        if (!isDuplicateKeyError(e)) throw e; // another create took this slot: look again
      } finally {
        this.written(state.accountId);
      }
    }
    throw new Error('could not find a free tracker slot');
  }

  async get(accountId: string, id: string): Promise<TrackerState> {
    return fromDoc(await this.getDoc(accountId, id));
  }

  /** The tracker, or null when it does not exist (or is another account's). */
  async find(accountId: string, id: string): Promise<TrackerState | null> {
    const doc = await this.findDoc(accountId, id);
    return doc ? fromDoc(doc) : null;
  }

  /** Every live tracker's account and id, a page at a time in `_id` order (for changes that reach all trackers, such as new rates). */
  async *allIds(pageSize = 500): AsyncGenerator<{ accountId: string; id: string }[]> {
    let after: string | undefined;
    for (;;) {
      const filter: Filter<TrackerDoc> = { ...live, ...(after === undefined ? {} : { _id: { $gt: after } }) };
      const page = await this.trackers.find(filter, { projection: { _id: 1, accountId: 1 } }).sort({ _id: 1 }).limit(pageSize).toArray();
      if (page.length === 0) return;
      yield page.map((d) => ({ accountId: d.accountId, id: d._id }));
      after = page[page.length - 1]!._id;
    }
  }

  private async getDoc(accountId: string, id: string): Promise<TrackerDoc> {
    const doc = await this.findDoc(accountId, id);
    if (!doc) throw new DomainError(notFound());
    return doc;
  }

  private findDoc(accountId: string, id: string): Promise<TrackerDoc | null> {
    // Another account's tracker is "not found", exactly like an unknown id.
    return this.trackers.findOne({ _id: id, accountId, ...live });
  }

  async list(accountId: string, opts: { status?: TrackerStatus; limit: number; after?: CursorKey }): Promise<TrackerState[]> {
    const filter: Filter<TrackerDoc> = { accountId, ...live, ...(opts.status ? { status: opts.status } : {}) };
    if (opts.after) filter.$or = [{ createdAt: { $lt: opts.after.createdAt } }, { createdAt: opts.after.createdAt, _id: { $lt: opts.after.id } }];
    const docs = await this.trackers.find(filter).sort({ createdAt: -1, _id: -1 }).limit(opts.limit).toArray();
    return docs.map(fromDoc);
  }

  async listActive(accountId: string): Promise<TrackerState[]> {
    return (await this.trackers.find({ accountId, status: 'ACTIVE', ...live }).toArray()).map(fromDoc);
  }

  /**
   * `advanceSchedule`'s usual case as one conditional write, without reading the tracker first: an
   * ACTIVE tracker still at the occurrence `scheduledFor` moves to `nextRunAt` and records the run
   * (`lastRunAt` moves forward only). False when it is not at that occurrence (paused, moved on,
   * edited, or gone): `transition` with `advanceSchedule` then decides.
   */
  async advanceIfAt(accountId: string, id: string, scheduledFor: Date, nextRunAt: Date, now: Date): Promise<boolean> {
    const { modifiedCount } = await this.trackers.updateOne(
      { _id: id, accountId, ...live, status: 'ACTIVE', nextRunAt: scheduledFor },
      { $set: { nextRunAt, updatedAt: now }, $max: { lastRunAt: now }, $inc: { rev: 1 } },
    ).finally(() => this.written(accountId));
    return modifiedCount === 1;
  }

  /**
   * Applies a pure transition with compare-and-swap on `rev`: the new state and
   * its events are stored in one single-document write, so an event is never
   * lost or published for a state that was not stored. A refusal that carries
   * a state (a changed estimate) stores that state before it is thrown.
   */
  async transition(accountId: string, id: string, compute: (t: TrackerState) => Transition | Promise<Transition>, opts: { remove?: boolean } = {}): Promise<TrackerState> {
    return compareAndSwap(
      async () => {
        const doc = await this.getDoc(accountId, id);
        const current = fromDoc(doc);
        const result = await compute(current);
        const state = result.state ?? current;
        const events = result.events ?? [];
        // Transitions return the very same object when nothing changes.
        const changed = state !== current;
        if (changed) {
          const removing = result.ok && opts.remove;
          const next = toDoc(state, {
            slot: removing ? doc._id : doc.slot,
            ...pendingFields([...doc.pendingEvents, ...events]),
            deletedAt: removing ? state.updatedAt : null,
            rev: doc.rev + 1,
          });
          const { modifiedCount } = await this.trackers.replaceOne({ _id: id, rev: doc.rev }, next).finally(() => this.written(accountId));
          if (modifiedCount !== 1) return CONFLICT; // someone else changed it first: recompute from the new state
        }
        if (!result.ok) throw new DomainError(result.error);
        return state;
      },
      { attempts: 50, tooMuchContention: () => new DomainError(apiError('unavailable', 'The tracker is being changed by another request; try again.', { retryAfterSeconds: 1 })) },
    );
  }
}

function fromDoc(doc: TrackerDoc): TrackerState {
  const { _id, slot: _slot, pendingEvents: _p, hasPendingEvents: _h, deletedAt: _d, rev: _r, ...rest } = doc;
  // Trackers stored before definition versions existed are at their first; before rate-card versions were recorded, at none (0), so any card reprices them.
  return { ...rest, definitionVersion: rest.definitionVersion ?? 1, ratesVersion: rest.ratesVersion ?? 0, id: _id };
}

function toDoc(state: TrackerState, extra: Pick<TrackerDoc, 'slot' | 'pendingEvents' | 'hasPendingEvents' | 'deletedAt' | 'rev'>): TrackerDoc {
  const { id, ...rest } = state;
  return { ...rest, _id: id, ...extra };
}
