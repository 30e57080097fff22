import { MongoClient } from 'mongodb';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { startService, type RunningService } from '@brandradar/platform';
import { createSchedulerService } from '../../services/scheduler/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { startStack, type TestStack } from '../support/stack';
import { eventually } from '../support/eventually';
import { metricValue } from '../support/metrics';

// The scheduler's clock: tests move it; nothing waits for real time to pass.
let clock = new Date();
let stack: TestStack;
let scheduler: RunningService;
let run = 0;
const WEEK = 7 * 24 * 3600_000;

let mongo: MongoClient;
beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
  mongo = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
});
afterAll(async () => {
  await mongo.close();
  await stack.stop();
});
// Each test starts at the real time, so nothing it activates is due before it says so, with a
// scheduler store of its own: a scheduler's clock only moves forward, and every test's trackers
// fall due at the same next occurrence (the tracker service keeps the real time).
beforeEach(async () => {
  clock = new Date();
  scheduler = await startService(createSchedulerService({ now: () => clock }), stack.serviceEnv('scheduler', { MONGO_DB: `${stack.dbName('scheduler')}-${++run}`, SCHEDULER_TICK_MS: '50' }));
});
afterEach(() => scheduler.stop());

const body = { name: 'Weekly CRM', cadence: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 }, primitive: 'compare', prompts: ['best crm', 'crm for startups', 'cheap crm'], brand: 'Acme', competitors: ['HubSpot'] };

async function activeTracker(key: string) {
  const t = (await stack.api('POST', '/api/v1/trackers', { key, body })).body.tracker;
  const res = await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
  expect(res.status).toBe(200);
  // The scheduler hears of the activation by an event. Until it has filed the tracker under its
  // occurrence, a test must not move the clock: filed after the frozen clock's minute was sealed, it
  // would go under a later minute, which that clock never reaches.
  const buckets = mongo.db(`${stack.dbName('scheduler')}-${run}`).collection<{ _id: string; trackerIds: string[] }>('due_buckets');
  await eventually(() => buckets.countDocuments({ trackerIds: t.id }), (n) => n > 0);
  return res.body.tracker as { id: string; nextRunAt: string };
}
const report = async (key: string, id: string) => (await stack.api('GET', `/api/v1/trackers/${id}/report?limit=100`, { key })).body;
const tracker = async (key: string, id: string) => (await stack.api('GET', `/api/v1/trackers/${id}`, { key })).body.tracker;
/**
 * A minute past the occurrence: an activation the scheduler applies only after it read the
 * occurrence's minute is filed under the next one (a real scheduler dispatches it a minute late).
 */
const pastDue = (t: { nextRunAt: string }) => new Date(Date.parse(t.nextRunAt) + 61_000);
/** The scheduler's finished dispatch passes, from its /metrics. */
const passes = () => metricValue(scheduler.opsPort, 'scheduler_passes_total');
/**
 * Waits for two more dispatch passes: the second began after this call, so it read everything due
 * at the clock; what the scheduler would still do there, it has done, and a test can show nothing else happened.
 */
const settle = async () => {
  const before = await passes();
  await eventually(passes, (n) => n >= before + 2);
};

it('queues exactly one run for a due occurrence and moves nextRunAt a week on', async () => {
  const { apiKey } = await stack.account();
  const t = await activeTracker(apiKey);
  clock = pastDue(t);

  const r = await eventually(() => report(apiKey, t.id), (x) => x.runs.length > 0);
  await settle();
  const after = await report(apiKey, t.id);
  expect(after.runs).toHaveLength(1);
  expect(after.runs[0]).toMatchObject({ trigger: 'scheduled', scheduledFor: t.nextRunAt, requestToken: null });
  expect(r.tracker.status).toBe('ACTIVE');
  const moved = await eventually(() => tracker(apiKey, t.id), (x) => x.nextRunAt !== t.nextRunAt);
  expect(Date.parse(moved.nextRunAt) - Date.parse(t.nextRunAt)).toBe(WEEK);
  // Recorded with the advance, in the same write: at or moments after the run was queued.
  expect(Date.parse(moved.lastRunAt)).toBeGreaterThanOrEqual(Date.parse(after.runs[0].createdAt));
});

it('runs a missed occurrence once after downtime, then moves to the next future one', async () => {
  const { apiKey } = await stack.account();
  const t = await activeTracker(apiKey);
  // Two occurrences pass before the scheduler looks again.
  clock = new Date(Date.parse(t.nextRunAt) + WEEK + 3_600_000);

  await eventually(() => report(apiKey, t.id), (x) => x.runs.length > 0);
  await settle();
  const { runs, tracker: after } = await report(apiKey, t.id);
  expect(runs.map((r: { scheduledFor: string }) => r.scheduledFor)).toEqual([t.nextRunAt]);
  expect(Date.parse(after.nextRunAt)).toBe(Date.parse(t.nextRunAt) + 2 * WEEK);
});

it('removes a minute\'s due buckets once the cursor is past it by the write margin', async () => {
  const minutes = mongo.db(`${stack.dbName('scheduler')}-${run}`).collection<{ _id: string }>('due_minutes');
  const { apiKey } = await stack.account();
  const t = await activeTracker(apiKey);
  const minute = new Date(Math.ceil(Date.parse(t.nextRunAt) / 60_000) * 60_000).toISOString();
  clock = pastDue(t);
  await eventually(() => report(apiKey, t.id), (x) => x.runs.length > 0);
  expect(await minutes.countDocuments({ _id: minute })).toBe(1);
  // Past the write margin (10 minutes): nobody files a hint there any more.
  clock = new Date(clock.getTime() + 12 * 60_000);
  await eventually(() => minutes.countDocuments({ _id: minute }), (n) => n === 0);
  expect(await minutes.countDocuments({ _id: new Date(Date.parse(t.nextRunAt) + WEEK).toISOString() })).toBe(1); // the next occurrence's stays
});

it('gives a paused then re-activated tracker a fresh nextRunAt', async () => {
  const { apiKey } = await stack.account();
  const t = await activeTracker(apiKey);
  clock = pastDue(t);
  await eventually(() => tracker(apiKey, t.id), (x) => x.nextRunAt !== t.nextRunAt);
  await stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key: apiKey });
  const again = await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: 39_000 } });
  // Computed from the activation, not carried over from before the pause.
  expect(again.body.tracker.nextRunAt).toBe(t.nextRunAt);
});

describe('automatic pauses before an occurrence: PAUSED with the reason, no run, no charge', () => {
  async function expectPaused(key: string, id: string, reason: string, balanceBefore: number) {
    const paused = await eventually(() => tracker(key, id), (x) => x.status === 'PAUSED');
    expect(paused).toMatchObject({ status: 'PAUSED', pauseReason: reason, nextRunAt: null });
    await settle();
    const scheduled = (await report(key, id)).runs.filter((r: { trigger: string }) => r.trigger === 'scheduled');
    expect(scheduled).toEqual([]);
    expect((await stack.api('GET', '/api/v1/account', { key })).body.account.balanceMicro).toBe(balanceBefore);
  }

  /** A manual run of the tracker, waited for until finished. */
  async function runNow(key: string, id: string) {
    await stack.api('POST', `/api/v1/trackers/${id}/runs`, { key, body: { requestToken: `now-${id}` } });
    await eventually(() => report(key, id), (x) => x.runs[0]?.status === 'COMPLETED');
  }

  it('account_closed', async () => {
    const { apiKey, accountId } = await stack.account();
    const t = await activeTracker(apiKey);
    await stack.admin('POST', `/admin/v1/accounts/${accountId}/close`);
    clock = pastDue(t);
    await expectPaused(apiKey, t.id, 'account_closed', 1_000_000);
  });

  it('insufficient_credits', async () => {
    const { apiKey } = await stack.account(39_000);
    const t = await activeTracker(apiKey);
    await runNow(apiKey, t.id); // spends the whole balance
    clock = pastDue(t);
    await expectPaused(apiKey, t.id, 'insufficient_credits', 0);
  });

  it('spend_limit_reached', async () => {
    const created = await stack.admin('POST', '/admin/v1/accounts', { email: `limit-${Date.now()}@example.com`, creditsMicro: 1_000_000, spendLimitMicroPerMonth: 50_000 });
    const apiKey = created.body.apiKey as string;
    const t = await activeTracker(apiKey);
    await runNow(apiKey, t.id); // 39,000 of the 50,000 this month
    clock = pastDue(t);
    await expectPaused(apiKey, t.id, 'spend_limit_reached', 1_000_000 - 39_000);
  });

  it('cost_above_maximum (rates rose after activation)', async () => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    const { rates } = (await stack.admin('GET', '/admin/v1/rates')).body;
    await stack.admin('PUT', '/admin/v1/rates', { surfaces: { ...rates.surfaces, chatgpt: rates.surfaces.chatgpt + 1 }, workflowSteps: rates.workflowSteps });
    try {
      clock = pastDue(t);
      await expectPaused(apiKey, t.id, 'cost_above_maximum', 1_000_000);
    } finally {
      await stack.admin('PUT', '/admin/v1/rates', { surfaces: rates.surfaces, workflowSteps: rates.workflowSteps });
    }
  });
});
