import type { z } from 'zod';
import type { EventDef, NoticeDef } from '@brandradar/contracts';
import { headersWithTraceContext, inSpan, messagingAttributes, SpanKind } from '../tracing';
import { encodeForNats } from './codec';
import type { NatsLink } from './connection';

/** Publishes an event after checking it against its schema; the event id is the de-duplication key. */
export async function publishEvent<E extends EventDef>({ nc, js }: Pick<NatsLink, 'nc' | 'js'>, def: E, payload: z.infer<E['payload']> & { eventId: string }): Promise<void> {
  await inSpan(`${def.subject} publish`, { kind: SpanKind.PRODUCER, attributes: messagingAttributes(def.subject, 'send') }, async () => {
    const body = encodeForNats(nc, def.subject, def.payload.parse(payload));
    await js.publish(def.subject, body, { msgID: payload.eventId, headers: headersWithTraceContext() });
  });
}

/** Publishes a notice to every replica listening (core NATS: nothing is stored or retried). */
export function publishNotice<N extends NoticeDef>(link: Pick<NatsLink, 'nc'>, def: N, payload: z.infer<N['payload']>): void {
  link.nc.publish(def.subject, encodeForNats(link.nc, def.subject, def.payload.parse(payload)));
}
