import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { headers as natsHeaders, type MsgHdrs } from 'nats';

export const tracer = trace.getTracer('brandradar');

/** Runs `fn` in a new active span, recording an exception and ending the span either way. */
export async function inSpan<T>(
  name: string,
  options: { kind: SpanKind; attributes?: Record<string, string | number | boolean> },
  fn: (span: Span) => Promise<T>,
  parent: Context = context.active(),
): Promise<T> {
  return tracer.startActiveSpan(name, options, parent, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** NATS headers carrying the active W3C trace context (`traceparent`, `tracestate`). */
export function headersWithTraceContext(): MsgHdrs {
  const h = natsHeaders();
  propagation.inject(context.active(), h, { set: (carrier, key, value) => carrier.set(key, value) });
  return h;
}

/** The trace context a message carried, to parent the consumer's span. */
export function contextFromHeaders(h: MsgHdrs | undefined): Context {
  if (!h) return context.active();
  return propagation.extract(context.active(), h, {
    get: (carrier, key) => (carrier.has(key) ? carrier.get(key) : undefined),
    keys: (carrier) => carrier.keys(),
  });
}

export function messagingAttributes(subject: string, operation: 'send' | 'process' | 'receive') {
  return {
    'messaging.system': 'nats',
    'messaging.destination.name': subject,
    'messaging.operation.type': operation,
  };
}

export { SpanKind };
