import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError, type IndexSpec } from '@brandradar/platform';

/**
 * The runs not yet settled, each with its deadline: written before the run
 * itself and removed once it is finished and billed, so this collection holds
 * only live work and the reaper reads it instead of scanning every run.
 */
interface OpenRunDoc {
  _id: string; // run id
  deadlineAt: Date;
}

export const openRunIndexes: IndexSpec[] = [{ collection: 'open_runs', key: { deadlineAt: 1 }, options: { name: 'deadline' } }];

export class OpenRunStore {
  private readonly openRuns: Collection<OpenRunDoc>;

  constructor(db: Db) {
    this.openRuns = db.collection<OpenRunDoc>('open_runs');
  }

  /** Registers a new run (a fresh id): one insert, and a repeat of it is already done. */
  async open(runId: string, deadlineAt: Date): Promise<void> {
    try {
      await this.openRuns.insertOne({ _id: runId, deadlineAt });
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e;
    }
  }

  async close(runId: string): Promise<void> {
    await this.openRuns.deleteOne({ _id: runId });
  }

  /** Runs whose deadline has passed, oldest first. */
  async due(now: Date, limit: number): Promise<string[]> {
    return (await this.openRuns.find({ deadlineAt: { $lte: now } }, { projection: { _id: 1 } }).sort({ deadlineAt: 1 }).limit(limit).toArray()).map((d) => d._id);
  }
}
