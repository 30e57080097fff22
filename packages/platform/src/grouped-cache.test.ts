import { Registry } from 'prom-client';
import { GroupedCache, cacheLookups } from './grouped-cache';

const A = '3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f60';
const B = '7a1d2e3f-4b5c-4d6e-8f70-8192a3b4c5d6';

/** A store read whose answer the test releases, to interleave it with an invalidation. */
function pending<T>(): { promise: Promise<T>; resolve(v: T): void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('GroupedCache', () => {
  let now: number;
  let reads: number;
  let registry: Registry;
  const make = (settings: { maxEntries?: number; maxBytes?: number; ttlMs?: number } = {}) =>
    new GroupedCache<string>(
      { maxEntries: 100, maxBytes: 1_000_000, ttlMs: 30_000, ...settings },
      cacheLookups(registry, 'test_cache_lookups_total', 'lookups'),
      () => now,
    );
  const read = (value: string) => () => {
    reads++;
    return Promise.resolve(value);
  };
  const lookups = async (result: string) => (await registry.getSingleMetric('test_cache_lookups_total')!.get()).values.find((v) => v.labels.result === result)?.value ?? 0;
  beforeEach(() => {
    now = 0;
    reads = 0;
    registry = new Registry();
  });

  it('reads a page once until the time to live passes, and counts hits and misses', async () => {
    const cache = make();
    expect(await cache.get(A, 'q', read('v1'))).toBe('v1');
    now = 29_999;
    expect(await cache.get(A, 'q', read('v2'))).toBe('v1');
    now = 30_000;
    expect(await cache.get(A, 'q', read('v3'))).toBe('v3');
    expect(reads).toBe(2);
    expect([await lookups('hit'), await lookups('miss')]).toEqual([1, 2]);
  });

  it("drops only the invalidated group's values, all of them", async () => {
    const cache = make();
    await cache.get(A, 'p1', read('a1'));
    await cache.get(A, 'p2', read('a2'));
    await cache.get(B, 'p1', read('b1'));
    cache.invalidate(A);
    expect(await cache.get(A, 'p1', read('a1*'))).toBe('a1*');
    expect(await cache.get(A, 'p2', read('a2*'))).toBe('a2*');
    expect(await cache.get(B, 'p1', read('b1*'))).toBe('b1');
    expect(reads).toBe(5);
  });

  it('does not keep a read that was under way when its group was invalidated', async () => {
    const cache = make();
    const stale = pending<string>();
    const inFlight = cache.get(A, 'q', () => stale.promise);
    cache.invalidate(A);
    stale.resolve('before the write');
    expect(await inFlight).toBe('before the write'); // answers its own request…
    expect(await cache.get(A, 'q', read('after the write'))).toBe('after the write'); // …but is not kept
    expect(await cache.get(A, 'q', read('again'))).toBe('after the write');
  });

  it("keeps a read under way when another group is invalidated, and none after clear()", async () => {
    const cache = make();
    const a = pending<string>();
    const inFlight = cache.get(A, 'q', () => a.promise);
    cache.invalidate(B);
    a.resolve('a');
    await inFlight;
    expect(await cache.get(A, 'q', read('unused'))).toBe('a');

    const b = pending<string>();
    const cleared = cache.get(B, 'q', () => b.promise);
    cache.clear();
    b.resolve('b');
    await cleared;
    expect(await cache.get(A, 'q', read('a*'))).toBe('a*');
    expect(await cache.get(B, 'q', read('b*'))).toBe('b*');
  });

  it('shares one read among concurrent misses, but not across an invalidation', async () => {
    const cache = make();
    const first = pending<string>();
    const x = cache.get(A, 'q', () => first.promise);
    const y = cache.get(A, 'q', read('unused'));
    cache.invalidate(A);
    const z = cache.get(A, 'q', read('after'));
    first.resolve('before');
    expect(await Promise.all([x, y, z])).toEqual(['before', 'before', 'after']);
    expect(reads).toBe(1);
    expect(await lookups('shared')).toBe(1);
    expect(await cache.get(A, 'q', read('unused'))).toBe('after');
  });

  it('keeps no page when a read fails, and shares the failure', async () => {
    const cache = make();
    const failing = pending<string>();
    const x = cache.get(A, 'q', () => failing.promise.then(() => Promise.reject(new Error('store away'))));
    const y = cache.get(A, 'q', read('unused'));
    failing.resolve('');
    await expect(x).rejects.toThrow('store away');
    await expect(y).rejects.toThrow('store away');
    expect(await cache.get(A, 'q', read('v'))).toBe('v');
  });

  it('stays within its entries and bytes, dropping the least recently used', async () => {
    const cache = make({ maxEntries: 2, maxBytes: 20 });
    await cache.get(A, 'p1', read('1234')); // 6 bytes of JSON
    await cache.get(A, 'p2', read('5678'));
    await cache.get(A, 'p1', read('unused')); // p1 is now the most recently used
    await cache.get(B, 'p1', read('abcd'));
    expect(cache.size).toEqual({ entries: 2, bytes: 12 });
    expect(await cache.get(A, 'p2', read('5678*'))).toBe('5678*'); // p2 went
    expect(cache.size.entries).toBe(2);
    await cache.get(B, 'big', read('x'.repeat(15))); // 17 bytes: everything else goes
    expect(cache.size).toEqual({ entries: 1, bytes: 17 });
    await cache.get(B, 'huge', read('x'.repeat(30))); // larger than the whole budget: not kept
    expect(cache.size).toEqual({ entries: 1, bytes: 17 });
  });

  it('keeps nothing with a time to live of 0', async () => {
    const cache = make({ ttlMs: 0 });
    await cache.get(A, 'q', read('v1'));
    expect(await cache.get(A, 'q', read('v2'))).toBe('v2');
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps only what `keep` accepts, and answers the rest', async () => {
    const cache = make();
    const finished = (v: string) => v.startsWith('done');
    expect(await cache.get(A, 'q', read('running'), finished)).toBe('running');
    expect(await cache.get(A, 'q', read('done'), finished)).toBe('done');
    expect(await cache.get(A, 'q', read('unused'), finished)).toBe('done');
    expect(reads).toBe(2);
  });

  it('measures values with `bytesOf` when given, and not at all without a bytes bound', async () => {
    const sized = new GroupedCache<string>({ maxEntries: 10, maxBytes: 10, ttlMs: 1_000, bytesOf: (v) => Number(v) }, undefined, () => now);
    await sized.get(A, 'p1', read('6'));
    await sized.get(A, 'p2', read('5'));
    expect(sized.size).toEqual({ entries: 1, bytes: 5 });
    const unbounded = new GroupedCache<string>({ maxEntries: 10, maxBytes: Infinity, ttlMs: Infinity }, undefined, () => now);
    await unbounded.get(A, 'q', read('x'.repeat(1_000)));
    now = 1e15;
    expect(await unbounded.get(A, 'q', read('unused'))).toBe('x'.repeat(1_000));
    expect(unbounded.size).toEqual({ entries: 1, bytes: 0 });
  });
});
