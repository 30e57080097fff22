import type { Counter, Registry } from 'prom-client';
import { counter } from './metrics';
import { LruCache } from './lru';

export interface GroupedCacheSettings<V> {
  /** Most values kept, of all groups; past it the least recently used goes (0 keeps nothing). */
  maxEntries: number;
  /** Most bytes kept (each value counted by `bytesOf`); past it the least recently used goes. */
  maxBytes: number;
  /** How long a value is kept when nothing invalidates it; 0 keeps nothing. */
  ttlMs: number;
  /** A value's size counted against `maxBytes`; by default the length of its JSON (not measured when `maxBytes` is Infinity). */
  bytesOf?: (value: V) => number;
}

/** A cache's lookups by result (`hit`, `shared`, `miss`), under the service's own metric `name`. */
export function cacheLookups(registry: Registry, name: string, help: string): Counter<'result'> {
  return counter(registry, name, help, ['result']);
}

/** A group with reads under way: `generation` moves on at every invalidation of the group. */
interface Reading {
  generation: number;
  readers: number;
}

/**
 * A read-through cache of values in groups (an account's pages, a tracker's runs), bounded as an
 * LRU by entries, bytes and time. Exact as long as `invalidate` is called after every write to a
 * group (on this replica, and, by a notice, on the others), and `clear` when invalidations may have
 * been missed.
 *
 * A read that started before an invalidation of its group may finish after it with what the store
 * held before the write: it answers its own request but is not kept (the group's `generation` moved
 * on). Concurrent misses of one key share one read, unless an invalidation came between them.
 * `lookups` (the service's own metric) counts `hit` (kept), `shared` (joined a read under way) and
 * `miss` (read).
 */
export class GroupedCache<V> {
  private readonly values: LruCache<{ group: string; value: V }>;
  /** The keys of `values` of each group, so a group is dropped without a scan. */
  private readonly keysOf = new Map<string, Set<string>>();
  private readonly reading = new Map<string, Reading>();
  private readonly inFlight = new Map<string, { generation: number; value: Promise<V> }>();

  constructor(
    readonly settings: GroupedCacheSettings<V>,
    private readonly lookups?: Counter<'result'>,
    clock: () => number = Date.now,
  ) {
    this.values = new LruCache(settings.maxEntries, settings.ttlMs, clock, settings.maxBytes, (key, { group }) => {
      const keys = this.keysOf.get(group);
      keys?.delete(key);
      if (keys?.size === 0) this.keysOf.delete(group);
    });
  }

  /** The value under `key` of `group`: kept, or what `read` says (kept if `keep` says so, unless the group changed meanwhile). */
  async get(group: string, key: string, read: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const id = JSON.stringify([group, key]);
    const kept = this.values.get(id);
    if (kept) {
      this.lookups?.inc({ result: 'hit' });
      return kept.value;
    }
    const reading = this.reading.get(group) ?? { generation: 0, readers: 0 };
    const shared = this.inFlight.get(id);
    if (shared && shared.generation === reading.generation) {
      this.lookups?.inc({ result: 'shared' });
      return shared.value;
    }
    this.lookups?.inc({ result: 'miss' });
    reading.readers++;
    this.reading.set(group, reading);
    const entry = { generation: reading.generation, value: read() };
    this.inFlight.set(id, entry);
    try {
      const value = await entry.value;
      if (reading.generation === entry.generation && keep(value)) this.keep(group, id, value);
      return value;
    } finally {
      if (this.inFlight.get(id) === entry) this.inFlight.delete(id);
      if (--reading.readers === 0) this.reading.delete(group);
    }
  }

  /** Drops the group's values; its reads under way are not kept. */
  invalidate(group: string): void {
    const reading = this.reading.get(group);
    if (reading) reading.generation++;
    for (const id of this.keysOf.get(group) ?? []) this.values.delete(id);
  }

  /** Drops every value; no read under way is kept. */
  clear(): void {
    for (const reading of this.reading.values()) reading.generation++;
    this.values.clear();
    this.keysOf.clear();
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.values.size, bytes: this.values.bytes };
  }

  private keep(group: string, id: string, value: V): void {
    const { ttlMs, maxBytes, bytesOf = (v: V) => JSON.stringify(v).length } = this.settings;
    if (ttlMs === 0) return;
    if (!this.values.set(id, { group, value }, maxBytes === Infinity ? 0 : bytesOf(value))) return;
    const keys = this.keysOf.get(group) ?? new Set<string>();
    keys.add(id);
    this.keysOf.set(group, keys);
  }
}
