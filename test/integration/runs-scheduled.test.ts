import { PEER_API_KEY } from '../support/peers/providers';
import { RunQueries, type Tracker } from '@brandradar/contracts';
import { query, type NatsLink } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { startSlowProxy } from '../support/slow-proxy';
import { connectAs, startStack, type TestStack } from '../support/stack';

// Runs are queued and never answered (the provider hangs), so every run made here stays listed.
let hanging: Awaited<ReturnType<typeof startSlowProxy>>;
let stack: TestStack;
let scheduler: NatsLink;

beforeAll(async () => {
  hanging = await startSlowProxy('http://127.0.0.1:9/v1', 3600_000);
  stack = await startStack([billingService, trackerService, runnerService, gatewayService], { OPENAI_API_KEY: PEER_API_KEY, OPENAI_BASE_URL: hanging.baseUrl, RUNNER_CONCURRENCY: '1', SHUTDOWN_GRACE_MS: '500' });
  scheduler = await connectAs(stack.nats, 'scheduler-test', 'scheduler');
});
afterAll(async () => {
  await scheduler.nc.close();
  await stack.stop();
  await hanging.close();
});

const body = { name: 'Weekly CRM', cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 }, primitive: 'sentiment', prompts: ['best crm'], brand: 'Acme', models: ['chatgpt'] };

async function activeTracker(key: string): Promise<Tracker> {
  const t = (await stack.api('POST', '/api/v1/trackers', { key, body })).body.tracker;
  const res = await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
  expect(res.status).toBe(200);
  return res.body.tracker;
}

const runsOf = async (key: string, id: string) => (await stack.api('GET', `/api/v1/trackers/${id}/report?limit=100`, { key })).body.runs as { scheduledFor: string; trigger: string }[];

it('creates one run per occurrence of a batch, and a batch sent again or at once twice creates only what is missing', async () => {
  const { apiKey, accountId } = await stack.account();
  const [a, b] = [await activeTracker(apiKey), await activeTracker(apiKey)];
  const occurrence = (tracker: Tracker, scheduledFor: string) => ({ accountId, tracker, definitionVersion: 1, scheduledFor, estimatedCostMicro: tracker.estimatedCostMicroPerRun });
  const [first, second, third] = ['2031-01-06T09:00:00.000Z', '2031-01-13T09:00:00.000Z', '2031-01-20T09:00:00.000Z'];
  const send = (occurrences: ReturnType<typeof occurrence>[]) => query(scheduler, RunQueries.createScheduled, { version: 1, occurrences });

  expect(await send([occurrence(a, first), occurrence(b, first)])).toEqual({ created: 2, existing: 0 });
  expect(await send([occurrence(a, first), occurrence(b, first), occurrence(a, second)])).toEqual({ created: 1, existing: 2 });
  const twice = await Promise.all([send([occurrence(b, second), occurrence(a, third)]), send([occurrence(a, third), occurrence(b, second)])]);
  expect(twice.map((r) => r.created).reduce((x, y) => x + y)).toBe(2);
  expect(twice.map((r) => r.existing).reduce((x, y) => x + y)).toBe(2);

  const scheduled = (runs: { scheduledFor: string }[]) => runs.map((r) => r.scheduledFor).sort();
  expect(scheduled(await runsOf(apiKey, a.id))).toEqual([first, second, third]);
  expect(scheduled(await runsOf(apiKey, b.id))).toEqual([first, second]);
});

