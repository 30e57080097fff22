import type { Collection, Db, Filter, OptionalUnlessRequiredId } from 'mongodb';
import { isDuplicateKeyError, outboxIndex, pendingFields, type IndexSpec, type OutboxFields, type StoredEvent } from '@brandradar/platform';
import { FINISHED_STATUSES, type ReanalysisJob, type SweepJob } from '../domain/reanalysis';

interface JobDoc extends Omit<ReanalysisJob, 'id'>, OutboxFields {
  /** `<accountId>:<requestToken>`: a unique index turns every repeat of a request into its first job. */
  dedupeKey: string;
}

interface SweepDoc extends Omit<SweepJob, 'id'>, OutboxFields {
  /** The request token: unique. */
  dedupeKey: string;
}

export const JOBS = 'reanalyses';
export const SWEEPS = 'reanalysis_sweeps';

export const reanalysisIndexes: IndexSpec[] = [
  { collection: JOBS, key: { dedupeKey: 1 }, options: { name: 'dedupe_unique', unique: true } },
  { collection: JOBS, key: { trackerId: 1 }, options: { name: 'tracker' } },
  outboxIndex(JOBS),
  { collection: SWEEPS, key: { dedupeKey: 1 }, options: { name: 'dedupe_unique', unique: true } },
  outboxIndex(SWEEPS),
];

const UNFINISHED = { $nin: [...FINISHED_STATUSES] };

/** Reanalysis jobs of trackers and operators' sweeps: each read and written by `_id`, every change one single-document write. */
export class ReanalysisStore {
  private readonly jobs: Collection<JobDoc>;
  private readonly sweeps: Collection<SweepDoc>;

  constructor(db: Db) {
    this.jobs = db.collection<JobDoc>(JOBS);
    this.sweeps = db.collection<SweepDoc>(SWEEPS);
  }

  /** Inserts a job with the command that works it; the existing job instead when its request was made before. */
  async insertJob(job: ReanalysisJob, events: StoredEvent[]): Promise<{ inserted: boolean; job: ReanalysisJob }> {
    const { id, ...fields } = job;
    const stored = await insertOnce(this.jobs, { ...fields, _id: id, dedupeKey: jobKey(job.accountId, job.requestToken), ...pendingFields(events), rev: 0 });
    return { inserted: stored._id === id, job: jobOf(stored) };
  }

  async jobByToken(accountId: string, requestToken: string): Promise<ReanalysisJob | null> {
    const doc = await this.jobs.findOne({ dedupeKey: jobKey(accountId, requestToken) });
    return doc && jobOf(doc);
  }

  async sweepByToken(requestToken: string): Promise<SweepJob | null> {
    const doc = await this.sweeps.findOne({ dedupeKey: requestToken });
    return doc && sweepOf(doc);
  }

  async job(id: string): Promise<ReanalysisJob | null> {
    const doc = await this.jobs.findOne({ _id: id });
    return doc && jobOf(doc);
  }

  /** QUEUED → RUNNING with the names it works with; the job as it is now (already started: unchanged). */
  async startJob(id: string, names: ReanalysisJob['names'], now: Date): Promise<ReanalysisJob | null> {
    await this.jobs.updateOne({ _id: id, status: 'QUEUED' }, { $set: { status: 'RUNNING', names, startedAt: now } });
    return this.job(id);
  }

  async jobProgress(id: string, done: number): Promise<void> {
    await this.jobs.updateOne({ _id: id }, { $set: { done } });
  }

  /** Runs found finished while the job worked, to do after the others. */
  async addJobRuns(id: string, runIds: readonly string[]): Promise<void> {
    await this.jobs.updateOne({ _id: id }, { $push: { runIds: { $each: [...runIds] } } });
  }

  /** Ends an unfinished job; false when it had ended already (so its end is counted once). */
  async finishJob(id: string, status: 'COMPLETED' | 'FAILED', error: ReanalysisJob['error'], now: Date): Promise<boolean> {
    const { modifiedCount } = await this.jobs.updateOne({ _id: id, status: UNFINISHED }, { $set: { status, error, finishedAt: now } });
    return modifiedCount === 1;
  }

  async deleteForTracker(trackerId: string): Promise<void> {
    await this.jobs.deleteMany({ trackerId });
  }

  async insertSweep(sweep: SweepJob, events: StoredEvent[]): Promise<{ inserted: boolean; sweep: SweepJob }> {
    const { id, ...fields } = sweep;
    const stored = await insertOnce(this.sweeps, { ...fields, _id: id, dedupeKey: sweep.requestToken, ...pendingFields(events), rev: 0 });
    return { inserted: stored._id === id, sweep: sweepOf(stored) };
  }

  async sweep(id: string): Promise<SweepJob | null> {
    const doc = await this.sweeps.findOne({ _id: id });
    return doc && sweepOf(doc);
  }

  /** QUEUED → RUNNING, or on again (resumed by another runner); `answersPerSecond` is the throttle of the runner working on it now. */
  async startSweep(id: string, answersPerSecond: number | null, now: Date): Promise<SweepJob | null> {
    await this.sweeps.updateOne({ _id: id, status: 'QUEUED' }, { $set: { status: 'RUNNING', startedAt: now } });
    await this.sweeps.updateOne({ _id: id }, { $set: { answersPerSecond } });
    return this.sweep(id);
  }

  /** A run of the sweep recomputed: counted as it goes. */
  async sweepRunDone(id: string, answers: number): Promise<void> {
    await this.sweeps.updateOne({ _id: id }, { $inc: { runsDone: 1, answersDone: answers } });
  }

  async sweepTrackersDone(id: string, trackersDone: number): Promise<void> {
    await this.sweeps.updateOne({ _id: id }, { $set: { trackersDone } });
  }

  async finishSweep(id: string, status: 'COMPLETED' | 'FAILED', error: SweepJob['error'], now: Date): Promise<boolean> {
    const { modifiedCount } = await this.sweeps.updateOne({ _id: id, status: UNFINISHED }, { $set: { status, error, finishedAt: now } });
    return modifiedCount === 1;
  }
}

/** Inserts `doc`, or finds the document inserted before with its `dedupeKey` (the unique index refused this one). */
async function insertOnce<D extends OutboxFields & { dedupeKey: string }>(collection: Collection<D>, doc: D): Promise<D> {
  try {
    await collection.insertOne(doc as OptionalUnlessRequiredId<D>);
    return doc;
  } catch (e) {
    if (!isDuplicateKeyError(e)) throw e;
  }
  const existing = await collection.findOne({ dedupeKey: doc.dedupeKey } as Filter<D>);
  if (!existing) throw new Error(`${collection.collectionName} ${doc._id}: refused as a duplicate, yet none has its dedupe key`);
  return existing as D;
}

function jobKey(accountId: string, requestToken: string): string {
  return `${accountId}:${requestToken}`;
}

function jobOf(doc: JobDoc): ReanalysisJob {
  const { _id, dedupeKey: _k, pendingEvents: _p, hasPendingEvents: _h, rev: _r, deletedAt: _d, ...job } = doc;
  return { ...job, id: _id };
}

function sweepOf(doc: SweepDoc): SweepJob {
  const { _id, dedupeKey: _k, pendingEvents: _p, hasPendingEvents: _h, rev: _r, deletedAt: _d, ...sweep } = doc;
  return { ...sweep, id: _id };
}
