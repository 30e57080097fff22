import { PEER_API_KEY } from '../support/peers/providers';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { dispatchLoad } from '../support/scheduler-load';
import { startSlowProxy } from '../support/slow-proxy';
import { startStack, type TestStack } from '../support/stack';

let stack: TestStack;
let hanging: Awaited<ReturnType<typeof startSlowProxy>>;
beforeAll(async () => {
  // The surface takes minutes to answer, so executing runs does not compete with dispatching them.
  hanging = await startSlowProxy('http://127.0.0.1:9/v1', 10 * 60_000);
  stack = await startStack([billingService, trackerService, runnerService, gatewayService], {
    OPENAI_API_KEY: PEER_API_KEY,
    OPENAI_BASE_URL: hanging.baseUrl,
    RUNNER_CONCURRENCY: '1',
    SHUTDOWN_GRACE_MS: '1000',
  });
});
afterAll(async () => {
  await stack.stop();
  await hanging.close();
});

// The 10,000-tracker measurement is `npm run bench -- test/bench/scheduler-dispatch.bench.ts`.
it('three scheduler replicas turn 150 trackers due in the same minute into exactly 150 runs, each dispatched once', async () => {
  const dueAt = new Date(Date.UTC(2030, 0, 7, 9, 0)); // a Monday 09:00 UTC
  const { queued, dispatched, trackerIds } = await dispatchLoad(stack, { count: 150, replicas: 3, dueAt, timeoutMs: 120_000 });
  expect(queued).toHaveLength(150);
  expect(new Set(queued.map((q) => q.trackerId))).toEqual(new Set(trackerIds));
  expect(new Set(queued.map((q) => q.scheduledFor))).toEqual(new Set([dueAt.toISOString()]));
  expect(dispatched).toBe(150);
}, 180_000);
