import { DomainError } from '@brandradar/platform';
import { RateLimiter, refillMs, takeToken, type Bucket } from './rate-limit';

const limit = { perMinute: 60, burst: 5 }; // one token per second

describe('takeToken', () => {
  it('starts full and allows a burst, then refuses', () => {
    let bucket: Bucket | undefined;
    for (let i = 0; i < 5; i++) {
      const d = takeToken(bucket, 0, limit);
      expect(d.allowed).toBe(true);
      bucket = d.bucket;
    }
    expect(takeToken(bucket, 0, limit)).toEqual({ allowed: false, bucket: { tokens: 0, at: 0 }, retryAfterSeconds: 1 });
  });

  it('refills at the sustained rate, never above the burst', () => {
    const empty = { tokens: 0, at: 0 };
    expect(takeToken(empty, 999, limit).allowed).toBe(false);
    expect(takeToken(empty, 1_000, limit)).toEqual({ allowed: true, bucket: { tokens: 0, at: 1_000 } });
    expect(takeToken(empty, 3_600_000, limit).bucket.tokens).toBe(4);
  });

  it('says how long until the next whole token, rounded up to seconds', () => {
    expect(takeToken({ tokens: 0.25, at: 0 }, 0, limit)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(takeToken({ tokens: 0, at: 0 }, 0, { perMinute: 6, burst: 1 })).toMatchObject({ allowed: false, retryAfterSeconds: 10 });
  });

  it('takes nothing when it refuses, so early retries do not delay the next allowed request', () => {
    let bucket: Bucket = { tokens: 0, at: 0 };
    for (const now of [100, 200, 500, 900]) {
      const d = takeToken(bucket, now, limit);
      expect(d.allowed).toBe(false);
      bucket = d.bucket;
    }
    expect(takeToken(bucket, 1_000, limit).allowed).toBe(true);
  });

  it('ignores a clock that steps back', () => {
    expect(takeToken({ tokens: 0.5, at: 5_000 }, 4_000, limit).bucket.tokens).toBe(0.5);
  });
});

describe('RateLimiter', () => {
  const refusal = (fn: () => void): DomainError => {
    try {
      fn();
    } catch (e) {
      return e as DomainError;
    }
    throw new Error('expected a refusal');
  };

  it('keeps one bucket per key and refuses with rate_limited and the wait', () => {
    let now = 0;
    const limiter = new RateLimiter(limit, () => now);
    for (let i = 0; i < 5; i++) limiter.admit('a');
    const error = refusal(() => limiter.admit('a'));
    expect(error).toBeInstanceOf(DomainError);
    expect(error.error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 1 });
    expect(() => limiter.admit('b')).not.toThrow();
    now = 1_000;
    expect(() => limiter.admit('a')).not.toThrow();
  });

  it('drops buckets idle long enough to be full again, so memory stays bounded', () => {
    let now = 0;
    const limiter = new RateLimiter(limit, () => now);
    for (let i = 0; i < 1_000; i++) limiter.admit(`key-${i}`);
    expect(limiter.size).toBe(1_000);
    now = refillMs(limit) - 1;
    limiter.admit('recent');
    now = refillMs(limit);
    limiter.admit('later');
    expect(limiter.size).toBe(2);
  });
});
