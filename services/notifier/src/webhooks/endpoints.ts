import { randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { WEBHOOK_LIMITS, type UpdateWebhookInput, type Webhook, type WebhookEventType } from '@brandradar/contracts';
import { insertIfNew, type IndexSpec } from '@brandradar/platform';

/** One endpoint of one account, with its secret (which no answer of the API carries). */
export interface WebhookDoc {
  _id: string;
  accountId: string;
  /**
   * Which of the account's `WEBHOOK_LIMITS.perAccount` places this endpoint takes: unique per
   * account, so two creates at once cannot both take the last one.
   */
  slot: number;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  secret: string;
  status: 'enabled' | 'disabled';
  disabledReason: 'failing' | 'by_account' | null;
  disabledAt: Date | null;
  /** The first failed attempt since the last success; null while the latest attempt succeeded (or none was made). */
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const WEBHOOKS = 'webhooks';

export const webhookIndexes: IndexSpec[] = [
  // Every read is by account (an event's subscribers, the API's list); the slot keeps the limit.
  { collection: WEBHOOKS, key: { accountId: 1, slot: 1 }, options: { name: 'one_per_account_slot', unique: true } },
];

export function webhookView(doc: WebhookDoc): Webhook {
  return {
    id: doc._id,
    url: doc.url,
    events: doc.events,
    description: doc.description,
    status: doc.status,
    disabledReason: doc.disabledReason,
    disabledAt: doc.disabledAt?.toISOString() ?? null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export type NewWebhook = Pick<WebhookDoc, 'accountId' | 'url' | 'events' | 'description' | 'secret'>;

/** What `update` sets: the fields sent, and what turning an endpoint on or off implies. */
export function updateFields(input: UpdateWebhookInput, current: Pick<WebhookDoc, 'status'>, now: Date): Partial<WebhookDoc> {
  const set: Partial<WebhookDoc> = { updatedAt: now };
  if (input.url !== undefined) set.url = input.url;
  if (input.events !== undefined) set.events = input.events;
  if (input.description !== undefined) set.description = input.description;
  if (input.status === 'enabled' && current.status !== 'enabled') {
    Object.assign(set, { status: 'enabled', disabledReason: null, disabledAt: null, failingSince: null });
  } else if (input.status === 'disabled' && current.status !== 'disabled') {
    Object.assign(set, { status: 'disabled', disabledReason: 'by_account', disabledAt: now });
  }
  return set;
}

/** The notifier's webhook endpoints. Each change is one single-document write. */
export class WebhookEndpoints {
  private readonly collection: Collection<WebhookDoc>;

  constructor(db: Db) {
    this.collection = db.collection<WebhookDoc>(WEBHOOKS);
  }

  /** Adds an endpoint in a free slot of its account; null when all `WEBHOOK_LIMITS.perAccount` are taken. */
  async create(input: NewWebhook, now: Date): Promise<WebhookDoc | null> {
    for (;;) {
      const taken = new Set((await this.collection.find({ accountId: input.accountId }, { projection: { slot: 1 } }).toArray()).map((d) => d.slot));
      const slot = Array.from({ length: WEBHOOK_LIMITS.perAccount }, (_, i) => i).find((i) => !taken.has(i));
      if (slot === undefined) return null;
      const doc: WebhookDoc = {
        _id: randomUUID(),
        ...input,
        slot,
        status: 'enabled',
        disabledReason: null,
        disabledAt: null,
        failingSince: null,
        createdAt: now,
        updatedAt: now,
      };
      if (await insertIfNew(this.collection, doc)) return doc;
      // Another create took this slot first: look again at what is free.
    }
  }

  /** The account's endpoints, newest first. */
  list(accountId: string): Promise<WebhookDoc[]> {
    return this.collection.find({ accountId }).sort({ createdAt: -1, _id: 1 }).toArray();
  }

  get(accountId: string, id: string): Promise<WebhookDoc | null> {
    return this.collection.findOne({ _id: id, accountId });
  }

  /** An endpoint by id alone, for the sender, which delivers for every account. */
  byId(id: string): Promise<WebhookDoc | null> {
    return this.collection.findOne({ _id: id });
  }

  /** The account's enabled endpoints subscribed to `type`. */
  subscribers(accountId: string, type: WebhookEventType): Promise<WebhookDoc[]> {
    return this.collection.find({ accountId, status: 'enabled', events: type }).toArray();
  }

  /** Applies `set` if the endpoint is still in the state it was read in; false when it changed or is gone meanwhile. */
  async update(current: WebhookDoc, set: Partial<WebhookDoc>): Promise<WebhookDoc | null> {
    return this.collection.findOneAndUpdate({ _id: current._id, accountId: current.accountId, updatedAt: current.updatedAt }, { $set: set }, { returnDocument: 'after' });
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    return (await this.collection.deleteOne({ _id: id, accountId })).deletedCount === 1;
  }

  /** A success: the endpoint is no longer failing. */
  async recordSuccess(id: string): Promise<void> {
    await this.collection.updateOne({ _id: id, failingSince: { $ne: null } }, { $set: { failingSince: null } });
  }

  /** A failed attempt: the endpoint is failing since now, unless it already was. Returns it as it is now. */
  async recordFailure(id: string, now: Date): Promise<WebhookDoc | null> {
    await this.collection.updateOne({ _id: id, failingSince: null }, { $set: { failingSince: now } });
    return this.collection.findOne({ _id: id });
  }

  /**
   * Turns an endpoint that has been failing off, unless it was turned off, back on or succeeded
   * meanwhile; of several senders at once, one does. Returns the endpoint disabled, or null.
   */
  async disableFailing(current: WebhookDoc, now: Date): Promise<WebhookDoc | null> {
    return this.collection.findOneAndUpdate(
      { _id: current._id, status: 'enabled', failingSince: current.failingSince },
      { $set: { status: 'disabled', disabledReason: 'failing', disabledAt: now, updatedAt: now } },
      { returnDocument: 'after' },
    );
  }
}
