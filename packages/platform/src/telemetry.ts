import { NodeSDK, tracing } from '@opentelemetry/sdk-node';

export interface Telemetry {
  shutdown(): Promise<void>;
}

/**
 * Starts the OpenTelemetry SDK for this process. Spans are always recorded (so
 * logs carry trace ids and context flows through HTTP and NATS); they are
 * exported over OTLP only when `OTEL_EXPORTER_OTLP_ENDPOINT` (or the traces
 * variant) is set, honouring the standard `OTEL_*` variables.
 */
export function startTelemetry(service: string, env: NodeJS.ProcessEnv = process.env): Telemetry {
  const exporting = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const sdk = new NodeSDK({
    serviceName: service,
    instrumentations: [],
    spanProcessors: exporting ? undefined : [new tracing.NoopSpanProcessor()],
    // Logs go to stdout as JSON; nothing is exported through the OTel logs SDK.
    logRecordProcessors: [],
  });
  sdk.start();
  return sdk;
}
