/**
 * Polls `probe` until `done` holds, and returns the last value; fails with the
 * last value when `timeoutMs` passes. For waiting on work another process or
 * service does, never on the clock.
 */
export async function eventually<T>(probe: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${String(JSON.stringify(v)).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
