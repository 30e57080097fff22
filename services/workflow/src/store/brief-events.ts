import type { Collection, Db } from 'mongodb';
import { Outbox, outboxIndex, pendingFields, type IndexSpec, type Logger, type NatsLink, type OutboxFields, type StoredEvent } from '@brandradar/platform';

const CALLS = 'brief_calls';
const UNKEYED = 'brief_events';

export const briefEventIndexes: IndexSpec[] = [outboxIndex(CALLS), outboxIndex(UNKEYED)];

/**
 * The `brief.finished` events and their publishing, through an outbox so an event stored is an event
 * published (now, or by the sweep after a crash or a NATS outage). A call made with an
 * `Idempotency-Key` stores its event with its response in `brief_calls` (BriefCallStore.finish: one
 * write, so a replay, answered from that response, stores nothing). A call without a key has nothing
 * else stored, so its event is a document of its own in `brief_events`, a tombstone dropped once
 * the event is out.
 */
export class BriefFinishedEvents {
  private readonly unkeyed: Collection<OutboxFields>;
  private readonly callsOutbox: Outbox;
  private readonly unkeyedOutbox: Outbox;

  constructor(db: Db, nats: NatsLink, logger: Logger) {
    this.unkeyed = db.collection<OutboxFields>(UNKEYED);
    this.callsOutbox = new Outbox(db, CALLS, nats, logger);
    this.unkeyedOutbox = new Outbox(db, UNKEYED, nats, logger);
  }

  /** Publishes the event a keyed call stored when it finished; what fails is left to the sweep. */
  publishOfCall(callId: string): Promise<void> {
    return this.callsOutbox.flushSoon(callId);
  }

  /** Stores the event of a call made without a key, then publishes it. */
  async storeUnkeyed(event: StoredEvent, now: Date): Promise<void> {
    await this.unkeyed.insertOne({ _id: event.eventId, ...pendingFields([event]), rev: 0, deletedAt: now });
    await this.unkeyedOutbox.flushSoon(event.eventId);
  }

  /** Sweeps both outboxes every `intervalMs` until the returned function is called. */
  startSweeping(intervalMs: number): () => Promise<void> {
    const stops = [this.callsOutbox.startSweeping(intervalMs), this.unkeyedOutbox.startSweeping(intervalMs)];
    return async () => {
      await Promise.all(stops.map((stop) => stop()));
    };
  }
}
