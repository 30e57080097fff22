import type { AuditEntry, AuditRecorded } from '@brandradar/contracts';

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

/** Where a page of the trail ends: the last entry's time and id (ids break ties between entries of one millisecond). */
export interface TrailPosition {
  time: Date;
  id: string;
}

const POSITION = /^([0-9a-z]{1,11})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A position as an opaque base64url token: the time in ms (base 36) and the entry id. */
export function encodeTrailCursor(p: TrailPosition): string {
  return Buffer.from(`${p.time.getTime().toString(36)}.${p.id}`).toString('base64url');
}

/** The position a cursor names, or null for one billing did not issue. */
export function decodeTrailCursor(cursor: string): TrailPosition | null {
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) return null;
  const ms = parseInt(match[1]!, 36);
  return Number.isSafeInteger(ms) ? { time: new Date(ms), id: match[2]! } : null;
}

/** Entries from before this are past their retention. */
export const retentionCutoff = (now: Date, retentionDays: number): Date => new Date(now.getTime() - retentionDays * DAY_MS);
