import { RunQueries } from '@brandradar/contracts';
import { DomainError, query, startService, type NatsLink, type RunningService } from '@brandradar/platform';
import { PEER_API_KEY, startOpenAIPeer, type ProtocolPeer } from '../support/peers/providers';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { metricValue } from '../support/metrics';
import { connectAs, startStack, type TestStack } from '../support/stack';

// Two runner replicas, each keeping pages of finished runs: reports must stay right whichever
// replica answers, when a finished run's delta is replaced and when its tracker is deleted.
let openai: ProtocolPeer;
let stack: TestStack;
let second: RunningService;
let asGateway: NatsLink;
const providerEnv = () => ({ OPENAI_API_KEY: PEER_API_KEY, OPENAI_BASE_URL: openai.baseUrl, RUNNER_CONCURRENCY: '2' });

beforeAll(async () => {
  openai = await startOpenAIPeer();
  stack = await startStack([billingService, trackerService, runnerService, gatewayService], providerEnv());
  second = await startService(runnerService, stack.serviceEnv('runner'));
  asGateway = await connectAs(stack.nats, 'gateway', 'gateway');
});
afterAll(async () => {
  await asGateway.nc.close();
  await second.stop();
  await stack.stop();
  await openai.close();
});

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
const PROMPT = 'is acme good?';

async function activeTracker(key: string, name: string) {
  const body = { name, cadence, primitive: 'sentiment', prompts: [PROMPT], brand: 'Acme', models: ['chatgpt'] };
  const t = (await stack.api('POST', '/api/v1/trackers', { key, body })).body.tracker;
  expect((await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } })).status).toBe(200);
  return t as { id: string };
}
async function requestRun(key: string, trackerId: string, requestToken: string) {
  const res = await stack.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key, body: { requestToken } });
  expect(res.status).toBe(202);
  return res.body.run as { id: string };
}
const report = async (key: string, trackerId: string) => {
  const res = await stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key });
  expect(res.status).toBe(200);
  return res.body.runs as { id: string; status: string; delta: unknown; results: { answers: unknown[] }[] }[];
};
const finishedReport = (key: string, trackerId: string, runs: number) =>
  eventually(() => report(key, trackerId), (r) => r.length === runs && r.every((run) => !['QUEUED', 'RUNNING'].includes(run.status)));
const hits = () => Promise.all([stack.running.get('runner')!.opsPort, second.opsPort].map((port) => metricValue(port, 'runner_run_cache_lookups_total', 'result="hit"')));
/** Reads the report until each replica has answered some of it from its cache. */
async function cachedInBoth(key: string, trackerId: string) {
  const before = await hits();
  await eventually(
    async () => {
      await report(key, trackerId);
      return hits();
    },
    (now) => now.every((n, i) => n > before[i]!),
  );
}

it('a run is in the report as soon as it is queued, and finished with its answers once it ends; finished runs are then read from the cache', async () => {
  const { apiKey } = await stack.account();
  const t = await activeTracker(apiKey, 'Listed');
  const run = await requestRun(apiKey, t.id, 'listed-1');
  expect((await report(apiKey, t.id)).map((r) => r.id)).toEqual([run.id]);
  const [done] = await finishedReport(apiKey, t.id, 1);
  expect(done).toMatchObject({ id: run.id, status: 'COMPLETED', results: [{ answers: [expect.objectContaining({ status: 'succeeded' })] }] });
  await cachedInBoth(apiKey, t.id);
  expect(await report(apiKey, t.id)).toEqual([done]);
});

it("a delta replaced by an earlier run that finished later shows in the next report, whichever replica answers", async () => {
  const { apiKey } = await stack.account();
  const t = await activeTracker(apiKey, 'Out of order');
  // The older run's one answer comes 5 s late, so the newer run finishes first, with no delta (the
  // newer run and the reads of both replicas below take under a second).
  const answer = await fetch(`${openai.baseUrl}/responses`, { method: 'POST', headers: { authorization: `Bearer ${PEER_API_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-4o-mini', input: PROMPT }) });
  openai.replyNext({ status: 200, body: await answer.text(), delayMs: 5_000 });
  const calls = openai.requests.length;
  await requestRun(apiKey, t.id, 'older');
  await eventually(async () => openai.requests.length, (n) => n > calls);
  const newer = await requestRun(apiKey, t.id, 'newer');
  await eventually(() => report(apiKey, t.id), (r) => r[0]?.id === newer.id && r[0].status === 'COMPLETED');
  await cachedInBoth(apiKey, t.id);
  expect((await report(apiKey, t.id))[0]).toMatchObject({ id: newer.id, delta: null });

  const [newest] = await eventually(
    () => finishedReport(apiKey, t.id, 2),
    (r) => r[0]!.delta !== null,
  );
  expect(newest).toMatchObject({ id: newer.id, delta: { primitive: 'sentiment', answers: { current: 1, previous: 1, change: 0 } } });
  // Both replicas forgot the old page: every later report has the delta.
  for (let i = 0; i < 10; i++) expect((await report(apiKey, t.id))[0]).toEqual(newest);
}, 60_000);

it("a deleted tracker's runs are gone from every replica", async () => {
  const { accountId, apiKey } = await stack.account();
  const t = await activeTracker(apiKey, 'Deleted');
  const run = await requestRun(apiKey, t.id, 'deleted-1');
  await finishedReport(apiKey, t.id, 1);
  await cachedInBoth(apiKey, t.id);
  expect((await stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key: apiKey })).status).toBe(200);
  expect((await stack.api('DELETE', `/api/v1/trackers/${t.id}`, { key: apiKey })).status).toBe(204);
  expect((await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey })).status).toBe(404);

  // What the runner itself answers, past the gateway's tracker check: nothing, from either replica.
  const page = () =>
    query(asGateway, RunQueries.answers, { version: 1, accountId, trackerId: t.id, runId: run.id, cursor: 0 }).then(
      () => 'found',
      (e: unknown) => (e instanceof DomainError ? e.error.code : 'failed'),
    );
  await eventually(page, (code) => code === 'not_found');
  const answers = await Promise.all(Array.from({ length: 10 }, page));
  expect(answers).toEqual(Array(10).fill('not_found'));
  expect(await query(asGateway, RunQueries.listIds, { version: 1, accountId, trackerId: t.id, limit: 10 })).toEqual({ runIds: [] });
});
