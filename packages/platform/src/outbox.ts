import { randomUUID } from 'node:crypto';
import { MongoServerError, type Collection, type Db } from 'mongodb';
import type { z } from 'zod';
import { EVENTS, type EventDef } from '@brandradar/contracts';
import { mapConcurrently } from './concurrency';
import type { Logger } from './logger';
import { PayloadTooLargeError, publishEvent, type NatsLink } from './messaging';
import { runPeriodically } from './periodic';

/** An event stored with the document whose change it describes, until it is published. */
export interface StoredEvent {
  subject: string;
  eventId: string;
  payload: Record<string, unknown> & { eventId: string };
}

/**
 * The fields a document needs to carry an outbox. `deletedAt` marks a tombstone kept until its events are out.
 * `hasPendingEvents` is true whenever `pendingEvents` is not empty (set in the same write that stores
 * events, cleared only by an update that finds the list empty), so the sweep is an indexed equality:
 * FerretDB evaluates `$exists` or `$size` in Go over every document of the collection.
 */
export interface OutboxFields {
  _id: string;
  pendingEvents: StoredEvent[];
  hasPendingEvents: boolean;
  rev: number;
  deletedAt?: Date | null;
}

/** The fields every event payload starts with, which {@link storedEvent} fills in. */
type EnvelopeFields = 'version' | 'eventId' | 'occurredAt';

/** A new event of `def` for an outbox: a fresh event id (JetStream's de-duplication key), `occurredAt` then. */
export function storedEvent<E extends EventDef>(def: E, fields: Omit<z.infer<E['payload']>, EnvelopeFields>, occurredAt: Date): StoredEvent {
  const eventId = randomUUID();
  return { subject: def.subject, eventId, payload: { ...fields, version: 1, eventId, occurredAt: occurredAt.toISOString() } };
}

/** The outbox fields of a document whose events to publish are `events`, for its writers. */
export function pendingFields(events: StoredEvent[]): Pick<OutboxFields, 'pendingEvents' | 'hasPendingEvents'> {
  return { pendingEvents: events, hasPendingEvents: events.length > 0 };
}

/** Documents with events still to publish, for the sweep. */
const PENDING = { hasPendingEvents: true };
export const outboxIndex = (collection: string) => ({ collection, key: { hasPendingEvents: 1 }, options: { name: 'outbox_pending' } });
/** Documents written before `hasPendingEvents` existed that still hold events, and the index their sweep used. */
const UNFLAGGED = { 'pendingEvents.eventId': { $exists: true }, hasPendingEvents: { $ne: true } };
const LEGACY_INDEX = 'outbox';

/** MongoDB's (and FerretDB's) code for a collection that does not exist. */
const NAMESPACE_NOT_FOUND = 26;

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
    // A new document is at rev 0 with exactly these events, unless something changed it meanwhile.
    return this.orLeaveToSweep(id, this.publish({ _id: id, rev: 0, pendingEvents: events }, events));
  }

  private async publish(doc: Published, events: StoredEvent[]): Promise<void> {
    const published: StoredEvent[] = [];
    for (const e of events) {
      await publishStored(this.nats, e);
      published.push(e);
    }
    await this.markPublished(doc, published);
  }

  private orLeaveToSweep(id: string, publishing: Promise<void>): Promise<void> {
    return leaveToSweep(this.logger, id, publishing);
  }

  async sweep(limit = 100): Promise<void> {
    const docs = await this.collection.find(PENDING, { projection: { _id: 1 } }).limit(limit).toArray();
    for (const { _id } of docs) await this.flushSoon(_id);
  }

  /**
   * Flags the documents stored before `hasPendingEvents` existed that still hold events, so the
   * sweep finds them, then drops the index the old sweep used. The index's presence says the
   * collection was written by an older version: a new collection, or one migrated already, costs
   * one `listIndexes`; a migration is one pass over the collection (`$exists` cannot use an index).
   */
  async flagUnflagged(): Promise<number> {
    const indexes = await this.collection.listIndexes().toArray().catch((e: unknown) => {
      if (e instanceof MongoServerError && e.code === NAMESPACE_NOT_FOUND) return [];
      throw e;
    });
    if (!indexes.some(({ name }: { name?: unknown }) => name === LEGACY_INDEX)) return 0;
    const { modifiedCount } = await this.collection.updateMany(UNFLAGGED, { $set: { hasPendingEvents: true } });
    await this.collection.dropIndex(LEGACY_INDEX);
    return modifiedCount;
  }

  /**
   * Runs `sweep` every `intervalMs`, one pass at a time, until the returned function is called; it
   * resolves once the pass under way is done, so a shutdown closes the store only after it. A pass
   * that fails (the store out of reach) is logged and the next one retries. The first pass migrates
   * documents written by an older version first (`flagUnflagged`), until that succeeds once.
   */
  startSweeping(intervalMs: number): () => Promise<void> {
    let flagged = false;
    const pass = async () => {
      if (!flagged) {
        const count = await this.flagUnflagged();
        if (count > 0) this.logger.info({ count }, 'outbox: flagged documents stored before hasPendingEvents existed');
        flagged = true;
      }
      await this.sweep();
    };
    return runPeriodically(intervalMs, pass, (err) => this.logger.warn({ err }, 'outbox sweep failed; the next one retries'));
  }

  /**
   * Drops the published events and bumps `rev`, so a compare-and-swap computed from an older read
   * retries instead of putting them back. Usually one update: the document as read (same `rev`)
   * minus what was published, with `hasPendingEvents` to match. When it changed meanwhile, `$pullAll`
   * removes exactly those entries, and a second update clears the flag only if it then finds the
   * list empty (events stored in between keep it set). A tombstone goes for good once nothing is
   * left to publish.
   */
  private async markPublished(doc: Published, events: StoredEvent[]): Promise<void> {
    if (events.length === 0 && !doc.deletedAt && !doc.hasPendingEvents) return; // a flag left set by a crash is cleared below
    const ids = new Set(events.map((e) => e.eventId));
    const left = doc.pendingEvents.filter((e) => !ids.has(e.eventId));
    const swapped = await this.collection.updateOne({ _id: doc._id, rev: doc.rev }, { $set: pendingFields(left), $inc: { rev: 1 } });
    if (swapped.modifiedCount !== 1) {
      await this.collection.updateOne({ _id: doc._id }, { $pullAll: { pendingEvents: events }, $inc: { rev: 1 } });
      await this.collection.updateOne({ _id: doc._id, pendingEvents: { $size: 0 } }, { $set: { hasPendingEvents: false } });
    }
    if (doc.deletedAt) await this.collection.deleteOne({ _id: doc._id, deletedAt: { $ne: null }, pendingEvents: { $size: 0 } });
  }
}

/** Publishes one stored event under its event id (JetStream drops a second publish of it). */
async function publishStored(nats: NatsLink, e: StoredEvent): Promise<void> {
  const def = bySubject.get(e.subject);
  if (!def) throw new Error(`no event ${e.subject} in the catalog`);
  await publishEvent(nats, def, e.payload);
}

/** Publishing that does not fail its caller: what could not be published now is left to the sweep. */
function leaveToSweep(logger: Logger, id: string, publishing: Promise<void>): Promise<void> {
  return publishing.catch((err: unknown) => {
    if (err instanceof PayloadTooLargeError) logger.error({ err, id }, 'outbox event too large for NATS; it can never be published');
    else logger.warn({ err, id }, 'outbox publish failed; the sweep will retry');
  });
}

/** The events of one document of a batch, by the document's `_id`. */
export interface BatchEntry {
  id: string;
  events: StoredEvent[];
}

/** One batch's events, stored before its documents and deleted once published. */
interface BatchDoc {
  _id: string;
  createdAt: Date;
  entries: BatchEntry[];
}

/** Events published at once from one batch (each publish waits for JetStream's ack). */
const BATCH_PUBLISHING = 32;

/**
 * The outbox of documents inserted many at a time (the runner's scheduled runs): one document in
 * `<collection>_outbox` holds the events of a whole batch, stored before the batch's documents,
 * published right after them and deleted in one write, instead of each document carrying its events
 * and being written again to mark them published. Which of the batch's documents were stored is known
 * only after their insert (a unique index may refuse some), so the sweep publishes a batch it finds
 * only for the documents that exist, and only once the batch is `graceMs` old: a younger one is
 * still being published by its writer (one insert away from its documents). A crash between the two
 * writes leaves a batch naming no document, which the sweep then drops. JetStream de-duplicates by
 * event id, so a batch published by both its writer and the sweep is published once.
 */
export class BatchOutbox {
  private readonly batches: Collection<BatchDoc>;
  private readonly documents: Collection<{ _id: string }>;

  constructor(
    db: Db,
    collectionName: string,
    private readonly nats: NatsLink,
    private readonly logger: Logger,
    private readonly graceMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.batches = db.collection<BatchDoc>(`${collectionName}_outbox`);
    this.documents = db.collection<{ _id: string }>(collectionName);
  }

  /** Stores a batch's events, before its documents are written. */
  async store(batchId: string, entries: BatchEntry[]): Promise<void> {
    await this.batches.insertOne({ _id: batchId, createdAt: this.now(), entries });
  }

  /** Publishes the events of the batch's documents that were stored, then drops the batch; the sweep retries what fails. */
  publish(batchId: string, stored: BatchEntry[]): Promise<void> {
    return leaveToSweep(this.logger, batchId, this.publishAndDrop(batchId, stored));
  }

  private async publishAndDrop(batchId: string, stored: BatchEntry[]): Promise<void> {
    await mapConcurrently(stored.flatMap((entry) => entry.events), BATCH_PUBLISHING, (e) => publishStored(this.nats, e));
    await this.batches.deleteOne({ _id: batchId });
  }

  /**
   * Publishes the batches left behind at least `graceMs` ago. The collection holds only batches not
   * yet published (a handful at most), so reading it whole is cheap.
   */
  async sweep(limit = 20): Promise<void> {
    const cutoff = this.now().getTime() - this.graceMs;
    const left = (await this.batches.find({}, { projection: { _id: 1, createdAt: 1 } }).limit(limit).toArray()).filter((b) => b.createdAt.getTime() <= cutoff);
    for (const { _id } of left) {
      const batch = await this.batches.findOne({ _id });
      if (!batch) continue; // published meanwhile
      const stored: BatchEntry[] = [];
      for (const entry of batch.entries) if (await this.documents.findOne({ _id: entry.id }, { projection: { _id: 1 } })) stored.push(entry);
      await this.publish(_id, stored);
    }
  }

  /** Runs `sweep` every `intervalMs` until the returned function is called (see `Outbox.startSweeping`). */
  startSweeping(intervalMs: number): () => Promise<void> {
    return runPeriodically(intervalMs, () => this.sweep(), (err) => this.logger.warn({ err }, 'batch outbox sweep failed; the next one retries'));
  }
}

/** What publishing needs of a document: its events as read and the `rev` they were read at. */
type Published = Pick<OutboxFields, '_id' | 'deletedAt' | 'rev' | 'pendingEvents'> & { hasPendingEvents?: boolean };
