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

describe('LruCache with sizes', () => {
  it('drops the least recently used entries until the sizes fit, and keeps no entry larger than the bound', () => {
    const cache = new LruCache<string>(10, 60_000, Date.now, 100);
    cache.set('a', 'x', 40);
    cache.set('b', 'y', 40);
    expect(cache.get('a')).toBe('x');
    cache.set('c', 'z', 40);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.bytes]).toEqual(['x', undefined, 'z', 80]);
    cache.set('d', 'too big', 101);
    expect([cache.get('d'), cache.size, cache.bytes]).toEqual([undefined, 2, 80]);
  });

  it('counts an entry replaced, deleted or cleared out of the total', () => {
    const cache = new LruCache<string>(10, 60_000, Date.now, 100);
    cache.set('a', 'x', 30);
    cache.set('a', 'y', 50);
    cache.set('b', 'z', 20);
    expect(cache.bytes).toBe(70);
    cache.delete('a');
    cache.deleteWhere((v) => v === 'nothing');
    expect([cache.bytes, cache.size]).toEqual([20, 1]);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });
});

describe('LruCache told of drops', () => {
  it('tells of each entry dropped, replaced or expired, but not of a clear', () => {
    let now = 0;
    const dropped: string[] = [];
    const cache = new LruCache<number>(2, 100, () => now, Infinity, (key, value) => dropped.push(`${key}=${value}`));
    cache.set('a', 1);
    cache.set('a', 2);
    cache.set('b', 3);
    cache.set('c', 4);
    cache.delete('b');
    now = 100;
    expect(cache.get('c')).toBeUndefined();
    cache.set('d', 5);
    cache.clear();
    expect(dropped).toEqual(['a=1', 'a=2', 'b=3', 'c=4']);
  });
});
