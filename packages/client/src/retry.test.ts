import { DEFAULT_RETRY_POLICY, retryAfterMs, retryDelayMs, type FailedAttempt } from './retry';

const now = Date.parse('2026-11-22T09:00:00.000Z');
const failed = (over: Partial<FailedAttempt>): FailedAttempt => ({ status: 429, retryAfter: null, attempt: 1, idempotent: false, now, ...over });

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Sun, 22 Nov 2026 09:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Sun, 22 Nov 2026 08:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-1', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe('retryDelayMs', () => {
  it('waits what a 429 asks, for any request, up to the retry count', () => {
    expect(retryDelayMs(failed({ retryAfter: '2' }))).toBe(2000);
    expect(retryDelayMs(failed({ retryAfter: '2', attempt: DEFAULT_RETRY_POLICY.maxRetries }))).toBe(2000);
    expect(retryDelayMs(failed({ retryAfter: '2', attempt: DEFAULT_RETRY_POLICY.maxRetries + 1 }))).toBeNull();
  });

  it('doubles the fallback when no Retry-After came', () => {
    expect([1, 2, 3].map((attempt) => retryDelayMs(failed({ attempt })))).toEqual([500, 1000, 2000]);
  });

  it('gives up rather than wait longer than the policy allows', () => {
    expect(retryDelayMs(failed({ retryAfter: '3600' }))).toBeNull();
    expect(retryDelayMs(failed({ retryAfter: '3600' }), { ...DEFAULT_RETRY_POLICY, maxDelayMs: 3_600_000 })).toBe(3_600_000);
  });

  it('retries 503s, network errors and a still-running Idempotency-Key only when repeating the request is safe', () => {
    for (const over of [{ status: 503, retryAfter: '1' }, { status: null }, { status: 409, code: 'idempotency_key_conflict', retryAfter: '1' }]) {
      expect(retryDelayMs(failed({ ...over, idempotent: true }))).not.toBeNull();
      expect(retryDelayMs(failed({ ...over, idempotent: false }))).toBeNull();
    }
  });

  it('never retries other errors', () => {
    for (const status of [400, 401, 402, 403, 404, 409, 500]) expect(retryDelayMs(failed({ status, idempotent: true, retryAfter: '1' }))).toBeNull();
    // A key reused with another body is a conflict for good: no Retry-After, no retry.
    expect(retryDelayMs(failed({ status: 409, code: 'idempotency_key_conflict', idempotent: true }))).toBeNull();
  });
});
