import type { Collection, Db } from 'mongodb';
import { RunEvents, TrackerEvents, type PauseReason } from '@brandradar/contracts';
import { insertIfNew, type IndexSpec } from '@brandradar/platform';

/** A run that failed, or a tracker that paused: what a week's digest lists beside the headlines. */
export interface Incident {
  /** The event's id: a redelivered event records nothing twice. */
  _id: string;
  accountId: string;
  kind: 'run_failed' | 'paused';
  trackerId: string;
  trackerName: string;
  /** Why the run failed, when it says. */
  error: string | null;
  /** Why the tracker paused (null: by hand, or a failed run). */
  pauseReason: PauseReason | null;
  at: Date;
}

export const DIGEST_INCIDENTS = 'digest_incidents';

export const digestIncidentIndexes: IndexSpec[] = [
  { collection: DIGEST_INCIDENTS, key: { accountId: 1, at: 1 }, options: { name: 'incidents_by_account_and_time' } },
  // For dropping what no digest will show (accounts with the digest off record them too).
  { collection: DIGEST_INCIDENTS, key: { at: 1 }, options: { name: 'incidents_by_time' } },
];

/** At most this many incidents in one digest: a week of a broken setup lists its newest. */
const INCIDENTS_PER_DIGEST = 20;

/**
 * Failed runs and pauses, recorded from the run and tracker events the notifier already receives,
 * so the digest needs no other service's history of them.
 */
export class DigestIncidents {
  private readonly collection: Collection<Incident>;

  constructor(db: Db) {
    this.collection = db.collection<Incident>(DIGEST_INCIDENTS);
  }

  record(incident: Incident): Promise<boolean> {
    return insertIfNew(this.collection, incident);
  }

  /** The account's incidents in [since, until), newest first, at most `INCIDENTS_PER_DIGEST`. */
  between(accountId: string, since: Date, until: Date): Promise<Incident[]> {
    return this.collection.find({ accountId, at: { $gte: since, $lt: until } }).sort({ at: -1 }).limit(INCIDENTS_PER_DIGEST).toArray();
  }

  /** Drops every account's incidents before `before`: older than any digest still to come shows (the store has no TTL indexes: FerretDB 1.x). */
  async forgetAllBefore(before: Date): Promise<void> {
    await this.collection.deleteMany({ at: { $lt: before } });
  }
}

/** The incident an event records, if any: a FAILED run, or a pause. The payloads are already parsed by their consumer. */
export function incidentOf(subject: string, payload: unknown): Incident | null {
  if (subject === RunEvents.finished.subject) {
    const { eventId, accountId, trackerName, run } = RunEvents.finished.payload.parse(payload);
    if (run.status !== 'FAILED') return null;
    return { _id: eventId, accountId, kind: 'run_failed', trackerId: run.trackerId, trackerName, error: run.error?.message ?? null, pauseReason: null, at: new Date(run.finishedAt ?? run.createdAt) };
  }
  if (subject === TrackerEvents.paused.subject) {
    const { eventId, accountId, occurredAt, reason, tracker } = TrackerEvents.paused.payload.parse(payload);
    return { _id: eventId, accountId, kind: 'paused', trackerId: tracker.id, trackerName: tracker.name, error: null, pauseReason: reason, at: new Date(occurredAt) };
  }
  return null;
}
