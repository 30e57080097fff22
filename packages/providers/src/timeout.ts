import { withTimeout as withPlatformTimeout } from '@brandradar/platform';
import { ProviderError } from './errors';

/**
 * The platform's timeout for a provider call: a call with no answer within `timeoutMs` is a
 * transient ProviderError (retried); a caller's abort rethrows the caller's reason, so that
 * retries stop.
 */
export function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>, options: { timeoutMs: number; signal?: AbortSignal }): Promise<T> {
  const { timeoutMs } = options;
  return withPlatformTimeout(run, { ...options, onTimeout: () => new ProviderError({ kind: 'transient', code: 'timeout', message: `no answer within ${timeoutMs} ms` }) });
}
