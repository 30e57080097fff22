/** Waiting: between two attempts, and for a run or a reanalysis to finish. */
import { BrandradarWaitTimeoutError } from './errors';

/** One wait between two attempts; a function of its own so a test can never need a real clock here. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const POLL_INTERVAL_MS = 1000;

export interface PollOptions<T> {
  /** Between two reads; default 1 s. */
  intervalMs?: number;
  /** Gives up with {@link BrandradarWaitTimeoutError} once this has passed; default never. */
  timeoutMs?: number;
  onProgress?: (state: T) => void;
}

/** Reads `read()` until `finished` says so, telling `onProgress` each state seen. */
export async function pollUntil<T extends { status: string }>(read: () => Promise<T>, finished: (state: T) => boolean, options: PollOptions<T>): Promise<T> {
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
  const giveUpAt = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
  for (;;) {
    const state = await read();
    options.onProgress?.(state);
    if (finished(state)) return state;
    if (Date.now() + intervalMs > giveUpAt) throw new BrandradarWaitTimeoutError(options.timeoutMs!, state);
    await sleep(intervalMs);
  }
}
