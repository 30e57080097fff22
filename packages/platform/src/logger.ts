import pino from 'pino';
import { trace } from '@opentelemetry/api';

export type Logger = pino.Logger;

/** JSON logs on stdout, one line each, with the active trace id when there is one. */
export function createLogger(service: string, level: string): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { traceId, spanId };
    },
  });
}
