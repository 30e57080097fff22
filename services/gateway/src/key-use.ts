/**
 * When keys were last used, kept in memory and reported in batches (api-contract §15: `lastUsedAt`
 * without a store write per request). Each key is reported at most once per flush, with its latest
 * use; billing keeps the latest of what every replica reports, so the order of reports does not matter.
 */
export class KeyUseRecorder {
  private pending = new Map<string, number>();

  constructor(
    private readonly report: (uses: Array<{ keyId: string; lastUsedAt: string }>) => Promise<unknown>,
    private readonly clock: () => number = Date.now,
  ) {}

  used(keyId: string): void {
    this.pending.set(keyId, this.clock());
  }

  /** Reports what was used since the last flush; on failure the uses are kept for the next one (a newer use wins). */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.report([...batch].map(([keyId, at]) => ({ keyId, lastUsedAt: new Date(at).toISOString() })));
    } catch (e) {
      for (const [keyId, at] of batch) if (!this.pending.has(keyId)) this.pending.set(keyId, at);
      throw e;
    }
  }
}
