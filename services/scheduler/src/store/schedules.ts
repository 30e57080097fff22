import type { Collection, Db } from 'mongodb';
import type { Tracker } from '@brandradar/contracts';
import { mapConcurrently, updateEach, type IndexSpec } from '@brandradar/platform';
import { onTimeBucket } from '../domain/due';

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
  /** The bucket the occurrence is filed in when filed on time (`onTimeBucket`); null when none is due. Stores kept before it lack it. */
  dueBucket?: string | null;
}

/** `dueBucket` is a pushed-down equality (FerretDB v1 pushes no `$in`): the index lets a bucket read its schedules in one command. */
export const scheduleIndexes: IndexSpec[] = [{ collection: 'schedules', key: { dueBucket: 1 }, options: { name: 'due_bucket' } }];

/**
 * Every write finds its document by `_id` (a conditional update adds
 * equalities on that one document), and the one read across schedules is an
 * indexed equality on a due bucket's id: nothing here scans.
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
    const dueBucket = nextRunAt && onTimeBucket(nextRunAt, accountId);
    const doc: ScheduleDoc = { _id: tracker.id, accountId, tracker, definitionVersion, active: nextRunAt !== null, nextRunAt, version, dueBucket };
    for (;;) {
      const stored = await this.get(tracker.id);
      if (stored && stored.version.getTime() >= version.getTime()) return stored.version.getTime() === version.getTime() ? stored : null;
      await this.schedules.replaceOne({ _id: tracker.id }, doc, { upsert: true });
    }
  }

  /**
   * The schedules due by `now` of a bucket that lists `trackerIds`, as stored now: those filed on
   * time in one read by the indexed `dueBucket`, any other listed (filed late, retried, or stored
   * before `dueBucket` existed) by `_id`, `concurrency` at a time. A listed schedule that paused,
   * moved on or is gone is left out.
   */
  async dueIn(bucket: string, trackerIds: readonly string[], now: Date, concurrency: number): Promise<ScheduleDoc[]> {
    const onTime = await this.schedules.find({ dueBucket: bucket }).toArray();
    const found = new Set(onTime.map((s) => s._id));
    const others = await mapConcurrently(trackerIds.filter((id) => !found.has(id)), concurrency, (id) => this.get(id));
    return [...onTime, ...others].filter((s): s is ScheduleDoc => s !== null && s.active && s.nextRunAt !== null && s.nextRunAt.getTime() <= now.getTime());
  }

  /**
   * Each occurrence `from.nextRunAt` is done: its schedule moves on to `next`, in one command of
   * conditional updates, each matching only the schedule as `from` read it (a tracker
   * event stored since keeps its schedule).
   */
  async advance(moves: readonly { from: ScheduleDoc; next: Date }[]): Promise<void> {
    await updateEach(
      this.schedules,
      moves.map(({ from: { _id, accountId, version, nextRunAt }, next }) => ({ filter: { _id, version, nextRunAt }, update: { $set: { nextRunAt: next, dueBucket: onTimeBucket(next, accountId) } } })),
    );
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
