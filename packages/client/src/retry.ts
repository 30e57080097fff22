/**
 * When to send a refused request again, and after how long. A small policy of
 * the client's own (not the platform's backoff: that package brings NATS,
 * MongoDB and OpenTelemetry with it, and this client also runs in browsers):
 * the server's `Retry-After` first, a doubling fallback when it sends none.
 */
export interface RetryPolicy {
  /** Retries after the first attempt; 0 never retries. */
  maxRetries: number;
  /** A wait longer than this (e.g. a `Retry-After` of an hour) is not waited: the error is thrown instead. */
  maxDelayMs: number;
  /** The first wait when the server names none (network errors, a 503 without `Retry-After`); doubles per attempt. */
  fallbackDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, maxDelayMs: 60_000, fallbackDelayMs: 500 };

/** One failed attempt, as the retry policy sees it. */
export interface FailedAttempt {
  /** The HTTP status, or `null` when no response came (a network error). */
  status: number | null;
  /** The error body's `code`, when it had one. */
  code?: string;
  /** The `Retry-After` header as sent. */
  retryAfter?: string | null;
  /** Counts from 1: the attempt that just failed. */
  attempt: number;
  /** Whether sending the request twice does what sending it once does (safe methods, a request token or an Idempotency-Key). */
  idempotent: boolean;
  /** Now, in ms since the epoch (for a `Retry-After` given as a date). */
  now: number;
}

/**
 * The wait before the next attempt, or `null` to give up. Retried: a 429 (the
 * API promises a refused request changed nothing); and, for idempotent
 * requests only, a 503, a 409 `idempotency_key_conflict` that says the first
 * request is still running (it carries `Retry-After`), and a network error.
 */
export function retryDelayMs(failed: FailedAttempt, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number | null {
  if (failed.attempt > policy.maxRetries) return null;
  const stillRunning = failed.status === 409 && failed.code === 'idempotency_key_conflict' && !!failed.retryAfter;
  const retryable = failed.status === 429 || (failed.idempotent && (failed.status === null || failed.status === 503 || stillRunning));
  if (!retryable) return null;
  const asked = retryAfterMs(failed.retryAfter, failed.now);
  const delay = asked ?? policy.fallbackDelayMs * 2 ** (failed.attempt - 1);
  return delay > policy.maxDelayMs ? null : delay;
}

/** `Retry-After` in ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3); `null` when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date always ends in GMT (IMF-fixdate, or the obsolete RFC 850 form).
  const date = /GMT$/.test(trimmed) ? Date.parse(trimmed) : NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
