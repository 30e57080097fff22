import type { Collection, Db, Filter } from 'mongodb';
import type { AuditRecorded } from '@brandradar/contracts';
import type { IndexSpec, KeysetPosition } from '@brandradar/platform';
import { auditRecordOf, type AuditRecord } from '../domain/audit';

const AUDIT_COLLECTION = 'audit_entries';

export const auditIndexes: IndexSpec[] = [
  // An account's trail, newest first, paged by (time, id).
  { collection: AUDIT_COLLECTION, key: { accountId: 1, time: -1, _id: -1 }, options: { name: 'account_time' } },
  // The retention sweep: the oldest entries of every account.
  { collection: AUDIT_COLLECTION, key: { time: 1 }, options: { name: 'time' } },
];

/** The audit trail (api-contract §15): every mutating call of every account, kept for the retention period. */
export class AuditStore {
  private readonly entries: Collection<AuditRecord>;

  constructor(db: Db) {
    this.entries = db.collection<AuditRecord>(AUDIT_COLLECTION);
  }

  /** Keeps an entry once: a redelivered event finds its id taken and changes nothing. */
  async record(event: AuditRecorded): Promise<void> {
    const { _id, ...fields } = auditRecordOf(event);
    await this.entries.updateOne({ _id }, { $setOnInsert: fields }, { upsert: true });
  }

  /** A page of an account's trail, newest first, after `from` if given. */
  page(accountId: string, limit: number, from: KeysetPosition | null): Promise<AuditRecord[]> {
    const after: Filter<AuditRecord> = from ? { $or: [{ time: { $lt: from.time } }, { time: from.time, _id: { $lt: from.id } }] } : {};
    return this.entries
      .find({ accountId, ...after })
      .sort({ time: -1, _id: -1 })
      .limit(limit)
      .toArray();
  }

  /**
   * Deletes up to `batch` entries from before `cutoff`, oldest first, by the time index; how many.
   * Bounded, so one pass never holds the store for long; a backlog goes over the next passes.
   */
  async deleteBefore(cutoff: Date, batch: number): Promise<number> {
    const due = await this.entries.find({ time: { $lt: cutoff } }, { projection: { _id: 1 } }).sort({ time: 1 }).limit(batch).toArray();
    if (due.length === 0) return 0;
    return (await this.entries.deleteMany({ _id: { $in: due.map((d) => d._id) } })).deletedCount;
  }
}
