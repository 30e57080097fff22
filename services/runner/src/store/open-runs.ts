import type { Collection, Db } from 'mongodb';
import { insertEach, type IndexSpec } from '@brandradar/platform';
import type { RunState } from '../domain/run';

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

  /** Registers new runs (fresh ids) in one insert; a repeat of one is already done. */
  async open(runs: Pick<RunState, 'id' | 'deadlineAt'>[]): Promise<void> {
    await insertEach(this.openRuns, runs.map((r) => ({ _id: r.id, deadlineAt: r.deadlineAt })));
  }

  async close(runId: string): Promise<void> {
    await this.openRuns.deleteOne({ _id: runId });
  }

  /** Runs whose deadline has passed, oldest first. */
  async due(now: Date, limit: number): Promise<string[]> {
    return (await this.openRuns.find({ deadlineAt: { $lte: now } }, { projection: { _id: 1 } }).sort({ deadlineAt: 1 }).limit(limit).toArray()).map((d) => d._id);
  }
}
