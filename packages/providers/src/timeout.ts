import { ProviderError } from './errors';

/**
 * Runs `run` with a signal that aborts after `timeoutMs` or when the caller's
 * signal aborts, and settles as soon as either happens even if `run` ignores its
 * signal. A timeout becomes a transient ProviderError; a caller's abort rethrows
 * the caller's reason so that retries stop.
 */
export async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>, options: { timeoutMs: number; signal?: AbortSignal }): Promise<T> {
  const { timeoutMs, signal } = options;
  signal?.throwIfAborted();
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new ProviderError({ kind: 'transient', code: 'timeout', message: `no answer within ${timeoutMs} ms` })),
    timeoutMs,
  );
  const forwardAbort = () => controller.abort(signal!.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  try {
    return await Promise.race([run(controller.signal), aborted]);
  } catch (error) {
    // Whatever the client made of the abort, the reason says what happened.
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
