import type { Collection, Db } from 'mongodb';
import type { z } from 'zod';
import type { EventDef } from '@brandradar/contracts';
import { Outbox, outboxIndex, pendingFields, storedEvent, type IndexSpec, type Logger, type NatsLink, type OutboxFields } from '@brandradar/platform';

type AnnouncementDoc = OutboxFields;

export const announcementIndexes: IndexSpec[] = [outboxIndex('announcements')];

/**
 * Billing's events, each stored as its own document until it is published
 * (then the document goes). Stored after the change it announces: a crash in
 * between loses the event, and repeating the operator's call (closing again,
 * publishing the same rates) announces it again; consumers treat a repeat as
 * nothing new.
 */
export class Announcements {
  private readonly collection: Collection<AnnouncementDoc>;
  private readonly outbox: Outbox;

  constructor(db: Db, nats: NatsLink, logger: Logger) {
    this.collection = db.collection<AnnouncementDoc>('announcements');
    this.outbox = new Outbox(db, 'announcements', nats, logger);
  }

  async announce<E extends EventDef>(def: E, fields: Omit<z.infer<E['payload']>, 'version' | 'eventId' | 'occurredAt'>, now: Date): Promise<void> {
    const event = storedEvent(def, fields, now);
    await this.collection.insertOne({ _id: event.eventId, ...pendingFields([event]), rev: 0, deletedAt: now });
    await this.outbox.flushSoon(event.eventId);
  }

  startSweeping(intervalMs: number): () => Promise<void> {
    return this.outbox.startSweeping(intervalMs);
  }
}
