/**
 * `fn` over every item, at most `limit` at once; the results in the items' order. After a failure
 * no new call starts, and it rejects with that failure once the calls under way have ended.
 */
export async function mapConcurrently<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    for (let i = next++; i < items.length && !failed; i = next++) {
      results[i] = await fn(items[i]!, i).catch((e: unknown) => {
        failed = true;
        throw e;
      });
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = outcomes.find((o) => o.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}
