import { createHash } from 'node:crypto';
import { DEAD_LETTER_PAYLOAD_MAX_BYTES, type DeadLetter, type DeadLetterReason } from '@brandradar/contracts';

/** A message a consumer gives up on, as JetStream delivered or stored it. */
export interface UndeliverableMessage {
  stream: string;
  consumer: string;
  subject: string;
  streamSequence: number;
  deliveries: number;
  data: Uint8Array;
}

/** Reason codes of the consumer itself; a permanent error's own code is the fourth kind. */
export type DeadLetterKind = 'invalid_payload' | 'permanent_error' | 'retries_exhausted' | 'max_deliveries';

const MAX_REASON_MESSAGE = 2_000;

/** The dead letter of one message, with the original payload when it is small enough to carry. */
export function deadLetterEvent(m: UndeliverableMessage, reason: DeadLetterReason, now: Date): DeadLetter {
  const omitted = m.data.length > DEAD_LETTER_PAYLOAD_MAX_BYTES;
  return {
    version: 1,
    eventId: deadLetterId(m.stream, m.consumer, m.streamSequence),
    occurredAt: now.toISOString(),
    stream: m.stream,
    consumer: m.consumer,
    subject: m.subject,
    streamSequence: m.streamSequence,
    deliveries: m.deliveries,
    reason: { code: reason.code, message: reason.message.slice(0, MAX_REASON_MESSAGE) },
    payload: omitted ? null : readable(m.data),
    payloadBytes: m.data.length,
    payloadOmitted: omitted,
  };
}

/**
 * A UUID derived from (stream, consumer, sequence): the dead letter's event id
 * and JetStream msgID, so when the consumer and the max-deliveries advisory
 * both report one message, the server stores it once.
 */
function deadLetterId(stream: string, consumer: string, streamSequence: number): string {
  const h = createHash('sha256').update(`${stream}\n${consumer}\n${streamSequence}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** JSON stays JSON, so operators can read and replay it; anything else is kept as text. */
function readable(data: Uint8Array): unknown {
  const text = new TextDecoder().decode(data);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
