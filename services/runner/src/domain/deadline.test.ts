import { runDeadline, type DeadlinePolicy } from './deadline';

const policy: DeadlinePolicy = { callTimeoutMs: 90_000, attempts: 3, retryMaxDelayMs: 20_000, surfaceConcurrency: 4, queueAllowanceMs: 600_000, marginMs: 60_000 };
const queuedAt = new Date('2026-11-23T09:00:00.000Z');

describe('runDeadline', () => {
  it('allows every call all its tries, in waves of the surface concurrency, plus queueing time and margin', () => {
    // 9 calls in 3 waves of at most 4; each call 3 × 90 s + 2 × 20 s = 310 s.
    expect(runDeadline(queuedAt, 9, policy)).toEqual(new Date(queuedAt.getTime() + 600_000 + 3 * 310_000 + 60_000));
  });

  it('grows with the size of the run: the largest run (30 prompts × 5 surfaces) gets the longest deadline', () => {
    const small = runDeadline(queuedAt, 1, policy).getTime();
    const largest = runDeadline(queuedAt, 150, policy).getTime();
    expect(largest - queuedAt.getTime()).toBe(600_000 + 38 * 310_000 + 60_000);
    expect(largest).toBeGreaterThan(small);
  });

  it('gives an adaptive run one wave more, for the samples asked after each cell’s first ones', () => {
    expect(runDeadline(queuedAt, 8, policy, 2)).toEqual(new Date(queuedAt.getTime() + 600_000 + 3 * 310_000 + 60_000));
  });
});
