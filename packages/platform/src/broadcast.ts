import type { Subscription } from 'nats';
import { z } from 'zod';
import type { BroadcastDef } from '@brandradar/contracts';
import type { Logger } from './logger';
import { encodeForNats, safeDecode, type NatsLink } from './nats';

/**
 * Sends `payload` to every replica listening on `def` (core NATS: nothing stored, at most once).
 * Queued in the connection's buffer in call order, so a reply sent after it on the same connection
 * reaches the server after it.
 */
export function broadcast<B extends BroadcastDef>(nats: NatsLink, def: B, payload: z.infer<B['payload']>): void {
  nats.nc.publish(def.subject, encodeForNats(nats.nc, def.subject, def.payload.parse(payload)));
}

/**
 * Calls `handler` with every broadcast on `def`, this replica's own included, synchronously as each
 * arrives: before any message the connection receives after it is handled. A payload that does not
 * parse is logged and dropped.
 */
export function listenBroadcasts<B extends BroadcastDef>(nats: NatsLink, def: B, logger: Logger, handler: (payload: z.infer<B['payload']>) => void): Subscription {
  return nats.nc.subscribe(def.subject, {
    callback: (err, msg) => {
      if (err) {
        logger.error({ err, subject: def.subject }, 'broadcast subscription failed');
        return;
      }
      const parsed = z.safeParse<B['payload']>(def.payload, safeDecode(msg.data));
      if (!parsed.success) logger.error({ subject: def.subject, issues: parsed.error.issues }, 'malformed broadcast');
      else handler(parsed.data);
    },
  });
}
