/**
 * The one timeout of the whole system. Runs `work` with a signal that aborts after `timeoutMs`
 * (its reason is `onTimeout()`) or as soon as the caller's `signal` aborts (its reason is the
 * caller's), and settles then even if `work` ignores its signal: late work has no one to report
 * to. An error `work` throws because of the abort is replaced by the abort's reason, so the caller
 * always learns what happened.
 */
export async function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, options: { timeoutMs: number; onTimeout: () => Error; signal?: AbortSignal; unref?: boolean }): Promise<T> {
  const { timeoutMs, signal } = options;
  signal?.throwIfAborted();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(options.onTimeout()), timeoutMs);
  if (options.unref) timer.unref();
  const forwardAbort = () => controller.abort(signal!.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  try {
    return await Promise.race([work(controller.signal), aborted]);
  } catch (error) {
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
