/**
 * A least-recently-used map with one time-to-live for every entry: at most `maxEntries` entries
 * (adding one more drops the least recently read or written), each forgotten `ttlMs` after it was
 * written. A Map keeps insertion order, so moving an entry to the end on each read is the whole LRU.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.clock()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.clock() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Drops every entry whose value matches; a scan, for rare events (a key revoked, an account closed). */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
