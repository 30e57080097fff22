import type { Collection, Filter, UpdateFilter } from 'mongodb';
import { EVENTS, type EventDef } from '@brandradar/contracts';
import type { Logger } from './logger';
import { publishEvent, type NatsLink } from './nats';

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
  hasPendingEvents: boolean;
  rev: number;
  deletedAt?: Date | null;
}

export const outboxIndex = (collection: string) => ({ collection, key: { hasPendingEvents: 1 }, options: { name: 'outbox' } });

const bySubject = new Map<string, EventDef>(EVENTS.map((e) => [e.subject, e]));

/**
 * The transactional outbox of one collection. A change and its events are
 * stored in one single-document write (no transactions needed); `flush`
 * publishes them right after, and `sweep` publishes any left behind by a crash
 * or an outage. JetStream de-duplicates by event id, so a second publish of
 * the same event is harmless.
 */
export class Outbox<D extends OutboxFields> {
  constructor(
    private readonly collection: Collection<D>,
    private readonly nats: NatsLink,
    private readonly logger: Logger,
  ) {}

  async flush(id: string): Promise<void> {
    const doc = await this.collection.findOne({ _id: id } as Filter<D>);
    if (!doc) return;
    const published: string[] = [];
    for (const e of doc.pendingEvents) {
      const def = bySubject.get(e.subject);
      if (!def) throw new Error(`no event ${e.subject} in the catalog`);
      await publishEvent(this.nats.js, def, e.payload);
      published.push(e.eventId);
    }
    await this.markPublished(id, published);
  }

  /** Flushes without failing the caller: the sweep retries what could not be published now. */
  flushSoon(id: string): Promise<void> {
    return this.flush(id).catch((err: unknown) => this.logger.warn({ err, id }, 'outbox publish failed; the sweep will retry'));
  }

  async sweep(limit = 100): Promise<void> {
    const docs = await this.collection.find({ hasPendingEvents: true } as Filter<D>, { projection: { _id: 1 } }).limit(limit).toArray();
    for (const { _id } of docs) await this.flushSoon(_id);
  }

  /** Runs `sweep` every `intervalMs` until the returned function is called. */
  startSweeping(intervalMs: number): () => void {
    const timer = setInterval(() => void this.sweep(), intervalMs);
    return () => clearInterval(timer);
  }

  /** Drops published events; a tombstone goes for good once nothing is left to publish. */
  private async markPublished(id: string, eventIds: string[]): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const doc = await this.collection.findOne({ _id: id } as Filter<D>);
      if (!doc) return;
      const remaining = doc.pendingEvents.filter((e) => !eventIds.includes(e.eventId));
      if (doc.deletedAt && remaining.length === 0) {
        await this.collection.deleteOne({ _id: id, rev: doc.rev } as Filter<D>);
        return;
      }
      const update = { $set: { pendingEvents: remaining, hasPendingEvents: remaining.length > 0, rev: doc.rev + 1 } } as unknown as UpdateFilter<D>;
      const { modifiedCount } = await this.collection.updateOne({ _id: id, rev: doc.rev } as Filter<D>, update);
      if (modifiedCount === 1) return;
    }
  }
}
