/**
 * The `brief.finished` event (issue 35): every content brief that runs to its end publishes one to
 * WORKFLOW_EVENTS from the workflow's outbox, with or without an Idempotency-Key; a replay of a
 * keyed call answers the stored response and publishes nothing. Simulated sources: the steps
 * themselves are tested elsewhere.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { CONTENT_BRIEF_STEPS, WORKFLOW_EVENTS_STREAM, WorkflowEvents, type BriefSummary } from '@brandradar/contracts';
import { createLogger, ensureIndexes, storedEvent, type NatsLink } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { workflowService } from '../../services/workflow/src/service';
import { BriefFinishedEvents, briefEventIndexes } from '../../services/workflow/src/store/brief-events';
import { BriefCallStore, briefIndexes } from '../../services/workflow/src/store/briefs';
import { eventually } from '../support/eventually';
import { scratchDb } from '../support/scratch-db';
import { connectAs, startStack, type TestStack } from '../support/stack';

let stack: TestStack;
let link: NatsLink;
let mongo: MongoClient;

beforeAll(async () => {
  stack = await startStack([billingService, workflowService, gatewayService], { OUTBOX_SWEEP_MS: '200' });
  link = await connectAs(stack.nats, 'workflow-events-test');
  mongo = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
});
afterAll(async () => {
  await mongo?.close();
  await link?.nc.close();
  await stack?.stop();
});

const brief = (key: string, body: unknown, headers?: Record<string, string>) => stack.api('POST', '/api/v1/workflows/content-brief', { key, body, headers });

/** The brief-finished events of `accountId` in the stream, each parsed by its schema, with its size on the wire. */
async function briefEvents(accountId: string) {
  const { state } = await link.jsm.streams.info(WORKFLOW_EVENTS_STREAM.name);
  const found = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
    const m = await link.jsm.streams.getMessage(WORKFLOW_EVENTS_STREAM.name, { seq });
    if (m.subject !== WorkflowEvents.briefFinished.subject) continue;
    const payload = WorkflowEvents.briefFinished.payload.parse(m.json());
    if (payload.accountId === accountId) found.push({ payload, bytes: m.data.length });
  }
  return found;
}

it('publishes one event per brief run to its end, keyed or not, and none for a replay', async () => {
  const { accountId, apiKey } = await stack.account(1_000_000);
  const input = { topic: 'monday.com vs $x: __proto__ 🚀 for teams', brand: 'monday.com' };
  const idempotencyKey = `brief-${randomUUID()}`;

  const keyed = await brief(apiKey, input, { 'Idempotency-Key': idempotencyKey });
  expect(keyed.status).toBe(200);
  const [first] = await eventually(() => briefEvents(accountId), (events) => events.length === 1);
  expect(first!.payload).toMatchObject({
    accountId,
    brief: {
      idempotencyKey,
      input: keyed.body.input,
      summary: keyed.body.summary,
      steps: CONTENT_BRIEF_STEPS.map(({ endpoint }) => ({ endpoint, ok: true })),
      billedCostMicro: keyed.body.billedCostMicro,
    },
  });
  expect(Date.parse(first!.payload.brief.finishedAt)).toBeLessThanOrEqual(Date.parse(first!.payload.occurredAt));
  // The summary only: the steps' data (answers, videos) would soon pass NATS's max payload.
  expect(first!.bytes).toBeLessThan(4_096);
  expect(JSON.stringify(first!.payload)).not.toContain(keyed.body.suggestedPrompt);

  const replay = await brief(apiKey, input, { 'Idempotency-Key': idempotencyKey });
  expect(replay.status).toBe(200);
  expect(replay.body).toEqual(keyed.body);

  // A brief without a key, after the replay: once its event is in, the replay's would be too.
  const unkeyed = await brief(apiKey, input);
  expect(unkeyed.status).toBe(200);
  const events = await eventually(() => briefEvents(accountId), (all) => all.some((e) => e.payload.brief.idempotencyKey === null));
  expect(events.map((e) => e.payload.brief.idempotencyKey)).toEqual([idempotencyKey, null]);
  expect(events[1]!.payload.brief).toMatchObject({ input: unkeyed.body.input, summary: unkeyed.body.summary, billedCostMicro: unkeyed.body.billedCostMicro });
  expect(new Set(events.map((e) => e.payload.eventId)).size).toBe(2);

  // Published, so nothing is left for the sweep: the keyed call keeps its response, the unkeyed event's document goes.
  const db = mongo.db(stack.dbName('workflow'));
  const calls = await db.collection('brief_calls').find({ accountId }).toArray();
  expect(calls.map((c) => [c.status, c.pendingEvents, c.hasPendingEvents])).toEqual([['done', [], false]]);
  await eventually(() => db.collection('brief_events').countDocuments(), (n) => n === 0);
});

describe('when NATS does not take the publish', () => {
  const db = scratchDb('workflow-events');
  const silent = createLogger('workflow-events-test', 'silent');
  const now = new Date('2026-11-22T09:00:00.000Z');
  const summary = (idempotencyKey: string | null): BriefSummary => ({
    idempotencyKey,
    input: { topic: 'crm', country: 'us', models: ['chatgpt'] },
    summary: 'A summary.',
    steps: CONTENT_BRIEF_STEPS.map(({ endpoint }) => ({ endpoint, ok: true })),
    billedCostMicro: 0,
    finishedAt: now.toISOString(),
  });

  it('keeps the events stored, and the sweep publishes them later: a keyed call\'s and an unkeyed one\'s', async () => {
    await ensureIndexes(db(), [...briefIndexes, ...briefEventIndexes]);
    const down = { ...link, js: { publish: () => Promise.reject(new Error('NATS is away')) } } as unknown as NatsLink;
    const failing = new BriefFinishedEvents(db(), down, silent);
    const accountId = randomUUID();
    const event = (key: string | null) => storedEvent(WorkflowEvents.briefFinished, { accountId, brief: summary(key) }, now);

    await failing.storeUnkeyed(event(null), now);
    const calls = new BriefCallStore(db());
    const claim = await calls.claim(accountId, 'k', 'fp', randomUUID(), now, 60_000);
    if (claim.kind !== 'claimed') throw new Error('expected a claim');
    expect(await calls.finish(claim.lease.id, {} as never, event('k'), now)).toBe(true);
    await failing.publishOfCall(claim.lease.id);
    expect(await briefEvents(accountId)).toEqual([]);

    const stop = new BriefFinishedEvents(db(), link, silent).startSweeping(50);
    try {
      const published = await eventually(() => briefEvents(accountId), (events) => events.length === 2);
      expect(published.map((e) => e.payload.brief.idempotencyKey).sort()).toEqual(['k', null].sort());
      await eventually(() => db().collection('brief_events').countDocuments(), (n) => n === 0);
      await eventually(() => db().collection('brief_calls').findOne({ _id: claim.lease.id as never }), (doc) => doc?.hasPendingEvents === false);
    } finally {
      await stop();
    }
  });
});
