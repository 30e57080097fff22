export type Limiter = {
  /** Runs `fn` once fewer than `n` calls are running; a caller that aborts while waiting leaves the queue. */
  run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly active: number;
  readonly waiting: number;
};

/** Caps how many calls run at once (one limiter per surface keeps a slow provider from starving the others). */
export function createLimiter(n: number): Limiter {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`limiter size must be a positive integer, got ${n}`);
  let active = 0;
  const queue: Array<() => void> = [];

  const release = () => {
    active--;
    queue.shift()?.();
  };

  const acquire = (signal?: AbortSignal): Promise<void> => {
    signal?.throwIfAborted();
    if (active < n) {
      active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        active++;
        resolve();
      };
      const onAbort = () => {
        queue.splice(queue.indexOf(start), 1);
        reject(signal!.reason);
      };
      queue.push(start);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  };

  return {
    async run(fn, signal) {
      await acquire(signal);
      try {
        return await fn();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
