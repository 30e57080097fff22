import { ConsumerEvents, DeliverPolicy } from 'nats';
import { z } from 'zod';
import type { EventDef, NoticeDef, StreamDef } from '@brandradar/contracts';
import type { Logger } from '../logger';
import { safeDecode } from './codec';
import type { NatsLink } from './connection';
import { PULL_EXPIRES_MS } from './consumers';
import { whenJetStreamAnswers } from './failures';

/** Hands a message's JSON to `handler` once it matches `schema`; false when it does not. */
function parsingInto<S extends z.ZodType>(schema: S, handler: (payload: z.infer<S>) => void): (data: unknown) => boolean {
  return (data) => {
    const parsed = z.safeParse<S>(schema, data);
    if (!parsed.success) return false;
    handler(parsed.data);
    return true;
  };
}

/**
 * What a watcher shares, whatever it watches: `gap` reports that messages may have been missed (and
 * does after every reconnect, until `stop`), `deliver` hands one message on. Neither lets a failure
 * out: a watcher's handlers are called back by nats.js, where a throw stops the connection reading
 * anything at all (its reader loop ends), for every subscription and request of the process.
 */
function watcher(nats: NatsLink, logger: Logger, kind: 'events' | 'notices', watched: Record<string, string>, onGap: (why: string) => void) {
  const gap = (why: string) => {
    logger.warn({ ...watched, why }, `${kind} may have been missed`);
    try {
      onGap(why);
    } catch (err) {
      logger.error({ ...watched, err }, `reacting to missed ${kind} failed`);
    }
  };
  const stopReconnects = nats.onReconnect(() => gap('reconnected'));
  const deliver = (subject: string, data: Uint8Array, to: (data: unknown) => boolean) => {
    let delivered = false;
    try {
      delivered = to(safeDecode(data));
    } catch (err) {
      logger.error({ err, subject }, `watching ${kind} failed`);
    }
    nats.handled?.inc({ subject, outcome: delivered ? 'ok' : 'gap' });
    if (!delivered) gap(`unhandled ${subject}`);
  };
  return { gap, deliver, stopReconnects };
}

/**
 * Every notice of `def` from now on, in this process (no queue group: each replica gets each one).
 * `onGap` runs when notices may have been missed or misread: after a reconnect, for a message that
 * matched no schema or whose handler threw. A cache drops everything there.
 */
export function watchNotices<N extends NoticeDef>(nats: NatsLink, def: N, handler: (payload: z.infer<N['payload']>) => void, logger: Logger, onGap: (why: string) => void): { stop(): Promise<void> } {
  const { gap, deliver, stopReconnects } = watcher(nats, logger, 'notices', { subject: def.subject }, onGap);
  const toHandler = parsingInto<N['payload']>(def.payload, handler);
  const subscription = nats.nc.subscribe(def.subject, {
    callback: (err, msg) => {
      if (err) gap(String(err));
      else deliver(def.subject, msg.data, toHandler);
    },
  });
  return {
    async stop() {
      stopReconnects();
      await subscription.drain();
    },
  };
}

/** What a watcher does with one event: parses it by its schema and hands the typed payload on. */
export interface EventRoute {
  def: EventDef;
  /** False when the message matched no schema of `def`. */
  deliver(data: unknown): boolean;
}

/** A watcher's handler for one event, typed by that event's payload. */
export function onEvent<E extends EventDef>(def: E, handler: (payload: z.infer<E['payload']>) => void): EventRoute {
  return { def, deliver: parsingInto<E['payload']>(def.payload, handler) };
}

/**
 * Every event of `routes` published to `stream` from now on, seen by this process alone: an ordered
 * consumer (ephemeral, no acks, removed by the server once idle), so each replica of a service sees
 * every event, unlike a durable consumer whose replicas share the messages. For state a replica keeps
 * for itself, such as caches. Handlers run synchronously in stream order; nothing is retried or
 * dead-lettered. `onGap` runs whenever events may have been missed or misread: after a reconnect,
 * when the ordered consumer had to be recreated, for a message that matched no schema or whose
 * handler threw. A cache drops everything there.
 */
export async function watchEvents(nats: NatsLink, stream: StreamDef, routes: readonly EventRoute[], logger: Logger, onGap: (why: string) => void): Promise<{ stop(): Promise<void> }> {
  const bySubject = new Map(routes.map((r) => [r.def.subject, r]));
  for (const r of routes) if (r.def.stream.name !== stream.name) throw new Error(`${r.def.subject} is not an event of stream ${stream.name}`);
  // The whole stream, unfiltered: a consumer with several filter subjects is created through the
  // nameless `$JS.API.CONSUMER.CREATE.<stream>` subject, which NATS permissions cannot tell from
  // creating any other consumer. Events no route wants are skipped below.
  const messages = await whenJetStreamAnswers(`ordered consumer of ${stream.name}`, logger, async () => {
    const consumer = await nats.js.consumers.get(stream.name, { deliver_policy: DeliverPolicy.New });
    return consumer.consume({ expires: PULL_EXPIRES_MS });
  });
  const { gap, deliver, stopReconnects } = watcher(nats, logger, 'events', { stream: stream.name }, onGap);
  const statuses = (async () => {
    for await (const s of await messages.status()) if (s.type === ConsumerEvents.OrderedConsumerRecreated) gap('consumer recreated');
  })();
  const done = (async () => {
    for await (const msg of messages) {
      const route = bySubject.get(msg.subject);
      if (route) deliver(msg.subject, msg.data, (data) => route.deliver(data));
    }
  })();
  return {
    async stop() {
      stopReconnects();
      await messages.close();
      await Promise.all([done, statuses]);
    },
  };
}
