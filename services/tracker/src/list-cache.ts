import { Counter, type Registry } from 'prom-client';

export interface ListCacheSettings {
  /** Most pages kept, of all accounts; past it the least recently used goes. */
  maxPages: number;
  /** Most bytes kept (each page counted by its JSON length); past it the least recently used goes. */
  maxBytes: number;
  /** How long a page is kept when nothing invalidates it; 0 keeps nothing. */
  ttlMs: number;
}

interface Page<V> {
  accountId: string;
  value: V;
  bytes: number;
  expiresAt: number;
}

/** An account with reads under way: `generation` moves on at every invalidation of the account. */
interface Reading {
  generation: number;
  readers: number;
}

/**
 * Pages of each account's tracker list, so that a list of an account whose trackers did not change
 * costs no store read. Exact as long as `invalidate` is called after every write to an account's
 * trackers (this replica's, and, by broadcast, the other replicas'), and `clear` when invalidations
 * may have been missed.
 *
 * A read that started before an invalidation may finish after it with what the store held before
 * the write: it answers its own request but is not kept (the account's `generation` moved on).
 * Concurrent misses of one page share one store read, unless an invalidation came between them.
 */
export class ListCache<V> {
  /** Every kept page by its key, least recently used first. */
  private readonly pages = new Map<string, Page<V>>();
  private readonly keysOf = new Map<string, Set<string>>();
  private readonly reading = new Map<string, Reading>();
  private readonly inFlight = new Map<string, { generation: number; value: Promise<V> }>();
  private bytes = 0;
  private readonly lookups: Counter<'result'>;

  constructor(
    readonly settings: ListCacheSettings,
    registry: Registry,
    private readonly clock: () => number = Date.now,
  ) {
    this.lookups = new Counter({
      name: 'tracker_list_cache_lookups_total',
      help: 'Tracker list pages asked for, by result: hit (kept), shared (joined a store read under way), miss (read the store)',
      labelNames: ['result'],
      registers: [registry],
    });
  }

  /** The page `query` of the account's list: kept, or what `read` says (kept unless the account changed meanwhile). */
  async get(accountId: string, query: string, read: () => Promise<V>): Promise<V> {
    const key = JSON.stringify([accountId, query]);
    const kept = this.fresh(key);
    if (kept) {
      this.lookups.inc({ result: 'hit' });
      return kept.value;
    }
    const reading = this.reading.get(accountId) ?? { generation: 0, readers: 0 };
    const shared = this.inFlight.get(key);
    if (shared && shared.generation === reading.generation) {
      this.lookups.inc({ result: 'shared' });
      return shared.value;
    }
    this.lookups.inc({ result: 'miss' });
    reading.readers++;
    this.reading.set(accountId, reading);
    const entry = { generation: reading.generation, value: read() };
    this.inFlight.set(key, entry);
    try {
      const value = await entry.value;
      if (reading.generation === entry.generation) this.keep(accountId, key, value);
      return value;
    } finally {
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
      if (--reading.readers === 0) this.reading.delete(accountId);
    }
  }

  /** Drops the account's pages; its reads under way are not kept. */
  invalidate(accountId: string): void {
    const reading = this.reading.get(accountId);
    if (reading) reading.generation++;
    for (const key of this.keysOf.get(accountId) ?? []) this.drop(key);
  }

  /** Drops every page; no read under way is kept. */
  clear(): void {
    for (const reading of this.reading.values()) reading.generation++;
    this.pages.clear();
    this.keysOf.clear();
    this.bytes = 0;
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  private fresh(key: string): Page<V> | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.expiresAt <= this.clock()) {
      this.drop(key);
      return undefined;
    }
    // A Map keeps insertion order: moving the page to the end keeps the least recently used first.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  private keep(accountId: string, key: string, value: V): void {
    if (this.settings.ttlMs === 0) return;
    const bytes = JSON.stringify(value).length;
    if (bytes > this.settings.maxBytes) return;
    this.drop(key);
    this.pages.set(key, { accountId, value, bytes, expiresAt: this.clock() + this.settings.ttlMs });
    this.bytes += bytes;
    const keys = this.keysOf.get(accountId) ?? new Set<string>();
    keys.add(key);
    this.keysOf.set(accountId, keys);
    while (this.pages.size > this.settings.maxPages || this.bytes > this.settings.maxBytes) this.drop(this.pages.keys().next().value!);
  }

  private drop(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.bytes;
    const keys = this.keysOf.get(page.accountId)!;
    keys.delete(key);
    if (keys.size === 0) this.keysOf.delete(page.accountId);
  }
}
