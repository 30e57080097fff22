import type { AuditEntry, AuditRecorded } from '@brandradar/contracts';
import { keysetCursor } from '@brandradar/platform';

const DAY_MS = 86_400_000;

/**
 * An audit entry as billing keeps it: under its event id (so a redelivered event stores nothing new),
 * its time a Date for sorting, and no `errorCode` for a call that succeeded. FerretDB 1.x drops a
 * top-level null from an upsert's `$setOnInsert` while MongoDB keeps it, so null is never written:
 * the stored shape is the same on either.
 */
export interface AuditRecord extends Omit<AuditEntry, 'id' | 'time' | 'errorCode'> {
  _id: string;
  accountId: string;
  time: Date;
  errorCode?: string;
}

export function auditRecordOf(event: AuditRecorded): AuditRecord {
  const { eventId, occurredAt, accountId, requestId, actor, action, method, target, status, errorCode } = event;
  return { _id: eventId, accountId, time: new Date(occurredAt), requestId, actor, action, method, target, status, ...(errorCode === null ? {} : { errorCode }) };
}

export function auditEntryOf(r: AuditRecord): AuditEntry {
  const { _id, time, requestId, actor, action, method, target, status, errorCode } = r;
  return { id: _id, time: time.toISOString(), requestId, actor, action, method, target, status, errorCode: errorCode ?? null };
}

/** The trail's cursors: a page ends at its last entry's time and id (an event id, a UUID). */
export const trailCursor = keysetCursor(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);

/** Entries from before this are past their retention. */
export const retentionCutoff = (now: Date, retentionDays: number): Date => new Date(now.getTime() - retentionDays * DAY_MS);
