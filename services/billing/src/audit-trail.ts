import { AUDIT_EVENTS_STREAM, AuditEvents, type AuditQueries } from '@brandradar/contracts';
import { defineConsumer, DomainError, type Logger, type QueryHandlers } from '@brandradar/platform';
import { auditEntryOf, retentionCutoff, trailCursor } from './domain/audit';
import type { AuditStore } from './store/audit';

/** The gateways' audit events, each stored once; a handful at a time, as they are small and independent. */
export const auditConsumer = defineConsumer({ stream: AUDIT_EVENTS_STREAM, durable: 'billing-audit', events: [AuditEvents.recorded], ackWaitMs: 30_000, maxDeliver: 20 });

const badCursor = () =>
  DomainError.of('validation_error', 'The query is invalid.', { issues: [{ path: 'cursor', message: 'Cursor is not one this API issued; use nextCursor of the previous page.' }] });

/** An account's trail, newest first, a page at a time. */
export function auditQueryHandlers(store: AuditStore): QueryHandlers<typeof AuditQueries> {
  return {
    async list({ accountId, query }) {
      const from = query.cursor === undefined ? null : trailCursor.decode(query.cursor);
      if (query.cursor !== undefined && from === null) throw badCursor();
      // One more than asked for tells whether there is a next page.
      const records = await store.page(accountId, query.limit + 1, from);
      const page = records.slice(0, query.limit);
      const last = page.at(-1);
      return { entries: page.map(auditEntryOf), nextCursor: records.length > query.limit && last ? trailCursor.encode({ time: last.time, id: last._id }) : null };
    },
  };
}

/** Entries deleted per batch, and batches per pass: a pass stays short, a backlog is worked off over the next ones. */
const SWEEP_BATCH = 500;
const SWEEP_BATCHES_PER_PASS = 20;

/**
 * Deletes entries past the retention (FerretDB 1.x has no TTL index), oldest first in bounded
 * batches by the time index. Every billing replica may sweep: deleting by id twice is harmless.
 * Returns how many this pass deleted.
 */
export function createAuditSweeper(store: AuditStore, retentionDays: number, now: () => Date, logger: Logger): () => Promise<number> {
  return async () => {
    const cutoff = retentionCutoff(now(), retentionDays);
    let deleted = 0;
    for (let i = 0; i < SWEEP_BATCHES_PER_PASS; i++) {
      const n = await store.deleteBefore(cutoff, SWEEP_BATCH);
      deleted += n;
      if (n < SWEEP_BATCH) break;
    }
    if (deleted > 0) logger.info({ deleted, before: cutoff.toISOString() }, 'audit entries past their retention deleted');
    return deleted;
  };
}
