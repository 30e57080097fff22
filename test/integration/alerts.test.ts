/**
 * Alerts on significant change (api-contract §12), through the real services: the tracker field
 * over HTTP, and the e-mail a run whose delta flags a significant change sends, on the SMTP peer.
 * The surface is a local OpenAI protocol peer whose answers the test chooses, so that a tracker's
 * second run changes (or does not) by construction rather than by chance.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { JSONCodec } from 'nats';
import { RUN_COMMANDS_STREAM, RUN_EVENTS_STREAM, RunCommands, RunEvents, type RunSummary } from '@brandradar/contracts';
import { publishEvent, type NatsLink, type OutboxFields } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { notifierService } from '../../services/notifier/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { mailSettled } from '../support/mail-settled';
import { COMPARE, compareAnswers, significantChangeEvent } from '../support/notifier-fixtures';
import { PEER_API_KEY, startOpenAIPeer, type PeerAnswer, type ProtocolPeer } from '../support/peers/providers';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { connectAs, startStack, type TestStack } from '../support/stack';

/**
 * Whether the surface's answers name the brand. A test sets it before each run of a tracker, so
 * that its runs differ as it means them to; tests run one at a time, and each waits for its runs
 * to end before setting it again.
 */
let acmeNamed = false;
const answer = (prompt: string): PeerAnswer => ({ text: acmeNamed ? `For ${prompt}:\n1. Acme\n2. HubSpot` : `For ${prompt}:\n1. HubSpot`, citations: [] });

let openai: ProtocolPeer;
let smtp: SmtpPeer;
let stack: TestStack;
let link: NatsLink;
let mongo: MongoClient;

beforeAll(async () => {
  [openai, smtp] = await Promise.all([startOpenAIPeer({ answer }), startSmtpPeer()]);
  stack = await startStack([billingService, trackerService, runnerService, notifierService, gatewayService], {
    OPENAI_API_KEY: PEER_API_KEY,
    OPENAI_BASE_URL: openai.baseUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Brandradar <reports@brandradar.test>',
    MAIL_POLL_MS: '100',
    OUTBOX_SWEEP_MS: '200',
  });
  link = await connectAs(stack.nats, 'alerts-test');
  mongo = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
});
afterAll(async () => {
  await mongo?.close();
  await link?.nc.close();
  await stack?.stop();
  await Promise.all([openai?.close(), smtp?.stop()]);
});

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
/** A compare tracker asking `prompts` prompts of chatgpt alone: one answer per prompt per run. */
const compareBody = (prompts: number, alerts?: unknown) => ({
  name: 'CRM alerts',
  cadence,
  primitive: 'compare',
  prompts: Array.from({ length: prompts }, (_, i) => `which crm suits a team of ${i + 2}?`),
  brand: 'Acme',
  competitors: ['HubSpot'],
  models: ['chatgpt'],
  ...(alerts === undefined ? {} : { alerts }),
});

describe('the tracker field', () => {
  let key: string;
  beforeAll(async () => ({ apiKey: key } = await stack.account()));
  const get = async (id: string) => (await stack.api('GET', `/api/v1/trackers/${id}`, { key })).body.tracker;

  it('is false when absent, and round-trips over create, read, list and full update', async () => {
    const plain = await stack.api('POST', '/api/v1/trackers', { key, body: compareBody(1) });
    expect(plain.status).toBe(201);
    expect(plain.body.tracker.alerts).toEqual({ significantChange: false });

    const alerted = await stack.api('POST', '/api/v1/trackers', { key, body: compareBody(1, { significantChange: true }) });
    expect(alerted.status).toBe(201);
    const id = alerted.body.tracker.id;
    expect(alerted.body.tracker.alerts).toEqual({ significantChange: true });
    expect((await get(id)).alerts).toEqual({ significantChange: true });
    const listed = (await stack.api('GET', '/api/v1/trackers', { key })).body.trackers;
    expect(Object.fromEntries(listed.map((t: { id: string; alerts: unknown }) => [t.id, t.alerts]))).toEqual({
      [plain.body.tracker.id]: { significantChange: false },
      [id]: { significantChange: true },
    });

    // A full replace: left out, the setting goes back to false.
    const replaced = await stack.api('PATCH', `/api/v1/trackers/${id}`, { key, body: compareBody(1) });
    expect(replaced.status).toBe(200);
    expect(replaced.body.tracker.alerts).toEqual({ significantChange: false });
    const again = await stack.api('PATCH', `/api/v1/trackers/${id}`, { key, body: compareBody(1, { significantChange: true }) });
    expect(again.body.tracker.alerts).toEqual({ significantChange: true });
    expect((await get(id)).alerts).toEqual({ significantChange: true });
  });

  it.each([
    ['a string for the flag', { significantChange: 'yes' }],
    ['an unknown key', { significantChange: true, digest: true }],
    ['no flag', {}],
    ['null', null],
  ])('refuses %s with 400 validation_error naming alerts, and changes nothing', async (_what, alerts) => {
    const before = (await stack.api('GET', '/api/v1/trackers', { key })).body.trackers;
    const created = await stack.api('POST', '/api/v1/trackers', { key, body: compareBody(1, alerts) });
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe('validation_error');
    expect(created.body.error.issues.map((i: { path: string }) => i.path).join(' ')).toMatch(/^alerts\b/);
    expect((await stack.api('GET', '/api/v1/trackers', { key })).body.trackers).toEqual(before);

    const id = before[0].id;
    const updated = await stack.api('PATCH', `/api/v1/trackers/${id}`, { key, body: compareBody(1, alerts) });
    expect(updated.status).toBe(400);
    expect(updated.body.error.code).toBe('validation_error');
    expect(await get(id)).toEqual(before[0]);
  });
});

describe('the e-mail on a significant change', () => {
  const json = JSONCodec();
  const ended = (r: RunSummary | undefined) => r !== undefined && ['COMPLETED', 'PARTIAL', 'FAILED'].includes(r.status);

  /** A run of the tracker, requested now and read once it has ended. */
  async function runToEnd(key: string, trackerId: string, requestToken: string): Promise<RunSummary> {
    const requested = await stack.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key, body: { requestToken } });
    expect(requested.status).toBe(202);
    const run = await eventually(async () => (await stack.api<{ run?: RunSummary }>('GET', `/api/v1/trackers/${trackerId}/runs/${requested.body.run.id}`, { key })).body.run, ended);
    return run!; // `ended` holds only for a run
  }

  /** An ACTIVE tracker of a new account whose first run's answers never name Acme and whose second run's all do. */
  async function acmeArrives(body: object) {
    const { apiKey, accountId } = await stack.account();
    const tracker = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body })).body.tracker;
    const activated = await stack.api('POST', `/api/v1/trackers/${tracker.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: tracker.estimatedCostMicroPerRun } });
    expect(activated.status).toBe(200);
    acmeNamed = false;
    const first = await runToEnd(apiKey, tracker.id, 'first');
    acmeNamed = true;
    const second = await runToEnd(apiKey, tracker.id, 'second');
    expect([first.status, second.status]).toEqual(['COMPLETED', 'COMPLETED']);
    const acme = second.delta?.primitive === 'compare' ? second.delta.brands.find((b) => b.name === 'Acme')?.mentionRate : undefined;
    return { accountId, first, second, acme };
  }

  const mailsOf = (runId: string, template: string) => smtp.received.filter((m) => m.headers.get('x-brandradar-template') === template && m.text.includes(`/runs/${runId}`));
  /** Until the run's run_finished e-mail is out and the notifier has nothing left to do: then what was not sent is not going to be. */
  async function settledAfter(runId: string) {
    await eventually(async () => mailsOf(runId, 'run_finished'), (m) => m.length === 1);
    await mailSettled(link, [stack.running.get('notifier')!.opsPort]);
  }

  /** The run.significant-change.v1 events about `runId` in the stream, each parsed by its schema. */
  async function alertEvents(runId: string) {
    const { state } = await link.jsm.streams.info(RUN_EVENTS_STREAM.name);
    const found = [];
    for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
      const m = await link.jsm.streams.getMessage(RUN_EVENTS_STREAM.name, { seq });
      if (m.subject !== RunEvents.significantChange.subject) continue;
      const payload = RunEvents.significantChange.payload.parse(m.json());
      if (payload.run.id === runId) found.push(payload);
    }
    return found;
  }

  it('sends one significant_change e-mail for the run, however often its command or its event comes again', async () => {
    const { accountId, first, second, acme } = await acmeArrives(compareBody(12, { significantChange: true }));
    expect(acme).toMatchObject({ previous: 0, current: 1, change: 100, significant: true });

    expect(acme).toBeDefined();
    const [mail] = await eventually(async () => mailsOf(second.id, 'significant_change'), (m) => m.length > 0);
    expect(mail!.subject).toBe('Significant change in "CRM alerts": Acme mention rate 0% → 100% (+100 points), and 2 more changes');
    expect(mail!.text).toMatch(/Change: +\+100 percentage points/);
    // 0 of 12 → 12 of 12: Fisher's p = 2 / C(24, 12) ≈ 7.4e-7.
    expect(mail!.text).toMatch(/p-value: +< 0\.0001/);
    expect(mail!.text).toContain('not adjusted for the several comparisons');
    expect(mail!.text).toContain('Changes between runs do not establish cause.');
    const [event] = await eventually(() => alertEvents(second.id), (e) => e.length === 1);

    // The run's command delivered again, as after a crash: once the runner has handled it and its
    // outbox has published whatever it stored, the stream still holds the one event of the run.
    await publishEvent(link, RunCommands.execute, { version: 1, eventId: randomUUID(), occurredAt: new Date().toISOString(), accountId, runId: second.id });
    await eventually(() => link.jsm.consumers.info(RUN_COMMANDS_STREAM.name, 'runner'), (i) => i.num_pending + i.num_ack_pending === 0);
    const runs = mongo.db(stack.dbName('runner')).collection<OutboxFields>('runs');
    await eventually(() => runs.findOne({ _id: second.id }), (doc) => doc?.hasPendingEvents === false);
    expect(await alertEvents(second.id)).toEqual([event]);

    // The event published again under another message id, past JetStream's de-duplication.
    await link.js.publish(RunEvents.significantChange.subject, json.encode(event), { msgID: randomUUID() });
    await settledAfter(second.id);
    expect((await alertEvents(second.id)).map((e) => e.eventId)).toEqual([event!.eventId, event!.eventId]);
    expect(mailsOf(second.id, 'significant_change')).toHaveLength(1);
    // The first run had nothing to compare with.
    expect(await alertEvents(first.id)).toEqual([]);
    expect(mailsOf(first.id, 'significant_change')).toEqual([]);
  });

  it('sends none for an insufficient sample, however large the change', async () => {
    // 5 answers a run: 0 of 5 → 5 of 5 would test significant (p ≈ 0.008), but no change is given below 10.
    const { second, acme } = await acmeArrives(compareBody(5, { significantChange: true }));
    expect(acme).toMatchObject({ previous: 0, current: 1, change: null, insufficientSample: true, significant: null });
    await settledAfter(second.id);
    expect(await alertEvents(second.id)).toEqual([]);
    expect(mailsOf(second.id, 'significant_change')).toEqual([]);
  });

  it('sends none when alerts are off', async () => {
    const { second, acme } = await acmeArrives(compareBody(12));
    expect(acme).toMatchObject({ change: 100, significant: true });
    await settledAfter(second.id);
    expect(await alertEvents(second.id)).toEqual([]);
    expect(mailsOf(second.id, 'significant_change')).toEqual([]);
  });

  it('sends one e-mail for an event that reaches the notifier twice', async () => {
    const { accountId } = await stack.account();
    const event = significantChangeEvent(COMPARE, compareAnswers(12, 11), compareAnswers(12, 1), { accountId, trackerName: 'Crafted' });
    for (let i = 0; i < 2; i++) await link.js.publish(RunEvents.significantChange.subject, json.encode(event), { msgID: randomUUID() });

    const eventMails = () => smtp.received.filter((m) => m.headers.get('x-brandradar-event') === event.eventId);
    await eventually(async () => eventMails(), (m) => m.length > 0);
    await mailSettled(link, [stack.running.get('notifier')!.opsPort]);
    expect(eventMails().map((m) => [m.headers.get('x-brandradar-template'), m.subject])).toEqual([
      ['significant_change', 'Significant change in "Crafted": Acme mention rate 8.3% → 91.7% (+83.33 points), and 2 more changes'],
    ]);
  });
});
