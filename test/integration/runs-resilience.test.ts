import { PEER_API_KEY, startOpenAIPeer, type ProtocolPeer } from '../support/peers/providers';
import type { ManagedProcess } from '@brandradar/devstack';
import { startService, type RunningService } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { accountSettlesAt } from '../support/accounts';
import { eventually } from '../support/eventually';
import { startSlowProxy } from '../support/slow-proxy';
import { startStack, type TestStack } from '../support/stack';

// chatgpt answers through a proxy that holds each call 1.5 s: longer than the runner's ack wait.
let openai: ProtocolPeer;
let slow: Awaited<ReturnType<typeof startSlowProxy>>;
let stack: TestStack;
const ACK_WAIT_MS = 1_000;

beforeAll(async () => {
  openai = await startOpenAIPeer();
  slow = await startSlowProxy(openai.baseUrl, 1_500);
  stack = await startStack([billingService, trackerService, runnerService, gatewayService], {
    OPENAI_API_KEY: PEER_API_KEY,
    OPENAI_BASE_URL: slow.baseUrl,
    RUN_ACK_WAIT_MS: String(ACK_WAIT_MS),
    RUNNER_CONCURRENCY: '1',
  });
});
afterAll(async () => {
  await stack.stop();
  await slow.close();
  await openai.close();
});

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
async function activeTracker(key: string, prompts = ['one prompt']) {
  const body = { name: 'Slow', cadence, primitive: 'sentiment', prompts, brand: 'Alpha', models: ['chatgpt'] };
  const t = (await stack.api('POST', '/api/v1/trackers', { key, body })).body.tracker;
  await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
  return t as { id: string };
}
const requestRun = (key: string, trackerId: string, requestToken: string) => stack.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key, body: { requestToken } });
const runOf = async (key: string, trackerId: string, runId: string) => (await stack.api('GET', `/api/v1/trackers/${trackerId}/runs/${runId}`, { key })).body.run;
const finished = (key: string, trackerId: string, runId: string) => eventually(() => runOf(key, trackerId, runId), (r) => r !== undefined && !['QUEUED', 'RUNNING'].includes(r.status), 30_000);

it('a provider call longer than the ack wait is made once and billed once, with two runners', async () => {
  const second: RunningService = await startService(runnerService, stack.serviceEnv('runner'));
  try {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    const calls = slow.received;
    const run = await finished(apiKey, t.id, (await requestRun(apiKey, t.id, 'slow-1')).body.run.id);
    expect(run).toMatchObject({ status: 'COMPLETED', billedCostMicro: 5_000 });
    expect(slow.received - calls).toBe(1);
    await accountSettlesAt(stack, apiKey, { balanceMicro: 995_000, spentThisMonthMicro: 5_000 });
  } finally {
    await second.stop();
  }
});

it('allows 3 manual runs QUEUED or RUNNING per account, under concurrency, then frees the slots', async () => {
  const { apiKey } = await stack.account();
  const t = await activeTracker(apiKey);
  const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((token) => requestRun(apiKey, t.id, token)));
  const accepted = results.filter((r) => r.status === 202);
  const refused = results.filter((r) => r.status === 429);
  expect([accepted.length, refused.length]).toEqual([3, 2]);
  for (const r of refused) {
    expect(r.body.error.code).toBe('run_limit_reached');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }
  for (const r of accepted) await finished(apiKey, t.id, r.body.run.id);
  expect((await requestRun(apiKey, t.id, 'f')).status).toBe(202);
});

it('does not start a queued run whose estimate rose above the maximum: FAILED, tracker paused, nothing billed', async () => {
  const busy = await stack.account();
  const busyTracker = await activeTracker(busy.apiKey);
  const { apiKey } = await stack.account();
  const t = await activeTracker(apiKey);
  // The only runner slot is busy for 1.5 s, so the second run waits QUEUED while the rates rise.
  await requestRun(busy.apiKey, busyTracker.id, 'busy');
  const queued = (await requestRun(apiKey, t.id, 'waits')).body.run;
  expect(queued.status).toBe('QUEUED');
  const { rates } = (await stack.admin('GET', '/admin/v1/rates')).body;
  await stack.admin('PUT', '/admin/v1/rates', { surfaces: { ...rates.surfaces, chatgpt: rates.surfaces.chatgpt * 2 }, workflowSteps: rates.workflowSteps });
  try {
    const run = await finished(apiKey, t.id, queued.id);
    expect(run).toMatchObject({ status: 'FAILED', billedCostMicro: 0, startedAt: null });
    // The tracker service pauses the tracker as soon as it hears of the new rates; a runner that gets there first refuses the run itself.
    expect(['tracker_not_active', 'cost_above_maximum']).toContain(run.error.code);
    expect((await stack.api('GET', `/api/v1/trackers/${t.id}`, { key: apiKey })).body.tracker).toMatchObject({ status: 'PAUSED', pauseReason: 'cost_above_maximum' });
    await accountSettlesAt(stack, apiKey, { balanceMicro: 1_000_000, spentThisMonthMicro: 0 });
  } finally {
    await stack.admin('PUT', '/admin/v1/rates', { surfaces: rates.surfaces, workflowSteps: rates.workflowSteps });
  }
});

it('a runner killed in the middle of provider calls leaves a run another runner finishes, billed once', async () => {
  // This test's runners are separate processes, so one can really be killed.
  await stack.running.get('runner')!.stop();
  const spawnRunner = () => stack.spawn('runner', { RUNNER_CONCURRENCY: '4' });
  const first = spawnRunner();
  let second: ManagedProcess | undefined;
  try {
    const { apiKey } = await stack.account();
    // Calls are counted by prompt: runs of the earlier tests may still be in flight and be taken over by the new runner.
    const marker = 'asked-while-a-runner-dies';
    const t = await activeTracker(apiKey, [1, 2, 3, 4, 5, 6].map((i) => `${marker} ${i}`));
    const queued = await eventually(() => requestRun(apiKey, t.id, 'crash-1'), (r) => r.status === 202);
    await eventually(async () => slow.receivedWith(marker), (n) => n >= 1); // provider calls are under way
    await first.kill();

    second = spawnRunner();
    const run = await finished(apiKey, t.id, queued.body.run.id);
    expect(run).toMatchObject({ status: 'COMPLETED', billedCostMicro: 6 * 5_000, summary: { answers: 6, succeeded: 6, failed: 0 } });
    await accountSettlesAt(stack, apiKey, { balanceMicro: 1_000_000 - 30_000, spentThisMonthMicro: 30_000 });
    const { runs } = (await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey })).body;
    expect(runs).toHaveLength(1);
    // Answers stored before the crash are not asked again; only calls in flight at the kill (at most 4) are repeated.
    expect(slow.receivedWith(marker)).toBeLessThanOrEqual(6 + 4);
  } finally {
    await first.kill();
    await second?.stop();
  }
});

it('a runner frozen past the ack wait keeps its run: the command delivered again waits for its lease, and nothing is asked twice', async () => {
  await stack.running.get('runner')!.stop();
  // A lease far longer than the freeze, so only the lease, not its expiry, decides who asks.
  const env = { RUNNER_CONCURRENCY: '4', RUN_LEASE_MS: '60000' };
  const frozen = stack.spawn('runner', env);
  const otherLog: string[] = [];
  let other: ManagedProcess | undefined;
  try {
    const { apiKey } = await stack.account();
    const marker = 'asked-while-a-runner-is-frozen';
    const t = await activeTracker(apiKey, [1, 2].map((i) => `${marker} ${i}`));
    const queued = await eventually(() => requestRun(apiKey, t.id, 'freeze-1'), (r) => r.status === 202);
    await eventually(async () => slow.receivedWith(marker), (n) => n >= 1); // the frozen runner holds the run
    other = stack.spawn('runner', { ...env, LOG_LEVEL: 'info' }, (line) => otherLog.push(line));
    process.kill(frozen.pid!, 'SIGSTOP');
    // No heartbeat reaches JetStream: the command goes to the other runner, which finds the lease held.
    await eventually(async () => otherLog.some((l) => l.includes(queued.body.run.id) && l.includes('another runner holds its lease')), Boolean, 30_000);
    process.kill(frozen.pid!, 'SIGCONT');

    const run = await finished(apiKey, t.id, queued.body.run.id);
    expect(run).toMatchObject({ status: 'COMPLETED', billedCostMicro: 2 * 5_000, summary: { answers: 2, succeeded: 2, failed: 0 } });
    expect(slow.receivedWith(marker)).toBe(2);
    await accountSettlesAt(stack, apiKey, { balanceMicro: 1_000_000 - 10_000, spentThisMonthMicro: 10_000 });
  } finally {
    if (frozen.running) process.kill(frozen.pid!, 'SIGCONT');
    await frozen.kill();
    await other?.stop();
  }
});
