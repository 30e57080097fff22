import { LruCache } from './lru';

describe('LruCache', () => {
  it('drops the least recently used entry past its size; a read counts as a use', () => {
    const cache = new LruCache<number>(2, 60_000);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
  });

  it('forgets an entry once its time to live has passed since it was written, reads or not', () => {
    let now = 1_000;
    const cache = new LruCache<string>(10, 500, () => now);
    cache.set('k', 'v');
    now += 499;
    expect(cache.get('k')).toBe('v');
    now += 1;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('a time to live of 0 keeps nothing', () => {
    const cache = new LruCache<string>(10, 0, () => 5);
    cache.set('k', 'v');
    expect(cache.get('k')).toBeUndefined();
  });

  it('deletes the entries whose value matches, and clears', () => {
    const cache = new LruCache<{ account: string }>(10, 60_000);
    cache.set('a', { account: 'x' });
    cache.set('b', { account: 'y' });
    cache.set('c', { account: 'x' });
    cache.deleteWhere((v) => v.account === 'x');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, { account: 'y' }, undefined]);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
