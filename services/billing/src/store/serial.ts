/**
 * Runs tasks that share a key one after another, in arrival order; tasks of
 * different keys run concurrently. A failed task does not stop the ones queued
 * behind it.
 */
export class KeyedSerializer {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // Forget idle keys, so the map holds only accounts with work in flight.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running (for tests). */
  get busyKeys(): number {
    return this.tails.size;
  }
}
