import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DEAD_LETTERS_STREAM, DeadLetterEvents, defineEvent, eventPayload, type DeadLetter, type StreamDef } from '@brandradar/contracts';
import type { NatsServer } from '@brandradar/devstack';
import { HARNESS_USER, startTestNats } from '../support/stack';
import {
  PermanentError,
  connectNats,
  consumeEvents,
  createLogger,
  ensureConsumer,
  ensureStream,
  publishEvent,
  type ConsumeOptions,
  type DeadLetterNotice,
  type DurableConsumer,
  type EventHandler,
  type NatsLink,
} from '@brandradar/platform';
import { eventually } from '../support/eventually';

// consumeEvents against a nats-server of this file's own: what is retried, what
// goes to DEAD_LETTERS, and that nothing is acked before its dead letter is stored.
const stream: StreamDef = { name: 'DEAD_LETTER_TEST', retention: 'workqueue', description: 'dead-letter test' };
const logger = createLogger('dead-letters-test', 'silent');
const fast = { baseMs: 100, maxMs: 400 };
let nats: NatsServer;
let link: NatsLink;
const running: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  nats = await startTestNats('dead-letters');
  link = await connectNats(nats.url, 'dead-letters-test', logger, nats.credentials(HARNESS_USER));
  await ensureStream(link.jsm, DEAD_LETTERS_STREAM, [DeadLetterEvents.deadLettered.subject], 1);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
  await link.nc.close();
  await nats.stop();
});

/** One event type, stream subject and durable consumer per test, so tests never see each other's messages. */
async function setup(name: string, limits: { maxDeliver: number; ackWaitMs?: number }) {
  const event = defineEvent(`dead-letter-test.${name}.v1`, stream, eventPayload({ n: z.int() }));
  const info = await link.jsm.streams.info(stream.name).catch(() => null);
  await ensureStream(link.jsm, stream, [...(info?.config.subjects ?? []), event.subject], 1);
  const consumer: DurableConsumer<typeof event> = { stream, durable: `dlt-${name}`, events: [event], ackWaitMs: limits.ackWaitMs ?? 30_000, maxDeliver: limits.maxDeliver };
  await ensureConsumer(link.jsm, consumer);
  const notices: DeadLetterNotice<typeof event>[] = [];
  const consume = async (handler: EventHandler<typeof event>, opts: ConsumeOptions<typeof event> = {}) => {
    const c = await consumeEvents(link, consumer, logger, handler, {
      backoff: fast,
      onDeadLetter: async (notice) => {
        notices.push(notice);
      },
      ...opts,
    });
    running.push(c);
  };
  const publish = (n: number) => publishEvent(link, event, { version: 1, eventId: randomUUID(), occurredAt: new Date().toISOString(), n });
  const pending = async () => {
    const c = await link.jsm.consumers.info(stream.name, consumer.durable);
    return { unacked: c.num_ack_pending, waiting: c.num_pending, redelivered: c.num_redelivered };
  };
  return { event, consumer, notices, consume, publish, pending };
}

/** The dead letters stored for one consumer, oldest first. */
async function deadLettersOf(durable: string): Promise<DeadLetter[]> {
  const { state } = await link.jsm.streams.info(DEAD_LETTERS_STREAM.name);
  const letters: DeadLetter[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
    const stored = await link.jsm.streams.getMessage(DEAD_LETTERS_STREAM.name, { seq }).catch(() => null);
    if (stored) letters.push(DeadLetterEvents.deadLettered.payload.parse(stored.json()));
  }
  return letters.filter((l) => l.consumer === durable);
}

it('dead-letters a payload no schema accepts at once, without calling the handler or redelivering it', async () => {
  const t = await setup('poison', { maxDeliver: 5 });
  const handled: number[] = [];
  await t.consume(async ({ payload }) => {
    handled.push(payload.n);
  });
  await link.js.publish(t.event.subject, new TextEncoder().encode(JSON.stringify({ version: 1, n: 'not a number' })));

  const [letter, ...more] = await eventually(() => deadLettersOf(t.consumer.durable), (l) => l.length > 0);
  expect(more).toEqual([]);
  expect(letter).toMatchObject({
    stream: stream.name,
    consumer: t.consumer.durable,
    subject: t.event.subject,
    deliveries: 1,
    reason: { code: 'invalid_payload', message: expect.stringContaining('n') },
    payload: { version: 1, n: 'not a number' },
    payloadOmitted: false,
  });
  expect(t.notices).toEqual([{ subject: t.event.subject, payload: undefined, reason: letter!.reason }]);
  expect(handled).toEqual([]);
  expect(await eventually(t.pending, (p) => p.unacked === 0)).toEqual({ unacked: 0, waiting: 0, redelivered: 0 });
});

it('dead-letters a permanent handler error once, after onDeadLetter, and retries onDeadLetter when it fails', async () => {
  const t = await setup('permanent', { maxDeliver: 5 });
  let calls = 0;
  let finaliseFailures = 1;
  await t.consume(
    async () => {
      calls++;
      throw new PermanentError('unknown_run', 'no such run');
    },
    {
      backoff: fast,
      onDeadLetter: async (notice) => {
        t.notices.push(notice);
        if (finaliseFailures-- > 0) throw new Error('runner store unavailable');
      },
    },
  );
  await t.publish(7);

  const letters = await eventually(() => deadLettersOf(t.consumer.durable), (l) => l.length > 0);
  expect(letters).toHaveLength(1);
  expect(letters[0]).toMatchObject({ deliveries: 2, reason: { code: 'unknown_run', message: 'no such run' }, payload: { n: 7 } });
  // The first dead-lettering failed in onDeadLetter, so the message came back once; nothing after that.
  expect(t.notices.map((n) => n.payload?.n)).toEqual([7, 7]);
  expect(calls).toBe(2);
  expect(await eventually(t.pending, (p) => p.unacked === 0)).toMatchObject({ unacked: 0, waiting: 0 });
});

it('retries a transient failure with growing delays, then dead-letters it on the last delivery allowed', async () => {
  const t = await setup('transient', { maxDeliver: 3 });
  const attempts: number[] = [];
  const deliveryCounts: number[] = [];
  await t.consume(async ({ msg }) => {
    attempts.push(Date.now());
    deliveryCounts.push(msg.info.deliveryCount);
    throw new Error('provider timed out');
  });
  await t.publish(1);

  const [letter] = await eventually(() => deadLettersOf(t.consumer.durable), (l) => l.length > 0);
  expect(letter).toMatchObject({ deliveries: 3, reason: { code: 'retries_exhausted', message: 'provider timed out' }, payload: { n: 1 } });
  expect(deliveryCounts).toEqual([1, 2, 3]);
  // The shared backoff waits at least half of 100 ms, then half of 200 ms.
  expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(50);
  expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(100);
  expect(t.notices).toHaveLength(1);
  expect(await eventually(t.pending, (p) => p.unacked === 0)).toMatchObject({ unacked: 0, waiting: 0 });
});

it("waits no longer than the service's REDELIVERY_MAX_MS (the link's backoff) between deliveries", async () => {
  const t = await setup('capped', { maxDeliver: 6 });
  const attempts: number[] = [];
  // A service's link carries its backoff (startService sets it from REDELIVERY_MAX_MS); no backoff option here.
  const capped: NatsLink = { ...link, redeliveryBackoff: { baseMs: 100, maxMs: 200 } };
  running.push(
    await consumeEvents(capped, t.consumer, logger, async () => {
      attempts.push(Date.now());
      throw new Error('store unavailable');
    }),
  );
  await t.publish(1);

  await eventually(() => deadLettersOf(t.consumer.durable), (l) => l.length > 0);
  expect(attempts).toHaveLength(6);
  // The platform's default would wait at least 0.5 + 1 + 2 + 4 + 8 s over these five redeliveries.
  const waits = attempts.slice(1).map((at, i) => at - attempts[i]!);
  expect(attempts[5]! - attempts[0]!).toBeLessThan(5_000);
  expect(waits.slice(1).every((wait) => wait >= 100)).toBe(true); // at least half of the 200 ms cap
});

it('keeps a message unacked while its dead letter cannot be stored, and stores it once it can', async () => {
  const t = await setup('unstorable', { maxDeliver: 20 });
  await t.consume(async () => {
    throw new PermanentError('bad_input', 'refused');
  });
  await link.jsm.streams.delete(DEAD_LETTERS_STREAM.name); // every dead-letter publish now fails
  try {
    await t.publish(3);
    await eventually(async () => t.notices.length, (n) => n >= 2); // redelivered: the first try was not acked
  } finally {
    await ensureStream(link.jsm, DEAD_LETTERS_STREAM, [DeadLetterEvents.deadLettered.subject], 1);
  }
  const letters = await eventually(() => deadLettersOf(t.consumer.durable), (l) => l.length > 0);
  expect(letters).toHaveLength(1);
  expect(letters[0]!.deliveries).toBeGreaterThanOrEqual(3);
  expect(await eventually(t.pending, (p) => p.unacked === 0)).toMatchObject({ unacked: 0, waiting: 0 });
});

it('dead-letters once, through one of two replicas, a message whose deliveries ran out without an answer', async () => {
  const t = await setup('killed', { maxDeliver: 2, ackWaitMs: 1_000 });
  let release!: () => void;
  const hung = new Promise<void>((r) => (release = r));
  let deliveries = 0;
  // Two replicas whose handler never finishes, as if the worker were killed each time.
  const stuck: EventHandler<typeof t.event> = async () => {
    deliveries++;
    await hung;
  };
  await t.consume(stuck, { concurrency: 4 });
  await t.consume(stuck, { concurrency: 4 });
  try {
    await t.publish(9);
    const letters = await eventually(() => deadLettersOf(t.consumer.durable), (l) => l.length > 0);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ deliveries: 2, reason: { code: 'max_deliveries' }, payload: { n: 9 } });
    expect(t.notices).toEqual([{ subject: t.event.subject, payload: expect.objectContaining({ n: 9 }), reason: letters[0]!.reason }]);
    expect(deliveries).toBe(2);
    // A work queue would keep the unanswered message for ever: it now lives in DEAD_LETTERS only.
    expect(await eventually(t.pending, (p) => p.unacked === 0 && p.waiting === 0)).toMatchObject({ unacked: 0, waiting: 0 });
    expect((await link.jsm.streams.info(stream.name)).state.messages).toBe(0);
  } finally {
    release();
  }
});

it('leaves the original payload out of a dead letter when it is too big to carry', async () => {
  const t = await setup('big', { maxDeliver: 5 });
  await t.consume(async () => undefined);
  await link.js.publish(t.event.subject, new TextEncoder().encode(JSON.stringify({ version: 1, blob: 'x'.repeat(200_000) })));
  const [letter] = await eventually(() => deadLettersOf(t.consumer.durable), (l) => l.length > 0);
  expect(letter).toMatchObject({ reason: { code: 'invalid_payload' }, payload: null, payloadOmitted: true });
  expect(letter!.payloadBytes).toBeGreaterThan(200_000);
});
