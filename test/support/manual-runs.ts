import { eventually } from './eventually';
import type { TestStack } from './stack';

/**
 * Queues `count` manual runs of one tracker and waits until every one has ended, as fast as the API
 * allows: at most three at once per account (a 429 waits for a free slot), and a 503 (the runner
 * busy) is asked again with the same request token, so a retry never makes a second run. Resolves
 * with the run ids and how many requests were answered 503 meanwhile. Request tokens are scoped to the
 * account: runs of another tracker of the same account need another `tokenPrefix`.
 */
export async function runManually(stack: TestStack, apiKey: string, trackerId: string, count: number, timeoutMs: number, tokenPrefix = 'bench'): Promise<{ runIds: string[]; unavailable: number }> {
  const runIds: string[] = [];
  let unavailable = 0;
  for (let i = 0; i < count; i++) {
    const queued = await eventually(
      async () => {
        const res = await stack.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key: apiKey, body: { requestToken: `${tokenPrefix}-${i}` } });
        if (res.status === 503) unavailable++;
        return res;
      },
      (res) => res.status !== 429 && res.status !== 503,
      timeoutMs,
    );
    if (queued.status !== 202 && queued.status !== 200) throw new Error(`run ${i}: ${queued.status} ${JSON.stringify(queued.body)}`);
    runIds.push(queued.body.run.id);
  }
  // Every earlier run freed its slot, so only the last three can still be going.
  for (const runId of runIds.slice(-3)) {
    await eventually(
      // A 503 (the runner busy finishing a run) has no run: poll again.
      async () => (await stack.api('GET', `/api/v1/trackers/${trackerId}/runs/${runId}`, { key: apiKey })).body.run?.status,
      (status) => status !== undefined && !['QUEUED', 'RUNNING'].includes(status),
      timeoutMs,
    );
  }
  return { runIds, unavailable };
}
