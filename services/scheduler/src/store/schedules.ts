import type { Collection, Db } from 'mongodb';
import type { Tracker } from '@brandradar/contracts';
import { updateEach, type IndexSpec } from '@brandradar/platform';

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
  /** The due bucket that last found this schedule's occurrence due (see `dueIn`); gone once the schedule moves on. */
  dueIn?: string;
}

/** `dueIn` is a pushed-down equality (FerretDB v1 pushes no `$in`): the index lets a bucket read its due schedules in one command. */
export const scheduleIndexes: IndexSpec[] = [{ collection: 'schedules', key: { dueIn: 1 }, options: { name: 'due_in' } }];

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
    const doc: ScheduleDoc = { _id: tracker.id, accountId, tracker, definitionVersion, active: nextRunAt !== null, nextRunAt, version };
    for (;;) {
      const stored = await this.get(tracker.id);
      if (stored && stored.version.getTime() >= version.getTime()) return stored.version.getTime() === version.getTime() ? stored : null;
      await this.schedules.replaceOne({ _id: tracker.id }, doc, { upsert: true });
    }
  }

  /**
   * The schedules among `trackerIds` that are active and due by `now`, as stored now: two commands
   * however many they are. The first marks each due one with `bucket` (one conditional update per
   * schedule, all in one command), the second reads the marked ones by that indexed
   * equality. A tracker event stored in between replaces the document, mark and all, so what is
   * read is never older than the check; a mark left by an earlier attempt at the bucket is checked
   * again here.
   */
  async dueIn(bucket: string, trackerIds: readonly string[], now: Date): Promise<ScheduleDoc[]> {
    if (trackerIds.length === 0) return [];
    await updateEach(this.schedules, trackerIds.map((_id) => ({ filter: { _id, active: true, nextRunAt: { $lte: now } }, update: { $set: { dueIn: bucket } } })));
    const marked = await this.schedules.find({ dueIn: bucket }).toArray();
    return marked.filter((s) => s.active && s.nextRunAt && s.nextRunAt.getTime() <= now.getTime());
  }

  /**
   * Each occurrence `from.nextRunAt` is done: its schedule moves on to `next`, in one command of
   * conditional updates, each matching only the schedule as `from` read it (a tracker
   * event stored since keeps its schedule).
   */
  async advance(moves: readonly { from: ScheduleDoc; next: Date }[]): Promise<void> {
    await updateEach(
      this.schedules,
      moves.map(({ from: { _id, version, nextRunAt }, next }) => ({ filter: { _id, version, nextRunAt }, update: { $set: { nextRunAt: next }, $unset: { dueIn: '' } } })),
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
