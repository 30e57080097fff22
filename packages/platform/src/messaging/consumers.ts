import type { JsMsg } from 'nats';
import { z } from 'zod';
import { DeadLetterEvents, maxDeliveriesAdvisorySubject, type DeadLetterReason, type EventDef } from '@brandradar/contracts';
import { backoffDelayMs, type BackoffPolicy } from '../backoff';
import { deadLetterEvent, type DeadLetterKind, type UndeliverableMessage } from '../dead-letters';
import { failureCode, isPermanent } from '../errors';
import type { Logger } from '../logger';
import { sleep } from '../timeout';
import { contextFromHeaders, inSpan, messagingAttributes, SpanKind } from '../tracing';
import { safeDecode } from './codec';
import type { NatsLink } from './connection';
import { isJetStreamError, JetStreamErrorCode, whenJetStreamAnswers } from './failures';
import type { DurableConsumer } from './provisioning';
import { publishEvent } from './publishing';

/** A consumer's handler, typed by the events it reads. */
export type EventHandler<E extends EventDef = EventDef> = (event: { subject: string; payload: z.infer<E['payload']>; msg: JsMsg }) => Promise<void>;

/** What a consumer gave up on: `payload` is undefined when the message matched no schema. */
export interface DeadLetterNotice<E extends EventDef = EventDef> {
  subject: string;
  payload: z.infer<E['payload']> | undefined;
  reason: DeadLetterReason;
}

export interface ConsumeOptions<E extends EventDef = EventDef> {
  /** Messages handled at once. */
  concurrency?: number;
  /**
   * Finalises what a message was about (the runner ends the run) before it
   * goes to the dead letters. Must be idempotent: a throw retries the message
   * later, and the max-deliveries path may call it for a message again.
   */
  onDeadLetter?: (event: DeadLetterNotice<E>) => Promise<void>;
  /** Redelivery delays after a transient failure; tests shorten them. */
  backoff?: BackoffPolicy;
}

/** Redelivery after a transient failure: 0.5–1 s at first, doubling up to 30–60 s (a service's REDELIVERY_MAX_MS sets the most). */
export const REDELIVERY_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 60_000 };

/**
 * How long each pull of a consumer stays open on the server. nats.js re-pulls after a reconnect once
 * the consumer's info answers, and when that first ask comes before JetStream is back (a restarted
 * server recovering its streams) it waits one whole expiry to ask again: 30 s by default, which held
 * every run command for about 25 s after a NATS restart in the chaos test.
 */
export const PULL_EXPIRES_MS = 5_000;

/** Tries of the dead-letter path for a max-deliveries advisory, which NATS does not redeliver. */
const ADVISORY_ATTEMPTS = 5;

/** The part of JetStream's max-deliveries advisory (`io.nats.jetstream.advisory.v1.max_deliver`) read here. */
const MaxDeliveriesAdvisory = z.object({ stream_seq: z.number(), deliveries: z.number().optional() });

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Consumes a durable pull consumer until stopped, handling up to `concurrency`
 * messages at once, and gives up on a message only through the DEAD_LETTERS
 * stream:
 * - a message that matches no event schema of the consumer, or whose handler
 *   throws a permanent error (`isPermanent`), is dead-lettered at once;
 * - any other failure is retried: a nak with the shared backoff, until the
 *   last delivery the consumer allows fails too, which is dead-lettered;
 * - a message whose deliveries ran out without the handler finishing (a
 *   worker killed each time) is announced by JetStream's max-deliveries
 *   advisory; one replica (a queue group) fetches it by sequence and
 *   dead-letters it.
 * A dead-lettered message is acked only after `onDeadLetter` and the
 * dead-letter publish succeeded; otherwise it is nak'ed and tried again.
 */
export async function consumeEvents<E extends EventDef>(
  nats: NatsLink,
  c: DurableConsumer<E>,
  logger: Logger,
  handler: EventHandler<E>,
  opts: ConsumeOptions<E> = {},
): Promise<{ stop(): Promise<void> }> {
  const concurrency = opts.concurrency ?? 1;
  const backoff = opts.backoff ?? nats.redeliveryBackoff ?? REDELIVERY_BACKOFF;
  const consumer = await whenJetStreamAnswers(`consumer ${c.stream.name}/${c.durable}`, logger, () => nats.js.consumers.get(c.stream.name, c.durable));
  const messages = await consumer.consume({ max_messages: Math.max(16, concurrency), expires: PULL_EXPIRES_MS });
  const bySubject = new Map<string, E>(c.events.map((e) => [e.subject, e]));
  const inFlight = new Set<Promise<void>>();

  type Parsed = { ok: true; payload: z.infer<E['payload']> } | { ok: false; reason: DeadLetterReason };
  const parse = (subject: string, data: Uint8Array): Parsed => {
    const def = bySubject.get(subject);
    if (!def) return { ok: false, reason: { code: 'invalid_payload', message: `${subject} is not an event of consumer ${c.durable}` } };
    const parsed = z.safeParse<E['payload']>(def.payload, safeDecode(data));
    if (!parsed.success) return { ok: false, reason: { code: 'invalid_payload', message: describeIssues(parsed.error) } };
    return { ok: true, payload: parsed.data };
  };

  /** Finalises and records a message given up on; throws when either step failed, so the caller retries. */
  const deadLetter = async (m: UndeliverableMessage, payload: z.infer<E['payload']> | undefined, reason: DeadLetterReason, kind: DeadLetterKind) => {
    await opts.onDeadLetter?.({ subject: m.subject, payload, reason });
    await publishEvent(nats, DeadLetterEvents.deadLettered, deadLetterEvent(m, reason, new Date()));
    logger.error({ stream: m.stream, consumer: m.consumer, subject: m.subject, seq: m.streamSequence, deliveries: m.deliveries, reason: reason.code }, 'message dead-lettered');
    nats.deadLetters?.inc({ stream: m.stream, reason: kind });
  };

  const retryLater = (msg: JsMsg, err: unknown, what: string) => {
    const delay = backoffDelayMs(msg.info.deliveryCount, backoff);
    logger.warn({ err, subject: msg.subject, seq: msg.seq, delay }, `${what}; will retry`);
    msg.nak(delay);
    nats.handled?.inc({ subject: msg.subject, outcome: 'retry' });
  };

  const giveUp = async (msg: JsMsg, payload: z.infer<E['payload']> | undefined, reason: DeadLetterReason, kind: DeadLetterKind) => {
    const m = { stream: c.stream.name, consumer: c.durable, subject: msg.subject, streamSequence: msg.seq, deliveries: msg.info.deliveryCount, data: msg.data };
    try {
      await deadLetter(m, payload, reason, kind);
    } catch (e) {
      return retryLater(msg, e, 'dead-lettering failed');
    }
    msg.ack();
    nats.handled?.inc({ subject: msg.subject, outcome: 'dead_letter' });
  };

  const handle = async (msg: JsMsg) => {
    const parsed = parse(msg.subject, msg.data);
    if (!parsed.ok) return giveUp(msg, undefined, parsed.reason, 'invalid_payload');
    const parent = contextFromHeaders(msg.headers);
    await inSpan(`${msg.subject} process`, { kind: SpanKind.CONSUMER, attributes: messagingAttributes(msg.subject, 'process') }, async () => {
      try {
        await handler({ subject: msg.subject, payload: parsed.payload, msg });
      } catch (e) {
        if (isPermanent(e)) return giveUp(msg, parsed.payload, { code: failureCode(e), message: messageOf(e) }, 'permanent_error');
        if (msg.info.deliveryCount >= c.maxDeliver) return giveUp(msg, parsed.payload, { code: 'retries_exhausted', message: messageOf(e) }, 'retries_exhausted');
        return retryLater(msg, e, 'event handling failed');
      }
      msg.ack();
      nats.handled?.inc({ subject: msg.subject, outcome: 'ok' });
    }, parent).catch((err: unknown) => logger.error({ err, subject: msg.subject, seq: msg.seq }, 'consumer failed'));
  };

  /** Deliveries ran out with no answer from any handler: dead-letter the stored message (retried here, as advisories are not redelivered). */
  const onMaxDeliveries = async (advisory: { stream_seq: number; deliveries: number }) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const stored = await nats.jsm.streams.getMessage(c.stream.name, { seq: advisory.stream_seq });
        const parsed = parse(stored.subject, stored.data);
        const reason = { code: 'max_deliveries', message: `delivered ${advisory.deliveries} times without an ack or a nak` };
        const m = { stream: c.stream.name, consumer: c.durable, subject: stored.subject, streamSequence: stored.seq, deliveries: advisory.deliveries, data: stored.data };
        await deadLetter(m, parsed.ok ? parsed.payload : undefined, reason, 'max_deliveries');
        // A work queue keeps an unacknowledged message for ever; it now lives in DEAD_LETTERS.
        if (c.stream.retention === 'workqueue') await nats.jsm.streams.deleteMessage(c.stream.name, stored.seq, false);
        return;
      } catch (e) {
        if (isJetStreamError(e, JetStreamErrorCode.noMessageFound)) return; // already gone (deleted, or expired)
        if (attempt >= ADVISORY_ATTEMPTS) {
          logger.error({ err: e, stream: c.stream.name, consumer: c.durable, seq: advisory.stream_seq }, 'dead-lettering after max deliveries failed; the message stays in its stream');
          return;
        }
        await sleep(backoffDelayMs(attempt, backoff));
      }
    }
  };
  const advisories = nats.nc.subscribe(maxDeliveriesAdvisorySubject(c.stream.name, c.durable), {
    queue: `${c.durable}-dead-letters`,
    callback: (err, msg) => {
      if (err) return logger.error({ err, consumer: c.durable }, 'max-deliveries advisory subscription failed');
      const advisory = MaxDeliveriesAdvisory.safeParse(safeDecode(msg.data));
      if (!advisory.success) return logger.error({ consumer: c.durable }, 'unreadable max-deliveries advisory');
      void onMaxDeliveries({ stream_seq: advisory.data.stream_seq, deliveries: advisory.data.deliveries ?? c.maxDeliver });
    },
  });

  const done = (async () => {
    for await (const msg of messages) {
      const task = handle(msg).finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  })();
  return {
    async stop() {
      await advisories.drain();
      await messages.close();
      await done;
    },
  };
}
