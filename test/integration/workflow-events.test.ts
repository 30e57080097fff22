/**
 * The `brief.finished` event (issue 35): every content brief that runs to its end publishes one to
 * WORKFLOW_EVENTS from the workflow's outbox, with or without an Idempotency-Key; a replay of a
 * keyed call answers the stored response and publishes nothing. Simulated sources: the steps
 * themselves are tested elsewhere.
 */
import { randomUUID } from 'node:crypto';
import { CONTENT_BRIEF_STEPS, WORKFLOW_EVENTS_STREAM, WorkflowEvents } from '@brandradar/contracts';
import type { NatsLink } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { workflowService } from '../../services/workflow/src/service';
import { eventually } from '../support/eventually';
import { connectAs, startStack, type TestStack } from '../support/stack';

let stack: TestStack;
let link: NatsLink;

beforeAll(async () => {
  stack = await startStack([billingService, workflowService, gatewayService], { OUTBOX_SWEEP_MS: '200' });
  link = await connectAs(stack.nats, 'workflow-events-test');
});
afterAll(async () => {
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
});
