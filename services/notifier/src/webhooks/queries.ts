import { notFound, WEBHOOK_LIMITS, type WebhookQueries } from '@brandradar/contracts';
import { DomainError, type QueryHandlers } from '@brandradar/platform';
import { decodeCursor, encodeCursor } from './domain';
import { deliveryView, type WebhookDeliveries } from './deliveries';
import { updateFields, webhookView, type WebhookEndpoints } from './endpoints';

export interface WebhookQueryDeps {
  endpoints: WebhookEndpoints;
  deliveries: WebhookDeliveries;
  /** A new signing secret, `whsec_…`. */
  newSecret(): string;
  /** Why `url` may not receive webhooks, or null when it may. */
  refusedTarget(url: string): Promise<string | null>;
  /** A delivery became due now (a redelivery), so the sender need not wait for its next poll. */
  due(): void;
  now?: () => Date;
}

const missing = () => new DomainError(notFound());

async function checkTarget(d: WebhookQueryDeps, url: string): Promise<void> {
  const why = await d.refusedTarget(url);
  if (why !== null) throw DomainError.of('validation_error', 'The request body is invalid.', { issues: [{ path: 'url', message: why }] });
}

/** The answers to `WebhookQueries`, each scoped to the calling account: another account's id is as unknown as a made-up one. */
export function webhookQueryHandlers(d: WebhookQueryDeps): QueryHandlers<typeof WebhookQueries> {
  const now = d.now ?? (() => new Date());
  const endpointOf = async (accountId: string, webhookId: string) => {
    const doc = await d.endpoints.get(accountId, webhookId);
    if (!doc) throw missing();
    return doc;
  };

  return {
    async create({ accountId, input }) {
      await checkTarget(d, input.url);
      const secret = d.newSecret();
      const doc = await d.endpoints.create({ accountId, url: input.url, events: input.events, description: input.description ?? null, secret }, now());
      if (!doc) throw DomainError.of('webhook_limit_reached', `An account may have at most ${WEBHOOK_LIMITS.perAccount} webhook endpoints; delete one to add another.`);
      return { webhook: webhookView(doc), secret };
    },
    async list({ accountId }) {
      return { webhooks: (await d.endpoints.list(accountId)).map(webhookView) };
    },
    async get({ accountId, webhookId }) {
      return { webhook: webhookView(await endpointOf(accountId, webhookId)) };
    },
    async update({ accountId, webhookId, input }) {
      if (input.url !== undefined) await checkTarget(d, input.url);
      for (;;) {
        const current = await endpointOf(accountId, webhookId);
        const updated = await d.endpoints.update(current, updateFields(input, current, now()));
        // Null: changed by another request (or a sender disabling it) since it was read; apply the change to what it is now.
        if (updated) return { webhook: webhookView(updated) };
      }
    },
    async delete({ accountId, webhookId }) {
      if (!(await d.endpoints.delete(accountId, webhookId))) throw missing();
      // Its deliveries: pending ones are never sent (the sender finds no endpoint), and the log is the endpoint's.
      await d.deliveries.deleteAll(webhookId);
      return { deleted: true };
    },
    async deliveries({ accountId, webhookId, query }) {
      await endpointOf(accountId, webhookId);
      const from = query.cursor === undefined ? null : decodeCursor(query.cursor);
      if (query.cursor !== undefined && from === null) throw DomainError.of('validation_error', 'The query is invalid.', { issues: [{ path: 'cursor', message: 'Cursor is not one this API issued; use nextCursor of the previous page.' }] });
      // One more than asked for tells whether there is a next page.
      const docs = await d.deliveries.page(webhookId, query.limit + 1, from);
      const page = docs.slice(0, query.limit);
      const last = page.at(-1);
      return { deliveries: page.map(deliveryView), nextCursor: docs.length > query.limit && last ? encodeCursor({ createdAt: last.createdAt, id: last._id }) : null };
    },
    async redeliver({ accountId, webhookId, deliveryId }) {
      await endpointOf(accountId, webhookId);
      const doc = await d.deliveries.redeliver(webhookId, deliveryId, now());
      if (!doc) throw missing();
      d.due();
      return { delivery: deliveryView(doc) };
    },
  };
}
