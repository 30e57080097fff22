import { JSONCodec, type NatsConnection } from 'nats';

/** Every message this platform sends is JSON: one codec for the whole folder. */
export const json = JSONCodec();

/**
 * A message larger than the server accepts (`max_payload`, 1 MiB by default). No retry can send
 * it: it is a bug to report, not an outage to wait out.
 */
export class PayloadTooLargeError extends Error {
  constructor(
    readonly subject: string,
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(`${subject}: a ${bytes}-byte payload exceeds the server's limit of ${maxBytes} bytes (headers included)`);
    this.name = 'PayloadTooLargeError';
  }
}

/** Room kept for the headers that travel with a payload (trace context, message id). */
const HEADER_ALLOWANCE_BYTES = 4 * 1024;

/** `body` as JSON, or a PayloadTooLargeError when it would not fit in one message of this server. */
export function encodeForNats(nc: NatsConnection, subject: string, body: unknown): Uint8Array {
  const data = json.encode(body);
  const max = nc.info?.max_payload;
  if (max !== undefined && data.length + HEADER_ALLOWANCE_BYTES > max) throw new PayloadTooLargeError(subject, data.length + HEADER_ALLOWANCE_BYTES, max);
  return data;
}

/** A message's JSON, or undefined when it is not JSON (for a schema to refuse). */
export function safeDecode(data: Uint8Array): unknown {
  try {
    return json.decode(data);
  } catch {
    return undefined;
  }
}
