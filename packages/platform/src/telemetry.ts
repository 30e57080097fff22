import type { IncomingMessage } from 'node:http';
import { OPS_PATHS } from './ops-server';

export interface Telemetry {
  shutdown(): Promise<void>;
}

/**
 * A URL as a span may show it: the query's names without their values, which carry API keys
 * (`api_key=` for SerpAPI) and customer data (`q=` is a prompt).
 */
export function redactQuery(url: URL): { full: string; query: string } {
  const names = [...new URLSearchParams(url.search).keys()];
  const query = names.length > 0 ? `?${names.map((n) => `${encodeURIComponent(n)}=REDACTED`).join('&')}` : '';
  return { full: `${url.origin}${url.pathname}${query}`, query };
}

/**
 * The instrumentations every service runs, beside the NATS spans (tracing.ts) and the Mongo command
 * spans (mongo.ts):
 * - `http`: a SERVER span per incoming request (the gateway's APIs; not the ops port's probes and
 *   scrapes), continuing an incoming `traceparent`; no headers are recorded, so no API key or token.
 * - `express`: the route template (`http.route`, also in the SERVER span's name) and a span for the
 *   route's handler; none for each middleware (anonymous functions, noise in a trace).
 * - `undici`: a CLIENT span per `fetch` (every provider SDK calls out through it), with query values
 *   redacted; only inside a trace, so nothing outside a handler starts one.
 * The Mongo driver is traced from its own command monitoring (mongo.ts) instead of by
 * `@opentelemetry/instrumentation-mongodb`, which would trace every command a second time.
 */
async function instrumentations() {
  const [{ ExpressInstrumentation, ExpressLayerType }, { HttpInstrumentation }, { UndiciInstrumentation }] = await Promise.all([
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (req: IncomingMessage) => OPS_PATHS.includes((req.url ?? '/').split('?')[0]!),
      requireParentforOutgoingSpans: true,
    }),
    new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
    new UndiciInstrumentation({
      requireParentforSpans: true,
      startSpanHook: (request) => {
        const { full, query } = redactQuery(new URL(request.path, request.origin));
        return { 'url.full': full, 'url.query': query };
      },
    }),
  ];
}

/**
 * Starts the OpenTelemetry SDK for this process. Spans are always recorded (so
 * logs carry trace ids and context flows through HTTP and NATS); they are
 * exported over OTLP only when `OTEL_EXPORTER_OTLP_ENDPOINT` (or the traces
 * variant) is set, honouring the standard `OTEL_*` variables.
 *
 * Instrumentations patch modules as they are loaded: call this before the
 * service's own modules (express, the provider SDKs) are required — runMain does.
 *
 * The SDK and the instrumentations are loaded here rather than at the top: only a service process
 * starts telemetry, and they are the heaviest of the platform's modules (about 0.35 s of CPU),
 * which every test file that imports the platform would otherwise load again.
 */
export async function startTelemetry(service: string, env: NodeJS.ProcessEnv = process.env): Promise<Telemetry> {
  const exporting = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const { NodeSDK, tracing } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({
    serviceName: service,
    instrumentations: await instrumentations(),
    spanProcessors: exporting ? undefined : [new tracing.NoopSpanProcessor()],
    // Without a reader the SDK would push metrics over OTLP to localhost:4318 anyway, and retry that
    // export at shutdown until the grace period ran out (5 s for every stop of the gateway and the
    // runner). Metrics are scraped from /metrics; OTLP gets them only when exporting.
    metricReaders: exporting ? undefined : [],
    // Logs go to stdout as JSON; nothing is exported through the OTel logs SDK.
    logRecordProcessors: [],
  });
  sdk.start();
  return sdk;
}
