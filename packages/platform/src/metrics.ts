import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per service instance, so two services in one test process never collide. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** A counter registered in `registry`; its labels are a fixed few names, never user data. */
export function counter<L extends string = never>(registry: Registry, name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  return new Counter({ name, help, labelNames, registers: [registry] });
}

/** Latency buckets for requests between services and to the public API, in seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function httpRequestDuration(registry: Registry): Histogram<'method' | 'route' | 'status'> {
  return new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
}

export function natsHandledTotal(registry: Registry): Counter<'subject' | 'outcome'> {
  return counter(registry, 'nats_messages_handled_total', 'Messages handled by this service, by subject and outcome', ['subject', 'outcome']);
}

export function natsDeadLettersTotal(registry: Registry): Counter<'stream' | 'reason'> {
  return counter(registry, 'nats_dead_letters_total', 'Messages consumers gave up on and sent to DEAD_LETTERS, by stream and reason (invalid_payload, permanent_error, retries_exhausted, max_deliveries)', ['stream', 'reason']);
}

/** Billing's money flow; `kind` is one of a fixed few, never an account. */
export function ledgerAmountMicro(registry: Registry): Counter<'kind'> {
  return counter(registry, 'ledger_amount_micro_total', 'Money written to the ledger, in micro-units (100,000 = 1 USD), by kind', ['kind']);
}
