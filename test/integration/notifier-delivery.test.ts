/**
 * The notifier against a real SMTP peer: events published on the streams as
 * the tracker service and the runner publish them, the account's address
 * from the real billing service, the outbox in the notifier's own database.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { MongoClient, type Collection } from 'mongodb';
import { JSONCodec } from 'nats';
import { BillingQueries, RunEvents, TRACKER_EVENTS_STREAM, TrackerEvents, type EventDef } from '@brandradar/contracts';
import { connectNats, createLogger, publishEvent, query, startService, type NatsLink, type RunningService } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { notifierService, trackerEventsConsumer } from '../../services/notifier/src/service';
import { MAIL_OUTBOX, type OutboxMail } from '../../services/notifier/src/store/mail-outbox';
import { COMPARE, activatedEvent, compareAnswers, compareTracker, deletedEvent, finishedRun, pausedEvent, runFinishedEvent } from '../support/notifier-fixtures';
import { eventually } from '../support/eventually';
import { mailSettled } from '../support/mail-settled';
import { HARNESS_USER, startStack, type TestStack } from '../support/stack';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../support/smtp-peer';

const FROM = 'reports@brandradar.test';
let stack: TestStack;
let link: NatsLink;
let peer: SmtpPeer;
let mongo: MongoClient;
let outbox: Collection<OutboxMail>;
let notifier: RunningService;
let replica: RunningService | undefined;
let dbName: string;
let env: NodeJS.ProcessEnv;
let accountId: string;
let email: string;

beforeAll(async () => {
  peer = await startSmtpPeer();
  stack = await startStack([billingService]);
  link = await connectNats(stack.nats.url, 'notifier-test', createLogger('notifier-test', 'silent'), stack.nats.credentials(HARNESS_USER));
  dbName = `notifier-${randomBytes(4).toString('hex')}`;
  mongo = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
  outbox = mongo.db(dbName).collection<OutboxMail>(MAIL_OUTBOX);
  env = stack.serviceEnv('notifier', {
    MONGO_DB: dbName,
    SMTP_URL: peer.url,
    MAIL_FROM: `Brandradar <${FROM}>`,
    MAIL_POLL_MS: '50',
    MAIL_RETRY_BASE_MS: '100',
    MAIL_RETRY_MAX_MS: '400',
    MAIL_SEND_TIMEOUT_MS: '5000',
    MAIL_SENDING_LEASE_MS: '10000',
  });
  notifier = await startService(notifierService, env);
  // A second replica on the same database and consumers, as in production: both take events and send.
  replica = await startService(notifierService, env);
  email = `owner-${randomBytes(4).toString('hex')}@example.com`;
  accountId = (await query(link, BillingQueries.createAccount, { version: 1, input: { email, creditsMicro: 1_000_000 } })).account.id;
});
afterAll(async () => {
  await Promise.all([notifier?.stop(), replica?.stop()]);
  await link?.nc.close();
  await mongo?.close();
  await stack?.stop();
  await peer?.stop();
});
beforeEach(() => peer.reset());

const json = JSONCodec();
const mailsOf = (eventId: string) => peer.received.filter((m) => m.headers.get('x-brandradar-event') === eventId);
const outboxEntry = (eventId: string) => outbox.findOne({ eventId });
async function metric(name: string, template: string): Promise<number> {
  const text = await Promise.all([notifier, replica!].map(async (s) => (await fetch(`http://127.0.0.1:${s.opsPort}/metrics`)).text()));
  const line = new RegExp(`^${name}\\{[^}]*template="${template}"[^}]*\\} (\\d+)$`, 'm');
  return text.reduce((sum, t) => sum + Number(line.exec(t)?.[1] ?? 0), 0);
}

/** Until nothing more can go out: a test then counts what did. */
const settle = () => mailSettled(link, [notifier, replica!].map((s) => s.opsPort));

async function deliveredOnce(eventId: string): Promise<ReceivedMail> {
  await eventually(async () => mailsOf(eventId).length, (n) => n > 0);
  await settle();
  expect(mailsOf(eventId)).toHaveLength(1);
  return mailsOf(eventId)[0]!;
}

describe('one e-mail per event and template', () => {
  it('sends one e-mail when the same event reaches the notifier twice', async () => {
    const event = activatedEvent({ accountId });
    // Two stream messages with one event id (as from a publisher that retried after the de-duplication window).
    for (let i = 0; i < 2; i++) await link.js.publish(TrackerEvents.activated.subject, json.encode(event), { msgID: randomUUID() });

    const mail = await deliveredOnce(event.eventId);
    expect(mail.headers.get('x-brandradar-template')).toBe('tracker_activated');
    // Both deliveries were handled and acked, not left pending.
    await eventually(() => link.jsm.consumers.info(TRACKER_EVENTS_STREAM.name, trackerEventsConsumer.durable), (i) => i.num_pending + i.num_ack_pending === 0);
    expect(await outbox.countDocuments({ eventId: event.eventId })).toBe(1);
    expect(await outboxEntry(event.eventId)).toMatchObject({ status: 'sent', attempts: 1, template: 'tracker_activated', to: email });
  });

  it('records the e-mail once an event nak-ed while billing was down is redelivered', async () => {
    await stack.running.get('billing')!.stop();
    const event = pausedEvent('account_closed', { accountId });
    await publishEvent(link, TrackerEvents.paused, event);
    // Without billing there is no address: the event is nak-ed with a delay and comes back.
    await eventually(() => link.jsm.consumers.info(TRACKER_EVENTS_STREAM.name, trackerEventsConsumer.durable), (i) => i.num_redelivered > 0);
    expect(mailsOf(event.eventId)).toHaveLength(0);
    await stack.start(billingService);

    await deliveredOnce(event.eventId);
    expect(await outboxEntry(event.eventId)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('drops, counts and acks an event of an account billing does not know', async () => {
    const failedBefore = await metric('emails_failed_total', 'tracker_deleted');
    const event = deletedEvent({ accountId: randomUUID() });
    await publishEvent(link, TrackerEvents.deleted, event);

    await eventually(() => metric('emails_failed_total', 'tracker_deleted'), (n) => n === failedBefore + 1);
    await eventually(() => link.jsm.consumers.info(TRACKER_EVENTS_STREAM.name, trackerEventsConsumer.durable), (i) => i.num_pending + i.num_ack_pending === 0);
    expect(await outboxEntry(event.eventId)).toBeNull();
    expect(peer.attempts).toBe(0);
  });

  it('sends nothing again for an e-mail already recorded', async () => {
    const event = pausedEvent(null, { accountId });
    await publishEvent(link, TrackerEvents.paused, event);
    await deliveredOnce(event.eventId);
    await link.js.publish(TrackerEvents.paused.subject, json.encode(event), { msgID: randomUUID() });
    await settle();
    expect(mailsOf(event.eventId)).toHaveLength(1);
  });
});

describe('retries', () => {
  it('retries a connection dropped mid-message and delivers once', async () => {
    peer.script('drop');
    const event = pausedEvent('insufficient_credits', { accountId });
    await publishEvent(link, TrackerEvents.paused, event);

    await deliveredOnce(event.eventId);
    expect(peer.attempts).toBe(2);
    expect(await outboxEntry(event.eventId)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('retries 421 and 450 replies with backoff, then delivers once', async () => {
    peer.script({ reply: 421 }, { reply: 450 });
    const retriesBefore = await metric('email_send_retries_total', 'tracker_deleted');
    const event = deletedEvent({ accountId });
    await publishEvent(link, TrackerEvents.deleted, event);

    await deliveredOnce(event.eventId);
    expect(peer.attempts).toBe(3);
    const entry = await outboxEntry(event.eventId);
    expect(entry).toMatchObject({ status: 'sent', attempts: 3 });
    expect(entry!.sentAt!.getTime() - entry!.createdAt.getTime()).toBeGreaterThanOrEqual(50 + 100); // two backoffs, each at least half its ceiling
    expect((await metric('email_send_retries_total', 'tracker_deleted')) - retriesBefore).toBe(2);
  });

  it('does not retry a 550: one attempt, recorded failed', async () => {
    peer.script({ reply: 550 });
    const failedBefore = await metric('emails_failed_total', 'tracker_deleted');
    const event = deletedEvent({ accountId });
    await publishEvent(link, TrackerEvents.deleted, event);

    const entry = await eventually(() => outboxEntry(event.eventId), (e) => e?.status === 'failed');
    await settle();
    expect(peer.attempts).toBe(1);
    expect(mailsOf(event.eventId)).toHaveLength(0);
    expect(await outboxEntry(event.eventId)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(entry!.lastError).toMatch(/^550 /);
    expect((await metric('emails_failed_total', 'tracker_deleted')) - failedBefore).toBe(1);
  });

  it('sends an e-mail recorded before the outbox used leases once a notifier starts', async () => {
    const eventId = randomUUID();
    const now = new Date();
    // As the notifier stored it before leases: due at nextAttemptAt, no leaseUntil or owner.
    await mongo.db(dbName).collection<Omit<OutboxMail, 'leaseUntil' | 'owner'> & { nextAttemptAt: Date }>(MAIL_OUTBOX).insertOne({
      _id: `${eventId}:deleted`, eventId, template: 'deleted', accountId, to: email, subject: 'Tracker deleted', text: 'deleted', html: '<p>deleted</p>',
      messageId: `<${eventId}@brandradar.test>`, status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null, createdAt: now, updatedAt: now, sentAt: null,
    });
    const upgraded = await startService(notifierService, env);
    try {
      await eventually(() => outboxEntry(eventId), (m) => m?.status === 'sent');
      expect(mailsOf(eventId)).toHaveLength(1);
    } finally {
      await upgraded.stop();
    }
  });

  it('sends an e-mail whose sender died mid-send once its lease runs out', async () => {
    const event = deletedEvent({ accountId });
    // As a crashed replica leaves it: claimed (`sending`, one attempt counted), lease already over, never settled.
    const past = new Date(Date.now() - 1_000);
    await outbox.insertOne({
      _id: `${event.eventId}:tracker_deleted`, eventId: event.eventId, template: 'tracker_deleted', accountId, to: email,
      subject: 'Tracker "x" was deleted', text: 'deleted', html: '<p>deleted</p>', messageId: `<${event.eventId}@brandradar.test>`,
      status: 'sending', attempts: 1, owner: 'crashed-sender', leaseUntil: past, lastError: null, createdAt: past, updatedAt: past, sentAt: null,
    });
    const mail = await deliveredOnce(event.eventId);
    expect(mail.headers.get('message-id')).toBe(`<${event.eventId}@brandradar.test>`);
    expect(await outboxEntry(event.eventId)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe("each template reaches the account's address with its key facts", () => {
  async function send<E extends EventDef>(def: E, event: Parameters<typeof publishEvent<E>>[2]): Promise<ReceivedMail> {
    await publishEvent(link, def, event);
    const mail = await deliveredOnce(event.eventId);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.envelopeFrom).toBe(FROM);
    expect(mail.headers.get('to')).toBe(email);
    expect(mail.headers.get('from')).toBe(`Brandradar <${FROM}>`);
    expect(mail.headers.get('message-id')).toMatch(/@brandradar\.test>$/);
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    return mail;
  }
  const inBoth = (mail: ReceivedMail, fact: string) => {
    expect(mail.text.replace(/\s+/g, ' ')).toContain(fact);
    expect(mail.html.replace(/\s+/g, ' ')).toContain(fact);
  };

  it('activated: the maximum per run in $ and micro-units, next run and runsDryAt in the tracker zone', async () => {
    const tracker = compareTracker({ cadence: { frequency: 'weekly', timezone: 'America/New_York', time: '09:00', weekday: 1 }, nextRunAt: '2026-11-23T14:00:00.000Z' });
    const mail = await send(TrackerEvents.activated, activatedEvent({ accountId, tracker, runsDryAt: '2027-01-04T14:00:00.000Z' }));
    expect(mail.subject).toBe('Tracker "CRM tools, US buyers" is active');
    inBoth(mail, '$0.39 (39,000 micro-units)');
    inBoth(mail, 'Monday 23 November 2026, 09:00 GMT-5 (America/New_York)');
    inBoth(mail, 'Monday 4 January 2027, 09:00 GMT-5 (America/New_York)');
  });

  it('run finished: status, answers, billed amount and the headline metric with its change', async () => {
    const run = finishedRun(COMPARE, compareAnswers(12, 9), compareAnswers(12, 4), { status: 'PARTIAL', summary: { answers: 15, succeeded: 12, failed: 3 } });
    const mail = await send(RunEvents.finished, runFinishedEvent(run, { accountId }));
    expect(mail.subject).toBe('Run of "CRM tools, US buyers" partly completed: 12 of 15 answers');
    inBoth(mail, '12 succeeded, 3 failed, of 15');
    inBoth(mail, '$0.60 (60,000 micro-units)');
    inBoth(mail, '42.9% (9 of 21 mentions of the tracked names)');
    inBoth(mail, '+17.86 percentage points since the previous run (25% → 42.9%)');
    inBoth(mail, 'Changes between runs do not establish cause.');
  });

  it('paused: the reason in plain words and what to do', async () => {
    const mail = await send(TrackerEvents.paused, pausedEvent('spend_limit_reached', { accountId }));
    expect(mail.subject).toBe('Tracker "CRM tools, US buyers" is paused: monthly spend limit reached');
    inBoth(mail, 'would take your account past its monthly spend limit');
    inBoth(mail, 'What to do: Raise the');
  });

  it('deleted', async () => {
    const mail = await send(TrackerEvents.deleted, deletedEvent({ accountId }));
    expect(mail.subject).toBe('Tracker "CRM tools, US buyers" was deleted');
    inBoth(mail, 'Its configuration, runs and results are removed.');
  });
});
