import {
  AckPolicy,
  connect,
  ConsumerEvents,
  DeliverPolicy,
  ErrorCode as NatsErrorCode,
  JSONCodec,
  RetentionPolicy,
  StorageType,
  nanos,
  type ConsumerConfig,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  type NatsError,
  type Subscription,
} from 'nats';
import type { Counter } from 'prom-client';
import { z } from 'zod';
import { apiError, DeadLetterEvents, inboxPrefix, type ApiError, type DeadLetterReason, type EventDef, type NoticeDef, type QueryDef, type StreamDef, replySchema } from '@brandradar/contracts';
import { backoffDelayMs, type BackoffPolicy } from './backoff';
import { deadLetterEvent, type DeadLetterKind, type UndeliverableMessage } from './dead-letters';
import { failureCode, isPermanent, isStoreUnreachable } from './errors';
import type { Logger } from './logger';
import { sleep } from './timeout';
import { contextFromHeaders, headersWithTraceContext, inSpan, messagingAttributes, SpanKind } from './tracing';

const json = JSONCodec();

/** A failure that carries an API error code, so it can cross NATS and reach the caller unchanged. */
export class DomainError extends Error {
  constructor(public readonly error: ApiError) {
    super(error.message);
    this.name = 'DomainError';
  }

  static of(...args: Parameters<typeof apiError>): DomainError {
    return new DomainError(apiError(...args));
  }
}

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

/** A NATS connection that retries forever and tells whether it is connected right now. */
export interface NatsLink {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  isConnected(): boolean;
  /** Calls `listener` after every reconnect (messages sent meanwhile on core NATS were missed); returns its removal. */
  onReconnect(listener: () => void): () => void;
  /** Counts each message a query handler or consumer finished with, by subject and outcome (set by startService). */
  handled?: Counter<'subject' | 'outcome'>;
  /** Counts messages given up on, by stream and reason kind (set by startService). */
  deadLetters?: Counter<'stream' | 'reason'>;
  /** Redelivery delays of this service's consumers after a transient failure (set by startService from REDELIVERY_MAX_MS). */
  redeliveryBackoff?: BackoffPolicy;
}

/** A NATS user and its password; replies to its requests come to its own inbox prefix, which no other user may read. */
export interface NatsCredentials {
  user: string;
  password: string;
}

/** The servers a NATS_URL names: one URL, or the servers of a cluster separated by commas. */
export function natsServers(url: string): string[] {
  return url
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * How long a service waits at start for JetStream to answer. A cluster that lost a server elects new
 * leaders (of its metadata, of each stream and consumer) within seconds, during which JetStream
 * answers nothing, or 503; what lasts longer than this is something else, and the start fails.
 */
export const JETSTREAM_START_WAIT_MS = 60_000;

/** Asked again after 0.25–0.5 s, doubling up to 2 s: an election takes a few seconds. */
const JETSTREAM_WAIT_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 2_000 };

/**
 * A JetStream request that failed for now, not for good: no answer in time (no leader to answer it,
 * as while a cluster elects one), no responders, the connection lost on the way, or JetStream's
 * own 503 (temporarily unavailable).
 */
export function isJetStreamUnavailable(e: unknown): boolean {
  const { code, api_error } = (e ?? {}) as Partial<NatsError>;
  return code === NatsErrorCode.Timeout || code === NatsErrorCode.NoResponders || code === NatsErrorCode.Disconnect || api_error?.code === 503;
}

/**
 * `op`, asked again while JetStream is unavailable (see isJetStreamUnavailable), with a warning each
 * time, for up to `waitMs`. Any other failure, or one after that, is thrown. For a service's start,
 * which would otherwise exit on the first request that falls in a cluster's leader election.
 */
export async function whenJetStreamAnswers<T>(what: string, logger: Logger, op: () => Promise<T>, waitMs = JETSTREAM_START_WAIT_MS): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await op();
    } catch (e) {
      if (!isJetStreamUnavailable(e) || Date.now() >= deadline) throw e;
      const delay = backoffDelayMs(attempt, JETSTREAM_WAIT_BACKOFF);
      logger.warn({ err: e, what, attempt, delay }, 'JetStream not answering (a leader election?); asking again');
      await sleep(delay);
    }
  }
}

export async function connectNats(url: string, name: string, logger: Logger, credentials: NatsCredentials): Promise<NatsLink> {
  const nc = await connect({
    servers: natsServers(url),
    name,
    user: credentials.user,
    pass: credentials.password,
    inboxPrefix: inboxPrefix(credentials.user),
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: true,
    // No stack captured for every request in case it times out (two Errors each, about 3% of the
    // gateway's CPU per read): query() turns a timeout into `unavailable` and drops the stack anyway.
    noAsyncTraces: true,
  });
  let connected = true;
  const reconnectListeners = new Set<() => void>();
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') connected = false;
      if (s.type === 'reconnect') {
        connected = true;
        for (const listener of reconnectListeners) listener();
      }
      if (s.type === 'disconnect' || s.type === 'reconnect' || s.type === 'error') logger.warn({ nats: s.type, data: String(s.data) }, 'nats status');
    }
  })();
  let jsm: JetStreamManager;
  try {
    // Its first request asks whether JetStream is there at all.
    jsm = await whenJetStreamAnswers('jetstream account info', logger, () => nc.jetstreamManager());
  } catch (e) {
    await nc.close(); // it would otherwise reconnect for ever
    throw e;
  }
  return {
    nc,
    js: nc.jetstream(),
    jsm,
    isConnected: () => connected && !nc.isClosed(),
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
  };
}

// ---------------------------------------------------------------- queries

export type QueryRequest<Q extends QueryDef> = z.infer<Q['request']>;
export type QueryResult<Q extends QueryDef> = z.infer<Q['response']>;

/** Replies validated and encoded once, by the result object a handler returns for many requests. */
const preparedReplies = new WeakMap<object, Uint8Array>();

/**
 * `result` validated and its reply encoded now, once, for a handler that answers many requests with
 * the same object (a cached page): `serveQuery` then sends those bytes without validating or
 * encoding again. Throws as `serveQuery` would answer: the result does not match `def`, or its
 * reply is too large for NATS.
 */
export function prepareResult<Q extends QueryDef>(nats: NatsLink, def: Q, result: QueryResult<Q>): QueryResult<Q> {
  const valid = def.response.parse(result) as QueryResult<Q> & object;
  preparedReplies.set(valid, encodeForNats(nats.nc, def.subject, { ok: true, result: valid }));
  return valid;
}

/** The size of the reply `prepareResult` encoded for `result`, for a cache to count without encoding it again. */
export function preparedSize(result: object): number | undefined {
  return preparedReplies.get(result)?.length;
}

/**
 * Answers a query subject in a queue group, so replicas share the load. The
 * handler returns the result or throws a DomainError; anything else becomes
 * `internal_error` (logged, never sent with detail).
 */
export function serveQuery<Q extends QueryDef>(
  nats: NatsLink,
  def: Q,
  queue: string,
  logger: Logger,
  handler: (request: QueryRequest<Q>) => Promise<QueryResult<Q>>,
): Subscription {
  return nats.nc.subscribe(def.subject, {
    queue,
    callback: (err, msg) => {
      if (err) {
        logger.error({ err, subject: def.subject }, 'query subscription failed');
        return;
      }
      const parent = contextFromHeaders(msg.headers);
      void inSpan(`${def.subject} process`, { kind: SpanKind.SERVER, attributes: messagingAttributes(def.subject, 'process') }, async () => {
        let reply: { ok: boolean; result?: unknown; error?: { code: string } };
        let prepared: Uint8Array | undefined;
        const parsed = z.safeParse<Q['request']>(def.request, safeDecode(msg.data));
        if (!parsed.success) {
          logger.error({ subject: def.subject, issues: parsed.error.issues }, 'malformed query');
          reply = { ok: false, error: apiError('internal_error', 'Malformed internal request.') };
        } else {
          try {
            const result = await handler(parsed.data);
            prepared = typeof result === 'object' && result !== null ? preparedReplies.get(result) : undefined;
            reply = { ok: true, result: prepared ? result : def.response.parse(result) };
          } catch (e) {
            if (e instanceof DomainError) reply = { ok: false, error: e.error };
            else if (isStoreUnreachable(e)) {
              // The database is restarting or out of reach: the caller hears 503 and retries, as for a service that is away.
              logger.warn({ err: e, subject: def.subject }, 'store unreachable');
              reply = { ok: false, error: apiError('unavailable', 'A service this request needs is not available; try again shortly.', { retryAfterSeconds: 1 }) };
            } else {
              logger.error({ err: e, subject: def.subject }, 'query handler failed');
              reply = { ok: false, error: apiError('internal_error', 'Something went wrong on our side.') };
            }
          }
        }
        let data: Uint8Array;
        try {
          data = prepared ?? encodeForNats(nats.nc, def.subject, reply);
        } catch (e) {
          if (!(e instanceof PayloadTooLargeError)) throw e;
          // Said at once and for good: otherwise the caller would wait out its timeout and retry in vain.
          logger.error({ err: e, subject: def.subject }, 'query reply too large for NATS');
          reply = { ok: false, error: apiError('internal_error', 'Something went wrong on our side.') };
          data = json.encode(reply);
        }
        msg.respond(data);
        nats.handled?.inc({ subject: def.subject, outcome: reply.ok ? 'ok' : reply.error!.code });
      }, parent);
    },
  });
}

/** Each query's reply schema, built once: zod compiles a schema at its first use, which cost more than parsing a reply of 25 trackers. */
const replySchemas = new WeakMap<QueryDef, ReturnType<typeof replySchema>>();

function replySchemaOf(def: QueryDef): ReturnType<typeof replySchema> {
  let schema = replySchemas.get(def);
  if (!schema) replySchemas.set(def, (schema = replySchema(def.response)));
  return schema;
}

/**
 * Asks a query and returns its result; a DomainError when the service said no,
 * `unavailable` when no service answered in time.
 */
export async function query<Q extends QueryDef>(link: NatsLink, def: Q, request: QueryRequest<Q>, timeoutMs = 5_000): Promise<QueryResult<Q>> {
  return inSpan(`${def.subject} send`, { kind: SpanKind.CLIENT, attributes: messagingAttributes(def.subject, 'send') }, async () => {
    const unavailable = () => DomainError.of('unavailable', 'A service this request needs is not available; try again shortly.', { retryAfterSeconds: 1 });
    // While reconnecting, a request would only wait out its timeout: answer at once instead.
    if (!link.isConnected()) throw unavailable();
    let data: Uint8Array;
    try {
      const msg = await link.nc.request(def.subject, encodeForNats(link.nc, def.subject, def.request.parse(request)), { timeout: timeoutMs, headers: headersWithTraceContext() });
      data = msg.data;
    } catch (e) {
      const code = (e as NatsError).code;
      if (code === NatsErrorCode.NoResponders || code === NatsErrorCode.Timeout || code === NatsErrorCode.Disconnect || code === NatsErrorCode.ConnectionClosed) {
        throw unavailable();
      }
      throw e;
    }
    const reply = replySchemaOf(def).parse(json.decode(data));
    if (!reply.ok) throw new DomainError(reply.error);
    return reply.result as QueryResult<Q>;
  });
}

/** A message's JSON, or undefined when it is not JSON (for a schema to refuse). */
export function safeDecode(data: Uint8Array): unknown {
  try {
    return json.decode(data);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- notices

/** Publishes a notice to every replica listening (core NATS: nothing is stored or retried). */
export function publishNotice<N extends NoticeDef>(link: Pick<NatsLink, 'nc'>, def: N, payload: z.infer<N['payload']>): void {
  link.nc.publish(def.subject, encodeForNats(link.nc, def.subject, def.payload.parse(payload)));
}

/**
 * Every notice of `def` from now on, in this process (no queue group: each replica gets each one).
 * `onGap` runs when notices may have been missed or misread: after a reconnect, or for a message
 * that matched no schema. A cache drops everything there.
 */
export function watchNotices<N extends NoticeDef>(nats: NatsLink, def: N, handler: (payload: z.infer<N['payload']>) => void, logger: Logger, onGap: (why: string) => void): { stop(): Promise<void> } {
  const gap = (why: string) => {
    logger.warn({ subject: def.subject, why }, 'notices may have been missed');
    onGap(why);
  };
  const stopReconnects = nats.onReconnect(() => gap('reconnected'));
  const subscription = nats.nc.subscribe(def.subject, {
    callback: (err, msg) => {
      if (err) return gap(String(err));
      const parsed = z.safeParse<N['payload']>(def.payload, safeDecode(msg.data));
      nats.handled?.inc({ subject: def.subject, outcome: parsed.success ? 'ok' : 'gap' });
      if (parsed.success) handler(parsed.data);
      else gap(`malformed ${def.subject}`);
    },
  });
  return {
    async stop() {
      stopReconnects();
      await subscription.drain();
    },
  };
}

// ---------------------------------------------------------------- streams

/**
 * Creates or updates a file-backed stream so it captures exactly `subjects`.
 * A stream already as described is only looked at: services, whose NATS users
 * may not create or change streams, run this at start after the deploy job
 * (or the local stack) provisioned them.
 */
export async function ensureStream(jsm: JetStreamManager, stream: StreamDef, subjects: string[], replicas: number): Promise<void> {
  const current = await jsm.streams.info(stream.name).then(
    (info) => info.config,
    (e: unknown) => {
      if ((e as NatsError).api_error?.err_code === STREAM_NOT_FOUND) return undefined;
      throw e;
    },
  );
  if (current && current.description === stream.description && current.num_replicas === replicas && sameSet(current.subjects ?? [], subjects)) return;
  const config = {
    name: stream.name,
    description: stream.description,
    subjects,
    retention: stream.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
    storage: StorageType.File,
    num_replicas: replicas,
    duplicate_window: nanos(2 * 60_000),
  };
  try {
    await jsm.streams.add(config); // idempotent when the stream exists with this config
    return;
  } catch (e) {
    // 10058: the stream exists with another config (other subjects, replicas): update it.
    if ((e as NatsError).api_error?.err_code !== 10058) throw e;
  }
  await jsm.streams.update(stream.name, { subjects, description: stream.description, num_replicas: replicas });
}

export interface DurableConsumer<E extends EventDef = EventDef> {
  stream: StreamDef;
  durable: string;
  events: readonly E[];
  /** How long a message may be worked on before redelivery; long jobs call `working()`. */
  ackWaitMs: number;
  maxDeliver: number;
}

/** A durable consumer typed by the events it reads, so its handler receives their parsed payloads. */
export function defineConsumer<E extends EventDef>(c: DurableConsumer<E>): DurableConsumer<E> {
  return c;
}

export async function ensureConsumer(jsm: JetStreamManager, c: DurableConsumer): Promise<void> {
  const config: Partial<ConsumerConfig> = {
    durable_name: c.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subjects: c.events.map((e) => e.subject),
    ack_wait: nanos(c.ackWaitMs),
    max_deliver: c.maxDeliver,
  };
  try {
    await jsm.consumers.add(c.stream.name, config);
  } catch (e) {
    // 10148: consumer exists with another config; update the mutable parts.
    if ((e as NatsError).api_error?.err_code !== 10148) throw e;
    await jsm.consumers.update(c.stream.name, c.durable, config);
  }
}

/** Publishes an event after checking it against its schema; the event id is the de-duplication key. */
export async function publishEvent<E extends EventDef>({ nc, js }: Pick<NatsLink, 'nc' | 'js'>, def: E, payload: z.infer<E['payload']> & { eventId: string }): Promise<void> {
  await inSpan(`${def.subject} publish`, { kind: SpanKind.PRODUCER, attributes: messagingAttributes(def.subject, 'send') }, async () => {
    const body = encodeForNats(nc, def.subject, def.payload.parse(payload));
    await js.publish(def.subject, body, { msgID: payload.eventId, headers: headersWithTraceContext() });
  });
}

/** A consumer's handler, typed by the events it reads. */
export type EventHandler<E extends EventDef = EventDef> = (event: { subject: string; payload: z.infer<E['payload']>; msg: JsMsg }) => Promise<void>;

/** What a consumer gave up on: `payload` is undefined when the message matched no schema. */
export interface DeadLetterNotice<E extends EventDef = EventDef> {
  subject: string;
  payload: z.infer<E['payload']> | undefined;
  reason: DeadLetterReason;
}

export interface ConsumeOptions<E extends EventDef = EventDef> {
  /** Messages handled at once. */
  concurrency?: number;
  /**
   * Finalises what a message was about (the runner ends the run) before it
   * goes to the dead letters. Must be idempotent: a throw retries the message
   * later, and the max-deliveries path may call it for a message again.
   */
  onDeadLetter?: (event: DeadLetterNotice<E>) => Promise<void>;
  /** Redelivery delays after a transient failure; tests shorten them. */
  backoff?: BackoffPolicy;
}

/** Redelivery after a transient failure: 0.5–1 s at first, doubling up to 30–60 s (a service's REDELIVERY_MAX_MS sets the most). */
export const REDELIVERY_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 60_000 };

/** The subject JetStream announces a message on once `c`'s deliveries of it ran out. */
export function maxDeliveriesAdvisorySubject(c: Pick<DurableConsumer, 'stream' | 'durable'>): string {
  return `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${c.stream.name}.${c.durable}`;
}

/**
 * How long each pull of a consumer stays open on the server. nats.js re-pulls after a reconnect once
 * the consumer's info answers, and when that first ask comes before JetStream is back (a restarted
 * server recovering its streams) it waits one whole expiry to ask again: 30 s by default, which held
 * every run command for about 25 s after a NATS restart in the chaos test.
 */
const PULL_EXPIRES_MS = 5_000;

/** Tries of the dead-letter path for a max-deliveries advisory, which NATS does not redeliver. */
const ADVISORY_ATTEMPTS = 5;

/**
 * Consumes a durable pull consumer until stopped, handling up to `concurrency`
 * messages at once, and gives up on a message only through the DEAD_LETTERS
 * stream:
 * - a message that matches no event schema of the consumer, or whose handler
 *   throws a permanent error (`isPermanent`), is dead-lettered at once;
 * - any other failure is retried: a nak with the shared backoff, until the
 *   last delivery the consumer allows fails too, which is dead-lettered;
 * - a message whose deliveries ran out without the handler finishing (a
 *   worker killed each time) is announced by JetStream's max-deliveries
 *   advisory; one replica (a queue group) fetches it by sequence and
 *   dead-letters it.
 * A dead-lettered message is acked only after `onDeadLetter` and the
 * dead-letter publish succeeded; otherwise it is nak'ed and tried again.
 */
export async function consumeEvents<E extends EventDef>(
  nats: NatsLink,
  c: DurableConsumer<E>,
  logger: Logger,
  handler: EventHandler<E>,
  opts: ConsumeOptions<E> = {},
): Promise<{ stop(): Promise<void> }> {
  const concurrency = opts.concurrency ?? 1;
  const backoff = opts.backoff ?? nats.redeliveryBackoff ?? REDELIVERY_BACKOFF;
  const consumer = await whenJetStreamAnswers(`consumer ${c.stream.name}/${c.durable}`, logger, () => nats.js.consumers.get(c.stream.name, c.durable));
  const messages = await consumer.consume({ max_messages: Math.max(16, concurrency), expires: PULL_EXPIRES_MS });
  const bySubject = new Map<string, E>(c.events.map((e) => [e.subject, e]));
  const inFlight = new Set<Promise<void>>();

  type Parsed = { ok: true; payload: z.infer<E['payload']> } | { ok: false; reason: DeadLetterReason };
  const parse = (subject: string, data: Uint8Array): Parsed => {
    const def = bySubject.get(subject);
    if (!def) return { ok: false, reason: { code: 'invalid_payload', message: `${subject} is not an event of consumer ${c.durable}` } };
    const parsed = z.safeParse<E['payload']>(def.payload, safeDecode(data));
    if (!parsed.success) return { ok: false, reason: { code: 'invalid_payload', message: describeIssues(parsed.error) } };
    return { ok: true, payload: parsed.data };
  };

  /** Finalises and records a message given up on; throws when either step failed, so the caller retries. */
  const deadLetter = async (m: UndeliverableMessage, payload: z.infer<E['payload']> | undefined, reason: DeadLetterReason, kind: DeadLetterKind) => {
    await opts.onDeadLetter?.({ subject: m.subject, payload, reason });
    await publishEvent(nats, DeadLetterEvents.deadLettered, deadLetterEvent(m, reason, new Date()));
    logger.error({ stream: m.stream, consumer: m.consumer, subject: m.subject, seq: m.streamSequence, deliveries: m.deliveries, reason: reason.code }, 'message dead-lettered');
    nats.deadLetters?.inc({ stream: m.stream, reason: kind });
  };

  const retryLater = (msg: JsMsg, err: unknown, what: string) => {
    const delay = backoffDelayMs(msg.info.deliveryCount, backoff);
    logger.warn({ err, subject: msg.subject, seq: msg.seq, delay }, `${what}; will retry`);
    msg.nak(delay);
    nats.handled?.inc({ subject: msg.subject, outcome: 'retry' });
  };

  const giveUp = async (msg: JsMsg, payload: z.infer<E['payload']> | undefined, reason: DeadLetterReason, kind: DeadLetterKind) => {
    const m = { stream: c.stream.name, consumer: c.durable, subject: msg.subject, streamSequence: msg.seq, deliveries: msg.info.deliveryCount, data: msg.data };
    try {
      await deadLetter(m, payload, reason, kind);
    } catch (e) {
      return retryLater(msg, e, 'dead-lettering failed');
    }
    msg.ack();
    nats.handled?.inc({ subject: msg.subject, outcome: 'dead_letter' });
  };

  const handle = async (msg: JsMsg) => {
    const parsed = parse(msg.subject, msg.data);
    if (!parsed.ok) return giveUp(msg, undefined, parsed.reason, 'invalid_payload');
    const parent = contextFromHeaders(msg.headers);
    await inSpan(`${msg.subject} process`, { kind: SpanKind.CONSUMER, attributes: messagingAttributes(msg.subject, 'process') }, async () => {
      try {
        await handler({ subject: msg.subject, payload: parsed.payload, msg });
      } catch (e) {
        if (isPermanent(e)) return giveUp(msg, parsed.payload, { code: failureCode(e), message: messageOf(e) }, 'permanent_error');
        if (msg.info.deliveryCount >= c.maxDeliver) return giveUp(msg, parsed.payload, { code: 'retries_exhausted', message: messageOf(e) }, 'retries_exhausted');
        return retryLater(msg, e, 'event handling failed');
      }
      msg.ack();
      nats.handled?.inc({ subject: msg.subject, outcome: 'ok' });
    }, parent).catch((err: unknown) => logger.error({ err, subject: msg.subject, seq: msg.seq }, 'consumer failed'));
  };

  /** Deliveries ran out with no answer from any handler: dead-letter the stored message (retried here, as advisories are not redelivered). */
  const onMaxDeliveries = async (advisory: { stream_seq: number; deliveries: number }) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const stored = await nats.jsm.streams.getMessage(c.stream.name, { seq: advisory.stream_seq });
        const parsed = parse(stored.subject, stored.data);
        const reason = { code: 'max_deliveries', message: `delivered ${advisory.deliveries} times without an ack or a nak` };
        const m = { stream: c.stream.name, consumer: c.durable, subject: stored.subject, streamSequence: stored.seq, deliveries: advisory.deliveries, data: stored.data };
        await deadLetter(m, parsed.ok ? parsed.payload : undefined, reason, 'max_deliveries');
        // A work queue keeps an unacknowledged message for ever; it now lives in DEAD_LETTERS.
        if (c.stream.retention === 'workqueue') await nats.jsm.streams.deleteMessage(c.stream.name, stored.seq, false);
        return;
      } catch (e) {
        if ((e as NatsError).api_error?.err_code === NO_MESSAGE_FOUND) return; // already gone (deleted, or expired)
        if (attempt >= ADVISORY_ATTEMPTS) {
          logger.error({ err: e, stream: c.stream.name, consumer: c.durable, seq: advisory.stream_seq }, 'dead-lettering after max deliveries failed; the message stays in its stream');
          return;
        }
        await sleep(backoffDelayMs(attempt, backoff));
      }
    }
  };
  const advisories = nats.nc.subscribe(maxDeliveriesAdvisorySubject(c), {
    queue: `${c.durable}-dead-letters`,
    callback: (err, msg) => {
      if (err) return logger.error({ err, consumer: c.durable }, 'max-deliveries advisory subscription failed');
      const advisory = safeDecode(msg.data) as { stream_seq?: unknown; deliveries?: unknown } | undefined;
      if (typeof advisory?.stream_seq !== 'number') return logger.error({ consumer: c.durable }, 'unreadable max-deliveries advisory');
      void onMaxDeliveries({ stream_seq: advisory.stream_seq, deliveries: typeof advisory.deliveries === 'number' ? advisory.deliveries : c.maxDeliver });
    },
  });

  const done = (async () => {
    for await (const msg of messages) {
      const task = handle(msg).finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  })();
  return {
    async stop() {
      await advisories.drain();
      await messages.close();
      await done;
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
  return {
    def,
    deliver(data) {
      const parsed = z.safeParse<E['payload']>(def.payload, data);
      if (!parsed.success) return false;
      handler(parsed.data);
      return true;
    },
  };
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
  const gap = (why: string) => {
    logger.warn({ stream: stream.name, why }, 'events may have been missed');
    onGap(why);
  };
  const stopReconnects = nats.onReconnect(() => gap('reconnected'));
  const statuses = (async () => {
    for await (const s of await messages.status()) if (s.type === ConsumerEvents.OrderedConsumerRecreated) gap('consumer recreated');
  })();
  const done = (async () => {
    for await (const msg of messages) {
      const route = bySubject.get(msg.subject);
      if (!route) continue;
      let delivered = false;
      try {
        delivered = route.deliver(safeDecode(msg.data));
      } catch (err) {
        logger.error({ err, subject: msg.subject }, 'event watcher failed');
      }
      nats.handled?.inc({ subject: msg.subject, outcome: delivered ? 'ok' : 'gap' });
      if (!delivered) gap(`unhandled ${msg.subject}`);
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

/** JetStream's answer about a stream that does not exist. */
const STREAM_NOT_FOUND = 10059;

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** JetStream's answer to a get of a sequence the stream no longer holds. */
const NO_MESSAGE_FOUND = 10037;

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
