import { randomUUID } from 'node:crypto';
import type { Collection, Db, Filter } from 'mongodb';
import type { WebhookDelivery, WebhookEventType } from '@brandradar/contracts';
import { insertIfNew, Leases, type IndexSpec, type LeaseFields } from '@brandradar/platform';
import { keptAttempts, type LogPosition } from './domain';

export interface AttemptDoc {
  at: Date;
  outcome: 'succeeded' | 'failed';
  httpStatus: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * `pending`: due at `leaseUntil` (nobody may take it before). `sending`: a sender (`owner`) holds
 * it until `leaseUntil`, its lease. `succeeded` and `failed` are final until redelivered.
 */
type DeliveryStatus = 'pending' | 'sending' | 'succeeded' | 'failed';

/** One event for one endpoint: the outbox of webhooks, and its log. */
export interface DeliveryDoc {
  /** `msg_…`, from the event and the endpoint: also the `webhook-id` of every attempt. */
  _id: string;
  webhookId: string;
  accountId: string;
  eventId: string;
  type: WebhookEventType;
  /** The JSON sent, byte for byte the same on every attempt (the signature is made anew each time). */
  body: string;
  status: DeliveryStatus;
  attempts: AttemptDoc[];
  /** Attempts made since the schedule (re)started: which delay of the schedule comes next. */
  attemptNumber: number;
  /** Set when a redelivery was asked for while an attempt was under way: once it ends, the delivery starts over. */
  redeliver: boolean;
  owner: string | null;
  leaseUntil: Date;
  createdAt: Date;
  /** When the next attempt is due; null once the delivery is final. */
  nextAttemptAt: Date | null;
  updatedAt: Date;
}

export const WEBHOOK_DELIVERIES = 'webhook_deliveries';

export const deliveryIndexes: IndexSpec[] = [
  { collection: WEBHOOK_DELIVERIES, key: { status: 1, leaseUntil: 1 }, options: { name: 'due_by_lease' } },
  { collection: WEBHOOK_DELIVERIES, key: { webhookId: 1, createdAt: -1, _id: -1 }, options: { name: 'log_newest_first' } },
];

export function deliveryView(doc: DeliveryDoc): WebhookDelivery {
  return {
    id: doc._id,
    webhookId: doc.webhookId,
    type: doc.type,
    // An attempt under way is still pending to the account: it has not succeeded yet.
    status: doc.status === 'sending' ? 'pending' : doc.status,
    createdAt: doc.createdAt.toISOString(),
    nextAttemptAt: doc.nextAttemptAt?.toISOString() ?? null,
    attempts: doc.attempts.map((a) => ({ ...a, at: a.at.toISOString() })),
  };
}

export type NewDelivery = Pick<DeliveryDoc, '_id' | 'webhookId' | 'accountId' | 'eventId' | 'type' | 'body'>;

/** How an attempt ended: final, or due again at `retryAt`. */
export type Settlement = { status: 'succeeded' | 'failed' } | { status: 'pending'; retryAt: Date };

const OPEN: Filter<DeliveryDoc> = { status: { $in: ['pending', 'sending'] } };

/** The notifier's webhook deliveries. Each change is one single-document write; claims use leases as the mail outbox does. */
export class WebhookDeliveries {
  private readonly collection: Collection<DeliveryDoc>;
  private readonly leases: Leases;

  constructor(db: Db) {
    this.collection = db.collection<DeliveryDoc>(WEBHOOK_DELIVERIES);
    this.leases = new Leases(db, WEBHOOK_DELIVERIES);
  }

  /** Records a delivery due now; false when this event's delivery to this endpoint is already recorded. */
  async enqueue(d: NewDelivery, now: Date): Promise<boolean> {
    const doc: DeliveryDoc = { ...d, status: 'pending', attempts: [], attemptNumber: 0, redeliver: false, owner: null, leaseUntil: now, createdAt: now, nextAttemptAt: now, updatedAt: now };
    return insertIfNew(this.collection, doc);
  }

  /**
   * Takes the most overdue delivery for one attempt (a pending one that is due, or one whose
   * sender died while `sending`), skipping endpoints in `busy`, which have enough in flight.
   */
  async claimNext(now: Date, leaseMs: number, busy: readonly string[]): Promise<DeliveryDoc | null> {
    const open = busy.length > 0 ? { ...OPEN, webhookId: { $nin: busy } } : OPEN;
    const lease = await this.leases.claimNext(open as Filter<LeaseFields>, randomUUID(), now, leaseMs, { set: { status: 'sending', updatedAt: now }, inc: { attemptNumber: 1 } });
    // Read back as claimed; gone only if the lease ran out and another sender took it meanwhile.
    return lease && this.collection.findOne({ _id: lease.id, owner: lease.owner });
  }

  /**
   * Records an attempt and what follows it, unless another sender has taken the delivery since
   * (the lease ran out). A redelivery asked for during the attempt makes it due again now, with
   * the schedule started over.
   */
  async settle(claim: DeliveryDoc, attempt: AttemptDoc, next: Settlement, now: Date): Promise<boolean> {
    const attempts = keptAttempts(claim.attempts, attempt);
    const held = { _id: claim._id, status: 'sending' as const, owner: claim.owner };
    const settled = next.status === 'pending' ? { status: 'pending' as const, leaseUntil: next.retryAt, nextAttemptAt: next.retryAt } : { status: next.status, nextAttemptAt: null };
    const plain = await this.collection.updateOne({ ...held, redeliver: false }, { $set: { attempts, ...settled, updatedAt: now } });
    if (plain.modifiedCount === 1) return true;
    const again = await this.collection.updateOne({ ...held, redeliver: true }, { $set: { attempts, ...dueNow(now) } });
    return again.modifiedCount === 1;
  }

  /** Gives a claimed delivery back, due now, as if the attempt never began (the sender is stopping). */
  async release(claim: DeliveryDoc, now: Date): Promise<void> {
    await this.collection.updateOne({ _id: claim._id, status: 'sending', owner: claim.owner }, { $set: { status: 'pending', owner: null, leaseUntil: now, updatedAt: now }, $inc: { attemptNumber: -1 } });
  }

  /** Fails every delivery of an endpoint not yet under way, recording why as a failed attempt of each. */
  async failPending(webhookId: string, error: string, now: Date): Promise<void> {
    for await (const d of this.collection.find({ webhookId, status: 'pending' })) {
      const attempts = keptAttempts(d.attempts, { at: now, outcome: 'failed', httpStatus: null, durationMs: 0, error } satisfies AttemptDoc);
      await this.collection.updateOne({ _id: d._id, status: 'pending', updatedAt: d.updatedAt }, { $set: { status: 'failed', attempts, nextAttemptAt: null, updatedAt: now } });
    }
  }

  async deleteAll(webhookId: string): Promise<void> {
    await this.collection.deleteMany({ webhookId });
  }

  /** A page of an endpoint's log, newest first, after `from` if given. */
  page(webhookId: string, limit: number, from: LogPosition | null): Promise<DeliveryDoc[]> {
    const after: Filter<DeliveryDoc> = from ? { $or: [{ createdAt: { $lt: from.createdAt } }, { createdAt: from.createdAt, _id: { $lt: from.id } }] } : {};
    return this.collection
      .find({ webhookId, ...after })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .toArray();
  }

  /**
   * Makes a delivery due again now with its schedule started over; one under way is marked, and
   * starts over when its attempt ends. Null when there is no such delivery of this endpoint.
   */
  async redeliver(webhookId: string, id: string, now: Date): Promise<DeliveryDoc | null> {
    const idle = await this.collection.findOneAndUpdate({ _id: id, webhookId, status: { $ne: 'sending' } }, { $set: dueNow(now) }, { returnDocument: 'after' });
    if (idle) return idle;
    const busy = await this.collection.findOneAndUpdate({ _id: id, webhookId, status: 'sending' }, { $set: { redeliver: true, updatedAt: now } }, { returnDocument: 'after' });
    if (busy) return busy;
    // Neither idle nor under way: there is no such delivery, or its attempt ended between the two writes.
    return (await this.collection.countDocuments({ _id: id, webhookId }, { limit: 1 })) === 0 ? null : this.redeliver(webhookId, id, now);
  }
}

/** What makes a delivery due now with its retry schedule started over. */
function dueNow(now: Date): Partial<DeliveryDoc> {
  return { status: 'pending', attemptNumber: 0, redeliver: false, owner: null, leaseUntil: now, nextAttemptAt: now, updatedAt: now };
}
