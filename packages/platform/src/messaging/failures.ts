import { ErrorCode, NatsError } from 'nats';
import { backoffDelayMs, type BackoffPolicy } from '../backoff';
import type { Logger } from '../logger';
import { sleep } from '../timeout';

/** JetStream's error codes (`api_error.err_code`) that this platform answers differently. */
export const JetStreamErrorCode = {
  /** A get of a sequence the stream no longer holds. */
  noMessageFound: 10037,
  /** An add of a stream that exists with another config (other subjects, replicas). */
  streamNameInUse: 10058,
  /** An info of a stream that does not exist. */
  streamNotFound: 10059,
  /** An add of a consumer that exists with another config. */
  consumerExists: 10148,
} as const;

/** Whether `e` is JetStream's answer with `errCode`; nats.js throws such answers as a NatsError. */
export function isJetStreamError(e: unknown, errCode: (typeof JetStreamErrorCode)[keyof typeof JetStreamErrorCode]): boolean {
  return e instanceof NatsError && e.api_error?.err_code === errCode;
}

// NatsError.code is a plain string; the sets hold the ErrorCode members it is compared with.
const UNANSWERED = new Set<string>([ErrorCode.NoResponders, ErrorCode.Timeout, ErrorCode.Disconnect, ErrorCode.ConnectionClosed]);
const JETSTREAM_UNAVAILABLE = new Set<string>([ErrorCode.Timeout, ErrorCode.NoResponders, ErrorCode.Disconnect]);

/** No answer came: no responders, no answer in time, or the connection lost or closed on the way. */
export function isUnanswered(e: unknown): boolean {
  return e instanceof NatsError && UNANSWERED.has(e.code);
}

/**
 * A JetStream request that failed for now, not for good: no answer in time (no leader to answer it,
 * as while a cluster elects one), no responders, the connection lost on the way, or JetStream's
 * own 503 (temporarily unavailable).
 */
function isJetStreamUnavailable(e: unknown): boolean {
  if (!(e instanceof NatsError)) return false;
  return JETSTREAM_UNAVAILABLE.has(e.code) || e.api_error?.code === 503;
}

/**
 * How long a service waits at start for JetStream to answer. A cluster that lost a server elects new
 * leaders (of its metadata, of each stream and consumer) within seconds, during which JetStream
 * answers nothing, or 503; what lasts longer than this is something else, and the start fails.
 */
const JETSTREAM_START_WAIT_MS = 60_000;

/** Asked again after 0.25–0.5 s, doubling up to 2 s: an election takes a few seconds. */
const JETSTREAM_WAIT_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 2_000 };

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
