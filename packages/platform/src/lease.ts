import type { Collection, Db, Filter } from 'mongodb';
import { isDuplicateKeyError } from './mongo';

/** The fields a leased document carries: who holds it, and until when. */
export interface LeaseFields {
  _id: string;
  /** A token of one claim (a call id, a random UUID): only the claim that set it may release the document. Null in a queued document never claimed yet. */
  owner: string | null;
  /** The deadline: from then on anybody may take the document over (a holder that died leaves it behind). */
  leaseUntil: Date;
}

/** A claim held: document `id`, by `owner`, until `leaseUntil`. */
export interface Lease {
  id: string;
  owner: string;
  leaseUntil: Date;
}

/** What a claim may also require of the document and store with it, beyond its lease. */
export interface ClaimOptions {
  /** Stored with a document the claim creates. */
  fields?: Record<string, unknown>;
  /** What an existing document must match to be taken over (e.g. `{ done: false }`): a finished one never is. */
  open?: Filter<LeaseFields>;
}

/**
 * The leases of one collection: claim a document until a deadline, release it, and take it over
 * once its deadline has passed. Every change is one single-document atomic write (an insert that
 * the unique `_id` index lets only one claim win, or a conditional update), so it needs no
 * transactions and works the same on FerretDB v1 and MongoDB.
 */
export class Leases {
  /** Only the lease fields of each document: the leases read and write nothing else. */
  private readonly collection: Collection<LeaseFields>;

  constructor(db: Db, collectionName: string) {
    this.collection = db.collection<LeaseFields>(collectionName);
  }

  /** Claims document `id` for `owner` until `now + leaseMs`: creates it, or takes it over if its lease has run out. Null when it is held (or not open). */
  async claim(id: string, owner: string, now: Date, leaseMs: number, options: ClaimOptions = {}): Promise<Lease | null> {
    return (await this.create(id, owner, now, leaseMs, options.fields)) ?? this.takeOver(id, owner, now, leaseMs, options.open);
  }

  /** Creates document `id` leased to `owner`, with `fields`; null when a document with that `_id` (or another unique key of `fields`) exists. */
  async create(id: string, owner: string, now: Date, leaseMs: number, fields: Record<string, unknown> = {}): Promise<Lease | null> {
    const lease = { id, owner, leaseUntil: deadline(now, leaseMs) };
    try {
      await this.collection.insertOne({ ...fields, _id: id, owner, leaseUntil: lease.leaseUntil });
      return lease;
    } catch (e) {
      if (isDuplicateKeyError(e)) return null;
      throw e;
    }
  }

  /** Takes document `id` over for `owner` if its lease has run out by `now` and it matches `open`; of several takers at once, one wins. */
  async takeOver(id: string, owner: string, now: Date, leaseMs: number, open: Filter<LeaseFields> = {}): Promise<Lease | null> {
    const lease = { id, owner, leaseUntil: deadline(now, leaseMs) };
    const { modifiedCount } = await this.collection.updateOne({ ...open, _id: id, leaseUntil: { $lte: now } }, { $set: { owner, leaseUntil: lease.leaseUntil } });
    return modifiedCount === 1 ? lease : null;
  }

  /**
   * Claims the document matching `open` whose deadline is the longest past (a queue: the deadline of
   * an unclaimed document is when it falls due), applying `set` and `inc` in the same write.
   */
  async claimNext(open: Filter<LeaseFields>, owner: string, now: Date, leaseMs: number, also: { set?: Record<string, unknown>; inc?: Record<string, number> } = {}): Promise<Lease | null> {
    const leaseUntil = deadline(now, leaseMs);
    const $set = { ...also.set, owner, leaseUntil };
    const doc = await this.collection.findOneAndUpdate({ ...open, leaseUntil: { $lte: now } }, also.inc ? { $set, $inc: also.inc } : { $set }, {
      sort: { leaseUntil: 1 },
      returnDocument: 'after',
    });
    return doc && { id: doc._id, owner, leaseUntil };
  }

  /** Extends a claim still held to `now + leaseMs`; null when it was lost (its deadline passed and another claim took the document over). */
  async renew(lease: Pick<Lease, 'id' | 'owner'>, now: Date, leaseMs: number): Promise<Lease | null> {
    const leaseUntil = deadline(now, leaseMs);
    const { matchedCount } = await this.collection.updateOne({ _id: lease.id, owner: lease.owner }, { $set: { leaseUntil } });
    return matchedCount === 1 ? { ...lease, leaseUntil } : null;
  }

  /** Deletes the document, unless its lease ran out and another claim holds it now. */
  async release(lease: Pick<Lease, 'id' | 'owner'>): Promise<void> {
    await this.collection.deleteOne({ _id: lease.id, owner: lease.owner });
  }
}

const deadline = (now: Date, leaseMs: number) => new Date(now.getTime() + leaseMs);
