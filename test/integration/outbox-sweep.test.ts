import { randomBytes, randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { BILLING_EVENTS_STREAM, BillingEvents } from '@brandradar/contracts';
import type { NatsServer } from '@brandradar/devstack';
import { eventually } from '../support/eventually';
import { HARNESS_USER, provisionStreams, startTestNats } from '../support/stack';
import { BatchOutbox, connectNats, createLogger, ensureIndexes, Outbox, outboxIndex, pendingFields, publishEvent, type NatsLink, type OutboxFields, type StoredEvent } from '@brandradar/platform';

let nats: NatsServer;
let link: NatsLink;
beforeAll(async () => {
  nats = await startTestNats('outbox');
  await provisionStreams(nats);
  link = await connectNats(nats.url, 'outbox-sweep-test', createLogger('outbox-sweep-test', 'silent'), nats.credentials(HARNESS_USER));
});
afterAll(async () => {
  await link.nc.close();
  await nats.stop();
});

const revokedPayload = () => ({ version: 1 as const, eventId: randomUUID(), occurredAt: new Date().toISOString(), keyId: 'k', accountId: randomUUID() });
const revoked = (payload = revokedPayload()): StoredEvent => ({ subject: BillingEvents.apiKeyRevoked.subject, eventId: payload.eventId, payload });

// The sweep asks for `hasPendingEvents: true` (an indexed equality); documents stored before the
// flag existed hold events without it (and their collection has the old sweep's index): the first
// pass after a start flags them and drops that index.
it('the sweep publishes flagged documents and, after a start, documents stored before the flag existed; it clears the flag', async () => {
  const client = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
  try {
    const db = client.db(`outbox-flag-${randomBytes(4).toString('hex')}`);
    await ensureIndexes(db, [outboxIndex('docs')]);
    const collection = db.collection<OutboxFields>('docs');
    const [flagged, older] = [revoked(), revoked()];
    await collection.insertMany([
      { _id: 'flagged', pendingEvents: [flagged], hasPendingEvents: true, rev: 0 },
      { _id: 'published', pendingEvents: [], hasPendingEvents: false, rev: 0 },
    ]);
    // As written before the flag: events and no `hasPendingEvents`.
    await db.collection<Omit<OutboxFields, 'hasPendingEvents'>>('docs').insertOne({ _id: 'older', pendingEvents: [older], rev: 0 });
    await collection.createIndex({ 'pendingEvents.eventId': 1 }, { name: 'outbox' });

    const outbox = new Outbox(db, 'docs', link, createLogger('outbox-sweep-test', 'silent'));
    const stop = outbox.startSweeping(50);
    try {
      const docs = await eventually(
        () => collection.find({}, { sort: { _id: 1 } }).toArray(),
        (all) => all.every((d) => d.pendingEvents.length === 0 && d.hasPendingEvents === false),
        10_000,
      );
      expect(docs.map((d) => d._id)).toEqual(['flagged', 'older', 'published']);
      const { state } = await link.jsm.streams.info(BILLING_EVENTS_STREAM.name);
      const stored = await Promise.all([state.first_seq, state.last_seq].map((seq) => link.jsm.streams.getMessage(BILLING_EVENTS_STREAM.name, { seq })));
      expect(stored.map((m) => m.json<{ eventId: string }>().eventId).sort()).toEqual([flagged.eventId, older.eventId].sort());
      expect(state.messages).toBe(2);
      expect((await collection.listIndexes().toArray()).map((ix) => ix.name).sort()).toEqual(['_id_', 'outbox_pending']);
    } finally {
      await stop();
    }
  } finally {
    await client.close();
  }
});

/** The event ids of every message the billing events stream holds, in stream order. */
async function billingEventIds(): Promise<string[]> {
  const { state } = await link.jsm.streams.info(BILLING_EVENTS_STREAM.name);
  const ids: string[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
    ids.push((await link.jsm.streams.getMessage(BILLING_EVENTS_STREAM.name, { seq })).json<{ eventId: string }>().eventId);
  }
  return ids;
}

// The runner stores a batch of scheduled runs' events in one document before the runs, then
// publishes them and drops it. A runner that stopped part-way leaves the batch to the sweep.
it('a batch whose publish was interrupted is published by the sweep once its grace is over: each event of a stored document exactly once, none of a document never stored', async () => {
  const client = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
  try {
    const db = client.db(`outbox-batch-${randomBytes(4).toString('hex')}`);
    let clock = new Date('2031-01-06T09:00:00.000Z');
    const outbox = new BatchOutbox(db, 'docs', link, createLogger('outbox-sweep-test', 'silent'), 30_000, () => clock);
    const interrupted = revokedPayload();
    const [a, b, never] = [
      { id: 'stored-a', events: [revoked(interrupted), revoked()] },
      { id: 'stored-b', events: [revoked()] },
      { id: 'refused', events: [revoked()] },
    ];
    await outbox.store('batch-1', [a, b, never]);
    await db.collection<{ _id: string }>('docs').insertMany([{ _id: a.id }, { _id: b.id }]);
    // The writer published one event of the batch, then stopped.
    await publishEvent(link, BillingEvents.apiKeyRevoked, interrupted);

    clock = new Date(clock.getTime() + 29_000);
    await outbox.sweep();
    expect(await db.collection<{ _id: string }>('docs_outbox').countDocuments({ _id: 'batch-1' })).toBe(1); // its writer may still be at it

    clock = new Date(clock.getTime() + 1_000);
    await outbox.sweep();
    expect(await db.collection('docs_outbox').countDocuments({})).toBe(0);
    await outbox.sweep(); // nothing left: publishes nothing again
    const mine = new Set([a, b, never].flatMap((entry) => entry.events.map((e) => e.eventId)));
    const published = (await billingEventIds()).filter((id) => mine.has(id));
    expect(published.sort()).toEqual([...a.events, ...b.events].map((e) => e.eventId).sort());
  } finally {
    await client.close();
  }
});

// A writer stores a change with its events, then its publish fails (here the stream is away): the
// events stay with the document and the sweep publishes them, each once. A service's shutdown stops
// the sweep, then closes its store: the pass under way must be done by then (before, it was cut by
// the close and its MongoClientClosedError went unhandled).
it('after a failed publish the sweep publishes the stored events, each exactly once, and stopping it waits for the pass under way', async () => {
  const client = await new MongoClient(process.env.TEST_MONGO_URL!, { monitorCommands: true }).connect();
  let inFlight = 0;
  client.on('commandStarted', () => inFlight++);
  client.on('commandSucceeded', () => inFlight--);
  client.on('commandFailed', () => inFlight--);
  const db = client.db(`outbox-sweep-${randomBytes(4).toString('hex')}`);
  await ensureIndexes(db, [outboxIndex('docs')]);
  const collection = db.collection<OutboxFields>('docs');
  const events = [revoked(), revoked()];
  const outbox = new Outbox(db, 'docs', link, createLogger('outbox-sweep-test', 'silent'));
  try {
    await collection.insertOne({ _id: 'changed', ...pendingFields(events), rev: 0 });
    await link.jsm.streams.delete(BILLING_EVENTS_STREAM.name);
    await outbox.flushSoon('changed');
    expect(await collection.findOne({ _id: 'changed' })).toMatchObject({ pendingEvents: events, hasPendingEvents: true });
    await provisionStreams(nats);
    expect(await billingEventIds()).toEqual([]); // the failed publish left nothing behind

    const stop = outbox.startSweeping(50);
    let doc;
    try {
      doc = await eventually(() => collection.findOne({ _id: 'changed' }), (d) => d?.hasPendingEvents === false, 10_000);
      await new Promise((resolve) => client.once('commandStarted', resolve)); // a later pass under way
    } finally {
      await stop();
    }
    expect(inFlight).toBe(0);
    expect(doc?.pendingEvents).toEqual([]);
    expect((await billingEventIds()).sort()).toEqual(events.map((e) => e.eventId).sort());
  } finally {
    await client.close();
  }
});
