import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { SpanKind } from '@opentelemetry/api';
import { DEFAULT_RATES } from '@brandradar/contracts';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { startStack, type TestStack } from '../support/stack';

const exporter = new tracing.InMemorySpanExporter();
const sdk = new NodeSDK({ serviceName: 'wiring-test', spanProcessors: [new tracing.SimpleSpanProcessor(exporter)], logRecordProcessors: [] });
let stack: TestStack;

beforeAll(async () => {
  sdk.start();
  stack = await startStack([billingService, gatewayService]);
});
afterAll(async () => {
  await stack.stop();
  await sdk.shutdown();
});

describe('a request through the gateway, NATS and the billing service', () => {
  it('is answered by billing from its own database, in one trace', async () => {
    const { apiKey } = await stack.account();
    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await stack.api('GET', '/api/v1/rates', { key: apiKey, headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });

    expect(res.status).toBe(200);
    expect(res.body.rates).toMatchObject({ version: 1, ...DEFAULT_RATES });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const byName = (name: string) => spans.find((s) => s.name === name);
    const httpSpan = byName('GET /api/v1/rates');
    const sendSpan = byName('billing.rates.get.v1 send');
    const handlerSpan = byName('billing.rates.get.v1 process');
    expect(httpSpan?.kind).toBe(SpanKind.SERVER);
    expect(httpSpan?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(sendSpan?.kind).toBe(SpanKind.CLIENT);
    expect(sendSpan?.parentSpanContext?.spanId).toBe(httpSpan?.spanContext().spanId);
    expect(handlerSpan?.kind).toBe(SpanKind.SERVER);
    expect(handlerSpan?.parentSpanContext?.spanId).toBe(sendSpan?.spanContext().spanId);
    expect(handlerSpan?.attributes['messaging.destination.name']).toBe('billing.rates.get.v1');
  });

  it('keeps what billing wrote across a restart of the billing service', async () => {
    const { apiKey, accountId } = await stack.account(250_000);
    await stack.start(billingService); // a new instance: nothing cached in memory survives

    const res = await stack.api('GET', '/api/v1/account', { key: apiKey });
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ id: accountId, balanceMicro: 250_000, status: 'open' });
  });
});
