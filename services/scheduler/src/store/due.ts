import type { Collection, Db } from 'mongodb';
import { Leases } from '@brandradar/platform';
import { bucketId, hintMinute, laterMinute, shardOf } from '../domain/due';

/** A minute of due buckets: which shards hold hints. Sealed once a dispatcher has read it. */
interface MinuteDoc {
  _id: string; // the minute, ISO 8601
  shards: number[];
  sealed?: boolean;
}

/** One shard of a minute: the trackers that may be due then. Sealed once a dispatcher has read it. */
interface BucketDoc {
  _id: string; // `<minute>/<shard>`
  trackerIds: string[];
  sealed?: boolean;
}

/** Which replica works on a bucket, until when; `done` once every tracker in it was dispatched. */
interface ClaimDoc {
  _id: string; // the bucket's `_id`
  owner: string;
  leaseUntil: Date;
  done: boolean;
}

/** The first minute not yet known to be fully dispatched. */
interface CursorDoc {
  _id: 'cursor';
  minute: Date;
}

export type BucketClaim = { kind: 'claimed' } | { kind: 'done' } | { kind: 'busy' };

/**
 * Due buckets: where the dispatcher finds what is due without a query over
 * schedules. Everything is read and written by `_id` (the only filter FerretDB
 * v1 answers without scanning the collection), so the work per occurrence is a
 * fixed number of single-document operations however many trackers exist.
 *
 * A hint is a tracker id filed under the minute its occurrence falls due. A
 * dispatcher seals a minute, then each of its buckets, and reads them in the
 * same write; a writer adds its hint and reads the seal in one write (each
 * returns the document as it wrote it), and files the hint again
 * in a later minute if the bucket was sealed meanwhile, so no hint is ever left
 * in a bucket nobody reads. A hint read twice is harmless: the schedule itself
 * says whether its occurrence is still due.
 */
export class DueStore {
  private readonly minutes: Collection<MinuteDoc>;
  private readonly buckets: Collection<BucketDoc>;
  private readonly claims: Collection<ClaimDoc>;
  private readonly cursors: Collection<CursorDoc>;
  private readonly leases: Leases;
  /** Buckets this replica has seen listed in an unsealed minute: listed they stay, so the minute need not be touched again. */
  private readonly listed = new Set<string>();

  constructor(db: Db) {
    this.minutes = db.collection<MinuteDoc>('due_minutes');
    this.buckets = db.collection<BucketDoc>('due_buckets');
    this.claims = db.collection<ClaimDoc>('due_claims');
    this.cursors = db.collection<CursorDoc>('due_cursor');
    this.leases = new Leases(db, 'due_claims');
  }

  /**
   * Files each tracker under the minute its `at` falls due (or the current one, if `at` has passed):
   * one write (that returns the document as written) per bucket, however many of the trackers share it.
   */
  async hint(entries: { trackerId: string; accountId: string; at: Date }[], now: Date): Promise<void> {
    const groups = new Map<string, { minute: Date; shard: number; trackerIds: string[] }>();
    for (const { trackerId, accountId, at } of entries) {
      const minute = hintMinute(at, now);
      const shard = shardOf(accountId);
      const id = bucketId(minute, shard);
      const group = groups.get(id) ?? { minute, shard, trackerIds: [] };
      group.trackerIds.push(trackerId);
      groups.set(id, group);
    }
    for (const { minute, shard, trackerIds } of groups.values()) await this.file(trackerIds, minute, shard, now);
  }

  /** Files trackers of one shard under `minute`, or under a later one if a dispatcher sealed it first. */
  private async file(trackerIds: string[], first: Date, shard: number, now: Date): Promise<void> {
    for (let minute = first; ; minute = laterMinute(minute, now)) {
      const id = bucketId(minute, shard);
      if (!this.listed.has(id)) {
        const minuteId = minute.toISOString();
        if ((await this.minutes.findOneAndUpdate({ _id: minuteId }, { $addToSet: { shards: shard } }, { upsert: true, returnDocument: 'after' }))?.sealed) continue;
        if (this.listed.size >= 100_000) this.listed.clear();
        this.listed.add(id);
      }
      if (!(await this.buckets.findOneAndUpdate({ _id: id }, { $addToSet: { trackerIds: { $each: trackerIds } } }, { upsert: true, returnDocument: 'after' }))?.sealed) return;
    }
  }

  /** The first minute not yet fully dispatched; null before the buckets were first filled. */
  async cursor(): Promise<Date | null> {
    return (await this.cursors.findOne({ _id: 'cursor' }))?.minute ?? null;
  }

  /** Every minute before `minute` is fully dispatched. Never moves back. */
  async advanceCursor(minute: Date): Promise<void> {
    await this.cursors.updateOne({ _id: 'cursor' }, { $max: { minute } }, { upsert: true });
  }

  /** The minutes in [from, to) that hold hints: a range query, made only by a dispatcher catching up. */
  async minutesBetween(from: Date, to: Date): Promise<Date[]> {
    const docs = await this.minutes.find({ _id: { $gte: from.toISOString(), $lt: to.toISOString() } }, { projection: { _id: 1 } }).sort({ _id: 1 }).toArray();
    return docs.map((d) => new Date(d._id));
  }

  /** Seals a minute and returns its buckets' ids: hints filed from now on go to a later minute. */
  async sealMinute(minute: Date): Promise<string[]> {
    const doc = await this.minutes.findOneAndUpdate({ _id: minute.toISOString() }, { $set: { sealed: true } }, { upsert: true, returnDocument: 'after' });
    return (doc?.shards ?? []).map((s) => bucketId(minute, s));
  }

  /**
   * Takes a bucket for `leaseMs`: the first replica to insert its claim has it;
   * a claim whose holder died is taken over once its lease has run out.
   */
  async claim(id: string, owner: string, now: Date, leaseMs: number): Promise<BucketClaim> {
    const open = { done: false };
    if (await this.leases.claim(id, owner, now, leaseMs, { fields: open, open })) return { kind: 'claimed' };
    return (await this.claims.findOne({ _id: id }))?.done ? { kind: 'done' } : { kind: 'busy' };
  }

  /** Whether a bucket is done, held under a lease still running at `now`, or free to claim: one read. */
  async claimState(id: string, now: Date): Promise<'done' | 'busy' | 'free'> {
    const claim = await this.claims.findOne({ _id: id });
    if (claim?.done) return 'done';
    return claim && claim.leaseUntil.getTime() > now.getTime() ? 'busy' : 'free';
  }

  /** Seals a claimed bucket and returns the trackers it names. */
  async sealBucket(id: string): Promise<string[]> {
    return (await this.buckets.findOneAndUpdate({ _id: id }, { $set: { sealed: true } }, { upsert: true, returnDocument: 'after' }))?.trackerIds ?? [];
  }

  /**
   * Removes the minutes, buckets and claims before `minute`: called with a minute the cursor has
   * passed by more than the write margin, so no writer files a hint there any more.
   */
  async forgetBefore(minute: Date): Promise<void> {
    const before = { _id: { $lt: minute.toISOString() } };
    await this.minutes.deleteMany(before);
    await this.buckets.deleteMany(before);
    await this.claims.deleteMany(before);
  }

  async finish(id: string): Promise<void> {
    await this.claims.updateOne({ _id: id }, { $set: { done: true } });
  }
}
