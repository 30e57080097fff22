import { backoffDelayMs } from './backoff';

const policy = { baseMs: 1_000, maxMs: 60_000 };

describe('backoffDelayMs', () => {
  it('doubles from the base up to the maximum, jittered within the upper half of each ceiling', () => {
    expect([1, 2, 3, 4].map((a) => backoffDelayMs(a, policy, () => 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([1, 2, 3, 4].map((a) => backoffDelayMs(a, policy, () => 0.999999))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('never exceeds the maximum, however many attempts failed', () => {
    expect(backoffDelayMs(7, policy, () => 0.5)).toBe(45_000);
    expect(backoffDelayMs(10_000, policy, () => 0.999999)).toBe(60_000);
    expect(backoffDelayMs(10_000, policy, () => 0)).toBe(30_000);
  });

  it('treats an attempt below 1 as the first', () => {
    expect(backoffDelayMs(0, policy, () => 0)).toBe(500);
  });

  it('spreads callers that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelayMs(5, policy)));
    expect(delays.size).toBeGreaterThan(10);
    for (const d of delays) expect(d).toBeGreaterThanOrEqual(8_000);
    for (const d of delays) expect(d).toBeLessThanOrEqual(16_000);
  });
});
