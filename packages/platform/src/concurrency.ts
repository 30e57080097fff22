import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/**
 * `fn` over every item, at most `limit` at once; the results in the items' order. After a failure
 * no new call starts, and it rejects with that failure once the calls under way have ended.
 */
export async function mapConcurrently<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    for (let i = next++; i < items.length && !failed; i = next++) {
      results[i] = await fn(items[i]!, i).catch((e: unknown) => {
        failed = true;
        throw e;
      });
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = outcomes.find((o) => o.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}

/**
 * `fn` over every item in order, synchronous CPU work, giving the event loop a turn after every
 * `slice` items: a long computation in a service then never holds up its heartbeats, acks and queries.
 */
export async function mapInSlices<T, R>(items: readonly T[], slice: number, fn: (item: T, index: number) => R): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % slice === 0) await yieldToEventLoop();
    results.push(fn(items[i]!, i));
  }
  return results;
}

/** Results taken one at a time, in the items' order, from `readAhead`. */
export interface ReadAhead<R> {
  /** The next item's result (its failure, if it failed); at most once per item. */
  next(): Promise<R>;
}

/**
 * `fn` over the items in order, the first `window` at once, and from then on at most `window` calls
 * started and not yet taken by `next()`:
 * later items are asked for while the caller works on earlier ones, and never more than `window`
 * results are held at once. A call that fails is reported by the `next()` that takes it, and one
 * never taken (the caller stopped early) is not an unhandled rejection.
 */
export function readAhead<T, R>(items: readonly T[], window: number, fn: (item: T) => Promise<R>): ReadAhead<R> {
  const started: Promise<R>[] = [];
  let taken = 0;
  const fill = () => {
    while (started.length < items.length && started.length - taken < window) {
      const call = fn(items[started.length]!);
      call.catch(() => undefined);
      started.push(call);
    }
  };
  fill();
  return {
    next() {
      if (taken >= items.length) return Promise.reject(new Error('readAhead: every item was taken'));
      const result = started[taken]!;
      // eslint-disable-next-line @typescript-eslint/no-array-delete -- a hole, not a splice: the length counts the calls started
      delete started[taken]; // taken: the caller holds it now
      taken++;
      fill();
      return result;
    },
  };
}

/** Items written together by {@link groupCommit}. */
export interface GroupCommit<T> {
  /** Resolves once the batch holding `item` is written; rejects with that batch's failure. */
  add(item: T): Promise<void>;
}

/**
 * Writes items in batches of at most `maxBatch`: an item added while no write is under way goes at
 * once, and items added while one is under way wait and go together in the next. A burst then costs
 * a few writes instead of one each, and a lone item waits for nothing (no timer).
 */
export function groupCommit<T>(write: (items: T[]) => Promise<void>, maxBatch: number): GroupCommit<T> {
  let waiting: { item: T; written: () => void; failed: (e: unknown) => void }[] = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(maxBatch);
      try {
        await write(batch.map((w) => w.item));
        for (const w of batch) w.written();
      } catch (e) {
        for (const w of batch) w.failed(e);
      }
    }
    writing = false;
  };
  return {
    add(item) {
      return new Promise<void>((written, failed) => {
        waiting.push({ item, written, failed });
        if (!writing) void drain();
      });
    },
  };
}
