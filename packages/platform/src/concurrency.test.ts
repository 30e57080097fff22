import { mapConcurrently } from './concurrency';

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
