import { z } from 'zod';
import { defineEvent, eventPayload, type StreamDef } from './messaging';

export const DEAD_LETTERS_STREAM: StreamDef = {
  name: 'DEAD_LETTERS',
  retention: 'limits',
  description: 'Messages a consumer gave up on, with why; for operators to read and replay.',
};

/** A dead letter carries the original payload only up to this size (NATS refuses messages over 1 MiB by default). */
export const DEAD_LETTER_PAYLOAD_MAX_BYTES = 128 * 1024;

/**
 * Why a message was given up: `invalid_payload` (no schema of the consumer
 * accepts it), `retries_exhausted` (the handler failed on the last delivery
 * allowed), `max_deliveries` (deliveries ran out without the handler ever
 * finishing, e.g. a worker killed each time), or the code of a permanent error
 * the handler threw.
 */
export const DeadLetterReason = z.object({ code: z.string().min(1).max(100), message: z.string().max(2_000) });
export type DeadLetterReason = z.infer<typeof DeadLetterReason>;

export const DeadLetterEvents = {
  /**
   * One message a durable consumer gave up on. One subject for all: subjects
   * never carry ids or other user data, so operators filter on the payload.
   * The event id is derived from (stream, sequence), so the dead letter of one
   * message is stored once even when two replicas report it.
   */
  deadLettered: defineEvent(
    'deadletter.v1',
    DEAD_LETTERS_STREAM,
    eventPayload({
      stream: z.string(),
      consumer: z.string(),
      subject: z.string(),
      streamSequence: z.int().min(1),
      deliveries: z.int().min(0),
      reason: DeadLetterReason,
      /** The original message as JSON (as text when it was not JSON); null when omitted. */
      payload: z.unknown(),
      payloadBytes: z.int().min(0),
      /** True when the original was over DEAD_LETTER_PAYLOAD_MAX_BYTES and left out; read it from its stream by sequence while it is kept. */
      payloadOmitted: z.boolean(),
    }),
  ),
};
export type DeadLetter = z.infer<typeof DeadLetterEvents.deadLettered.payload>;
