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
 * Every read and write is by `_id` alone: FerretDB v1 scans and decodes the
 * whole collection for any other filter, so a conditional update is written
 * as a read and a write by `_id`, then checked.
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
   * The occurrence `from.nextRunAt` is done: the schedule moves on to `next`.
   * If a tracker event changed the schedule since `from` was read, that
   * event's schedule is put back; returns whether `next` is what is stored.
   */
  async advance(from: ScheduleDoc, next: Date): Promise<boolean> {
    const before = await this.schedules.findOneAndUpdate({ _id: from._id }, { $set: { nextRunAt: next } }, { returnDocument: 'before' });
    if (!before || (before.version.getTime() === from.version.getTime() && before.nextRunAt?.getTime() === from.nextRunAt?.getTime())) return before !== null;
    await this.schedules.updateOne({ _id: from._id }, { $set: { nextRunAt: before.nextRunAt } });
    return false;
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
