import { randomBytes } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import type { MongoClient } from 'mongodb';
import { AUDIT_EVENTS_STREAM, BillingQueries, RUN_EVENTS_STREAM, TRACKER_EVENTS_STREAM } from '@brandradar/contracts';
import { freePort, type ManagedProcess } from '@brandradar/devstack';
import { connectMongo, connectNats, createLogger, inSpan, query, type NatsLink } from '@brandradar/platform';
import { PEER_API_KEY, startOpenAIPeer, type ProtocolPeer } from '../support/peers/providers';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { createSchedulerService } from '../../services/scheduler/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { OTLP_KIND, startOtlpCollector, type CollectedSpan, type OtlpCollector } from '../support/otlp-collector';
import { HARNESS_USER, startStack, type TestStack } from '../support/stack';

// Two stacks. Traces come from services running as processes of their own (their compiled
// main.js, as in production): instrumentations patch modules as they are loaded, which jest's
// module loader bypasses; they export over OTLP to this test's collector. Metrics, and the Mongo
// spans' context, are checked on services in this process, with an in-memory exporter.
const exporter = new tracing.InMemorySpanExporter();
const sdk = new NodeSDK({ serviceName: 'telemetry-test', spanProcessors: [new tracing.SimpleSpanProcessor(exporter)], logRecordProcessors: [] });
// The in-process scheduler's clock: a test moves it past an occurrence to see a tick happen.
let clock = new Date();
let stack: TestStack;
let nats: NatsLink;

beforeAll(async () => {
  sdk.start();
  // Outbox sweeps every 100 ms, so many have run by the time a scheduler tick (every second) is seen.
  stack = await startStack([billingService, trackerService, runnerService, createSchedulerService({ now: () => clock }), gatewayService], { OUTBOX_SWEEP_MS: '100' });
  nats = await connectNats(stack.nats.url, 'telemetry-test', createLogger('telemetry-test', 'silent'), stack.nats.credentials(HARNESS_USER));
});
afterAll(async () => {
  await nats.nc.close();
  await stack.stop();
  await sdk.shutdown();
});

const newTraceId = () => randomBytes(16).toString('hex');
const traceparent = (traceId: string) => `00-${traceId}-00f067aa0ba902b7-01`;
const CALLER_SPAN = '00f067aa0ba902b7';
const HTTP = '@opentelemetry/instrumentation-http';
const EXPRESS = '@opentelemetry/instrumentation-express';
const UNDICI = '@opentelemetry/instrumentation-undici';
const isMongo = (s: { attributes: Record<string, unknown> }) => s.attributes['db.system.name'] === 'mongodb';
const trackerBody = { name: 'CRM rankings', cadence: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 }, primitive: 'rankings', prompts: ['best crm'], competitors: ['HubSpot'] };

describe('traces of services in processes of their own', () => {
  let traced: TestStack;
  let collector: OtlpCollector;
  let openai: ProtocolPeer;
  const children: ManagedProcess[] = [];
  const output = new Map<string, string[]>();
  const logLines = (service: string) => (output.get(service) ?? []).flatMap((l) => { try { return [JSON.parse(l) as Record<string, unknown>]; } catch { return []; } });
  let apiKey: string;
  let accountId: string;
  let gatewayOpsPort: number;

  beforeAll(async () => {
    [collector, openai] = await Promise.all([startOtlpCollector(), startOpenAIPeer()]);
    traced = await startStack([], { ...collector.env, OPENAI_API_KEY: PEER_API_KEY, OPENAI_BASE_URL: openai.baseUrl, LOG_LEVEL: 'info' });
    gatewayOpsPort = await freePort();
    for (const service of ['billing', 'tracker', 'scheduler', 'runner', 'gateway']) {
      output.set(service, []);
      children.push(traced.spawn(service, service === 'gateway' ? { OPS_PORT: String(gatewayOpsPort) } : {}, (line) => output.get(service)!.push(line)));
    }
    await eventually(async () => [...output.keys()].filter((s) => !logLines(s).some((l) => l.msg === 'started')), (waiting) => waiting.length === 0, 30_000);
    ({ apiKey, accountId } = await traced.account());
  }, 60_000);
  afterAll(async () => {
    await Promise.all(children.map((c) => c.stop()));
    await traced?.stop();
    await Promise.all([openai?.close(), collector?.close()]);
  });

  /** The spans of one trace, once every span named in `names` has arrived (each process exports its own). */
  const traceSpans = (traceId: string, names: string[]) =>
    eventually(async () => collector.spans.filter((s) => s.traceId === traceId), (spans) => names.every((n) => spans.some((s) => s.name === n)));
  function one(spans: CollectedSpan[], name: string, kind: number, scope = 'brandradar'): CollectedSpan {
    const found = spans.filter((s) => s.name === name && s.kind === kind && s.scope === scope);
    expect(found.map((s) => s.name)).toEqual([name]);
    return found[0]!;
  }
  const childrenOf = (spans: CollectedSpan[], parent: CollectedSpan) => spans.filter((s) => s.parentSpanId === parent.spanId);
  /** The gateway's SERVER span of the request, continuing the caller's trace, and express's span for the route under it. */
  function gatewaySpans(spans: CollectedSpan[], method: string, route: string, status: number) {
    const server = one(spans, `${method} ${route}`, OTLP_KIND.SERVER, HTTP);
    expect(server).toMatchObject({ service: 'gateway', parentSpanId: CALLER_SPAN });
    expect(server.attributes).toMatchObject({ 'http.request.method': method, 'http.route': route, 'http.response.status_code': status });
    const handler = childrenOf(spans, server).filter((s) => s.scope === EXPRESS);
    expect(handler.map((s) => [s.kind, s.attributes['http.route'], s.attributes['express.type']])).toEqual([[OTLP_KIND.INTERNAL, route, 'request_handler']]);
    return { server, handler: handler[0]! };
  }

  it('follow a request that starts a run: gateway, NATS, the stores, and the provider call', async () => {
    const body = { ...trackerBody, primitive: 'sentiment', brand: 'Acme', competitors: undefined, models: ['chatgpt'] };
    const t = (await traced.api('POST', '/api/v1/trackers', { key: apiKey, body })).body.tracker;
    expect((await traced.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } })).status).toBe(200);
    const traceId = newTraceId();
    const res = await traced.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'traced' }, headers: { traceparent: traceparent(traceId) } });
    expect(res.status).toBe(202);

    const spans = await traceSpans(traceId, ['POST /api/v1/trackers/:id/runs', 'runs.request-manual.v1 process', 'run.execute.v1 process']);
    const { handler } = gatewaySpans(spans, 'POST', '/api/v1/trackers/:id/runs', 202);
    const send = one(spans, 'runs.request-manual.v1 send', OTLP_KIND.CLIENT);
    expect(send).toMatchObject({ service: 'gateway', parentSpanId: handler.spanId });
    const accept = one(spans, 'runs.request-manual.v1 process', OTLP_KIND.SERVER);
    expect(accept).toMatchObject({ service: 'runner', parentSpanId: send.spanId });
    expect(childrenOf(spans, accept).filter(isMongo).map((s) => [s.name, s.attributes['db.namespace']])).toContainEqual(['insert runs', traced.dbName('runner')]);

    // The runner's consumer carries the run out: its provider call (OpenAI's SDK over fetch) and what it stores.
    const execute = one(spans, 'run.execute.v1 process', OTLP_KIND.CONSUMER);
    expect(execute).toMatchObject({ service: 'runner', parentSpanId: one(spans, 'run.execute.v1 publish', OTLP_KIND.PRODUCER).spanId });
    expect(one(spans, 'run.execute.v1 publish', OTLP_KIND.PRODUCER).parentSpanId).toBe(accept.spanId);
    const call = one(spans, 'POST', OTLP_KIND.CLIENT, UNDICI);
    expect(call.parentSpanId).toBe(execute.spanId);
    const peer = new URL(openai.baseUrl);
    expect(call.attributes).toMatchObject({ 'server.address': peer.hostname, 'server.port': Number(peer.port), 'url.path': '/v1/responses', 'http.response.status_code': 200 });
    expect(childrenOf(spans, execute).filter(isMongo).map((s) => s.name)).toEqual(expect.arrayContaining(['insert answers', 'update runs']));
    expect(childrenOf(spans, execute).map((s) => s.name)).toEqual(expect.arrayContaining(['billing.holds.place.v1 send', 'run.finished.v1 publish']));

    // No credential in any span of any service: not the caller's API key, not the provider's.
    const everything = JSON.stringify(collector.spans);
    for (const secret of [apiKey, PEER_API_KEY, traced.adminToken]) expect(everything).not.toContain(secret);
    // Commands outside any span (timers, index creation) start no trace in any of the services.
    expect(collector.spans.filter(isMongo).filter((s) => !s.parentSpanId)).toEqual([]);
  });

  it('follow one HTTP request through the gateway, NATS and the Mongo commands of the services it reaches', async () => {
    const traceId = newTraceId();
    const res = await traced.api('POST', '/api/v1/trackers', { key: apiKey, body: trackerBody, headers: { traceparent: traceparent(traceId) } });
    expect(res.status).toBe(201);

    const spans = await traceSpans(traceId, ['POST /api/v1/trackers', 'trackers.create.v1 process', 'billing.rates.get.v1 process']);
    const { handler: route } = gatewaySpans(spans, 'POST', '/api/v1/trackers', 201);
    const send = one(spans, 'trackers.create.v1 send', OTLP_KIND.CLIENT);
    expect(send.parentSpanId).toBe(route.spanId);
    const handler = one(spans, 'trackers.create.v1 process', OTLP_KIND.SERVER);
    expect(handler).toMatchObject({ service: 'tracker', parentSpanId: send.spanId });

    // The tracker's handler: its own Mongo commands, the rates it asks billing for, the event it publishes.
    const underHandler = childrenOf(spans, handler);
    expect(underHandler.filter(isMongo).map((s) => s.name)).toEqual(expect.arrayContaining(['find trackers', 'insert trackers', 'update trackers']));
    expect(underHandler.filter(isMongo).every((s) => s.kind === OTLP_KIND.CLIENT)).toBe(true);
    expect(underHandler.map((s) => s.name)).toEqual(expect.arrayContaining(['billing.rates.get.v1 send', 'tracker.created.v1 publish']));
    expect(one(spans, 'tracker.created.v1 publish', OTLP_KIND.PRODUCER).parentSpanId).toBe(handler.spanId);

    const insert = underHandler.find((s) => s.name === 'insert trackers')!;
    expect(insert.attributes).toEqual({
      'db.system.name': 'mongodb',
      'db.system': 'mongodb',
      'db.namespace': traced.dbName('tracker'),
      'db.collection.name': 'trackers',
      'db.operation.name': 'insert',
      'server.address': expect.any(String),
      'server.port': expect.any(Number),
    });

    // Billing answers inside the same trace, from its own database.
    const ratesHandler = one(spans, 'billing.rates.get.v1 process', OTLP_KIND.SERVER);
    expect(ratesHandler).toMatchObject({ service: 'billing', parentSpanId: one(spans, 'billing.rates.get.v1 send', OTLP_KIND.CLIENT).spanId });
    expect(childrenOf(spans, ratesHandler).filter(isMongo).map((s) => [s.name, s.attributes['db.namespace']])).toContainEqual(['find rate_cards', traced.dbName('billing')]);

    // No query values anywhere: the account id is in every filter of this request.
    expect(JSON.stringify(spans.filter(isMongo))).not.toContain(accountId);
  });

  it('continue from a published event into the consumer that handles it and its Mongo commands', async () => {
    const { tracker } = (await traced.api('POST', '/api/v1/trackers', { key: apiKey, body: trackerBody })).body;
    const traceId = newTraceId();
    const res = await traced.api('POST', `/api/v1/trackers/${tracker.id}/activate`, {
      key: apiKey,
      body: { maxCostMicroPerRun: tracker.estimatedCostMicroPerRun },
      headers: { traceparent: traceparent(traceId) },
    });
    expect(res.status).toBe(200);

    const spans = await traceSpans(traceId, ['tracker.activated.v1 process', 'update schedules']);
    const publish = one(spans, 'tracker.activated.v1 publish', OTLP_KIND.PRODUCER);
    const consume = one(spans, 'tracker.activated.v1 process', OTLP_KIND.CONSUMER);
    expect(consume).toMatchObject({ service: 'scheduler', parentSpanId: publish.spanId });
    expect(childrenOf(spans, consume).filter(isMongo).map((s) => [s.name, s.attributes['db.namespace']])).toContainEqual(['update schedules', traced.dbName('scheduler')]);
  });

  it('write one access line per gateway request: method, route template, status, duration, request id, trace id; never a credential', async () => {
    const { tracker } = (await traced.api('POST', '/api/v1/trackers', { key: apiKey, body: trackerBody })).body;
    // A probe first: the gateway exports spans in the order they end, so had it traced this, it would arrive first.
    expect((await fetch(`http://127.0.0.1:${gatewayOpsPort}/livez`)).status).toBe(200);
    const traceId = newTraceId();
    const requestId = `access-${randomBytes(4).toString('hex')}`;
    const res = await traced.api('GET', `/api/v1/trackers/${tracker.id}`, { key: apiKey, headers: { traceparent: traceparent(traceId), 'x-request-id': requestId } });
    expect(res.status).toBe(200);
    const wrongKey = `br_live_${randomBytes(16).toString('hex')}`;
    const refusedId = `refused-${randomBytes(4).toString('hex')}`;
    expect((await traced.api('GET', `/api/v1/trackers/${tracker.id}`, { key: wrongKey, headers: { 'x-request-id': refusedId } })).status).toBe(401);

    const lines = await eventually(async () => logLines('gateway').filter((l) => l.requestId === requestId || l.requestId === refusedId), (ls) => ls.length === 2);
    const [server] = await traceSpans(traceId, [`GET /api/v1/trackers/:id`]).then((spans) => spans.filter((s) => s.scope === HTTP));
    expect(collector.spans.filter((s) => s.attributes['url.path'] === '/livez')).toEqual([]);
    expect(lines[0]).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      service: 'gateway',
      traceId,
      spanId: server!.spanId,
      requestId,
      method: 'GET',
      route: '/api/v1/trackers/:id', // the template: no ids, a bounded set
      status: 200,
      durationMs: expect.any(Number),
      msg: 'request',
    });
    // Refused before any route took it.
    expect(lines[1]).toMatchObject({ requestId: refusedId, method: 'GET', route: 'unmatched', status: 401, traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });

    const all = (output.get('gateway') ?? []).join('\n');
    for (const secret of [apiKey, wrongKey, traced.adminToken]) expect(all).not.toContain(secret);
    expect(all.toLowerCase()).not.toContain('authorization');
  });
});

describe('Mongo spans', () => {
  it('parent each Mongo command to the span active when it started, also while commands queue for the one pooled connection', async () => {
    const url = new URL(process.env.TEST_MONGO_URL!);
    url.searchParams.set('maxPoolSize', '1');
    const client: MongoClient = await connectMongo(url.toString(), 'telemetry-test', 30_000);
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
    const { apiKey } = await stack.account();
    const t = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: trackerBody })).body.tracker;
    const activated = await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
    expect(activated.status).toBe(200);
    const dispatched = async () => sample(await scrape('scheduler'), 'scheduler_occurrences_total', { service: 'scheduler' });
    expect(await dispatched()).toBeUndefined();
    exporter.reset();
    // A minute past the occurrence (an activation applied after the scheduler read that minute is filed under the next).
    clock = new Date(Date.parse(activated.body.tracker.nextRunAt) + 61_000);
    // A tick has dispatched the occurrence; the outbox sweeps (every 100 ms) ran meanwhile.
    await eventually(dispatched, (n) => n !== undefined);
    expect(exporter.getFinishedSpans().filter(isMongo).filter((s) => !s.parentSpanContext)).toEqual([]);
    // The run it queued finishes here, so it bills nothing while a later test counts ledger amounts.
    const report = async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey })).body.runs as { status: string }[];
    await eventually(report, (runs) => runs.length === 1 && !['QUEUED', 'RUNNING'].includes(runs[0]!.status));
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
      ['billing', AUDIT_EVENTS_STREAM.name, 'billing-audit'],
    ] as const;
    for (const [service, stream, consumer] of expected) {
      const info = await nats.jsm.consumers.info(stream, consumer);
      const text = await scrape(service);
      expect(sample(text, 'jetstream_consumer_pending', { service, stream, consumer })).toBe(info.num_pending);
      expect(sample(text, 'jetstream_consumer_ack_pending', { service, stream, consumer })).toBe(info.num_ack_pending);
    }
    // The gateway declares no durable consumers, so it reports no lag.
    expect(await scrape('gateway')).not.toContain('jetstream_consumer_pending');
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
