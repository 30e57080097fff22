import { AckPolicy, DeliverPolicy, RetentionPolicy, StorageType, nanos, type ConsumerConfig, type JetStreamManager } from 'nats';
import type { EventDef, StreamDef } from '@brandradar/contracts';
import { isJetStreamError, JetStreamErrorCode } from './failures';

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * Creates or updates a file-backed stream so it captures exactly `subjects`.
 * A stream already as described is only looked at: services, whose NATS users
 * may not create or change streams, run this at start after the deploy job
 * (or the local stack) provisioned them.
 */
export async function ensureStream(jsm: JetStreamManager, stream: StreamDef, subjects: string[], replicas: number): Promise<void> {
  const current = await jsm.streams.info(stream.name).then(
    (info) => info.config,
    (e: unknown) => {
      if (isJetStreamError(e, JetStreamErrorCode.streamNotFound)) return undefined;
      throw e;
    },
  );
  if (current && current.description === stream.description && current.num_replicas === replicas && sameSet(current.subjects ?? [], subjects)) return;
  const config = {
    name: stream.name,
    description: stream.description,
    subjects,
    retention: stream.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
    storage: StorageType.File,
    num_replicas: replicas,
    duplicate_window: nanos(2 * 60_000),
  };
  try {
    await jsm.streams.add(config); // idempotent when the stream exists with this config
    return;
  } catch (e) {
    // It exists with another config (other subjects, replicas): update it.
    if (!isJetStreamError(e, JetStreamErrorCode.streamNameInUse)) throw e;
  }
  await jsm.streams.update(stream.name, { subjects, description: stream.description, num_replicas: replicas });
}

export interface DurableConsumer<E extends EventDef = EventDef> {
  stream: StreamDef;
  durable: string;
  events: readonly E[];
  /** How long a message may be worked on before redelivery; long jobs call `working()`. */
  ackWaitMs: number;
  maxDeliver: number;
}

/** A durable consumer typed by the events it reads, so its handler receives their parsed payloads. */
export function defineConsumer<E extends EventDef>(c: DurableConsumer<E>): DurableConsumer<E> {
  return c;
}

export async function ensureConsumer(jsm: JetStreamManager, c: DurableConsumer): Promise<void> {
  const config: Partial<ConsumerConfig> = {
    durable_name: c.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subjects: c.events.map((e) => e.subject),
    ack_wait: nanos(c.ackWaitMs),
    max_deliver: c.maxDeliver,
  };
  try {
    await jsm.consumers.add(c.stream.name, config);
  } catch (e) {
    // It exists with another config: update the mutable parts.
    if (!isJetStreamError(e, JetStreamErrorCode.consumerExists)) throw e;
    await jsm.consumers.update(c.stream.name, c.durable, config);
  }
}
