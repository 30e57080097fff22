/**
 * The webhook sender against the real store (FerretDB), with a scripted poster in place of HTTP:
 * how many attempts go to one endpoint at once, redelivery during an attempt, an endpoint deleted
 * meanwhile, and the end of the retry schedule.
 */
import { randomUUID } from 'node:crypto';
import { Histogram, Registry } from 'prom-client';
import { counter, createLogger, ensureIndexes } from '@brandradar/platform';
import { deliveryIdFor } from '../../services/notifier/src/webhooks/domain';
import { deliveryIndexes, WEBHOOK_DELIVERIES, WebhookDeliveries, type DeliveryDoc } from '../../services/notifier/src/webhooks/deliveries';
import { WEBHOOKS, webhookIndexes, WebhookEndpoints } from '../../services/notifier/src/webhooks/endpoints';
import type { PostOutcome, WebhookPost } from '../../services/notifier/src/webhooks/poster';
import { WebhookSender } from '../../services/notifier/src/webhooks/sender';
import { eventually } from '../support/eventually';
import { scratchDb } from '../support/scratch-db';

const db = scratchDb('webhook-sender');

/** A poster whose attempts wait until the test answers them. */
function scriptedPoster() {
  const waiting: { post: WebhookPost; answer(o: Partial<PostOutcome>): void }[] = [];
  const posted: WebhookPost[] = [];
  return {
    waiting,
    posted,
    post(p: WebhookPost): Promise<PostOutcome> {
      posted.push(p);
      return new Promise((resolve) => waiting.push({ post: p, answer: (o) => resolve({ ok: true, httpStatus: 200, durationMs: 3, error: null, ...o }) }));
    },
    /** Answers every attempt waiting for `url`. */
    answerAll(url: string, o: Partial<PostOutcome> = {}) {
      for (const w of waiting.filter((w) => w.post.url === url)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.answer(o);
      }
    },
    inFlight: (url: string) => waiting.filter((w) => w.post.url === url).length,
  };
}

let endpoints: WebhookEndpoints;
let deliveries: WebhookDeliveries;
let poster: ReturnType<typeof scriptedPoster>;
let sender: WebhookSender;
const disabled: string[] = [];

beforeAll(async () => {
  await ensureIndexes(db(), [...webhookIndexes, ...deliveryIndexes]);
});

beforeEach(async () => {
  // Each test starts with an empty store: a sender would take up what an earlier test left due.
  await Promise.all([WEBHOOKS, WEBHOOK_DELIVERIES].map((c) => db().collection(c).deleteMany({})));
  endpoints = new WebhookEndpoints(db());
  deliveries = new WebhookDeliveries(db());
  poster = scriptedPoster();
  const metrics = new Registry();
  sender = new WebhookSender({
    deliveries,
    endpoints,
    poster,
    sign: (_secret, id) => ({ 'webhook-id': id }),
    schedule: [0, 0],
    concurrency: 4,
    endpointConcurrency: 2,
    leaseMs: 60_000,
    disableAfterMs: 3_600_000,
    disabled: async (endpoint) => void disabled.push(endpoint._id),
    logger: createLogger('webhook-sender-test', 'silent'),
    metrics: {
      deliveries: counter(metrics, 'd', 'd', ['outcome']),
      attemptSeconds: new Histogram({ name: 'h', help: 'h', registers: [metrics] }),
      endpointsDisabled: counter(metrics, 'e', 'e'),
      passes: counter(metrics, 'p', 'p'),
    },
  });
});
afterEach(async () => {
  // Whatever is still waiting fails, so the sender's stop does not wait on it.
  for (const w of poster.waiting.splice(0)) w.answer({ ok: false, httpStatus: null, error: 'test over' });
  await sender.stop();
});

async function endpoint(url: string) {
  return (await endpoints.create({ accountId: randomUUID(), url, events: ['run.finished'], description: null, secret: 'whsec_dGVzdA==' }, new Date()))!;
}

async function deliver(webhookId: string, accountId: string): Promise<string> {
  const eventId = randomUUID();
  const id = deliveryIdFor(eventId, webhookId);
  await deliveries.enqueue({ _id: id, webhookId, accountId, eventId, type: 'run.finished', body: `{"n":"${eventId}"}` }, new Date());
  return id;
}

const stored = async (webhookId: string, id: string): Promise<DeliveryDoc> => (await deliveries.page(webhookId, 100, null)).find((d) => d._id === id)!;

it('sends at most two at once to one endpoint, and meanwhile the others’ deliveries go', async () => {
  const slow = await endpoint('https://slow.example.com/hook');
  const other = await endpoint('https://other.example.com/hook');
  for (let i = 0; i < 5; i++) await deliver(slow._id, slow.accountId);
  sender.start(20);
  await eventually(async () => poster.inFlight(slow.url), (n) => n === 2);
  await deliver(other._id, other.accountId);
  sender.kick();
  await eventually(async () => poster.inFlight(other.url), (n) => n === 1);
  expect(poster.inFlight(slow.url)).toBe(2);

  // As the slow ones finish, the rest follow, never more than two at once.
  for (let sent = 2; sent < 5; ) {
    poster.answerAll(slow.url);
    sent = await eventually(async () => poster.posted.filter((p) => p.url === slow.url).length, (n) => n > sent || n === 5);
    expect(poster.inFlight(slow.url)).toBeLessThanOrEqual(2);
  }
});

it('sends a delivery redelivered during its attempt once more after it, with the same id', async () => {
  const hook = await endpoint('https://redeliver.example.com/hook');
  const id = await deliver(hook._id, hook.accountId);
  sender.start(20);
  await eventually(async () => poster.inFlight(hook.url), (n) => n === 1);
  expect((await deliveries.redeliver(hook._id, id, new Date()))?.status).toBe('sending');
  poster.answerAll(hook.url);
  await eventually(async () => poster.posted.length, (n) => n === 2);
  expect(poster.posted.map((p) => p.headers['webhook-id'])).toEqual([id, id]);
  poster.answerAll(hook.url);
  const done = await eventually(() => stored(hook._id, id), (d) => d.status === 'succeeded');
  expect(done.attempts.map((a) => a.outcome)).toEqual(['succeeded', 'succeeded']);
});

it('fails, without sending, a delivery whose endpoint was deleted meanwhile', async () => {
  const hook = await endpoint('https://deleted.example.com/hook');
  const id = await deliver(hook._id, hook.accountId);
  // Deleted behind the query handler's back, so the delivery outlives its endpoint.
  await endpoints.delete(hook.accountId, hook._id);
  sender.start(20);
  const failed = await eventually(() => stored(hook._id, id), (d) => d.status === 'failed');
  expect(failed.attempts.map((a) => a.error)).toEqual(['not sent: the endpoint was deleted']);
  expect(poster.posted).toEqual([]);
});

it('fails a delivery once the schedule is used up, each attempt logged', async () => {
  const hook = await endpoint('https://down.example.com/hook');
  const id = await deliver(hook._id, hook.accountId);
  sender.start(20);
  for (let n = 1; n <= 3; n++) {
    await eventually(async () => poster.inFlight(hook.url), (k) => k === 1);
    poster.answerAll(hook.url, { ok: false, httpStatus: 503, error: 'HTTP 503' });
  }
  const failed = await eventually(() => stored(hook._id, id), (d) => d.status === 'failed');
  expect(failed.attempts.map((a) => [a.outcome, a.httpStatus])).toEqual([
    ['failed', 503],
    ['failed', 503],
    ['failed', 503],
  ]);
  expect(failed.nextAttemptAt).toBeNull();
  expect((await endpoints.byId(hook._id))!.failingSince).not.toBeNull();
  expect(disabled).toEqual([]);
});
