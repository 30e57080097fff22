import type { Collection, Db } from 'mongodb';
import type { Tracker } from '@brandradar/contracts';
import { isDuplicateKeyError, type IndexSpec } from '@brandradar/platform';

/**
 * The scheduler's own copy of each ACTIVE tracker's schedule, kept from the
 * tracker events. `version` is the tracker's `updatedAt`, so an event that
 * arrives late never undoes a newer one.
 */
export interface ScheduleDoc {
  _id: string; // tracker id
  accountId: string;
  tracker: Tracker;
  /** The tracker's definition version, handed to each run so a run of an edited tracker does not start. */
  definitionVersion: number;
  active: boolean;
  nextRunAt: Date | null;
  version: Date;
  /** A replica that claims a due schedule holds it until then; a crashed replica's claim simply expires. */
  leaseUntil: Date;
  leaseOwner: string | null;
}

/**
 * One per occurrence (`<trackerId>:<scheduledFor>`): the replica that inserts
 * it dispatches that occurrence. A unique `_id` insert is atomic on MongoDB and
 * FerretDB alike, and cheap on both.
 */
interface ClaimDoc {
  _id: string;
  owner: string;
  leaseUntil: Date;
}

export const scheduleIndexes: IndexSpec[] = [{ collection: 'schedules', key: { active: 1, nextRunAt: 1 }, options: { name: 'due' } }];

const NEVER = new Date(0);

export class ScheduleStore {
  private readonly schedules: Collection<ScheduleDoc>;
  private readonly claims: Collection<ClaimDoc>;

  constructor(db: Db) {
    this.schedules = db.collection<ScheduleDoc>('schedules');
    this.claims = db.collection<ClaimDoc>('claims');
  }

  /** Applies what a tracker event says, unless a newer version is already stored. */
  async apply(accountId: string, tracker: Tracker, definitionVersion: number, active: boolean): Promise<void> {
    const version = new Date(tracker.updatedAt);
    const nextRunAt = active && tracker.nextRunAt ? new Date(tracker.nextRunAt) : null;
    try {
      await this.schedules.updateOne(
        { _id: tracker.id, version: { $lt: version } },
        { $set: { accountId, tracker, definitionVersion, active: active && nextRunAt !== null, nextRunAt, version, leaseUntil: NEVER, leaseOwner: null } },
        { upsert: true },
      );
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e; // a newer version is stored: this event is stale
    }
  }

  /**
   * Claims up to `limit` due occurrences for `leaseMs`: candidates come from one
   * query, and each is taken by inserting its claim. Replicas racing for the
   * same occurrence cannot both win; a shuffled order keeps them from colliding
   * on every candidate. A claim whose holder died is taken over once its lease
   * has run out.
   */
  async claimDue(now: Date, leaseMs: number, owner: string, limit: number): Promise<ScheduleDoc[]> {
    const candidates = await this.schedules
      .find({ active: true, nextRunAt: { $lte: now }, leaseUntil: { $lte: now } }, { projection: { _id: 1, nextRunAt: 1 } })
      .limit(limit)
      .toArray();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const claimed: ScheduleDoc[] = [];
    for (const c of shuffle(candidates)) {
      if (!(await this.claim(`${c._id}:${c.nextRunAt!.toISOString()}`, owner, now, leaseUntil))) continue;
      // Updates by _id alone: FerretDB v1 scans the whole collection for any other filter.
      await this.schedules.updateOne({ _id: c._id }, { $set: { leaseUntil, leaseOwner: owner } });
      const doc = await this.schedules.findOne({ _id: c._id });
      if (doc?.active && doc.nextRunAt?.getTime() === c.nextRunAt!.getTime()) claimed.push(doc);
    }
    return claimed;
  }

  private async claim(id: string, owner: string, now: Date, leaseUntil: Date): Promise<boolean> {
    try {
      await this.claims.insertOne({ _id: id, owner, leaseUntil });
      return true;
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e;
    }
    const existing = await this.claims.findOne({ _id: id });
    if (!existing || existing.leaseUntil.getTime() > now.getTime()) return false;
    const { modifiedCount } = await this.claims.updateOne({ _id: id, leaseUntil: existing.leaseUntil }, { $set: { owner, leaseUntil } });
    return modifiedCount === 1;
  }

  /**
   * The occurrence is done: move on to `next`, if the schedule is still at
   * `scheduledFor` (read, then written by _id: the claim makes this replica the
   * only one advancing it).
   */
  async advance(trackerId: string, scheduledFor: Date, next: Date): Promise<void> {
    const doc = await this.schedules.findOne({ _id: trackerId });
    if (doc?.nextRunAt?.getTime() !== scheduledFor.getTime()) return;
    await this.schedules.updateOne({ _id: trackerId }, { $set: { nextRunAt: next, leaseUntil: NEVER, leaseOwner: null } });
  }

  /** Stops scheduling a tracker that paused or disappeared. */
  async deactivate(trackerId: string): Promise<void> {
    await this.schedules.updateOne({ _id: trackerId }, { $set: { active: false, leaseUntil: NEVER, leaseOwner: null } });
  }

  /** Lets another attempt at this occurrence happen after `retryAt` (a dependency was unavailable). */
  async retryAt(trackerId: string, scheduledFor: Date, retryAt: Date): Promise<void> {
    await this.claims.updateOne({ _id: `${trackerId}:${scheduledFor.toISOString()}` }, { $set: { leaseUntil: retryAt } });
    await this.schedules.updateOne({ _id: trackerId }, { $set: { leaseUntil: retryAt, leaseOwner: null } });
  }
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
