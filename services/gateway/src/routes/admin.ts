import { z } from 'zod';
import { BillingQueries, CreateAccountInput, CreatedAccount, CreatedApiKey } from '@brandradar/contracts';
import { query, type NatsLink } from '@brandradar/platform';
import { defineRoute, type RouteDef } from '../http/route';

/** The operators' API, served on its own port and never routed by the public ingress. */
export function adminRoutes(nats: NatsLink, timeoutMs: number): RouteDef[] {
  return [
    defineRoute({
      method: 'post',
      path: '/admin/v1/accounts',
      operationId: 'adminCreateAccount',
      summary: 'Create an account and its first API key',
      tag: 'Admin',
      body: CreateAccountInput,
      success: { status: 201, description: 'The account, and its API key (shown only this once).', schema: CreatedAccount },
      errors: ['validation_error', 'invalid_state'],
      handle: async ({ body }) => ({ status: 201, body: await query(nats, BillingQueries.createAccount, { version: 1, input: body }, timeoutMs) }),
    }),
    defineRoute({
      method: 'post',
      path: '/admin/v1/accounts/:id/api-keys',
      operationId: 'adminCreateApiKey',
      summary: 'Issue another API key for an account',
      tag: 'Admin',
      params: z.object({ id: z.uuid() }),
      success: { status: 201, description: 'The new key (shown only this once).', schema: CreatedApiKey },
      errors: ['not_found'],
      handle: async ({ params }) => ({ status: 201, body: await query(nats, BillingQueries.createApiKey, { version: 1, accountId: params.id }, timeoutMs) }),
    }),
  ];
}
