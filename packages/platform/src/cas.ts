import { backoffDelayMs, type BackoffPolicy } from './backoff';
import { sleep } from './timeout';

/** What one try of a compare-and-swap returns when another writer changed the document since it was read. */
export const CONFLICT: unique symbol = Symbol('compare-and-swap conflict');

export interface CompareAndSwapOptions {
  /** Tries before giving up with `tooMuchContention()`. */
  attempts: number;
  /** Waits between tries; none retries at once (the other writer has just finished). */
  backoff?: BackoffPolicy;
  tooMuchContention: () => Error;
}

/**
 * The one compare-and-swap loop of the whole system, for single-document changes without
 * transactions (FerretDB v1 and MongoDB alike). Each `tryOnce` reads the document, computes the
 * change from it as a pure function, and writes it only if the document still has the revision it
 * read (`{ _id, rev }` in the filter, `rev + 1` in the write); it returns CONFLICT when that write
 * matched nothing, and the loop reads again. Anything else it returns or throws ends the loop.
 */
export async function compareAndSwap<R>(tryOnce: () => Promise<R | typeof CONFLICT>, options: CompareAndSwapOptions): Promise<R> {
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    const outcome = await tryOnce();
    if (outcome !== CONFLICT) return outcome;
    if (options.backoff && attempt < options.attempts) await sleep(backoffDelayMs(attempt, options.backoff));
  }
  throw options.tooMuchContention();
}
