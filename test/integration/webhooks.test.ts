/**
 * Webhooks (api-contract §13) through the real services: endpoints over the gateway's HTTP API,
 * events published as the runner and the tracker service publish them, and a real receiver, a
 * local HTTP server that checks every delivery's signature with the standardwebhooks library.
 * Retries, and the time after which a failing endpoint is disabled, are shortened by settings.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { RunEvents, TrackerEvents, WorkflowEvents } from '@brandradar/contracts';
import { publishEvent, startService, type NatsLink } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { notifierService, webhookTrackersConsumer } from '../../services/notifier/src/service';
import { eventually } from '../support/eventually';
import { mailSettled } from '../support/mail-settled';
import { COMPARE, compareAnswers, finishedRun, pausedEvent, runFinishedEvent } from '../support/notifier-fixtures';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { connectAs, startStack, type TestStack } from '../support/stack';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The receiver: records every request; a path answers with the statuses scripted for it, in turn, then 200. */
interface Receiver {
  url: string;
  requests: Received[];
  script(path: string, ...statuses: number[]): void;
  /** Every request to `path` answers `status`. */
  always(path: string, status: number): void;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const scripted = new Map<string, number[]>();
  const fixed = new Map<string, number>();
  const requests: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString() });
      const status = fixed.get(path) ?? scripted.get(path)?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : `no thanks (${status})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    script: (path, ...statuses) => scripted.set(path, statuses),
    always: (path, status) => fixed.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Throws unless the request carries a valid Standard Webhooks signature made with `secret`. */
function verified(secret: string, r: Received): unknown {
  const headers = { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) };
  return new Webhook(secret).verify(r.body, headers);
}

let receiver: Receiver;
let smtp: SmtpPeer;
let stack: TestStack;
let link: NatsLink;

const DISABLE_AFTER_MS = 3_000;

beforeAll(async () => {
  [receiver, smtp] = await Promise.all([startReceiver(), startSmtpPeer()]);
  stack = await startStack([billingService, notifierService, gatewayService], {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Brandradar <reports@brandradar.test>',
    MAIL_POLL_MS: '100',
    WEBHOOK_POLL_MS: '100',
    // The first retry soon; then enough retries, each soon, to go on failing past DISABLE_AFTER_MS.
    WEBHOOK_RETRY_SCHEDULE_MS: ['100', ...Array.from({ length: 12 }, () => '500')].join(','),
    WEBHOOK_DISABLE_AFTER_MS: String(DISABLE_AFTER_MS),
  });
  link = await connectAs(stack.nats, 'webhooks-test');
});
afterAll(async () => {
  await link?.nc.close();
  await stack?.stop();
  await Promise.all([receiver?.close(), smtp?.stop()]);
});

const notifierOps = () => [stack.running.get('notifier')!.opsPort];

/** A new account and a client for its webhooks. */
async function webhookAccount() {
  const { accountId, apiKey: key } = await stack.account();
  const api = (method: string, path: string, body?: unknown) => stack.api(method, `/api/v1/webhooks${path}`, { key, body });
  return { accountId, key, api };
}

/** Publishes a run.finished of the account, as the runner does; returns the event. */
async function runFinished(accountId: string, trackerName = 'CRM tools, US buyers') {
  const event = { ...runFinishedEvent(finishedRun(COMPARE, compareAnswers(4, 2), null), { accountId, trackerName }), occurredAt: new Date().toISOString() };
  await publishEvent(link, RunEvents.finished, event);
  return event;
}

const requestsTo = (path: string) => receiver.requests.filter((r) => r.path === path);

describe('endpoints', () => {
  it('are created with a secret shown once; list and get never show it', async () => {
    const { api } = await webhookAccount();
    const created = await api('POST', '', { url: `${receiver.url}/created`, events: ['run.finished', 'tracker.paused'], description: 'Slack relay' });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    const id = created.body.webhook.id;
    expect(created.headers.get('location')).toBe(`/api/v1/webhooks/${id}`);
    expect(created.body.webhook).toMatchObject({ url: `${receiver.url}/created`, events: ['run.finished', 'tracker.paused'], description: 'Slack relay', status: 'enabled', disabledReason: null, disabledAt: null });

    const listed = await api('GET', '');
    const got = await api('GET', `/${id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.webhooks).toEqual([created.body.webhook]);
    expect(got.body).toEqual({ webhook: created.body.webhook });
    for (const answer of [listed, got]) {
      expect(JSON.stringify(answer.body)).not.toContain(created.body.secret);
      expect(JSON.stringify(answer.body)).not.toContain('"secret"');
    }
  });

  it('are at most 10 per account, even when created all at once', async () => {
    const { api } = await webhookAccount();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => api('POST', '', { url: `${receiver.url}/many/${i}`, events: ['run.finished'] })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.error.code])).toEqual([
      [409, 'webhook_limit_reached'],
      [409, 'webhook_limit_reached'],
    ]);
    expect((await api('GET', '')).body.webhooks).toHaveLength(10);

    // Deleting one frees its place.
    const one = answers.find((a) => a.status === 201)!.body.webhook.id;
    expect((await api('DELETE', `/${one}`)).status).toBe(204);
    expect((await api('GET', `/${one}`)).status).toBe(404);
    expect((await api('POST', '', { url: `${receiver.url}/many/again`, events: ['run.finished'] })).status).toBe(201);
  });

  it("of another account are as unknown as made-up ids", async () => {
    const owner = await webhookAccount();
    const other = await webhookAccount();
    const id = (await owner.api('POST', '', { url: `${receiver.url}/mine`, events: ['run.finished'] })).body.webhook.id;
    for (const [method, path, body] of [
      ['GET', `/${id}`],
      ['PATCH', `/${id}`, { status: 'disabled' }],
      ['DELETE', `/${id}`],
      ['GET', `/${id}/deliveries`],
      ['GET', `/${randomUUID()}`],
    ] as const) {
      const answer = await other.api(method, path, body);
      expect([method, path, answer.status, answer.body.error.code]).toEqual([method, path, 404, 'not_found']);
    }
    expect((await owner.api('GET', `/${id}`)).body.webhook.status).toBe('enabled');
  });

  it('keep hostile descriptions and URL paths as they are', async () => {
    const { api } = await webhookAccount();
    const cases = ['$x', '__proto__', 'monday.com 🚀 ✓', 'é'.repeat(200)];
    for (const text of cases) {
      const url = `${receiver.url}/hostile/${encodeURIComponent(text.slice(0, 40))}?q=${encodeURIComponent(text.slice(0, 20))}`;
      const created = await api('POST', '', { url, events: ['run.finished'], description: text });
      expect([text, created.status]).toEqual([text, 201]);
      expect((await api('GET', `/${created.body.webhook.id}`)).body.webhook).toMatchObject({ url, description: text });
    }
    expect((await api('POST', '', { url: `${receiver.url}/too-long`, events: ['run.finished'], description: 'é'.repeat(201) })).status).toBe(400);
  });

  it('are changed by PATCH: a null description goes, and status turns them off and on', async () => {
    const { api } = await webhookAccount();
    const id = (await api('POST', '', { url: `${receiver.url}/patched`, events: ['run.finished'], description: 'old' })).body.webhook.id;
    const off = await api('PATCH', `/${id}`, { status: 'disabled', description: null, events: ['tracker.paused', 'run.finished'] });
    expect(off.status).toBe(200);
    expect(off.body.webhook).toMatchObject({ status: 'disabled', disabledReason: 'by_account', description: null, events: ['tracker.paused', 'run.finished'] });
    expect(off.body.webhook.disabledAt).not.toBeNull();
    const on = await api('PATCH', `/${id}`, { status: 'enabled' });
    expect(on.body.webhook).toMatchObject({ status: 'enabled', disabledReason: null, disabledAt: null });
    // A PATCH that names no field changes nothing and says what to send (the document's `minProperties: 1`).
    const empty = await api('PATCH', `/${id}`, {});
    expect([empty.status, empty.body]).toEqual([
      400,
      { error: { code: 'validation_error', message: 'The request body is invalid.', issues: [{ path: '', message: 'Send at least one of url, events, description and status.' }] } },
    ]);
  });
});

describe('deliveries', () => {
  it('bring a run.finished signed, and nothing of an event the endpoint did not subscribe to', async () => {
    const { accountId, api } = await webhookAccount();
    const path = '/signed/$x/__proto__';
    const { secret, webhook } = (await api('POST', '', { url: `${receiver.url}${path}`, events: ['run.finished'] })).body;

    const paused = pausedEvent(null, { accountId });
    await publishEvent(link, TrackerEvents.paused, paused);
    const event = await runFinished(accountId, '$x __proto__ 🚀');
    const [request] = await eventually(async () => requestsTo(path), (r) => r.length >= 1);
    expect(verified(secret, request!)).toEqual({ type: 'run.finished', timestamp: event.occurredAt, data: { run: event.run, tracker: { id: event.run.trackerId, name: '$x __proto__ 🚀' } } });
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    expect(() => verified(`whsec_${Buffer.from('another secret of 24 bytes').toString('base64')}`, request!)).toThrow();

    // Every event the trackers' durable had was stored before it was acked: a tracker.paused delivery would be in the log by now.
    await eventually(() => link.jsm.consumers.info(webhookTrackersConsumer.stream.name, webhookTrackersConsumer.durable), (i) => i.num_pending + i.num_ack_pending === 0);
    const log = (await api('GET', `/${webhook.id}/deliveries`)).body.deliveries;
    expect(log.map((d: { type: string; id: string }) => [d.type, d.id])).toEqual([['run.finished', request!.headers['webhook-id']]]);
    expect(requestsTo(path)).toHaveLength(1);
  });

  it('bring tracker events and finished briefs to the endpoints subscribed to them', async () => {
    const { accountId, api } = await webhookAccount();
    const path = '/trackers-and-briefs';
    const { secret } = (await api('POST', '', { url: `${receiver.url}${path}`, events: ['tracker.paused', 'brief.finished'] })).body;
    const paused = pausedEvent('insufficient_credits', { accountId });
    await publishEvent(link, TrackerEvents.paused, paused);
    const brief = {
      idempotencyKey: null,
      input: { topic: 'project tools for $x', brand: 'monday.com', country: 'us', models: ['chatgpt' as const] },
      summary: '__proto__ 🚀',
      steps: [],
      billedCostMicro: 12_000,
      finishedAt: new Date().toISOString(),
    };
    await publishEvent(link, WorkflowEvents.briefFinished, { version: 1, eventId: randomUUID(), occurredAt: brief.finishedAt, accountId, brief });

    const requests = await eventually(async () => requestsTo(path), (r) => r.length >= 2);
    const bodies = requests.map((r) => verified(secret, r) as { type: string; data: unknown });
    expect(bodies.map((b) => b.type).sort()).toEqual(['brief.finished', 'tracker.paused']);
    expect(bodies.find((b) => b.type === 'tracker.paused')!.data).toEqual({ tracker: paused.tracker });
    expect(bodies.find((b) => b.type === 'brief.finished')!.data).toEqual({ brief });
  });

  it('are retried with the same webhook-id after a failure, logged attempt by attempt, and redelivered on request', async () => {
    const { accountId, api } = await webhookAccount();
    const path = '/fails-first';
    receiver.script(path, 500);
    const { secret, webhook } = (await api('POST', '', { url: `${receiver.url}${path}`, events: ['run.finished'] })).body;
    await runFinished(accountId);

    const [first, second] = await eventually(async () => requestsTo(path), (r) => r.length >= 2);
    const id = String(first!.headers['webhook-id']);
    expect(second!.headers['webhook-id']).toBe(id);
    expect(second!.body).toBe(first!.body);
    verified(secret, first!);
    verified(secret, second!);

    const log = await eventually(
      async () => (await api('GET', `/${webhook.id}/deliveries`)).body,
      (b) => b.deliveries[0]?.status === 'succeeded',
    );
    expect(log.nextCursor).toBeNull();
    const [delivery] = log.deliveries;
    expect(delivery).toMatchObject({ id, webhookId: webhook.id, type: 'run.finished', status: 'succeeded', nextAttemptAt: null });
    expect(delivery.attempts.map((a: { outcome: string; httpStatus: number | null }) => [a.outcome, a.httpStatus])).toEqual([
      ['failed', 500],
      ['succeeded', 200],
    ]);
    expect(delivery.attempts[0].error).toContain('500');
    expect(delivery.attempts[1].error).toBeNull();
    for (const a of delivery.attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(log)).not.toContain(secret);
    expect(JSON.stringify(log)).not.toContain(secret.slice('whsec_'.length));

    const again = await api('POST', `/${webhook.id}/deliveries/${id}/redeliver`);
    expect(again.status).toBe(202);
    expect(again.body.delivery).toMatchObject({ id, status: 'pending' });
    const third = await eventually(async () => requestsTo(path), (r) => r.length >= 3);
    expect(third[2]!.headers['webhook-id']).toBe(id);
    expect(third[2]!.body).toBe(first!.body);
    verified(secret, third[2]!);
    await eventually(async () => (await api('GET', `/${webhook.id}/deliveries`)).body.deliveries[0], (d) => d.status === 'succeeded' && d.attempts.length === 3);

    expect((await api('POST', `/${webhook.id}/deliveries/msg_${'0'.repeat(32)}/redeliver`)).status).toBe(404);
  });

  it('page the log newest first with an opaque cursor', async () => {
    const { accountId, api } = await webhookAccount();
    const path = '/paged';
    const { webhook } = (await api('POST', '', { url: `${receiver.url}${path}`, events: ['run.finished'] })).body;
    for (let i = 0; i < 5; i++) await runFinished(accountId);
    await eventually(async () => (await api('GET', `/${webhook.id}/deliveries?limit=100`)).body.deliveries, (d) => d.length === 5);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { deliveries: { id: string; createdAt: string }[]; nextCursor: string | null } } = await api('GET', `/${webhook.id}/deliveries?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.deliveries.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.deliveries.map((d) => d.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    const all = (await api('GET', `/${webhook.id}/deliveries?limit=100`)).body.deliveries;
    expect(seen).toEqual(all.map((d: { id: string }) => d.id));
    expect(new Set(seen).size).toBe(5);
    const times = all.map((d: { createdAt: string }) => d.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const bad = await api('GET', `/${webhook.id}/deliveries?cursor=${Buffer.from('__proto__').toString('base64url')}`);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'validation_error']);
  });
});

describe('an endpoint that keeps failing', () => {
  it('is disabled once it has failed for the whole period, its deliveries given up, and its account e-mailed once', async () => {
    const { accountId, api } = await webhookAccount();
    const path = '/always-fails';
    receiver.always(path, 503);
    const { webhook } = (await api('POST', '', { url: `${receiver.url}${path}`, events: ['run.finished'], description: 'the failing one' })).body;
    await runFinished(accountId);

    const disabled = await eventually(async () => (await api('GET', `/${webhook.id}`)).body.webhook, (w) => w.status === 'disabled', 30_000);
    expect(disabled).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    // The sender turns the endpoint off first, then gives up its pending deliveries.
    const [delivery] = await eventually(async () => (await api('GET', `/${webhook.id}/deliveries`)).body.deliveries, ([d]) => d?.status !== 'pending');
    expect(delivery.status).toBe('failed');
    expect(delivery.nextAttemptAt).toBeNull();
    expect(delivery.attempts.length).toBeGreaterThanOrEqual(2);

    const mailsAbout = () => smtp.received.filter((m) => m.headers.get('x-brandradar-template') === 'webhook_disabled' && m.text.includes(webhook.id));
    const [mail] = await eventually(async () => mailsAbout(), (m) => m.length >= 1);
    expect(mail!.text).toContain(`${receiver.url}${path}`);
    expect(mail!.text).toContain('503');
    expect(mail!.text).toContain(`PATCH /api/v1/webhooks/${webhook.id}`);
    expect(mail!.text).toContain(`brandradar webhooks enable ${webhook.id}`);

    // Nothing more goes to it, and no second e-mail comes.
    const sent = requestsTo(path).length;
    await runFinished(accountId);
    await mailSettled(link, notifierOps());
    expect(requestsTo(path)).toHaveLength(sent);
    expect(mailsAbout()).toHaveLength(1);

    // Turned back on, it receives again.
    receiver.always(path, 200);
    expect((await api('PATCH', `/${webhook.id}`, { status: 'enabled' })).body.webhook).toMatchObject({ status: 'enabled', disabledReason: null, disabledAt: null });
    await runFinished(accountId);
    await eventually(async () => requestsTo(path).length, (n) => n > sent);
  });
});

describe('where private targets are not allowed', () => {
  /** An endpoint stored while they were allowed. */
  let earlier: { api: Awaited<ReturnType<typeof webhookAccount>>['api']; id: string };
  beforeAll(async () => {
    const account = await webhookAccount();
    earlier = { api: account.api, id: (await account.api('POST', '', { url: `${receiver.url}/earlier`, events: ['run.finished'] })).body.webhook.id };
    await stack.running.get('notifier')!.stop();
    stack.running.set('notifier', await startService(notifierService, stack.serviceEnv('notifier', { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' })));
  });

  it.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['localhost', 'https://localhost:8443/hook'],
    ['private', 'https://10.1.2.3/hook'],
    ['link-local', 'https://169.254.169.254/latest/meta-data'],
    ['plain http', 'http://127.0.0.1/hook'],
  ])('refuses a %s URL with 400 on the url field', async (_what, url) => {
    const { api } = await webhookAccount();
    const refused = await api('POST', '', { url, events: ['run.finished'] });
    expect([refused.status, refused.body.error.code]).toEqual([400, 'validation_error']);
    expect(refused.body.error.issues.map((i: { path: string }) => i.path)).toEqual(['url']);
    expect((await api('GET', '')).body.webhooks).toEqual([]);
  });

  it('checks a new URL of an update, and only a new one', async () => {
    const refused = await earlier.api('PATCH', `/${earlier.id}`, { url: 'https://127.0.0.1/other' });
    expect([refused.status, refused.body.error.issues[0].path]).toEqual([400, 'url']);
    expect((await earlier.api('PATCH', `/${earlier.id}`, { description: 'still here' })).status).toBe(200);
  });
});
