import { apiError } from '@brandradar/contracts';
import { DomainError } from '@brandradar/platform';

export interface RateLimitSettings {
  /** Tokens added per minute: the sustained request rate. */
  perMinute: number;
  /** Bucket capacity: how many requests may arrive at once after a quiet spell. */
  burst: number;
}

export interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date, in epoch milliseconds. */
  at: number;
}

export type Decision = { allowed: true; bucket: Bucket } | { allowed: false; bucket: Bucket; retryAfterSeconds: number };

/**
 * Token bucket: refills `bucket` (a missing one is full) up to `now`, then
 * takes one token if there is a whole one. A refusal takes nothing, so
 * retrying early does not push the next allowed request further away.
 */
export function takeToken(bucket: Bucket | undefined, now: number, limit: RateLimitSettings): Decision {
  const perMs = limit.perMinute / 60_000;
  const tokens = bucket ? Math.min(limit.burst, bucket.tokens + Math.max(0, now - bucket.at) * perMs) : limit.burst;
  if (tokens >= 1) return { allowed: true, bucket: { tokens: tokens - 1, at: now } };
  return { allowed: false, bucket: { tokens, at: now }, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
}

/** How long an untouched bucket takes to fill up again; after that it is the same as no bucket. */
export function refillMs(limit: RateLimitSettings): number {
  return (limit.burst / limit.perMinute) * 60_000;
}

/**
 * One bucket per key in this process (so the limit applies per gateway
 * replica). Buckets idle long enough to be full again are dropped, which
 * changes no decision and keeps memory to the keys seen in the last refill
 * period.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep: number;

  constructor(
    readonly limit: RateLimitSettings,
    private readonly clock: () => number = Date.now,
    /** What is limited, for the refusal's message. */
    private readonly what = 'this API key',
  ) {
    this.lastSweep = clock();
  }

  /** Throws `rate_limited` when `key` has no token left. */
  admit(key: string): void {
    const now = this.clock();
    this.sweep(now);
    const decision = takeToken(this.buckets.get(key), now, this.limit);
    this.buckets.set(key, decision.bucket);
    if (!decision.allowed) throw this.refusal(decision.retryAfterSeconds);
  }

  /** Takes a token from `key` if it has one: counts an event without refusing anything. */
  spend(key: string): void {
    const now = this.clock();
    this.sweep(now);
    this.buckets.set(key, takeToken(this.buckets.get(key), now, this.limit).bucket);
  }

  /** Throws `rate_limited` while `key` has no whole token, taking none. */
  refuseWhenEmpty(key: string): void {
    const bucket = this.buckets.get(key);
    if (!bucket) return;
    const decision = takeToken(bucket, this.clock(), this.limit);
    if (!decision.allowed) throw this.refusal(decision.retryAfterSeconds);
  }

  private refusal(retryAfterSeconds: number): DomainError {
    return new DomainError(
      apiError('rate_limited', `Too many requests for ${this.what}: at most ${this.limit.perMinute} per minute, in bursts of up to ${this.limit.burst}.`, { retryAfterSeconds }),
    );
  }

  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    const idle = refillMs(this.limit);
    if (now - this.lastSweep < idle) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) if (now - bucket.at >= idle) this.buckets.delete(key);
  }
}
