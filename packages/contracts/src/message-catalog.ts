import { z } from 'zod';
import { SERVICE_ACCESS, type ServiceAccess } from './access';
import { EVENTS } from './catalog';
import { replySchema } from './messaging';

/** What one subject carries: an event's or notice's payload, or a query's request and its reply. */
export type MessagePart = 'payload' | 'request' | 'reply';

/** One subject on the bus and the schema of each message on it, as its consumers parse it. */
export interface MessageSchemas {
  subject: string;
  parts: Partial<Record<MessagePart, z.ZodType>>;
}

const services: ServiceAccess[] = Object.values(SERVICE_ACCESS);
const once = <T extends { subject: string }>(defs: T[]): T[] => [...new Map(defs.map((d) => [d.subject, d])).values()];

/**
 * Every subject the services speak today: each query some service answers, each event or command a
 * stream captures, each notice between replicas. A subject whose version was bumped stays in this
 * list (served or captured) for one release beside its successor, so the previous release still
 * finds what it asks and reads.
 */
export const MESSAGES: readonly MessageSchemas[] = [
  ...once(services.flatMap((s) => s.serves)).map((q) => ({ subject: q.subject, parts: { request: q.request, reply: replySchema(q.response) } })),
  ...EVENTS.map((e) => ({ subject: e.subject, parts: { payload: e.payload } })),
  ...once(services.flatMap((s) => s.notices ?? [])).map((n) => ({ subject: n.subject, parts: { payload: n.payload } })),
];

/** A subject's stable name and version: `runs.create-scheduled.v2` is `runs.create-scheduled`, 2. */
export function subjectVersion(subject: string): { name: string; version: number } | undefined {
  const dot = subject.lastIndexOf('.v');
  const version = Number(subject.slice(dot + 2));
  return dot > 0 && Number.isInteger(version) && version > 0 && String(version) === subject.slice(dot + 2) ? { name: subject.slice(0, dot), version } : undefined;
}

/** A JSON Schema, as zod writes it (2020-12). */
export type JsonSchema = Record<string, unknown>;

/**
 * Every subject's parts as one JSON Schema: `properties[subject].properties[part]`, the schemas with
 * an id shared in `$defs`. It states what a consumer accepts (zod's `input` side: defaults may be
 * left out, unknown keys of non-strict objects pass), by zod's own converter, which zod-openapi
 * uses for the API document too.
 */
export function messagesJsonSchema(messages: readonly MessageSchemas[] = MESSAGES): JsonSchema {
  const sorted = [...messages].sort((a, b) => a.subject.localeCompare(b.subject));
  const all = z.object(Object.fromEntries(sorted.map(({ subject, parts }) => [subject, z.object(parts)])));
  return z.toJSONSchema(all, { io: 'input', unrepresentable: 'any' });
}
