import { createFairLimiter, type FairLimiter } from './limiter';

/** A promise the test settles by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Calls the test releases one by one; `started` lists them (as `key:n`) in the order they got a slot. */
function harness(limiter: FairLimiter) {
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof deferred<void>>>();
  /** Each call's outcome, handled at once so that a refused call is no unhandled rejection. */
  const outcomes: Promise<'done' | 'refused'>[] = [];
  return {
    started,
    submit(key: string, n: number, signal?: AbortSignal) {
      for (let i = 0; i < n; i++) {
        const id = `${key}:${[...gates.keys()].filter((k) => k.startsWith(`${key}:`)).length}`;
        const gate = deferred<void>();
        gates.set(id, gate);
        const run = limiter.run(
          key,
          async () => {
            started.push(id);
            await gate.promise;
          },
          signal,
        );
        outcomes.push(run.then(() => 'done' as const, () => 'refused' as const));
      }
    },
    /** Lets the call `id` finish and waits until the limiter has handed its slot on. */
    async finish(id: string) {
      gates.get(id)!.resolve();
      await flush();
    },
    async finishAll() {
      for (const gate of gates.values()) gate.resolve();
      return Promise.all(outcomes);
    },
  };
}
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createFairLimiter', () => {
  it('runs at most size calls at once, one key’s calls in arrival order', async () => {
    const limiter = createFairLimiter(2);
    const h = harness(limiter);
    h.submit('a', 3);
    await flush();
    expect(h.started).toEqual(['a:0', 'a:1']);
    expect([limiter.active, limiter.waiting]).toEqual([2, 1]);
    await h.finish('a:1');
    expect(h.started).toEqual(['a:0', 'a:1', 'a:2']);
    await h.finishAll();
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it('hands a freed slot to the waiting key with the fewest in flight, ties in turn, so a burst does not delay later keys', async () => {
    const limiter = createFairLimiter(2);
    const h = harness(limiter);
    h.submit('a', 10);
    await flush();
    h.submit('b', 2);
    h.submit('c', 1);
    await flush();
    expect(h.started).toEqual(['a:0', 'a:1']);
    await h.finish('a:0');
    await h.finish('a:1');
    await h.finish('b:0');
    await h.finish('c:0');
    // a:0's slot goes to b (none in flight); a:1's to a (first in the ring of keys with none in flight),
    // which then moves behind c and b; b:0's to c; c:0's to b, whose one call is done, before a's next.
    expect(h.started).toEqual(['a:0', 'a:1', 'b:0', 'a:2', 'c:0', 'b:1']);
    await h.finishAll();
  });

  it('never gives one key more than perKey slots, leaving the rest for others at once', async () => {
    const limiter = createFairLimiter(3, 2);
    const h = harness(limiter);
    h.submit('a', 5);
    await flush();
    expect(h.started).toEqual(['a:0', 'a:1']);
    expect([limiter.active, limiter.waiting]).toEqual([2, 3]);
    h.submit('b', 1);
    await flush();
    expect(h.started).toEqual(['a:0', 'a:1', 'b:0']);
    // b's slot, once free, goes to a (the only one waiting) only while a is under its maximum.
    await h.finish('b:0');
    expect(h.started).toEqual(['a:0', 'a:1', 'b:0']);
    await h.finish('a:0');
    expect(h.started).toEqual(['a:0', 'a:1', 'b:0', 'a:2']);
    await h.finishAll();
  });

  it('takes a slot at once for a key under its maximum while capped keys wait', async () => {
    const limiter = createFairLimiter(4, 1);
    const h = harness(limiter);
    h.submit('a', 3);
    h.submit('b', 1);
    await flush();
    expect(h.started).toEqual(['a:0', 'b:0']);
    expect([limiter.active, limiter.waiting]).toEqual([2, 2]);
    await h.finishAll();
  });

  it('frees the slot when a call fails', async () => {
    const limiter = createFairLimiter(1);
    await expect(limiter.run('a', () => Promise.reject(new Error('nope')))).rejects.toThrow('nope');
    await expect(limiter.run('a', async () => 'next')).resolves.toBe('next');
    expect(limiter.active).toBe(0);
  });

  it('drops a waiting caller that aborts, without running its call or losing its key’s turn', async () => {
    const limiter = createFairLimiter(1);
    const h = harness(limiter);
    h.submit('a', 1);
    const controller = new AbortController();
    h.submit('b', 1, controller.signal);
    h.submit('b', 1);
    h.submit('c', 1);
    await flush();
    controller.abort(new Error('cancelled'));
    await flush();
    expect(limiter.waiting).toBe(2);
    await h.finish('a:0');
    await h.finish('b:1');
    expect(h.started).toEqual(['a:0', 'b:1', 'c:0']);
    expect(await h.finishAll()).toEqual(['done', 'refused', 'done', 'done']);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it('refuses a caller whose signal is already aborted', async () => {
    const limiter = createFairLimiter(1);
    const fn = jest.fn(async () => 'never');
    await expect(limiter.run('a', fn, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(fn).not.toHaveBeenCalled();
  });

  it('rejects a size or per-key maximum below one', () => {
    expect(() => createFairLimiter(0)).toThrow(RangeError);
    expect(() => createFairLimiter(2, 0)).toThrow(RangeError);
  });
});
