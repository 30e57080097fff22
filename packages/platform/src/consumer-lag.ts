import { Gauge, type Registry } from 'prom-client';
import type { ConsumerInfo } from 'nats';
import type { DurableConsumer } from './messaging';

/** How long a scrape waits for JetStream's answer about one consumer before showing the last value. */
export const CONSUMER_INFO_TIMEOUT_MS = 1_000;

export type ConsumerInfoSource = (stream: string, durable: string) => Promise<Pick<ConsumerInfo, 'num_pending' | 'num_ack_pending'>>;

/**
 * `jetstream_consumer_pending` (messages not yet delivered) and
 * `jetstream_consumer_ack_pending` (delivered, not yet acknowledged) for the
 * durable consumers this service declares, labelled by stream and consumer
 * only (a fixed set per service).
 *
 * Read when Prometheus scrapes rather than on a timer: the values are as of the
 * scrape and nothing is asked of JetStream when nobody looks. Both gauges share
 * one round of `consumer info` requests per scrape. A consumer whose info fails
 * or times out keeps its last value, so a NATS blip shows as a flat line rather
 * than a drop to zero; every replica reports the same numbers, hence `max` in
 * the dashboard.
 */
export function registerConsumerLag(registry: Registry, consumers: readonly DurableConsumer[], info: ConsumerInfoSource): void {
  let refreshing: Promise<void> | undefined;
  const refresh = () =>
    (refreshing ??= Promise.all(
      consumers.map(async (c) => {
        const labels = { stream: c.stream.name, consumer: c.durable };
        try {
          const i = await info(c.stream.name, c.durable);
          pending.set(labels, i.num_pending);
          ackPending.set(labels, i.num_ack_pending);
        } catch {
          // keep the last value (none before the first success)
        }
      }),
    ).then(() => {
      refreshing = undefined;
    }));

  const labelNames = ['stream', 'consumer'] as const;
  const pending = new Gauge({
    name: 'jetstream_consumer_pending',
    help: 'Messages of a durable consumer of this service not yet delivered',
    labelNames,
    registers: [registry],
    collect: refresh,
  });
  const ackPending = new Gauge({
    name: 'jetstream_consumer_ack_pending',
    help: 'Messages delivered to a durable consumer of this service and not yet acknowledged',
    labelNames,
    registers: [registry],
    collect: refresh,
  });
}
