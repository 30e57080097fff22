import {
  AckPolicy,
  connect,
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
import type { z } from 'zod';
import { apiError, type ApiError, type EventDef, type QueryDef, type StreamDef, replySchema } from '@brandradar/contracts';
import type { Logger } from './logger';
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
  /** Counts each message a query handler or consumer finished with, by subject and outcome (set by startService). */
  handled?: Counter<'subject' | 'outcome'>;
}

export async function connectNats(url: string, name: string, logger: Logger): Promise<NatsLink> {
  const nc = await connect({
    servers: url.split(',').map((s) => s.trim()),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: true,
  });
  let connected = true;
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') connected = false;
      if (s.type === 'reconnect') connected = true;
      if (s.type === 'disconnect' || s.type === 'reconnect' || s.type === 'error') logger.warn({ nats: s.type, data: String(s.data) }, 'nats status');
    }
  })();
  return { nc, js: nc.jetstream(), jsm: await nc.jetstreamManager(), isConnected: () => connected && !nc.isClosed() };
}

// ---------------------------------------------------------------- queries

export type QueryRequest<Q extends QueryDef> = z.infer<Q['request']>;
export type QueryResult<Q extends QueryDef> = z.infer<Q['response']>;

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
        const parsed = def.request.safeParse(safeDecode(msg.data));
        if (!parsed.success) {
          logger.error({ subject: def.subject, issues: parsed.error.issues }, 'malformed query');
          reply = { ok: false, error: apiError('internal_error', 'Malformed internal request.') };
        } else {
          try {
            reply = { ok: true, result: def.response.parse(await handler(parsed.data as QueryRequest<Q>)) };
          } catch (e) {
            if (e instanceof DomainError) reply = { ok: false, error: e.error };
            else {
              logger.error({ err: e, subject: def.subject }, 'query handler failed');
              reply = { ok: false, error: apiError('internal_error', 'Something went wrong on our side.') };
            }
          }
        }
        let data: Uint8Array;
        try {
          data = encodeForNats(nats.nc, def.subject, reply);
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
    const reply = replySchema(def.response).parse(json.decode(data));
    if (!reply.ok) throw new DomainError(reply.error);
    return reply.result as QueryResult<Q>;
  });
}

function safeDecode(data: Uint8Array): unknown {
  try {
    return json.decode(data);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- streams

/** Creates or updates a file-backed stream so it captures exactly `subjects`. */
export async function ensureStream(jsm: JetStreamManager, stream: StreamDef, subjects: string[], replicas: number): Promise<void> {
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

export interface DurableConsumer {
  stream: StreamDef;
  durable: string;
  events: readonly EventDef[];
  /** How long a message may be worked on before redelivery; long jobs call `working()`. */
  ackWaitMs: number;
  maxDeliver: number;
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

export type EventHandler = (event: { subject: string; payload: unknown; msg: JsMsg }) => Promise<void>;

/**
 * Consumes a durable pull consumer until stopped, handling up to `concurrency`
 * messages at once. Each message is parsed with its event schema first: an
 * unknown subject or malformed payload is poison and is terminated. The
 * handler acks by returning; an error naks with a delay that grows with each
 * redelivery.
 */
export async function consumeEvents(
  nats: NatsLink,
  c: DurableConsumer,
  logger: Logger,
  handler: EventHandler,
  opts: { concurrency?: number } = {},
): Promise<{ stop(): Promise<void> }> {
  const concurrency = opts.concurrency ?? 1;
  const consumer = await nats.js.consumers.get(c.stream.name, c.durable);
  const messages = await consumer.consume({ max_messages: Math.max(16, concurrency) });
  const bySubject = new Map(c.events.map((e) => [e.subject, e]));
  const inFlight = new Set<Promise<void>>();

  const handle = async (msg: JsMsg) => {
    const def = bySubject.get(msg.subject);
    const parsed = def?.payload.safeParse(safeDecode(msg.data));
    if (!def || !parsed?.success) {
      logger.error({ subject: msg.subject, seq: msg.seq }, 'poison message terminated');
      msg.term();
      nats.handled?.inc({ subject: msg.subject, outcome: 'poison' });
      return;
    }
    const parent = contextFromHeaders(msg.headers);
    await inSpan(`${msg.subject} process`, { kind: SpanKind.CONSUMER, attributes: messagingAttributes(msg.subject, 'process') }, async () => {
      try {
        await handler({ subject: msg.subject, payload: parsed.data, msg });
        msg.ack();
        nats.handled?.inc({ subject: msg.subject, outcome: 'ok' });
      } catch (e) {
        const delay = Math.min(60_000, 1_000 * 2 ** (msg.info.redeliveryCount - 1));
        logger.warn({ err: e, subject: msg.subject, seq: msg.seq, delay }, 'event handling failed; will retry');
        msg.nak(delay);
        nats.handled?.inc({ subject: msg.subject, outcome: 'retry' });
      }
    }, parent).catch(() => undefined);
  };

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
      await messages.close();
      await done;
    },
  };
}
