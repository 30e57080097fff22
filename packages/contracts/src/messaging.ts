import { z } from 'zod';
import { ApiErrorSchema } from './errors';

/**
 * A request/reply query between services over core NATS. Subjects carry their
 * version (`billing.rates.get.v1`); a breaking change gets a new subject.
 */
export interface QueryDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  subject: string;
  request: Req;
  response: Res;
}

export function defineQuery<Req extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  request: Req,
  response: Res,
): QueryDef<Req, Res> {
  return { subject, request, response };
}

/**
 * A JetStream stream. `workqueue` streams hold commands that exactly one
 * consumer takes; `limits` streams hold events that several services read.
 */
export interface StreamDef {
  name: string;
  retention: 'limits' | 'workqueue';
  description: string;
}

/** An event or command published to a JetStream stream. */
export interface EventDef<P extends z.ZodType = z.ZodType> {
  subject: string;
  stream: StreamDef;
  payload: P;
}

export function defineEvent<P extends z.ZodType>(subject: string, stream: StreamDef, payload: P): EventDef<P> {
  return { subject, stream, payload };
}

/**
 * A core-NATS message every replica of a service hears (no queue group, nothing stored): for
 * telling the other replicas something they must know at once, such as what to drop from a cache.
 * At most once: a replica that is disconnected misses it.
 */
export interface BroadcastDef<P extends z.ZodType = z.ZodType> {
  subject: string;
  payload: P;
}

export function defineBroadcast<P extends z.ZodType>(subject: string, payload: P): BroadcastDef<P> {
  return { subject, payload };
}

/** The subjects a stream captures: exactly those of its events, so it never swallows a query. */
export function streamSubjects(stream: StreamDef, events: readonly EventDef[]): string[] {
  return events.filter((e) => e.stream.name === stream.name).map((e) => e.subject);
}

/**
 * Every message payload starts with a required `version`; a consumer parses
 * the payload before dispatch and refuses one it does not know, rather than
 * guessing (no default version).
 */
export function versioned<S extends z.ZodRawShape>(shape: S) {
  return z.object({ version: z.literal(1), ...shape });
}

/** Events also carry an id (the JetStream msgID, for de-duplication) and a time. */
export function eventPayload<S extends z.ZodRawShape>(shape: S) {
  return versioned({ eventId: z.uuid(), occurredAt: z.iso.datetime(), ...shape });
}

/** What a query handler replies: a result, or an error the gateway can show as is. */
export function replySchema<R extends z.ZodType>(result: R) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), result }),
    z.object({ ok: z.literal(false), error: ApiErrorSchema }),
  ]);
}
