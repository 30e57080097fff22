import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { notifierService } from '../../services/notifier/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { startStack, type TestStack } from '../support/stack';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

// The tracker service is the authority on what may run and what it costs (issue 13), seen over HTTP.
let stack: TestStack;
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  stack = await startStack([billingService, trackerService, runnerService, gatewayService, notifierService], {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Brandradar <reports@brandradar.example>',
  });
});
afterAll(async () => {
  await stack.stop();
  await smtp.stop();
});

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
const sentiment = (name = 'Authority') => ({ name, cadence, primitive: 'sentiment', prompts: ['is acme good?'], brand: 'Acme', models: ['chatgpt'] });

async function createTracker(key: string, body: object = sentiment()) {
  const res = await stack.api('POST', '/api/v1/trackers', { key, body });
  expect(res.status).toBe(201);
  return res.body.tracker as { id: string; estimatedCostMicroPerRun: number };
}
async function activeTracker(key: string, body?: object) {
  const t = await createTracker(key, body);
  const res = await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
  expect(res.status).toBe(200);
  return t;
}
const getTracker = async (key: string, id: string) => (await stack.api('GET', `/api/v1/trackers/${id}`, { key })).body.tracker;
const mailsTo = (accountEmail: string, subjectPart: string) => smtp.received.filter((m) => m.envelopeTo.includes(accountEmail) && m.subject.includes(subjectPart));

describe('time zones', () => {
  it.each([
    ['utc', 'UTC'],
    ['europe/berlin', 'Europe/Berlin'],
    ['AMERICA/NEW_YORK', 'America/New_York'],
    // Current IANA names that ICU would turn into its own older ones (Asia/Calcutta, Europe/Kiev), and a link.
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['Europe/Kyiv', 'Europe/Kyiv'],
    ['US/Eastern', 'US/Eastern'],
  ])('stores and returns %s as %s', async (sent, canonical) => {
    const { apiKey } = await stack.account();
    const t = await createTracker(apiKey, { ...sentiment(), cadence: { ...cadence, timezone: sent } });
    expect((await getTracker(apiKey, t.id)).cadence.timezone).toBe(canonical);
  });
});

describe('bodies on calls that take none', () => {
  it.each(['pause', 'delete'])('refuses an unexpected field on %s like any other, and changes nothing', async (call) => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    const res =
      call === 'pause'
        ? await stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key: apiKey, body: { force: true } })
        : await stack.api('DELETE', `/api/v1/trackers/${t.id}`, { key: apiKey, body: { force: true } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_error', issues: [{ path: 'force', message: 'Field "force" is not allowed here.' }] });
    expect((await getTracker(apiKey, t.id)).status).toBe('ACTIVE');
  });

  it('accepts an empty object as no body', async () => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    expect((await stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key: apiKey, body: {} })).status).toBe(200);
  });
});

describe('manual runs', () => {
  it('answers 404 for a reused requestToken sent with an unknown tracker id', async () => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    expect((await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'reused' } })).status).toBe(202);
    const unknown = '3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f60';
    const res = await stack.api('POST', `/api/v1/trackers/${unknown}/runs`, { key: apiKey, body: { requestToken: 'reused' } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('refuses at request time a run the monthly spend limit cannot cover: 402, no run, tracker still ACTIVE', async () => {
    const res = await stack.admin('POST', '/admin/v1/accounts', { email: 'limited@example.com', creditsMicro: 1_000_000, spendLimitMicroPerMonth: 5_000 });
    const apiKey = res.body.apiKey as string;
    const t = await activeTracker(apiKey);
    // The first run spends the whole limit; the second one cannot be covered.
    const first = await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'within' } });
    expect(first.status).toBe(202);
    await eventually(async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${first.body.run.id}`, { key: apiKey })).body.run.status, (s) => s === 'COMPLETED');
    // Billing settles the run's charge on hearing it finished, a moment after the run reads COMPLETED.
    await eventually(async () => (await stack.api('GET', '/api/v1/account', { key: apiKey })).body.account.spentThisMonthMicro, (spent) => spent === 5_000);
    const second = await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'beyond' } });
    expect(second.status).toBe(402);
    expect(second.body.error).toMatchObject({ code: 'spend_limit_reached', spendLimitMicro: 5_000, spentMicro: 5_000 });
    const report = (await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey })).body;
    expect(report.runs).toHaveLength(1);
    expect(report.tracker).toMatchObject({ status: 'ACTIVE', pauseReason: null });
  });

  it('refuses at request time a run the balance cannot cover: 402 insufficient_credits, no run', async () => {
    const { apiKey } = await stack.account(5_000);
    const t = await activeTracker(apiKey);
    const first = await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'last-credits' } });
    await eventually(async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${first.body.run.id}`, { key: apiKey })).body.run.status, (s) => s === 'COMPLETED');
    const second = await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'no-credits' } });
    expect(second.status).toBe(402);
    expect(second.body.error).toMatchObject({ code: 'insufficient_credits', balanceMicro: 0, requiredMicro: 5_000 });
    expect((await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey })).body.runs).toHaveLength(1);
  });
});

describe('deleted trackers', () => {
  it('answer 404 at once for their runs, report and run URLs', async () => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    const run = (await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'before-delete' } })).body.run;
    await eventually(async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${run.id}`, { key: apiKey })).body.run.status, (s) => s === 'COMPLETED');
    await stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key: apiKey });
    expect((await stack.api('DELETE', `/api/v1/trackers/${t.id}`, { key: apiKey })).status).toBe(204);
    for (const [method, path] of [
      ['GET', `/api/v1/trackers/${t.id}/runs/${run.id}`],
      ['GET', `/api/v1/trackers/${t.id}/report`],
      ['POST', `/api/v1/trackers/${t.id}/runs`],
    ] as const) {
      const res = await stack.api(method, path, { key: apiKey, body: method === 'POST' ? { requestToken: 'after-delete' } : undefined });
      expect([path, res.status]).toEqual([path, 404]);
    }
  });
});

describe('closing an account', () => {
  it('pauses its ACTIVE trackers at once with account_closed, one e-mail each; drafts stay drafts', async () => {
    const email = `closing-${Date.now()}@example.com`;
    const created = await stack.admin('POST', '/admin/v1/accounts', { email, creditsMicro: 1_000_000 });
    const apiKey = created.body.apiKey as string;
    const active = [await activeTracker(apiKey, sentiment('First')), await activeTracker(apiKey, sentiment('Second'))];
    const draft = await createTracker(apiKey, sentiment('Draft'));
    expect((await stack.admin('POST', `/admin/v1/accounts/${created.body.account.id}/close`)).status).toBe(200);
    for (const t of active) {
      await eventually(() => getTracker(apiKey, t.id), (tracker) => tracker.status === 'PAUSED');
      expect(await getTracker(apiKey, t.id)).toMatchObject({ status: 'PAUSED', pauseReason: 'account_closed', nextRunAt: null });
    }
    expect((await getTracker(apiKey, draft.id)).status).toBe('DRAFT');
    const paused = await eventually(async () => mailsTo(email, 'paused'), (mails) => mails.length >= 2);
    expect(paused).toHaveLength(2);
  });
});

describe('new rates', () => {
  let rates: { surfaces: Record<string, number>; workflowSteps: Record<string, number> };
  beforeAll(async () => ({ rates } = (await stack.admin('GET', '/admin/v1/rates')).body));
  afterAll(() => stack.admin('PUT', '/admin/v1/rates', { surfaces: rates.surfaces, workflowSteps: rates.workflowSteps }));

  it('reprice every tracker; one paused for cost shows the amount that re-activates it on the first try', async () => {
    const { apiKey } = await stack.account();
    const draft = await createTracker(apiKey);
    const active = await activeTracker(apiKey);
    expect(active.estimatedCostMicroPerRun).toBe(5_000);
    await stack.admin('PUT', '/admin/v1/rates', { surfaces: { ...rates.surfaces, chatgpt: 7_000 }, workflowSteps: rates.workflowSteps });

    const paused = await eventually(() => getTracker(apiKey, active.id), (t) => t.estimatedCostMicroPerRun === 7_000);
    expect(paused).toMatchObject({ status: 'PAUSED', pauseReason: 'cost_above_maximum', maxCostMicroPerRun: 5_000 });
    // Trackers are repriced one after another, in no particular order: wait for the draft too.
    const repricedDraft = await eventually(() => getTracker(apiKey, draft.id), (t) => t.estimatedCostMicroPerRun === 7_000);
    expect(repricedDraft.status).toBe('DRAFT');
    const reactivated = await stack.api('POST', `/api/v1/trackers/${active.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: paused.estimatedCostMicroPerRun } });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.tracker).toMatchObject({ status: 'ACTIVE', maxCostMicroPerRun: 7_000, pauseReason: null });
  });
});
