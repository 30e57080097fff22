/**
 * Runs `task` every `intervalMs`, one pass at a time: a slow pass delays the next instead of
 * overlapping it, and a failed pass is reported to `onError` while the next one tries again.
 * The returned `stop` ends the ticks and resolves once the pass under way (if any) has finished,
 * so a service can close its store after it.
 */
export function runPeriodically(intervalMs: number, task: () => Promise<unknown>, onError: (err: unknown) => void): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(task).then(
      () => undefined,
      (err: unknown) => onError(err),
    );
  }, intervalMs);
  return () => {
    clearInterval(timer);
    return running;
  };
}
