import { connect } from 'nats';
import { BillingQueries, DEAD_LETTERS_STREAM, DeadLetterEvents, notFound, RunQueries, TrackerQueries } from '@brandradar/contracts';
import { PEER_API_KEY, startOpenAIPeer, type ProtocolPeer } from '../support/peers/providers';
import { createLogger, DomainError, natsServers, query, serveQuery, startService, type RunningService } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { notifierService } from '../../services/notifier/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { startSlowProxy } from '../support/slow-proxy';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { connectAs, HARNESS_USER, startStack, type TestStack } from '../support/stack';

// Every run ends, and ends correctly (issues 12 and 13): runs that must not start, runs past their
// deadline, runs whose execution is given up on. One runner slot and a provider that takes 1.5 s
// keep a second run QUEUED while the test changes its tracker.
let openai: ProtocolPeer;
let slow: Awaited<ReturnType<typeof startSlowProxy>>;
let smtp: SmtpPeer;
let stack: TestStack;
const PROVIDER_DELAY_MS = 1_500;

beforeAll(async () => {
  openai = await startOpenAIPeer();
  slow = await startSlowProxy(openai.baseUrl, PROVIDER_DELAY_MS);
  smtp = await startSmtpPeer();
  stack = await startStack([billingService, trackerService, runnerService, gatewayService, notifierService], {
    OPENAI_API_KEY: PEER_API_KEY,
    OPENAI_BASE_URL: slow.baseUrl,
    RUNNER_CONCURRENCY: '1',
    RUN_MAX_DELIVER: '2',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Brandradar <reports@brandradar.example>',
  });
});
afterAll(async () => {
  await stack.stop();
  await Promise.all([slow.close(), openai.close(), smtp.stop()]);
});

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
const body = (name: string, prompts = ['is acme good?']) => ({ name, cadence, primitive: 'sentiment', prompts, brand: 'Acme', models: ['chatgpt'] });

async function activeTracker(key: string, name: string, prompts?: string[]) {
  const t = (await stack.api('POST', '/api/v1/trackers', { key, body: body(name, prompts) })).body.tracker;
  expect((await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } })).status).toBe(200);
  return t as { id: string; estimatedCostMicroPerRun: number };
}
async function requestRun(key: string, trackerId: string, requestToken: string) {
  const res = await stack.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key, body: { requestToken } });
  expect(res.status).toBe(202);
  return res.body.run as { id: string; deadlineAt: string };
}
const runOf = async (key: string, trackerId: string, runId: string) => (await stack.api('GET', `/api/v1/trackers/${trackerId}/runs/${runId}`, { key })).body.run;
const finished = (key: string, trackerId: string, runId: string, timeoutMs = 30_000) =>
  eventually(() => runOf(key, trackerId, runId), (r) => r !== undefined && !['QUEUED', 'RUNNING'].includes(r.status), timeoutMs);
const accountOf = async (key: string) => (await stack.api('GET', '/api/v1/account', { key })).body.account;
const openHolds = async (accountId: string) => (await stack.admin('GET', `/admin/v1/accounts/${accountId}/holds`)).body.holds;
/** Every hold of the account released or captured: a run is settled with billing just after it ends, so a reader may see it end first. */
const settled = (accountId: string) => eventually(() => openHolds(accountId), (holds) => holds.length === 0);
const runMails = (runId: string) => smtp.received.filter((m) => m.text.includes(`/runs/${runId}`));

/** An account whose first tracker's run keeps the only runner slot busy while the test works on a second one. */
async function busyAccount() {
  const { accountId, apiKey } = await stack.account();
  const busy = await activeTracker(apiKey, 'Busy');
  const busyRun = await requestRun(apiKey, busy.id, `busy-${Date.now()}`);
  return { accountId, apiKey, busy, busyRun };
}

describe('a run starts only on the ACTIVE tracker with the definition it was queued with', () => {
  it('a queued run of a tracker paused meanwhile ends FAILED tracker_not_active: no provider call, nothing billed, no e-mail', async () => {
    const { accountId, apiKey, busy, busyRun } = await busyAccount();
    const t = await activeTracker(apiKey, 'Paused meanwhile');
    const calls = slow.received;
    const queued = await requestRun(apiKey, t.id, 'paused-meanwhile');
    expect((await stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key: apiKey })).status).toBe(200);

    const run = await finished(apiKey, t.id, queued.id);
    expect(run).toMatchObject({ status: 'FAILED', startedAt: null, billedCostMicro: 0, summary: { answers: 0, succeeded: 0, failed: 0 }, error: { code: 'tracker_not_active' } });
    await finished(apiKey, busy.id, busyRun.id);
    expect(slow.received - calls).toBeLessThanOrEqual(1); // the busy run's call, if it had not been made yet; never this run's
    await settled(accountId);
    expect(await accountOf(apiKey)).toMatchObject({ balanceMicro: 1_000_000 - 5_000, spentThisMonthMicro: 5_000 });
    await eventually(async () => runMails(busyRun.id).length, (n) => n === 1);
    expect(runMails(queued.id)).toHaveLength(0);
  });

  it('a queued run of a tracker edited meanwhile ends FAILED tracker_changed while the tracker is a DRAFT', async () => {
    const { apiKey, busy, busyRun } = await busyAccount();
    const t = await activeTracker(apiKey, 'Edited, not activated');
    const queued = await requestRun(apiKey, t.id, 'edited-draft');
    const edited = await stack.api('PATCH', `/api/v1/trackers/${t.id}`, { key: apiKey, body: body('Edited, still a draft', ['is acme any good?']) });
    expect(edited.body.tracker.status).toBe('DRAFT');
    expect(await finished(apiKey, t.id, queued.id)).toMatchObject({ status: 'FAILED', startedAt: null, billedCostMicro: 0, error: { code: 'tracker_changed' } });
    await finished(apiKey, busy.id, busyRun.id);
  });

  it('a pause that lands while the run places its hold stops it before any provider call', async () => {
    const { accountId, apiKey } = await stack.account();
    const t = await activeTracker(apiKey, 'Paused during the hold');
    // Billing stands aside for a stand-in on the bus that answers as billing would, and lets the owner
    // pause the tracker while the runner waits for its hold: the moment a check before the hold missed.
    const link = await connectAs(stack.nats, 'billing-stand-in');
    const { rates } = await query(link, BillingQueries.getRates, { version: 1 });
    const { account } = await query(link, BillingQueries.getAccount, { version: 1, accountId });
    await stack.running.get('billing')!.stop();
    const logger = createLogger('billing-stand-in', 'silent');
    let pausedDuringHold = false;
    const standIn = [
      serveQuery(link, BillingQueries.getRates, 'billing', logger, async () => ({ rates })),
      serveQuery(link, BillingQueries.getAccount, 'billing', logger, async () => ({ account })),
      serveQuery(link, BillingQueries.hold, 'billing', logger, async (hold) => {
        const paused = await query(link, TrackerQueries.pause, { version: 1, accountId, trackerId: t.id });
        pausedDuringHold = paused.tracker.status === 'PAUSED';
        return { account, holdKey: hold.holdKey, heldMicro: hold.amountMicro, capturedMicro: null, expiresAt: hold.expiresAt, expired: false };
      }),
      serveQuery(link, BillingQueries.capture, 'billing', logger, async () => {
        throw new DomainError(notFound()); // the stand-in's hold was never placed: nothing to settle
      }),
    ];
    const calls = slow.received;
    let runId: string;
    try {
      // Over the bus, as the gateway asks: the gateway's key check would need billing.
      runId = (await query(link, RunQueries.requestManual, { version: 1, accountId, trackerId: t.id, requestToken: 'paused-during-hold' })).run.id;
      await eventually(async () => (await query(link, RunQueries.answers, { version: 1, accountId, trackerId: t.id, runId, cursor: 0 })).head?.run.status, (status) => status === 'FAILED');
    } finally {
      for (const sub of standIn) sub.unsubscribe();
      await link.nc.close();
      await stack.start(billingService);
    }
    expect(pausedDuringHold).toBe(true);
    expect(await finished(apiKey, t.id, runId)).toMatchObject({ status: 'FAILED', startedAt: null, billedCostMicro: 0, error: { code: 'tracker_not_active' } });
    expect(slow.received - calls).toBe(0);
  });

  it('a queued run of a tracker edited meanwhile ends FAILED tracker_changed, even once it is active again', async () => {
    const { apiKey, busy, busyRun } = await busyAccount();
    const t = await activeTracker(apiKey, 'Edited meanwhile');
    const queued = await requestRun(apiKey, t.id, 'edited-meanwhile');
    const edited = await stack.api('PATCH', `/api/v1/trackers/${t.id}`, { key: apiKey, body: body('Edited meanwhile', ['is acme any good?']) });
    expect(edited.body.tracker.status).toBe('DRAFT');
    await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: edited.body.tracker.estimatedCostMicroPerRun } });

    expect(await finished(apiKey, t.id, queued.id)).toMatchObject({ status: 'FAILED', startedAt: null, billedCostMicro: 0, error: { code: 'tracker_changed' } });
    await finished(apiKey, busy.id, busyRun.id);
  });

  it('delete answers tracker_busy while a run is queued, succeeds once it has ended, and the run is gone at once', async () => {
    const { apiKey, busy, busyRun } = await busyAccount();
    const t = await activeTracker(apiKey, 'Deleted');
    const queued = await requestRun(apiKey, t.id, 'before-delete');
    await stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key: apiKey });
    const refused = await stack.api('DELETE', `/api/v1/trackers/${t.id}`, { key: apiKey });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('tracker_busy');

    await finished(apiKey, t.id, queued.id);
    expect((await stack.api('DELETE', `/api/v1/trackers/${t.id}`, { key: apiKey })).status).toBe(204);
    expect((await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${queued.id}`, { key: apiKey })).status).toBe(404);
    await finished(apiKey, busy.id, busyRun.id);
  });

  it('a run already RUNNING when its tracker is paused finishes and bills what succeeded', async () => {
    const { accountId, apiKey } = await stack.account();
    const t = await activeTracker(apiKey, 'Paused while running');
    const calls = slow.received;
    const run = await requestRun(apiKey, t.id, 'running-then-paused');
    await eventually(async () => slow.received - calls, (n) => n >= 1); // the provider call is under way
    await stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key: apiKey });
    expect(await finished(apiKey, t.id, run.id)).toMatchObject({ status: 'COMPLETED', billedCostMicro: 5_000, error: null });
    await settled(accountId);
  });
});

describe('a run whose execution is given up on', () => {
  it('goes to the dead letters after its last delivery, and the run ends FAILED execution_failed with its hold released and one e-mail', async () => {
    const { accountId, apiKey, busy, busyRun } = await busyAccount();
    const t = await activeTracker(apiKey, 'Given up on');
    const queued = await requestRun(apiKey, t.id, 'given-up');
    // The tracker service is away when the runner gets to this run, so it cannot ask whether the run may start.
    await stack.running.get('tracker')!.stop();
    const nc = await connect({ servers: natsServers(stack.nats.url), user: HARNESS_USER, pass: stack.nats.credentials(HARNESS_USER).password });
    try {
      const jsm = await nc.jetstreamManager();
      const lastDeadLetter = () => jsm.streams.getMessage(DEAD_LETTERS_STREAM.name, { last_by_subj: DeadLetterEvents.deadLettered.subject }).then((m) => m.json<{ payload: { runId: string } }>(), () => null);
      const deadLetter = await eventually(lastDeadLetter, (m) => m?.payload.runId === queued.id, 30_000);
      expect(deadLetter).toMatchObject({ stream: 'RUN_COMMANDS', consumer: 'runner', subject: 'run.execute.v1', deliveries: 2 });
    } finally {
      await nc.close();
      await stack.start(trackerService);
    }
    expect(await finished(apiKey, t.id, queued.id)).toMatchObject({ status: 'FAILED', startedAt: null, billedCostMicro: 0, error: { code: 'execution_failed' } });
    await finished(apiKey, busy.id, busyRun.id);
    await settled(accountId);
    await eventually(async () => runMails(queued.id).length, (n) => n === 1);
  });
});

describe('a run past its deadline', () => {
  it('is ended by the reaper when its runner died: FAILED run_timed_out, hold released, slot freed, one e-mail', async () => {
    // This test's runners are separate processes, so one can really be killed; the deadline is a few seconds.
    await stack.running.get('runner')!.stop();
    const shortDeadline = { RUN_QUEUE_ALLOWANCE_MS: '0', RUN_DEADLINE_MARGIN_MS: '0', PROVIDER_TIMEOUT_MS: '3000', PROVIDER_ATTEMPTS: '1' };
    const doomed = stack.spawn('runner', shortDeadline);
    let survivor: RunningService | undefined;
    try {
      const { accountId, apiKey } = await stack.account();
      const t = await activeTracker(apiKey, 'Deadline');
      const calls = slow.received;
      const queued = await eventually(
        () => stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'past-deadline' } }),
        (r) => r.status === 202,
      );
      await eventually(async () => slow.received - calls, (n) => n >= 1); // the doomed runner has started the run
      await doomed.kill();
      // Another runner, whose redelivery of the run comes long after the deadline: only its reaper can end it.
      survivor = await startService(runnerService, stack.serviceEnv('runner', { ...shortDeadline, RUN_ACK_WAIT_MS: '120000', RUN_REAPER_INTERVAL_MS: '200' }));

      const run = await finished(apiKey, t.id, queued.body.run.id);
      expect(run).toMatchObject({ status: 'FAILED', billedCostMicro: 0, summary: { answers: 1, succeeded: 0, failed: 1 }, error: { code: 'run_timed_out' } });
      expect(new Date(run.finishedAt).getTime()).toBeGreaterThanOrEqual(new Date(run.deadlineAt).getTime());
      await settled(accountId);
      expect(await accountOf(apiKey)).toMatchObject({ balanceMicro: 1_000_000, spentThisMonthMicro: 0 });
      await eventually(async () => runMails(queued.body.run.id).length, (n) => n === 1);
      // The manual-run slot is free again: three more runs are accepted.
      for (const token of ['after-1', 'after-2', 'after-3']) expect((await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: token } })).status).toBe(202);
    } finally {
      await doomed.kill();
      await survivor?.stop();
      await stack.start(runnerService);
    }
  });
});

describe('deltas when runs finish out of order', () => {
  it("a run that finishes after a newer one becomes that newer run's predecessor in its delta", async () => {
    // A runner process takes the older run and is killed; the newer run finishes first on another
    // runner, and the older one only when its command comes back after the ack wait.
    await stack.running.get('runner')!.stop();
    const ackWait = { RUN_ACK_WAIT_MS: '3000', RUNNER_CONCURRENCY: '1' };
    const doomed = stack.spawn('runner', ackWait);
    let survivor: RunningService | undefined;
    try {
      const { apiKey } = await stack.account();
      const t = await activeTracker(apiKey, 'Out of order');
      const calls = slow.received;
      const older = (await eventually(() => stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'older' } }), (r) => r.status === 202)).body.run;
      await eventually(async () => slow.received - calls, (n) => n >= 1);
      await doomed.kill();
      survivor = await startService(runnerService, stack.serviceEnv('runner', ackWait));
      const newer = await requestRun(apiKey, t.id, 'newer');

      const newerFirst = await finished(apiKey, t.id, newer.id);
      expect(newerFirst).toMatchObject({ status: 'COMPLETED', delta: null }); // no comparable run had finished yet
      const olderLast = await finished(apiKey, t.id, older.id);
      expect(new Date(olderLast.finishedAt).getTime()).toBeGreaterThan(new Date(newerFirst.finishedAt).getTime());

      // The newer run's delta is replaced right after the older run's own end is written: wait for it.
      const { runs } = (
        await eventually(
          () => stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey }),
          (r) => r.body.runs?.[0]?.delta !== null,
        )
      ).body;
      expect(runs.map((r: { id: string }) => r.id)).toEqual([newer.id, older.id]); // run order, newest first
      expect(runs[0].delta).toMatchObject({ primitive: 'sentiment', previousRunId: older.id, answers: { current: 1, previous: 1, change: 0 } });
      expect(runs[1].delta).toBeNull();
    } finally {
      await doomed.kill();
      await survivor?.stop();
      await stack.start(runnerService);
    }
  });
});
