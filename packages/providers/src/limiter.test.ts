import { createLimiter } from './limiter';

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

describe('createLimiter', () => {
  it('runs at most n calls at once, the rest in arrival order', async () => {
    const limiter = createLimiter(2);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([limiter.active, limiter.waiting]).toEqual([2, 1]);
    gates[1]!.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2]);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a call fails', async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('nope')))).rejects.toThrow('nope');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });

  it('drops a waiting caller that aborts, without running its call', async () => {
    const limiter = createLimiter(1);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const controller = new AbortController();
    const fn = jest.fn(async () => 'never');
    const second = limiter.run(fn, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(second).rejects.toThrow('cancelled');
    expect(limiter.waiting).toBe(0);
    gate.resolve();
    await first;
    expect(fn).not.toHaveBeenCalled();
    expect(limiter.active).toBe(0);
  });

  it('rejects a size below one', () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});
