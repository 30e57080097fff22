import { groupCommit, mapConcurrently, readAhead } from './concurrency';

describe('mapConcurrently', () => {
  it('returns the results in the items’ order, with at most `limit` calls under way', async () => {
    let running = 0;
    let most = 0;
    const results = await mapConcurrently([5, 1, 4, 2, 3, 0], 2, async (n, i) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setImmediate(r));
      running--;
      return n * 10 + i;
    });
    expect(results).toEqual([50, 11, 42, 23, 34, 5]);
    expect(most).toBe(2);
  });

  it('starts nothing new after a failure and rejects with it once the calls under way ended', async () => {
    const started: number[] = [];
    let finished = 0;
    const failing = mapConcurrently([0, 1, 2, 3, 4], 2, async (n) => {
      started.push(n);
      await new Promise((r) => setImmediate(r));
      if (n === 0) throw new Error('boom');
      finished++;
    });
    await expect(failing).rejects.toThrow('boom');
    expect(started).toEqual([0, 1]);
    expect(finished).toBe(1);
  });
});

describe('readAhead', () => {
  it('gives the results in order, with never more than `window` started and not yet taken', async () => {
    const started: number[] = [];
    const ahead = readAhead([0, 1, 2, 3, 4], 2, async (n) => {
      started.push(n);
      return n * 10;
    });
    expect(started).toEqual([0, 1]);
    const results: number[] = [];
    for (let i = 0; i < 5; i++) {
      results.push(await ahead.next());
      expect(started.length - results.length).toBeLessThanOrEqual(2);
    }
    expect(results).toEqual([0, 10, 20, 30, 40]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    await expect(ahead.next()).rejects.toThrow('every item was taken');
  });

  it('reports a failure to the next() that takes it, and none of a call never taken', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const ahead = readAhead([0, 1, 2], 3, async (n) => {
        if (n > 0) throw new Error(`failed ${n}`);
        return n;
      });
      expect(await ahead.next()).toBe(0);
      await expect(ahead.next()).rejects.toThrow('failed 1');
      // Item 2 failed too and is never taken.
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('groupCommit', () => {
  it('writes a lone item at once, and what arrives during a write together in the next, at most maxBatch', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const commit = groupCommit<number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    }, 3);
    const first = commit.add(0);
    expect(batches).toEqual([[0]]);
    const rest = [1, 2, 3, 4].map((i) => commit.add(i));
    release();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[0], [1, 2, 3], [4]]);
  });

  it('rejects the items of a failed batch with its failure, and goes on with the next', async () => {
    let calls = 0;
    const commit = groupCommit<string>(async () => {
      calls++;
      if (calls === 1) throw new Error('store down');
    }, 10);
    await expect(commit.add('a')).rejects.toThrow('store down');
    await expect(commit.add('b')).resolves.toBeUndefined();
  });
});
