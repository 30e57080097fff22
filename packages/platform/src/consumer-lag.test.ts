import { Registry } from 'prom-client';
import { RUN_EVENTS_STREAM, TRACKER_EVENTS_STREAM } from '@brandradar/contracts';
import { registerConsumerLag, type ConsumerInfoSource } from './consumer-lag';
import type { DurableConsumer } from './messaging';

const consumers: DurableConsumer[] = [
  { stream: RUN_EVENTS_STREAM, durable: 'tracker-runs-queued', events: [], ackWaitMs: 30_000, maxDeliver: 20 },
  { stream: TRACKER_EVENTS_STREAM, durable: 'scheduler-trackers', events: [], ackWaitMs: 30_000, maxDeliver: 20 },
];

function setup(info: ConsumerInfoSource) {
  const registry = new Registry();
  registerConsumerLag(registry, consumers, info);
  const value = async (name: string, consumer: string) => {
    const metric = await registry.getSingleMetric(name)!.get();
    return metric.values.find((v) => v.labels.consumer === consumer)?.value;
  };
  return { registry, value };
}

describe('registerConsumerLag', () => {
  it('reads pending and ack-pending per consumer once per scrape, labelled by stream and consumer', async () => {
    const info = jest.fn<ReturnType<ConsumerInfoSource>, Parameters<ConsumerInfoSource>>(async (_stream, durable) =>
      durable === 'tracker-runs-queued' ? { num_pending: 7, num_ack_pending: 2 } : { num_pending: 0, num_ack_pending: 1 },
    );
    const { registry } = setup(info);

    const text = await registry.metrics();

    expect(text).toContain(`jetstream_consumer_pending{stream="${RUN_EVENTS_STREAM.name}",consumer="tracker-runs-queued"} 7`);
    expect(text).toContain(`jetstream_consumer_ack_pending{stream="${RUN_EVENTS_STREAM.name}",consumer="tracker-runs-queued"} 2`);
    expect(text).toContain(`jetstream_consumer_pending{stream="${TRACKER_EVENTS_STREAM.name}",consumer="scheduler-trackers"} 0`);
    expect(info).toHaveBeenCalledTimes(2); // both gauges from one round of requests
    await registry.metrics();
    expect(info).toHaveBeenCalledTimes(4);
  });

  it('keeps the last value of a consumer whose info fails or times out', async () => {
    let pending = 5;
    let failing = false;
    const { registry, value } = setup(async (_stream, durable) => {
      if (failing && durable === 'tracker-runs-queued') throw new Error('TIMEOUT');
      return { num_pending: pending, num_ack_pending: 0 };
    });
    await registry.metrics();
    [pending, failing] = [9, true];

    await registry.metrics();

    expect(await value('jetstream_consumer_pending', 'tracker-runs-queued')).toBe(5);
    expect(await value('jetstream_consumer_pending', 'scheduler-trackers')).toBe(9);
  });
});
