/**
 * A least-recently-used map with one time-to-live for every entry: at most `maxEntries` entries
 * and, when `set` is given each entry's size, at most `maxBytes` in all (adding one more drops the
 * least recently read or written until it fits; one larger than `maxBytes` is not kept), each
 * forgotten `ttlMs` after it was written. A Map keeps insertion order, so moving an entry to the end
 * on each read is the whole LRU.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number; bytes: number }>();
  private totalBytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    readonly maxBytes = Infinity,
    /** Told of each entry that leaves other than by `clear` (dropped, replaced, expired), for an index kept beside. */
    private readonly dropped: (key: string, value: V) => void = () => undefined,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock()) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` under `key`; `bytes` is its size, counted against `maxBytes`. Says whether it was kept. */
  set(key: string, value: V, bytes = 0): boolean {
    this.delete(key);
    if (bytes > this.maxBytes) return false;
    this.entries.set(key, { value, expiresAt: this.clock() + this.ttlMs, bytes });
    this.totalBytes += bytes;
    while (this.entries.size > this.maxEntries || this.totalBytes > this.maxBytes) this.delete(this.entries.keys().next().value!);
    return this.entries.has(key);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    this.dropped(key, entry.value);
  }

  /** Drops every entry whose value matches; a scan, for rare events (a key revoked, an account closed). */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The sizes given to `set` of the entries kept. */
  get bytes(): number {
    return this.totalBytes;
  }
}
