/**
 * Runs `task` every `intervalMs`, one pass at a time: ticks that fall due while a pass runs merge
 * into one pass after it (a slow pass never piles up a backlog), and a failed pass is reported to
 * `onError` while the next one tries again. The returned `stop` ends the ticks and resolves once
 * the pass under way (if any) has finished, so a service can close its store after it.
 */
export function runPeriodically(intervalMs: number, task: () => Promise<unknown>, onError: (err: unknown) => void): () => Promise<void> {
  const passes = new KickedPasses(task, onError);
  const timer = setInterval(() => passes.kick(), intervalMs);
  return () => {
    clearInterval(timer);
    return passes.stop();
  };
}

/**
 * Passes of `task`, one at a time, every `intervalMs` and whenever kicked (new work was just
 * recorded): a kick during a pass makes one more pass after it, so work recorded meanwhile is not
 * left for the next tick. A failed pass goes to `onError`; the next one tries again.
 */
export class KickedPasses {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly task: () => Promise<unknown>,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // Started now, and a task that throws before its first await fails the pass like one that rejects.
    this.running = new Promise<unknown>((resolve) => resolve(this.task()))
      .then(() => undefined, this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** No pass starts any more; resolves once the pass under way (if any) has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
