import { Counter, type Registry } from 'prom-client';
import { unauthorized, type BillingQueries, type RateCard } from '@brandradar/contracts';
import { DomainError, LruCache, type QueryResult } from '@brandradar/platform';

/** What billing said of a key: whose it is, whether that account is open, its scopes and expiry. */
export type VerifiedKey = QueryResult<typeof BillingQueries.verifyApiKey>;

export interface CacheSettings {
  /** Most verified keys kept; past it the least recently used goes. */
  maxKeys: number;
  /** How long a verified key or the rate card is kept without an event; 0 keeps nothing. */
  ttlMs: number;
}

/**
 * What a gateway replica remembers between requests so that a read costs no bus round trip for
 * what rarely changes: verified API keys (by a hash of the key, never the key) and the current rate
 * card. Billing's events keep them right: `forgetKey`, `forgetAccount` and `offerRates` are called
 * from them (and by this replica's admin routes at once), `clear` when events may have been missed.
 * Refusals are never kept: a wrong key asks billing every time (the failed-auth throttle limits that).
 *
 * An answer asked for before an invalidation may arrive after it: it is then used for its request
 * but not kept (`epoch`), so a revoked key cannot come back from a verification that was in flight.
 */
export class GatewayCaches {
  private readonly keys: LruCache<VerifiedKey>;
  private rates: { card: RateCard; expiresAt: number } | null = null;
  private epoch = 0;
  private readonly lookups: Counter<'cache' | 'result'>;

  constructor(
    readonly settings: CacheSettings,
    registry: Registry,
    private readonly clock: () => number = Date.now,
  ) {
    this.keys = new LruCache(settings.maxKeys, settings.ttlMs, clock);
    this.lookups = new Counter({
      name: 'gateway_cache_lookups_total',
      help: 'Lookups in the gateway caches (cache: api_key, rates), by result (hit, or miss: asked billing)',
      labelNames: ['cache', 'result'],
      registers: [registry],
    });
  }

  /** The verified key under `keyHash`, or what `verify` says (kept when it succeeds). */
  async verifiedKey(keyHash: string, verify: () => Promise<VerifiedKey>): Promise<VerifiedKey> {
    const hit = this.keys.get(keyHash);
    // A key that expired since it was kept is asked about again, and billing refuses it.
    const live = hit && !this.expired(hit) ? hit : undefined;
    if (hit && !live) this.forgetKey(hit.keyId);
    this.lookups.inc({ cache: 'api_key', result: live ? 'hit' : 'miss' });
    if (live) return live;
    const epoch = this.epoch;
    const verified = await verify();
    if (this.expired(verified)) throw new DomainError(unauthorized());
    if (epoch === this.epoch) this.keys.set(keyHash, verified);
    return verified;
  }

  private expired(key: VerifiedKey): boolean {
    return typeof key.expiresAt === 'string' && Date.parse(key.expiresAt) <= this.clock();
  }

  /** The current rate card, or what `fetch` says (kept unless a newer card is known). */
  async currentRates(fetch: () => Promise<RateCard>): Promise<RateCard> {
    const now = this.clock();
    const hit = this.rates && this.rates.expiresAt > now ? this.rates.card : undefined;
    this.lookups.inc({ cache: 'rates', result: hit ? 'hit' : 'miss' });
    if (hit) return hit;
    const epoch = this.epoch;
    const card = await fetch();
    if (epoch === this.epoch) this.offerRates(card);
    return card;
  }

  /** A card just published (or fetched): kept unless the one kept is newer. */
  offerRates(card: RateCard): void {
    const now = this.clock();
    const kept = this.rates && this.rates.expiresAt > now ? this.rates.card : undefined;
    if (kept && kept.version > card.version) return;
    this.rates = { card, expiresAt: now + this.settings.ttlMs };
  }

  forgetKey(keyId: string): void {
    this.epoch++;
    this.keys.deleteWhere((k) => k.keyId === keyId);
  }

  forgetAccount(accountId: string): void {
    this.epoch++;
    this.keys.deleteWhere((k) => k.accountId === accountId);
  }

  clear(): void {
    this.epoch++;
    this.keys.clear();
    this.rates = null;
  }
}
