import type { Subscription } from 'nats';
import { z } from 'zod';
import { apiError, replySchema, type ApiError, type QueryDef } from '@brandradar/contracts';
import { isStoreUnreachable } from '../errors';
import type { Logger } from '../logger';
import { contextFromHeaders, headersWithTraceContext, inSpan, messagingAttributes, SpanKind } from '../tracing';
import { encodeForNats, json, PayloadTooLargeError, safeDecode } from './codec';
import type { NatsLink } from './connection';
import { isUnanswered } from './failures';

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

export type QueryRequest<Q extends QueryDef> = z.infer<Q['request']>;
export type QueryResult<Q extends QueryDef> = z.infer<Q['response']>;

type Reply = { ok: true; result: unknown } | { ok: false; error: ApiError };

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
  preparedReplies.set(valid, encodeForNats(nats.nc, def.subject, { ok: true, result: valid } satisfies Reply));
  return valid;
}

/** The size of the reply `prepareResult` encoded for `result`, for a cache to count without encoding it again. */
export function preparedSize(result: object): number | undefined {
  return preparedReplies.get(result)?.length;
}

const somethingWentWrong = (): Reply => ({ ok: false, error: apiError('internal_error', 'Something went wrong on our side.') });

/** What a caller hears when the service it asked is away or cannot reach its store: 503, ask again in a second. */
const serviceUnavailable = (): ApiError => apiError('unavailable', 'A service this request needs is not available; try again shortly.', { retryAfterSeconds: 1 });

/** What a handler's failure tells the caller: its own DomainError, 503 for a store out of reach, else nothing in detail. */
function failureReply(e: unknown, subject: string, logger: Logger): Reply {
  if (e instanceof DomainError) return { ok: false, error: e.error };
  if (isStoreUnreachable(e)) {
    // The database is restarting or out of reach: the caller hears 503 and retries, as for a service that is away.
    logger.warn({ err: e, subject }, 'store unreachable');
    return { ok: false, error: serviceUnavailable() };
  }
  logger.error({ err: e, subject }, 'query handler failed');
  return somethingWentWrong();
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
  /** The reply to one request and, for a prepared result, its bytes. */
  const answer = async (data: Uint8Array): Promise<{ reply: Reply; prepared?: Uint8Array }> => {
    const parsed = z.safeParse<Q['request']>(def.request, safeDecode(data));
    if (!parsed.success) {
      logger.error({ subject: def.subject, issues: parsed.error.issues }, 'malformed query');
      return { reply: { ok: false, error: apiError('internal_error', 'Malformed internal request.') } };
    }
    try {
      const result = await handler(parsed.data);
      const prepared = typeof result === 'object' && result !== null ? preparedReplies.get(result) : undefined;
      return { reply: { ok: true, result: prepared ? result : def.response.parse(result) }, prepared };
    } catch (e) {
      return { reply: failureReply(e, def.subject, logger) };
    }
  };
  return nats.nc.subscribe(def.subject, {
    queue,
    callback: (err, msg) => {
      if (err) {
        logger.error({ err, subject: def.subject }, 'query subscription failed');
        return;
      }
      const parent = contextFromHeaders(msg.headers);
      void inSpan(`${def.subject} process`, { kind: SpanKind.SERVER, attributes: messagingAttributes(def.subject, 'process') }, async () => {
        const answered = await answer(msg.data);
        let reply = answered.reply;
        let data: Uint8Array;
        try {
          data = answered.prepared ?? encodeForNats(nats.nc, def.subject, reply);
        } catch (e) {
          if (!(e instanceof PayloadTooLargeError)) throw e;
          // Said at once and for good: otherwise the caller would wait out its timeout and retry in vain.
          logger.error({ err: e, subject: def.subject }, 'query reply too large for NATS');
          reply = somethingWentWrong();
          data = json.encode(reply);
        }
        msg.respond(data);
        nats.handled?.inc({ subject: def.subject, outcome: reply.ok ? 'ok' : reply.error.code });
      }, parent);
    },
  });
}

/**
 * Every reply's envelope, built once: zod compiles a schema at its first use, which cost more than
 * parsing a reply of 25 trackers. The result inside is parsed by the query's own (long-lived) schema.
 */
const replyEnvelope = replySchema(z.unknown());

/**
 * Asks a query and returns its result; a DomainError when the service said no,
 * `unavailable` when no service answered in time.
 */
export async function query<Q extends QueryDef>(link: NatsLink, def: Q, request: QueryRequest<Q>, timeoutMs = 5_000): Promise<QueryResult<Q>> {
  return inSpan(`${def.subject} send`, { kind: SpanKind.CLIENT, attributes: messagingAttributes(def.subject, 'send') }, async () => {
    // While reconnecting, a request would only wait out its timeout: answer at once instead.
    if (!link.isConnected()) throw new DomainError(serviceUnavailable());
    let data: Uint8Array;
    try {
      const msg = await link.nc.request(def.subject, encodeForNats(link.nc, def.subject, def.request.parse(request)), { timeout: timeoutMs, headers: headersWithTraceContext() });
      data = msg.data;
    } catch (e) {
      throw isUnanswered(e) ? new DomainError(serviceUnavailable()) : e;
    }
    const reply = replyEnvelope.parse(json.decode(data));
    if (!reply.ok) throw new DomainError(reply.error);
    return z.parse<Q['response']>(def.response, reply.result);
  });
}
