/**
 * The weekly digest (api-contract §16) over a real SMTP peer: settings through the gateway, the
 * digest's data from the real tracker and runner services over NATS, the e-mails through the
 * notifier's outbox and its running sender. The clock is moved, not waited for: the test sweeps
 * the notifier's database at chosen instants (as the notifier's own sweep does at the real one).
 */
import { MongoClient, type Db } from 'mongodb';
import { DigestDataQueries } from '@brandradar/contracts';
import { createLogger, query, type NatsLink } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { weeklyDigest } from '../../services/notifier/src/digest';
import { DIGEST_INCIDENTS } from '../../services/notifier/src/digest/incidents';
import { DIGEST_SETTINGS } from '../../services/notifier/src/digest/settings-store';
import { notifierService } from '../../services/notifier/src/service';
import { MailOutbox } from '../../services/notifier/src/store/mail-outbox';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { mailSettled } from '../support/mail-settled';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { connectAs, startStack, type TestStack } from '../support/stack';
import { activeTracker, finishedRun } from '../support/tracker-runs';

const FROM = 'reports@brandradar.test';
const APP_URL = 'https://app.brandradar.test';
/** Hostile text, at the 100 characters a tracker name may have. */
const NAME = '<b>monday.com</b> $x __proto__ 🚀 '.padEnd(100, 'ж');
const compare = {
  name: NAME,
  cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'compare',
  prompts: ['which CRM should a team of five pick'],
  models: ['chatgpt'],
  brand: 'monday.com',
  competitors: ['Salesforce', '__proto__'],
};
const RECIPIENTS = ['marketing@example.com', 'agency@example.net'];

let stack: TestStack;
let peer: SmtpPeer;
let link: NatsLink;
let mongo: MongoClient;
let db: Db;
let key: string;
let accountId: string;
let trackerId: string;

beforeAll(async () => {
  peer = await startSmtpPeer();
  stack = await startStack([billingService, trackerService, runnerService, notifierService, gatewayService], {
    // Fixed simulated answers: ChatGPT's names Salesforce, so every run has a share of voice to chart (a drawn answer names no tracked name one time in five).
    SIMULATED_VARIATION: 'fixed',
    SMTP_URL: peer.url,
    MAIL_FROM: `Brandradar <${FROM}>`,
    MAIL_POLL_MS: '50',
    PUBLIC_APP_URL: APP_URL,
  });
  link = await connectAs(stack.nats, 'digest-test');
  mongo = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
  db = mongo.db(stack.dbName('notifier'));
  ({ apiKey: key, accountId } = await stack.account(10_000_000));
  trackerId = await activeTracker(stack, key, compare);
  await finishedRun(stack, key, trackerId, 'digest-run-1');
  await finishedRun(stack, key, trackerId, 'digest-run-2');
}, 180_000);
afterAll(async () => {
  await link?.nc.close();
  await mongo?.close();
  await stack?.stop();
  await peer?.stop();
});

/** A notifier's digest as a freshly started replica has it: nothing kept in memory from an earlier one. */
const freshDigest = () =>
  weeklyDigest({
    db,
    nats: link,
    outbox: new MailOutbox(db),
    appUrl: APP_URL,
    senderAddress: FROM,
    emailOf: async () => null,
    recorded: () => undefined,
    logger: createLogger('digest-test', 'silent'),
  });

const digests = () => peer.received.filter((m) => m.headers.get('x-brandradar-template') === 'weekly_digest');
const settle = () => mailSettled(link, [stack.running.get('notifier')!.opsPort]);
const putDigest = (body: unknown) => stack.api('PUT', '/api/v1/account/digest', { key, body });
const valid = { enabled: true, weekday: 1, time: '09:00', timezone: 'Europe/Berlin', recipients: RECIPIENTS, attachPdf: false };

describe('digest settings', () => {
  it('starts off, on Mondays at 09:00 UTC, to the account’s address', async () => {
    const { account } = (await stack.api('GET', '/api/v1/account', { key })).body;
    const res = await stack.api('GET', '/api/v1/account/digest', { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ digest: { enabled: false, weekday: 1, time: '09:00', timezone: 'UTC', recipients: [account.email], attachPdf: false }, nextSendAt: null });
    // What was read goes back as it is.
    expect((await putDigest(res.body.digest)).body).toEqual(res.body);
  });

  it.each([
    ['weekday', { weekday: 7 }],
    ['time', { time: '9:00' }],
    ['time', { time: '24:00' }],
    ['timezone', { timezone: 'Mars/Olympus_Mons' }],
    ['timezone', { timezone: '+02:00' }],
    ['recipients', { recipients: [] }],
    ['recipients', { recipients: ['not-an-address'] }],
    ['recipients', { recipients: Array.from({ length: 11 }, (_, i) => `r${i}@example.com`) }],
    ['recipients', { recipients: ['a@example.com', 'a@example.com'] }],
    ['attachPdf', { attachPdf: 'yes' }],
  ])('refuses a bad %s with 400 validation_error and changes nothing', async (field, change) => {
    const before = (await stack.api('GET', '/api/v1/account/digest', { key })).body;
    const res = await putDigest({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.issues.map((i: { path: string }) => i.path.split('.')[0])).toContain(field);
    expect((await stack.api('GET', '/api/v1/account/digest', { key })).body).toEqual(before);
  });

  it('refuses a missing field (the PUT is a full replace) and an unknown one', async () => {
    const { enabled: _, ...partial } = valid;
    expect((await putDigest(partial)).status).toBe(400);
    expect((await putDigest({ ...valid, nextSendAt: null })).status).toBe(400); // read-only, beside the setting
  });

  it('saves a setting and names the next send in UTC, with the zone in its usual case', async () => {
    const res = await putDigest({ ...valid, timezone: 'europe/berlin' });
    expect(res.status).toBe(200);
    expect(res.body.digest).toMatchObject({ ...valid, timezone: 'Europe/Berlin' });
    const next = new Date(res.body.nextSendAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('Monday 09:00');
    expect((await stack.api('GET', '/api/v1/account/digest', { key })).body).toEqual(res.body);
  });

  it('records the change in the audit trail', async () => {
    const entries = await eventually(
      async () => (await stack.api('GET', '/api/v1/audit', { key })).body.entries as { action: string; status: number }[],
      (list) => list.some((e) => e.action === 'putDigestSettings' && e.status === 200),
    );
    expect(entries.some((e) => e.action === 'putDigestSettings' && e.status === 400)).toBe(true);
  });
});

describe('sending', () => {
  let dueAt: Date;
  const minutes = (n: number) => new Date(dueAt.getTime() + n * 60_000);
  const WEEK_MINUTES = 7 * 24 * 60;

  beforeAll(async () => {
    dueAt = new Date((await putDigest(valid)).body.nextSendAt);
    // Paused by hand this week and activated again: the digest lists the pause, heard from tracker.paused.v1.
    expect((await stack.api('POST', `/api/v1/trackers/${trackerId}/pause`, { key })).status).toBe(200);
    const { estimatedCostMicroPerRun } = (await stack.api('GET', `/api/v1/trackers/${trackerId}`, { key })).body.tracker;
    expect((await stack.api('POST', `/api/v1/trackers/${trackerId}/activate`, { key, body: { maxCostMicroPerRun: estimatedCostMicroPerRun } })).status).toBe(200);
    await eventually(() => db.collection(DIGEST_INCIDENTS).countDocuments({ accountId }), (n) => n === 1);
    peer.reset();
  });

  it('sends nothing before the due time', async () => {
    expect(await freshDigest().sweep(minutes(-1))).toBe(0);
  });

  it('sends one e-mail per recipient at the due time, with HTML and text parts and the chart inline and attached', async () => {
    expect(await freshDigest().sweep(minutes(1))).toBe(1);
    await eventually(async () => digests().length, (n) => n >= 2);
    await settle();
    expect(digests().map((m) => m.envelopeTo).flat().sort()).toEqual([...RECIPIENTS].sort());

    const mail = digests()[0]!;
    expect(mail.subject).toMatch(/^Weekly brandradar digest, /);
    // Escaped in the HTML, whole in the text.
    expect(mail.html).toContain('&lt;b&gt;monday.com&lt;/b&gt; $x __proto__ 🚀');
    expect(mail.html).not.toContain('<b>monday.com');
    expect(mail.text).toContain(NAME);
    expect(mail.text).toMatch(/^Share of voice of monday\.com: /m);
    expect(mail.text).toMatch(/^Significance: /m);
    expect(mail.text).toContain(`${APP_URL}/app/#/trackers/${trackerId}`);
    expect(mail.html).toContain(`src="cid:chart-${trackerId}@brandradar"`);
    // The week's pause, once, in both parts.
    expect(mail.text.split(`${NAME}: paused, by hand`)).toHaveLength(2);
    expect(mail.html).toContain(`${NAME.replace(/</g, '&lt;').replace(/>/g, '&gt;')}: paused, by hand`);

    const pngs = mail.parts.filter((p) => p.headers.get('content-type')?.startsWith('image/png'));
    expect(pngs).toHaveLength(2);
    const inline = pngs.find((p) => p.headers.get('content-id') === `<chart-${trackerId}@brandradar>`);
    const attached = pngs.find((p) => p.headers.get('content-disposition')?.startsWith('attachment'));
    expect(inline?.headers.get('content-disposition')).toMatch(/^inline/);
    expect(attached?.headers.get('content-disposition')).toContain(`chart-${trackerId}.png`);
    for (const png of [inline!, attached!]) expect(png.content.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(attached!.content.equals(inline!.content)).toBe(true);
  });

  it('sends nothing more that week: a second sweep, a restarted notifier, a lost advance (a crash before it)', async () => {
    const sent = digests().length;
    expect(await freshDigest().sweep(minutes(2))).toBe(0);
    await stack.start(notifierService); // a restart of the running notifier, with its own sweep and sender
    expect(await freshDigest().sweep(minutes(3))).toBe(0);
    // As if the sweep had crashed after recording the e-mails and before moving the digest on.
    await db.collection(DIGEST_SETTINGS).updateOne({ _id: accountId } as object, { $set: { nextDueAt: dueAt } });
    expect(await freshDigest().sweep(minutes(4))).toBe(1);
    await settle();
    expect(digests()).toHaveLength(sent);
  });

  it('sends nothing more that week when the weekday changes to a later day of it', async () => {
    const sent = digests().length;
    // The notifier computes the due time from the real clock; set the stored one to this week's Thursday.
    await putDigest({ ...valid, weekday: 4 });
    await db.collection(DIGEST_SETTINGS).updateOne({ _id: accountId } as object, { $set: { nextDueAt: minutes(3 * 24 * 60) } });
    expect(await freshDigest().sweep(minutes(3 * 24 * 60 + 1))).toBe(1);
    await settle();
    expect(digests()).toHaveLength(sent);
    await putDigest(valid);
  });

  it('sends again the next week, with each report as a PDF when asked', async () => {
    const sent = digests().length;
    await putDigest({ ...valid, attachPdf: true });
    await db.collection(DIGEST_SETTINGS).updateOne({ _id: accountId } as object, { $set: { nextDueAt: minutes(WEEK_MINUTES) } });
    expect(await freshDigest().sweep(minutes(WEEK_MINUTES + 1))).toBe(1);
    await eventually(async () => digests().length, (n) => n >= sent + 2);
    await settle();
    expect(digests()).toHaveLength(sent + 2);
    const pdf = digests()[sent]!.parts.find((p) => p.headers.get('content-type')?.startsWith('application/pdf'));
    expect(pdf?.headers.get('content-disposition')).toContain(`report-${trackerId}.pdf`);
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(digests()[sent]!.text).toContain(`report-${trackerId}.pdf`);
  });

  it('sends nothing while the digest is off', async () => {
    await putDigest({ ...valid, enabled: false });
    expect((await stack.api('GET', '/api/v1/account/digest', { key })).body.nextSendAt).toBeNull();
    expect(await freshDigest().sweep(minutes(3 * WEEK_MINUTES))).toBe(0);
  });
});

describe('new discovered names', () => {
  type Discovered = { discoveredNames: Array<{ name: string; answers: number }>; runs: Array<{ finishedAt: string }> };
  const insights = async (runs: number) => (await stack.api('GET', `/api/v1/trackers/${trackerId}/insights?runs=${runs}`, { key })).body.insights as Discovered;
  const digestNames = async (since: string) =>
    (await query(link, DigestDataQueries.trackers, { version: 1, accountId, since })).trackers.find((t) => t.trackerId === trackerId)!.discoveredNames;

  it('are the names of the runs since the week began that no earlier run put forward, as the insights API counts them', async () => {
    const [newest, both] = [await insights(1), await insights(2)];
    // The week began as the second run finished. Its answer is the first run's (fixed answers), so it puts forward no name the first did not.
    expect(newest.discoveredNames.length).toBeGreaterThan(0);
    expect(await digestNames(newest.runs[0]!.finishedAt)).toEqual([]);
    // A week that began before both runs: every name they put forward is new.
    expect(await digestNames(both.runs[1]!.finishedAt)).toEqual(both.discoveredNames.slice(0, 5).map((d) => d.name));
    // No run since: nothing new.
    expect(await digestNames(new Date(Date.now() + 60_000).toISOString())).toEqual([]);
  });
});

describe('a large tracker', () => {
  /** 21 names of 100 characters, nearly all 4 bytes in UTF-8: each run's head is near 200 KB. */
  const bigName = (i: number) => `${String(i).padStart(2, '0')}${'🚀'.repeat(98)}`;
  let bigKey: string;
  let bigAccount: string;
  let bigTracker: string;

  beforeAll(async () => {
    ({ apiKey: bigKey, accountId: bigAccount } = await stack.account(100_000_000));
    bigTracker = await activeTracker(stack, bigKey, {
      ...compare,
      models: ['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview'],
      brand: bigName(20),
      competitors: Array.from({ length: 20 }, (_, i) => bigName(i)),
    });
    for (const token of ['big-1', 'big-2', 'big-3', 'big-4', 'big-5', 'big-6']) await finishedRun(stack, bigKey, bigTracker, token, 120_000);
  }, 600_000);

  it("hands the notifier its report a run per message, together more than one message holds, and the digest carries the PDF", async () => {
    const limit = link.nc.info!.max_payload;
    const report = await query(link, DigestDataQueries.report, { version: 1, accountId: bigAccount, trackerId: bigTracker });
    expect(report.runIds).toHaveLength(6);
    let bytes = 0;
    for (const runId of report.runIds) {
      const reply = await query(link, DigestDataQueries.reportRun, { version: 1, accountId: bigAccount, trackerId: bigTracker, runId });
      expect(reply.run?.id).toBe(runId);
      const size = Buffer.byteLength(JSON.stringify(reply));
      expect(size).toBeLessThan(limit);
      bytes += size;
    }
    expect(bytes).toBeGreaterThan(limit); // all six in one reply would not have fitted

    const due = new Date((await stack.api('PUT', '/api/v1/account/digest', { key: bigKey, body: { ...valid, recipients: ['big@example.com'], attachPdf: true } })).body.nextSendAt);
    expect(await freshDigest().sweep(new Date(due.getTime() + 60_000))).toBe(1);
    const mail = await eventually(async () => digests().find((m) => m.envelopeTo.includes('big@example.com')), (m) => m !== undefined);
    const pdf = mail!.parts.find((p) => p.headers.get('content-disposition')?.includes(`report-${bigTracker}.pdf`));
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
