import { RunEvents } from '@brandradar/contracts';
import { eventually } from './eventually';
import { connectAs, type TestStack } from './stack';

/**
 * Queues `count` manual runs of one tracker and waits until every one has ended, as fast as the API
 * allows: at most three at once per account (a 429 waits for a run to end, which frees a slot), and
 * a 503 (the runner busy) is asked again with the same request token, so a retry never makes a second
 * run. Resolves with the run ids and how many requests were answered 503 meanwhile. Request tokens
 * are scoped to the account: runs of another tracker of the same account need another `tokenPrefix`.
 *
 * Ends are heard on the bus (`run.finished`), not polled: each look at a running run through the API
 * reads it whole, so a harness that polls measures its polling.
 */
export async function runManually(stack: TestStack, apiKey: string, trackerId: string, count: number, timeoutMs: number, tokenPrefix = 'bench'): Promise<{ runIds: string[]; unavailable: number }> {
  const link = await connectAs(stack.nats, `manual-runs-${tokenPrefix}`);
  const ended = new Set<string>();
  let onEnd: (heard: boolean) => void = () => undefined;
  const subscription = link.nc.subscribe(RunEvents.finished.subject, {
    callback: (err, msg) => {
      if (err) return;
      const event = RunEvents.finished.payload.safeParse(msg.json());
      if (event.success && event.data.run.trackerId === trackerId) ended.add(event.data.run.id);
      onEnd(true);
    },
  });
  await link.nc.flush(); // the server has the subscription: no end published from now on is missed
  /** Resolves at the next run end (true), or after `ms` (false). */
  const nextEnd = (ms: number) =>
    new Promise<boolean>((resolve) => {
      onEnd = resolve;
      setTimeout(() => resolve(false), ms);
    });
  try {
    const runIds: string[] = [];
    let unavailable = 0;
    for (let i = 0; i < count; i++) {
      const queued = await eventually(
        async () => {
          const res = await stack.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key: apiKey, body: { requestToken: `${tokenPrefix}-${i}` } });
          if (res.status === 503) unavailable++;
          if (res.status === 429) await nextEnd(1_000);
          return res;
        },
        (res) => res.status !== 429 && res.status !== 503,
        timeoutMs,
      );
      if (queued.status !== 202 && queued.status !== 200) throw new Error(`run ${i}: ${queued.status} ${JSON.stringify(queued.body)}`);
      runIds.push(queued.body.run.id);
    }
    // Should an end be lost all the same, a run is asked after 30 s without news (asking sooner would
    // read a running run whole every time).
    const deadline = Date.now() + timeoutMs;
    for (let pending = runIds; pending.length > 0; pending = runIds.filter((id) => !ended.has(id))) {
      if (Date.now() > deadline) throw new Error(`runs ${pending.join(', ')} did not end within ${timeoutMs} ms`);
      if (await nextEnd(30_000)) continue;
      const status = (await stack.api('GET', `/api/v1/trackers/${trackerId}/runs/${pending[0]}`, { key: apiKey })).body.run?.status;
      if (status !== undefined && !['QUEUED', 'RUNNING'].includes(status)) ended.add(pending[0]!);
    }
    return { runIds, unavailable };
  } finally {
    subscription.unsubscribe();
    await link.nc.close();
  }
}
