import { createHash } from 'node:crypto';
import {
  RunEvents,
  TrackerEvents,
  WEBHOOK_EVENT_BODIES,
  WEBHOOK_LIMITS,
  WorkflowEvents,
  type EventDef,
  type WebhookEventType,
} from '@brandradar/contracts';
import { keysetCursor } from '@brandradar/platform';
import type { z } from 'zod';

/**
 * A delivery's id, also its `webhook-id` header: derived from the event and the endpoint, so an
 * event NATS delivers twice finds its delivery already recorded instead of making a second one.
 */
export function deliveryIdFor(eventId: string, webhookId: string): string {
  return `msg_${createHash('sha256').update(`${eventId}:${webhookId}`).digest('hex').slice(0, 32)}`;
}

/**
 * The delays after each failed attempt, as the Standard Webhooks specification suggests:
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (≈ 27.6 h in all, more than the 24 h promised).
 */
export const DEFAULT_RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];

/** Up to this share of a delay is added at random, so endpoints that failed together are not all retried at once. */
const JITTER = 0.1;

/**
 * When to try again after attempt `attemptNumber` (1-based within the schedule) failed, or null
 * when the schedule is used up and the delivery fails for good. `random` is in [0, 1).
 */
export function retryAt(attemptNumber: number, schedule: readonly number[], now: Date, random: number): Date | null {
  const delay = schedule[attemptNumber - 1];
  if (delay === undefined) return null;
  return new Date(now.getTime() + Math.round(delay * (1 + JITTER * random)));
}

/** Whether an endpoint failing since `failingSince` has failed long enough to be turned off. */
export function failedTooLong(failingSince: Date | null, now: Date, disableAfterMs: number): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= disableAfterMs;
}

/** The attempts a delivery keeps: the newest ones, the oldest of them first. */
export function keptAttempts<A>(attempts: readonly A[], added: A): A[] {
  return [...attempts, added].slice(-WEBHOOK_LIMITS.attemptsKept);
}

/** Text kept of a receiver's answer or an error: its start, never more than the contract allows. */
export function clipped(text: string): string {
  const chars = [...text];
  return chars.length <= WEBHOOK_LIMITS.responseChars ? text : `${chars.slice(0, WEBHOOK_LIMITS.responseChars - 1).join('')}…`;
}

// ---------------------------------------------------------------- what each event sends

/** An event that becomes webhooks of `type`, and the `data` of their body. */
const source = <E extends EventDef, T extends WebhookEventType>(event: E, type: T, data: (e: z.infer<E['payload']>) => unknown) => ({ event, type, data: data as (e: unknown) => unknown });

/** The events that become webhooks. */
const WEBHOOK_SOURCES = [
  source(RunEvents.finished, 'run.finished', (e) => ({ run: e.run, tracker: { id: e.run.trackerId, name: e.trackerName } })),
  source(RunEvents.significantChange, 'run.significant_change', (e) => ({ run: e.run, tracker: { id: e.run.trackerId, name: e.trackerName }, changes: e.changes })),
  source(TrackerEvents.activated, 'tracker.activated', (e) => ({ tracker: e.tracker })),
  source(TrackerEvents.paused, 'tracker.paused', (e) => ({ tracker: e.tracker })),
  source(TrackerEvents.deleted, 'tracker.deleted', (e) => ({ tracker: e.tracker })),
  source(WorkflowEvents.briefFinished, 'brief.finished', (e) => ({ brief: e.brief })),
];

export type WebhookSourceEvent = (typeof WEBHOOK_SOURCES)[number]['event'];

export interface WebhookMessage {
  type: WebhookEventType;
  /** The JSON body, exactly as every attempt sends it. */
  body: string;
}

/**
 * The webhook an event makes, or null for a subject no webhook is made of. The payload is checked
 * against its event's schema, and the body against the contract's, so a receiver gets only what
 * the API documents (unknown fields stripped).
 */
export function webhookMessage(subject: string, payload: unknown): WebhookMessage | null {
  const source = WEBHOOK_SOURCES.find((s) => s.event.subject === subject);
  if (!source) return null;
  const event = source.event.payload.parse(payload) as { occurredAt: string };
  const data = source.data(event);
  const body = WEBHOOK_EVENT_BODIES[source.type].parse({ type: source.type, timestamp: event.occurredAt, data });
  return { type: source.type, body: JSON.stringify(body) };
}

// ---------------------------------------------------------------- the delivery log's cursor

export interface LogPosition {
  createdAt: Date;
  id: string;
}

/** A delivery log's cursors carry the delivery id without its `msg_`, as they always have: a cursor issued before an upgrade still reads. */
const deliveryCursor = keysetCursor(/[A-Za-z0-9]{32}/);

/** A position in a delivery log as an opaque base64url token: the creation time in ms and the delivery id. */
export const encodeCursor = (p: LogPosition): string => deliveryCursor.encode({ time: p.createdAt, id: p.id.slice('msg_'.length) });

/** The position a cursor names, or null for one this API did not issue. */
export function decodeCursor(cursor: string): LogPosition | null {
  const p = deliveryCursor.decode(cursor);
  return p && { createdAt: p.time, id: `msg_${p.id}` };
}
