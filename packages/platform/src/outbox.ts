import type { Collection, Db } from 'mongodb';
import { EVENTS, type EventDef } from '@brandradar/contracts';
import type { Logger } from './logger';
import { PayloadTooLargeError, publishEvent, type NatsLink } from './nats';
import { runPeriodically } from './periodic';

/** An event stored with the document whose change it describes, until it is published. */
export interface StoredEvent {
  subject: string;
  eventId: string;
  payload: Record<string, unknown> & { eventId: string };
}

/** The fields a document needs to carry an outbox. `deletedAt` marks a tombstone kept until its events are out. */
export interface OutboxFields {
  _id: string;
  pendingEvents: StoredEvent[];
  rev: number;
  deletedAt?: Date | null;
}

/** Documents with events still to publish, for the sweep. */
const PENDING = { 'pendingEvents.eventId': { $exists: true } };
export const outboxIndex = (collection: string) => ({ collection, key: { 'pendingEvents.eventId': 1 }, options: { name: 'outbox' } });

const bySubject = new Map<string, EventDef>(EVENTS.map((e) => [e.subject, e]));

/**
 * The transactional outbox of one collection. A change and its events are
 * stored in one single-document write (no transactions needed); `flush`
 * publishes them right after, and `sweep` publishes any left behind by a crash
 * or an outage. JetStream de-duplicates by event id, so a second publish of
 * the same event is harmless.
 */
export class Outbox {
  /** Only the outbox's own fields of each document: the outbox reads and writes nothing else. */
  private readonly collection: Collection<OutboxFields>;

  constructor(
    db: Db,
    collectionName: string,
    private readonly nats: NatsLink,
    private readonly logger: Logger,
  ) {
    this.collection = db.collection<OutboxFields>(collectionName);
  }

  async flush(id: string): Promise<void> {
    const doc = await this.collection.findOne({ _id: id });
    if (doc) await this.publish(doc, doc.pendingEvents);
  }

  /** Flushes without failing the caller: the sweep retries what could not be published now. */
  flushSoon(id: string): Promise<void> {
    return this.orLeaveToSweep(id, this.flush(id));
  }

  /**
   * Like `flushSoon` for events the caller has just stored in a new document `id`: published
   * without reading the document back (one store operation fewer on a hot path).
   */
  flushInserted(id: string, events: StoredEvent[]): Promise<void> {
    return this.orLeaveToSweep(id, this.publish({ _id: id }, events));
  }

  private async publish(doc: Pick<OutboxFields, '_id' | 'deletedAt'>, events: StoredEvent[]): Promise<void> {
    const published: StoredEvent[] = [];
    for (const e of events) {
      const def = bySubject.get(e.subject);
      if (!def) throw new Error(`no event ${e.subject} in the catalog`);
      await publishEvent(this.nats, def, e.payload);
      published.push(e);
    }
    await this.markPublished(doc, published);
  }

  private orLeaveToSweep(id: string, publishing: Promise<void>): Promise<void> {
    return publishing.catch((err: unknown) => {
      if (err instanceof PayloadTooLargeError) this.logger.error({ err, id }, 'outbox event too large for NATS; it can never be published');
      else this.logger.warn({ err, id }, 'outbox publish failed; the sweep will retry');
    });
  }

  async sweep(limit = 100): Promise<void> {
    const docs = await this.collection.find(PENDING, { projection: { _id: 1 } }).limit(limit).toArray();
    for (const { _id } of docs) await this.flushSoon(_id);
  }

  /**
   * Runs `sweep` every `intervalMs`, one pass at a time, until the returned function is called; it
   * resolves once the pass under way is done, so a shutdown closes the store only after it. A pass
   * that fails (the store out of reach) is logged and the next one retries.
   */
  startSweeping(intervalMs: number): () => Promise<void> {
    return runPeriodically(intervalMs, () => this.sweep(), (err) => this.logger.warn({ err }, 'outbox sweep failed; the next one retries'));
  }

  /**
   * Drops the published events. `$pullAll` removes exactly those entries in one
   * update by `_id` alone (the only filter FerretDB v1 answers without scanning
   * the collection), and bumps `rev` so a compare-and-swap computed from an
   * older read retries instead of putting them back. A tombstone goes for good
   * once nothing is left to publish.
   */
  private async markPublished(doc: Pick<OutboxFields, '_id' | 'deletedAt'>, events: StoredEvent[]): Promise<void> {
    if (events.length === 0 && !doc.deletedAt) return;
    await this.collection.updateOne({ _id: doc._id }, { $pullAll: { pendingEvents: events }, $inc: { rev: 1 } });
    if (doc.deletedAt) await this.collection.deleteOne({ _id: doc._id, deletedAt: { $ne: null }, pendingEvents: { $size: 0 } });
  }
}
