import { randomBytes } from 'node:crypto';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import type { MongoClient } from 'mongodb';
import { BillingQueries, RUN_EVENTS_STREAM, TRACKER_EVENTS_STREAM } from '@brandradar/contracts';
import { connectMongo, connectNats, createLogger, inSpan, query, type NatsLink } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { schedulerService } from '../../services/scheduler/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { HARNESS_USER, startStack, type TestStack } from '../support/stack';

type FinishedSpan = tracing.ReadableSpan;

const exporter = new tracing.InMemorySpanExporter();
const sdk = new NodeSDK({ serviceName: 'telemetry-test', spanProcessors: [new tracing.SimpleSpanProcessor(exporter)], logRecordProcessors: [] });
let stack: TestStack;
let nats: NatsLink;

beforeAll(async () => {
  sdk.start();
  stack = await startStack([billingService, trackerService, schedulerService, gatewayService]);
  nats = await connectNats(stack.nats.url, 'telemetry-test', createLogger('telemetry-test', 'silent'), stack.nats.credentials(HARNESS_USER));
});
afterAll(async () => {
  await nats.nc.close();
  await stack.stop();
  await sdk.shutdown();
});

const newTraceId = () => randomBytes(16).toString('hex');
const traceparent = (traceId: string) => `00-${traceId}-00f067aa0ba902b7-01`;
const isMongo = (s: FinishedSpan) => s.attributes['db.system.name'] === 'mongodb';

/** The finished spans of one trace, once `done` holds for them (spans end after the response is sent). */
function traceSpans(traceId: string, done: (spans: FinishedSpan[]) => boolean): Promise<FinishedSpan[]> {
  return eventually(async () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId), done);
}

function one(spans: FinishedSpan[], name: string, kind: SpanKind): FinishedSpan {
  const found = spans.filter((s) => s.name === name && s.kind === kind);
  expect(found.map((s) => s.name)).toEqual([name]);
  return found[0]!;
}

const childrenOf = (spans: FinishedSpan[], parent: FinishedSpan) => spans.filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId);

describe('traces', () => {
  const body = { name: 'CRM rankings', cadence: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 }, primitive: 'rankings', prompts: ['best crm'], competitors: ['HubSpot'] };
  let apiKey: string;
  let accountId: string;
  beforeAll(async () => ({ apiKey, accountId } = await stack.account()));

  it('follow one HTTP request through the gateway, NATS and the Mongo commands of the services it reaches', async () => {
    const traceId = newTraceId();
    const res = await stack.api('POST', '/api/v1/trackers', { key: apiKey, body, headers: { traceparent: traceparent(traceId) } });
    expect(res.status).toBe(201);

    const spans = await traceSpans(traceId, (s) => s.some((x) => x.kind === SpanKind.SERVER && x.attributes['http.request.method'] === 'POST'));
    const http = spans.find((s) => s.kind === SpanKind.SERVER && s.attributes['http.request.method'] === 'POST')!;
    expect(http.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    const send = one(spans, 'trackers.create.v1 send', SpanKind.CLIENT);
    expect(send.parentSpanContext?.spanId).toBe(http.spanContext().spanId);
    const handler = one(spans, 'trackers.create.v1 process', SpanKind.SERVER);
    expect(handler.parentSpanContext?.spanId).toBe(send.spanContext().spanId);

    // The tracker's handler: its own Mongo commands, the rates it asks billing for, the event it publishes.
    const underHandler = childrenOf(spans, handler);
    expect(underHandler.filter(isMongo).map((s) => s.name)).toEqual(expect.arrayContaining(['find trackers', 'insert trackers', 'update trackers']));
    expect(underHandler.filter(isMongo).every((s) => s.kind === SpanKind.CLIENT)).toBe(true);
    expect(underHandler.map((s) => s.name)).toEqual(expect.arrayContaining(['billing.rates.get.v1 send', 'tracker.created.v1 publish']));
    expect(one(spans, 'tracker.created.v1 publish', SpanKind.PRODUCER).parentSpanContext?.spanId).toBe(handler.spanContext().spanId);

    const insert = underHandler.find((s) => s.name === 'insert trackers')!;
    expect(insert.attributes).toEqual({
      'db.system.name': 'mongodb',
      'db.system': 'mongodb',
      'db.namespace': stack.dbName('tracker'),
      'db.collection.name': 'trackers',
      'db.operation.name': 'insert',
      'server.address': expect.any(String),
      'server.port': expect.any(Number),
    });
    expect(insert.status.code).not.toBe(SpanStatusCode.ERROR);

    // Billing answers inside the same trace, from its own database.
    const ratesHandler = one(spans, 'billing.rates.get.v1 process', SpanKind.SERVER);
    expect(ratesHandler.parentSpanContext?.spanId).toBe(one(spans, 'billing.rates.get.v1 send', SpanKind.CLIENT).spanContext().spanId);
    expect(childrenOf(spans, ratesHandler).filter(isMongo).map((s) => [s.name, s.attributes['db.namespace']])).toContainEqual(['find rate_cards', stack.dbName('billing')]);

    // No query values anywhere: the account id is in every filter of this request.
    expect(JSON.stringify(spans.filter(isMongo).map((s) => [s.name, s.attributes, s.status]))).not.toContain(accountId);
  });

  it('continue from a published event into the consumer that handles it and its Mongo commands', async () => {
    const { tracker } = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body })).body;
    const traceId = newTraceId();
    const res = await stack.api('POST', `/api/v1/trackers/${tracker.id}/activate`, {
      key: apiKey,
      body: { maxCostMicroPerRun: tracker.estimatedCostMicroPerRun },
      headers: { traceparent: traceparent(traceId) },
    });
    expect(res.status).toBe(200);

    const spans = await traceSpans(traceId, (s) => s.some((x) => x.name === 'tracker.activated.v1 process' && childrenOf(s, x).some(isMongo)));
    const publish = one(spans, 'tracker.activated.v1 publish', SpanKind.PRODUCER);
    const consume = one(spans, 'tracker.activated.v1 process', SpanKind.CONSUMER);
    expect(consume.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect(childrenOf(spans, consume).filter(isMongo).map((s) => [s.name, s.attributes['db.namespace']])).toContainEqual(['update schedules', stack.dbName('scheduler')]);
  });

  it('parent each Mongo command to the span active when it started, also while commands queue for the one pooled connection', async () => {
    const url = new URL(process.env.TEST_MONGO_URL!);
    url.searchParams.set('maxPoolSize', '1');
    const client: MongoClient = await connectMongo(url.toString(), 'telemetry-test');
    let [waiting, mostWaiting] = [0, 0];
    client.on('connectionCheckOutStarted', () => (mostWaiting = Math.max(mostWaiting, ++waiting)));
    client.on('connectionCheckedOut', () => waiting--);
    try {
      const db = client.db(stack.dbName('context'));
      await db.collection('c0').insertMany([1, 2, 3, 4, 5].map((n) => ({ n })));
      exporter.reset();

      // Eight callers at once, each in a span of its own, each reading its own collection (a cursor of several batches for c0).
      const callers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          inSpan(`caller ${i}`, { kind: SpanKind.INTERNAL }, async (span) => {
            await db.collection(`c${i}`).find({}, { batchSize: 2 }).toArray();
            return span.spanContext().spanId;
          }),
        ),
      );

      expect(mostWaiting).toBeGreaterThan(1); // commands really waited for the connection another caller held
      const spans = exporter.getFinishedSpans().filter(isMongo);
      callers.forEach((spanId, i) => {
        const mine = spans.filter((s) => s.attributes['db.collection.name'] === `c${i}`);
        expect(mine.map((s) => s.name)).toEqual(i === 0 ? ['find c0', 'getMore c0', 'getMore c0'] : [`find c${i}`]);
        expect(mine.map((s) => s.parentSpanContext?.spanId)).toEqual(mine.map(() => spanId));
      });
    } finally {
      await client.close();
    }
  });

  it('leave commands outside any span untraced, so timers (outbox sweeps, scheduler ticks) start no traces', async () => {
    exporter.reset();
    await new Promise((r) => setTimeout(r, 1_500)); // at least one scheduler tick and outbox sweep
    expect(exporter.getFinishedSpans().filter(isMongo).filter((s) => !s.parentSpanContext)).toEqual([]);
  });
});

/** One sample of the Prometheus text format, by metric name and (a subset of) its labels. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)\{(.*)\} (\S+)$/.exec(line);
    if (m?.[1] !== name) continue;
    const got = Object.fromEntries([...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function scrape(service: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${stack.running.get(service)!.opsPort}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

describe('metrics', () => {
  it('show each declared durable consumer’s pending and ack-pending counts, as JetStream reports them', async () => {
    const expected = [
      ['tracker', RUN_EVENTS_STREAM.name, 'tracker-runs-queued'],
      ['scheduler', TRACKER_EVENTS_STREAM.name, 'scheduler-trackers'],
    ] as const;
    for (const [service, stream, consumer] of expected) {
      const info = await nats.jsm.consumers.info(stream, consumer);
      const text = await scrape(service);
      expect(sample(text, 'jetstream_consumer_pending', { service, stream, consumer })).toBe(info.num_pending);
      expect(sample(text, 'jetstream_consumer_ack_pending', { service, stream, consumer })).toBe(info.num_ack_pending);
    }
    // Billing declares no consumers, so it reports no lag.
    expect(await scrape('billing')).not.toContain('jetstream_consumer_pending');
  });

  it('count ledger amounts by kind once per new entry, never for a replay', async () => {
    const { accountId } = await stack.account();
    const ledger = async () => {
      const text = await scrape('billing');
      return Object.fromEntries(['credit', 'hold', 'capture', 'release'].map((kind) => [kind, sample(text, 'ledger_amount_micro_total', { service: 'billing', kind })!]));
    };
    const before = await ledger();
    const delta = async () => {
      const now = await ledger();
      return Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v - before[k]!]));
    };

    const credit = { amountMicro: 500_000, reference: `payment-${randomBytes(4).toString('hex')}` };
    expect((await stack.admin('POST', `/admin/v1/accounts/${accountId}/credits`, credit)).status).toBe(200);
    expect(await delta()).toEqual({ credit: 500_000, hold: 0, capture: 0, release: 0 });
    expect((await stack.admin('POST', `/admin/v1/accounts/${accountId}/credits`, credit)).status).toBe(200); // a replay
    expect(await delta()).toEqual({ credit: 500_000, hold: 0, capture: 0, release: 0 });

    const hold = { version: 1 as const, accountId, holdKey: 'run:telemetry-1' };
    await query(nats, BillingQueries.hold, { ...hold, amountMicro: 30_000, expiresAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    await query(nats, BillingQueries.capture, { ...hold, amountMicro: 20_000 });
    await query(nats, BillingQueries.capture, { ...hold, amountMicro: 20_000 }); // a replay
    expect(await delta()).toEqual({ credit: 500_000, hold: 30_000, capture: 20_000, release: 10_000 });
  });
});
