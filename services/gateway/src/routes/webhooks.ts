import { z } from 'zod';
import { CreateWebhookInput, DeliveryList, DeliveryListQuery, UpdateWebhookInput, WEBHOOK_LIMITS, Webhook, WebhookCreated, WebhookDelivery, WebhookList, WebhookMessageId, WebhookQueries } from '@brandradar/contracts';
import { query, type NatsLink } from '@brandradar/platform';
import { defineRoute, pathId, type RouteDef } from '../http/route';

const WebhookParams = z.object({ id: pathId() });
const DeliveryParams = z.object({ id: pathId(), deliveryId: WebhookMessageId });
const one = z.object({ webhook: Webhook });

/** Webhook endpoints (api-contract §13); the notifier, which delivers events, answers each over NATS. */
export function webhookRoutes(nats: NatsLink, timeoutMs: number): RouteDef[] {
  const ask = <Q extends (typeof WebhookQueries)[keyof typeof WebhookQueries]>(def: Q, request: z.infer<Q['request']>) => query(nats, def, request, timeoutMs);
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/webhooks',
      operationId: 'createWebhook',
      summary: 'Add a webhook endpoint',
      description: `Events are POSTed to \`url\` as JSON \`{ type, timestamp, data }\`, signed as the Standard Webhooks specification says (headers \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`). A 2xx within 10 s is a success; anything else is retried with growing delays for at least 24 hours, with the same \`webhook-id\`. An endpoint whose deliveries all failed for 3 days is disabled, and the account is e-mailed. The URL must be \`https://\` and its host must not resolve to a loopback, private, link-local or multicast address (the operator may allow private targets, as the local stack does). At most ${WEBHOOK_LIMITS.perAccount} per account.`,
      tag: 'Webhooks',
      scope: 'manage',
      body: CreateWebhookInput,
      success: { status: 201, description: 'The endpoint, and its signing secret: shown this once.', schema: WebhookCreated, headers: { Location: 'URL of the new webhook' } },
      errors: ['validation_error', 'webhook_limit_reached'],
      handle: async ({ accountId, body }) => {
        const created = await ask(WebhookQueries.create, { version: 1, accountId, input: body });
        return { status: 201, body: created, headers: { Location: `/api/v1/webhooks/${created.webhook.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/webhooks',
      operationId: 'listWebhooks',
      summary: 'List your webhook endpoints, newest first',
      tag: 'Webhooks',
      scope: 'read',
      success: { status: 200, description: `Every endpoint of the account (at most ${WEBHOOK_LIMITS.perAccount}); never their secrets.`, schema: WebhookList },
      errors: [],
      handle: async ({ accountId }) => ({ status: 200, body: await ask(WebhookQueries.list, { version: 1, accountId }) }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/webhooks/:id',
      operationId: 'getWebhook',
      summary: 'Fetch one webhook endpoint',
      tag: 'Webhooks',
      scope: 'read',
      params: WebhookParams,
      success: { status: 200, description: 'The endpoint; never its secret.', schema: one },
      errors: ['not_found'],
      handle: async ({ accountId, params }) => ({ status: 200, body: await ask(WebhookQueries.get, { version: 1, accountId, webhookId: params.id }) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/v1/webhooks/:id',
      operationId: 'updateWebhook',
      summary: 'Change a webhook endpoint, or turn it on or off',
      description:
        'Only the fields sent change. `status: "enabled"` turns on an endpoint that was disabled (by you, or after failing for 3 days); deliveries that failed meanwhile are not sent again unless redelivered. A new `url` is checked as at creation.',
      tag: 'Webhooks',
      scope: 'manage',
      params: WebhookParams,
      body: UpdateWebhookInput,
      success: { status: 200, description: 'The endpoint as changed.', schema: one },
      errors: ['validation_error', 'not_found'],
      handle: async ({ accountId, params, body }) => ({ status: 200, body: await ask(WebhookQueries.update, { version: 1, accountId, webhookId: params.id, input: body }) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/webhooks/:id',
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook endpoint',
      description: 'Deliveries not yet made are dropped; the endpoint gets nothing more.',
      tag: 'Webhooks',
      scope: 'manage',
      params: WebhookParams,
      success: { status: 204, description: 'Deleted.' },
      errors: ['not_found'],
      handle: async ({ accountId, params }) => {
        await ask(WebhookQueries.delete, { version: 1, accountId, webhookId: params.id });
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/webhooks/:id/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: "An endpoint's delivery log, newest first",
      description: 'Each delivery with its status and every attempt: when, the HTTP status, how long it took, and why it failed.',
      tag: 'Webhooks',
      scope: 'read',
      params: WebhookParams,
      query: DeliveryListQuery,
      success: { status: 200, description: 'One page of deliveries; pass `nextCursor` as `cursor` for the next, until it is null.', schema: DeliveryList },
      errors: ['validation_error', 'not_found'],
      handle: async ({ accountId, params, query: q }) => ({ status: 200, body: await ask(WebhookQueries.deliveries, { version: 1, accountId, webhookId: params.id, query: q }) }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
      operationId: 'redeliverWebhookDelivery',
      summary: 'Send a delivery again',
      description: 'The same event with the same `webhook-id`, signed anew, as soon as possible, then retried as a new delivery would be. Works for a failed delivery and for a succeeded one your receiver lost.',
      tag: 'Webhooks',
      scope: 'manage',
      params: DeliveryParams,
      success: { status: 202, description: 'The delivery, pending again.', schema: z.object({ delivery: WebhookDelivery }) },
      errors: ['not_found'],
      handle: async ({ accountId, params }) => ({ status: 202, body: await ask(WebhookQueries.redeliver, { version: 1, accountId, webhookId: params.id, deliveryId: params.deliveryId }) }),
    }),
  ];
}
