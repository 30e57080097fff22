import type { Collection, Db } from 'mongodb';
import type { Tracker } from '@brandradar/contracts';

/**
 * The scheduler's own copy of each tracker's schedule, kept from the tracker
 * events. `version` is the tracker's `updatedAt`, so an event that arrives
 * late never undoes a newer one. It is the truth about what is due; the due
 * buckets only say where to look.
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
}

/**
 * Every read and write finds its document by `_id` (a conditional update adds
 * equalities on that one document): nothing here reads across schedules.
 */
export class ScheduleStore {
  private readonly schedules: Collection<ScheduleDoc>;

  constructor(db: Db) {
    this.schedules = db.collection<ScheduleDoc>('schedules');
  }

  get(trackerId: string): Promise<ScheduleDoc | null> {
    return this.schedules.findOne({ _id: trackerId });
  }

  /**
   * Stores what a tracker event says unless a newer version is stored, and
   * returns the schedule now stored. Two replicas applying two events of one
   * tracker at once may overwrite each other; whichever finds an older version
   * than its own after writing writes again, so the newest always ends up stored.
   */
  async apply(accountId: string, tracker: Tracker, definitionVersion: number, active: boolean): Promise<ScheduleDoc | null> {
    const version = new Date(tracker.updatedAt);
    const nextRunAt = active && tracker.nextRunAt ? new Date(tracker.nextRunAt) : null;
    const doc: ScheduleDoc = { _id: tracker.id, accountId, tracker, definitionVersion, active: nextRunAt !== null, nextRunAt, version };
    for (;;) {
      const stored = await this.get(tracker.id);
      if (stored && stored.version.getTime() >= version.getTime()) return stored.version.getTime() === version.getTime() ? stored : null;
      await this.schedules.replaceOne({ _id: tracker.id }, doc, { upsert: true });
    }
  }

  /**
   * The occurrence `from.nextRunAt` is done: the schedule moves on to `next`, in one conditional
   * write that matches only the schedule as `from` read it (a tracker event stored since keeps its
   * schedule). Returns whether `next` is what is stored.
   */
  async advance(from: ScheduleDoc, next: Date): Promise<boolean> {
    const { modifiedCount } = await this.schedules.updateOne({ _id: from._id, version: from.version, nextRunAt: from.nextRunAt }, { $set: { nextRunAt: next } });
    return modifiedCount === 1;
  }

  /** Every active schedule: read once, to fill the due buckets of a store kept before they existed. */
  active(): AsyncIterable<Pick<ScheduleDoc, '_id' | 'accountId' | 'nextRunAt'>> {
    return this.schedules.find({ active: true }, { projection: { _id: 1, accountId: 1, nextRunAt: 1 } });
  }

  /** Stops scheduling a tracker that paused or disappeared. */
  async deactivate(trackerId: string): Promise<void> {
    await this.schedules.updateOne({ _id: trackerId }, { $set: { active: false } });
  }
}
