import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** Sent with every delivery, so a receiver's logs tell our requests apart. */
const WEBHOOK_USER_AGENT = 'Brandradar-Webhooks/1.0';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks' format). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The headers of one delivery attempt (Standard Webhooks): `webhook-signature` is signed by the
 * reference library over `id.timestamp.body`, with the timestamp in the header taken from the same
 * instant, so a receiver's `new Webhook(secret).verify(body, headers)` accepts it.
 */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
  };
}
