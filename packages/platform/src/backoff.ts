/** The bounds of a backoff: the first wait's ceiling, and the most any wait may be. */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

/**
 * The one retry delay of the whole system: exponential, capped, with equal
 * jitter. The ceiling doubles from `baseMs` with each attempt up to `maxMs`;
 * half of it is fixed (so waits really grow) and half random (so many callers
 * failing together do not retry in lockstep). `attempt` counts the attempt
 * that just failed, from 1; `random` returns a number in [0, 1).
 */
export function backoffDelayMs(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  // Capping the exponent first keeps 2 ** n finite however many attempts there were.
  const exponent = Math.min(Math.max(0, attempt - 1), 52);
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
