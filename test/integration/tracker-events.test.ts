import { EVENTS, TRACKER_EVENTS_STREAM, TrackerEvents, streamSubjects } from '@brandradar/contracts';
import { connectNats, consumeEvents, createLogger, ensureConsumer, ensureStream, type NatsLink } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { HARNESS_USER, startStack, type TestStack } from '../support/stack';

let stack: TestStack;
let link: NatsLink;
const logger = createLogger('tracker-events-test', 'silent');

beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService], { OUTBOX_SWEEP_MS: '200' });
  link = await connectNats(stack.nats.url, 'tracker-events-test', logger, stack.nats.credentials(HARNESS_USER));
});
afterAll(async () => {
  await link.nc.close();
  await stack.stop();
});

async function collect(durable: string, count: number, timeoutMs = 10_000) {
  const consumer = { stream: TRACKER_EVENTS_STREAM, durable, events: Object.values(TrackerEvents), ackWaitMs: 30_000, maxDeliver: 3 };
  await ensureConsumer(link.jsm, consumer);
  const seen: { subject: string; payload: any }[] = [];
  const c = await consumeEvents(link, consumer, logger, async ({ subject, payload }) => {
    seen.push({ subject, payload });
  });
  try {
    await eventually(async () => seen.length, (n) => n >= count, timeoutMs);
    // And nothing more: the consumer has been handed and has acknowledged everything in the stream.
    await eventually(() => link.jsm.consumers.info(TRACKER_EVENTS_STREAM.name, durable), (i) => i.num_pending + i.num_ack_pending === 0);
  } finally {
    await c.stop();
  }
  return seen;
}

it('publishes one versioned event per transition, carrying the tracker as it was then', async () => {
  const { apiKey, accountId } = await stack.account();
  const body = { name: 'Events', cadence: { frequency: 'weekly', timezone: 'UTC', time: '08:00', weekday: 3 }, primitive: 'sentiment', prompts: ['is acme good?'], brand: 'Acme' };
  const id = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body })).body.tracker.id;
  const path = `/api/v1/trackers/${id}`;
  await stack.api('POST', `${path}/activate`, { key: apiKey, body: { maxCostMicroPerRun: 13_000 } });
  await stack.api('POST', `${path}/activate`, { key: apiKey, body: { maxCostMicroPerRun: 13_000 } }); // a retry: no second event
  await stack.api('POST', `${path}/pause`, { key: apiKey });
  await stack.api('POST', `${path}/pause`, { key: apiKey }); // already paused: no event
  await stack.api('PATCH', path, { key: apiKey, body: { ...body, name: 'Events 2', models: ['chatgpt'] } });
  await stack.api('POST', `${path}/pause`, { key: apiKey });
  await stack.api('DELETE', path, { key: apiKey });

  const events = await collect('events-test', 6);
  expect(events.map((e) => e.subject)).toEqual(['tracker.created.v1', 'tracker.activated.v1', 'tracker.paused.v1', 'tracker.updated.v1', 'tracker.paused.v1', 'tracker.deleted.v1']);
  for (const e of events) expect(e.payload).toMatchObject({ version: 1, accountId, eventId: expect.any(String), tracker: { id } });
  expect(new Set(events.map((e) => e.payload.eventId)).size).toBe(6);
  const [created, activated, paused, updated] = events;
  expect(created!.payload.tracker.status).toBe('DRAFT');
  expect(activated!.payload).toMatchObject({ tracker: { status: 'ACTIVE', maxCostMicroPerRun: 13_000 }, balanceMicro: 1_000_000, runsDryAt: expect.any(String) });
  expect(paused!.payload).toMatchObject({ tracker: { status: 'PAUSED' }, reason: null });
  expect(updated!.payload).toMatchObject({ tracker: { status: 'DRAFT', name: 'Events 2' }, previousStatus: 'PAUSED' });
});

it('publishes an event whose first publish failed once the stream is back (outbox sweep)', async () => {
  const { apiKey } = await stack.account();
  const body = { name: 'Outbox', cadence: { frequency: 'monthly', timezone: 'UTC', time: '08:00', monthday: 1 }, primitive: 'citations', prompts: ['p'] };
  const id = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body })).body.tracker.id;

  // Without the stream every publish fails; the pause is stored anyway, with its event in the same write.
  await link.jsm.streams.delete(TRACKER_EVENTS_STREAM.name);
  const paused = await stack.api('POST', `/api/v1/trackers/${id}/pause`, { key: apiKey });
  expect(paused.status).toBe(200);
  await ensureStream(link.jsm, TRACKER_EVENTS_STREAM, streamSubjects(TRACKER_EVENTS_STREAM, EVENTS), 1);

  const events = await collect('outbox-test', 1, 20_000);
  expect(events.map((e) => [e.subject, e.payload.tracker.id, e.payload.tracker.status])).toEqual([['tracker.paused.v1', id, 'PAUSED']]);
});
