/**
 * How long a run may take at most, fixed when it is queued (api-contract §4): the run's calls
 * (prompts × surfaces × samples) in waves of one account's per-surface concurrency, each call with all its tries at the
 * per-call timeout and the longest retry waits between them, plus time to wait in the queue and a
 * margin. Past it, whatever the run has is what it gets: the reaper ends it.
 */
export interface DeadlinePolicy {
  /** One provider call's timeout. */
  callTimeoutMs: number;
  /** Tries per answer, the first included. */
  attempts: number;
  /** The longest wait between two tries. */
  retryMaxDelayMs: number;
  /** Calls in flight per surface for one account (PROVIDER_CONCURRENCY_PER_ACCOUNT, at most PROVIDER_CONCURRENCY). */
  surfaceConcurrency: number;
  /** Time a queued run may wait for a runner. */
  queueAllowanceMs: number;
  marginMs: number;
}

/** `phases`: 2 for an adaptive run, whose later samples wait for a cell's first ones; each phase may end with a part-filled wave. */
export function runDeadline(queuedAt: Date, calls: number, p: DeadlinePolicy, phases = 1): Date {
  // As if every call went through one surface's limiter: an upper bound that holds when surfaces share runners.
  const waves = Math.ceil(calls / p.surfaceConcurrency) + phases - 1;
  const perCallMs = p.attempts * p.callTimeoutMs + (p.attempts - 1) * p.retryMaxDelayMs;
  return new Date(queuedAt.getTime() + p.queueAllowanceMs + waves * perCallMs + p.marginMs);
}
