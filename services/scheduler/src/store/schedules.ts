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
  active: boolean;
  nextRunAt: Date | null;
  version: Date;
  /** A replica that claims a due schedule holds it until then; a crashed replica's claim simply expires. */
  leaseUntil: Date;
  leaseOwner: string | null;
}

export const scheduleIndexes: IndexSpec[] = [{ collection: 'schedules', key: { active: 1, nextRunAt: 1 }, options: { name: 'due' } }];

const NEVER = new Date(0);

export class ScheduleStore {
  private readonly schedules: Collection<ScheduleDoc>;

  constructor(db: Db) {
    this.schedules = db.collection<ScheduleDoc>('schedules');
  }

  /** Applies what a tracker event says, unless a newer version is already stored. */
  async apply(accountId: string, tracker: Tracker, active: boolean): Promise<void> {
    const version = new Date(tracker.updatedAt);
    const nextRunAt = active && tracker.nextRunAt ? new Date(tracker.nextRunAt) : null;
    try {
      await this.schedules.updateOne(
        { _id: tracker.id, version: { $lt: version } },
        { $set: { accountId, tracker, active: active && nextRunAt !== null, nextRunAt, version, leaseUntil: NEVER, leaseOwner: null } },
        { upsert: true },
      );
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e; // a newer version is stored: this event is stale
    }
  }

  /** Claims the earliest due schedule for `leaseMs`; null when none is due. */
  async claimDue(now: Date, leaseMs: number, owner: string): Promise<ScheduleDoc | null> {
    return this.schedules.findOneAndUpdate(
      { active: true, nextRunAt: { $lte: now }, leaseUntil: { $lte: now } },
      { $set: { leaseUntil: new Date(now.getTime() + leaseMs), leaseOwner: owner } },
      { sort: { nextRunAt: 1 }, returnDocument: 'after' },
    );
  }

  /** The occurrence is done: move on to `next`, if the schedule is still at `scheduledFor`. */
  async advance(trackerId: string, scheduledFor: Date, next: Date): Promise<void> {
    await this.schedules.updateOne({ _id: trackerId, nextRunAt: scheduledFor }, { $set: { nextRunAt: next, leaseUntil: NEVER, leaseOwner: null } });
  }

  /** Stops scheduling a tracker that paused or disappeared. */
  async deactivate(trackerId: string): Promise<void> {
    await this.schedules.updateOne({ _id: trackerId }, { $set: { active: false, leaseUntil: NEVER, leaseOwner: null } });
  }

  /** Lets another attempt happen after `retryAt` (a dependency was unavailable). */
  async retryAt(trackerId: string, retryAt: Date): Promise<void> {
    await this.schedules.updateOne({ _id: trackerId }, { $set: { leaseUntil: retryAt, leaseOwner: null } });
  }
}
