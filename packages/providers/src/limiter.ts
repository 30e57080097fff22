export type FairLimiter = {
  /**
   * Runs `fn` for `key` (an account) once a slot is free and the key has fewer than its maximum in
   * flight; a caller that aborts while waiting leaves the queue.
   */
  run<T>(key: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly active: number;
  readonly waiting: number;
};

/**
 * Caps how many calls run at once (`size`; one limiter per surface keeps a slow provider from
 * starving the others) and shares those slots fairly between keys: no key has more than `perKey`
 * in flight, and a freed slot goes to the waiting key with the fewest calls in flight, ties in turn
 * (round-robin: a key served moves to the back), each key's own calls in arrival order. So a later
 * account's call waits for the next free slot, not behind all of another account's burst.
 */
export function createFairLimiter(size: number, perKey: number = size): FairLimiter {
  for (const [name, n] of [['size', size], ['perKey', perKey]] as const) {
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`limiter ${name} must be a positive integer, got ${n}`);
  }
  let active = 0;
  let waiting = 0;
  const inFlight = new Map<string, number>();
  /** Each waiting key's callers; the map's order is the round-robin ring (a served key moves to the back). */
  const queues = new Map<string, Array<() => void>>();

  const eligible = (key: string) => (inFlight.get(key) ?? 0) < perKey;
  const begin = (key: string) => {
    active++;
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
  };
  /** Takes `start` out of its key's queue; a key served (not one whose caller gave up) moves to the back of the ring. */
  const dequeue = (key: string, start: () => void, served: boolean) => {
    const queue = queues.get(key)!;
    queue.splice(queue.indexOf(start), 1);
    waiting--;
    if (queue.length === 0 || served) queues.delete(key);
    if (queue.length > 0 && served) queues.set(key, queue);
  };

  /** The waiting key under its maximum with the fewest calls in flight; ties go in ring order. */
  const nextKey = (): string | undefined => {
    let best: string | undefined;
    for (const key of queues.keys()) {
      if (eligible(key) && (best === undefined || (inFlight.get(key) ?? 0) < (inFlight.get(best) ?? 0))) best = key;
    }
    return best;
  };

  /** Starts waiting callers while slots are free. */
  const dispatch = () => {
    while (active < size) {
      const key = nextKey();
      if (key === undefined) return;
      const start = queues.get(key)![0]!;
      dequeue(key, start, true);
      start();
    }
  };

  const release = (key: string) => {
    active--;
    const left = inFlight.get(key)! - 1;
    if (left === 0) inFlight.delete(key);
    else inFlight.set(key, left);
    dispatch();
  };

  const acquire = (key: string, signal?: AbortSignal): Promise<void> => {
    signal?.throwIfAborted();
    // Free slot, key under its maximum, none of its own calls waiting ahead: go. (Any key still
    // waiting while a slot is free is at its maximum, so this jumps no queue.)
    if (active < size && eligible(key) && !queues.has(key)) {
      begin(key);
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        begin(key);
        resolve();
      };
      const onAbort = () => {
        dequeue(key, start, false);
        reject(signal!.reason);
      };
      const queue = queues.get(key);
      if (queue) queue.push(start);
      else queues.set(key, [start]);
      waiting++;
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  };

  return {
    async run(key, fn, signal) {
      await acquire(key, signal);
      try {
        return await fn();
      } finally {
        release(key);
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting;
    },
  };
}
