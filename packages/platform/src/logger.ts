import pino from 'pino';
import { trace } from '@opentelemetry/api';

export type Logger = pino.Logger;

/**
 * JSON logs on stdout (or `destination`, e.g. a test reading the lines), one line each, with the
 * active trace id when there is one.
 */
export function createLogger(service: string, level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
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
  };
  return destination ? pino(options, destination) : pino(options);
}
