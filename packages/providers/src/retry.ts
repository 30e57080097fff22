import { backoffDelayMs, sleep } from '@brandradar/platform';
import { isTransient, type ProviderError } from './errors';

export type RetryOptions = {
  /** Total tries, the first one included. */
  attempts: number;
  baseDelayMs: number;
  /** Cap on one wait. A provider asking for longer (`Retry-After`) is not retried here: the caller reschedules. */
  maxDelayMs: number;
  signal?: AbortSignal;
  /** Called before each wait, e.g. to log. */
  onRetry?: (error: ProviderError, attempt: number, delayMs: number) => void;
  /** Source of jitter, in [0, 1). */
  random?: () => number;
};

/**
 * Runs `fn` until it succeeds, retrying only transient ProviderErrors, with
 * the platform's shared backoff (so many callers hitting one limit spread
 * out). The wait is never shorter than the provider's `Retry-After`.
 */
export async function withRetries<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      return await fn(attempt);
    } catch (error) {
      if (!isTransient(error) || attempt >= options.attempts) throw error;
      const delayMs = retryDelayMs(error, attempt, options, random);
      if (delayMs === undefined) throw error;
      options.onRetry?.(error, attempt, delayMs);
      await sleep(delayMs, options.signal);
    }
  }
}

/** The wait before try `attempt + 1`, or undefined when the provider asks for more than `maxDelayMs`. */
export function retryDelayMs(error: ProviderError, attempt: number, options: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs'>, random: () => number): number | undefined {
  const jittered = backoffDelayMs(attempt, { baseMs: options.baseDelayMs, maxMs: options.maxDelayMs }, random);
  const requested = error.retryAfterMs ?? 0;
  if (requested > options.maxDelayMs) return undefined;
  return Math.max(jittered, requested);
}
