import { z } from 'zod';
import { Account, ApiKeyList, BillingQueries, CreateAccountInput, CreatedAccount, CreatedApiKey, CreditInput, OpenHoldList, RateCard, RatesInput, ReanalysisSweep, ReanalysisSweepInput, RunQueries } from '@brandradar/contracts';
import { query, type NatsLink } from '@brandradar/platform';
import type { GatewayCaches } from '../caches';
import { defineRoute, pathId, type RouteDef } from '../http/route';
import { adminAuditRoute } from './audit';

const accountParams = z.object({ id: pathId() });
const accountBody = z.object({ account: Account });
const ratesBody = z.object({ rates: RateCard });
const sweepBody = z.object({ sweep: ReanalysisSweep });

/**
 * The operators' API, served on its own port and never routed by the public ingress. Revoking a
 * key, closing an account and publishing rates update this replica's `caches` at once; the others
 * hear billing's event.
 */
export function adminRoutes(nats: NatsLink, timeoutMs: number, caches: GatewayCaches): RouteDef[] {
  return [
    defineRoute({
      method: 'post',
      path: '/admin/v1/reanalysis',
      operationId: 'adminRequestReanalysis',
      summary: 'Reanalyse every tracker (after an upgrade)',
      description:
        "Queues a sweep that reanalyses every tracker with runs, one at a time, as `POST /api/v1/trackers/{id}/reanalysis` would: their current names, the current analysis version, nothing billed. Throttled by the runner setting `REANALYSIS_SWEEP_ANSWERS_PER_SECOND` so that runs and the API are not slowed; progress is in the runner's `reanalysis_*` metrics and logs. A repeated `requestToken` answers 200 with the same sweep.",
      tag: 'Admin',
      scope: 'operator',
      body: ReanalysisSweepInput,
      success: {
        status: 202,
        description: 'The sweep, QUEUED. `Location` names it.',
        schema: sweepBody,
        headers: { Location: 'URL of the sweep' },
        replay: { status: 200, description: 'A repeated `requestToken`: the sweep it queued, as it is now (no second sweep). `Location` names it.' },
      },
      errors: ['validation_error'],
      handle: async ({ body }) => {
        const { sweep, replayed } = await query(nats, RunQueries.requestSweep, { version: 1, requestToken: body.requestToken }, timeoutMs);
        return { status: replayed ? 200 : 202, body: { sweep }, headers: { Location: `/admin/v1/reanalysis/${sweep.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/admin/v1/reanalysis/:id',
      operationId: 'adminGetReanalysis',
      summary: 'Follow a sweep',
      tag: 'Admin',
      scope: 'operator',
      params: z.object({ id: pathId() }),
      success: { status: 200, description: 'The sweep and its progress.', schema: sweepBody },
      errors: ['not_found'],
      handle: async ({ params }) => ({ status: 200, body: await query(nats, RunQueries.getSweep, { version: 1, sweepId: params.id }, timeoutMs) }),
    }),
    defineRoute({
      method: 'post',
      path: '/admin/v1/accounts',
      operationId: 'adminCreateAccount',
      summary: 'Create an account and its first API key',
      tag: 'Admin',
      scope: 'operator',
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
      scope: 'operator',
      params: accountParams,
      success: { status: 201, description: 'The new key (shown only this once).', schema: CreatedApiKey },
      errors: ['not_found'],
      handle: async ({ params }) => ({ status: 201, body: await query(nats, BillingQueries.createApiKey, { version: 1, accountId: params.id }, timeoutMs) }),
    }),
    defineRoute({
      method: 'get',
      path: '/admin/v1/accounts/:id/api-keys',
      operationId: 'adminListApiKeys',
      summary: "List an account's API keys",
      description: 'Key ids with when each was issued and revoked; secrets are never shown again (only their hash is stored).',
      tag: 'Admin',
      scope: 'operator',
      params: accountParams,
      success: { status: 200, description: 'The keys, oldest first.', schema: ApiKeyList },
      errors: ['not_found'],
      handle: async ({ params }) => ({ status: 200, body: await query(nats, BillingQueries.listApiKeys, { version: 1, accountId: params.id }, timeoutMs) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/admin/v1/api-keys/:keyId',
      operationId: 'adminRevokeApiKey',
      summary: 'Revoke an API key',
      description: 'From then on the key is refused like an unknown one (401). Revoking a revoked key answers 204 again.',
      tag: 'Admin',
      scope: 'operator',
      params: z.object({ keyId: z.string().regex(/^[0-9a-f]{12}$/) }),
      success: { status: 204, description: 'The key is revoked.' },
      errors: ['not_found'],
      handle: async ({ params, principal }) => {
        const { accountId } = await query(nats, BillingQueries.revokeApiKey, { version: 1, keyId: params.keyId }, timeoutMs);
        caches.forgetKey(params.keyId);
        // The path names no account: the audit trail learns whose key it was.
        return { status: 204, actedAs: [{ ...principal, accountId }] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admin/v1/accounts/:id/credits',
      operationId: 'adminCreditAccount',
      summary: 'Add credit to an account',
      description:
        'Applied once per `reference`: repeating a reference with the same amount answers 200 with the account and adds nothing; ' +
        'with another amount, 409 `idempotency_key_conflict` (`appliedMicro` is the amount applied under it). ' +
        'A credit that would take the balance and open holds past 9007199254740991 (the largest amount an account can hold) is 400 `validation_error` and changes nothing.',
      tag: 'Admin',
      scope: 'operator',
      params: accountParams,
      body: CreditInput,
      success: { status: 200, description: 'The account after the credit.', schema: accountBody },
      errors: ['validation_error', 'not_found', 'idempotency_key_conflict'],
      handle: async ({ params, body }) => ({ status: 200, body: await query(nats, BillingQueries.credit, { version: 1, accountId: params.id, ...body }, timeoutMs) }),
    }),
    defineRoute({
      method: 'post',
      path: '/admin/v1/accounts/:id/close',
      operationId: 'adminCloseAccount',
      summary: 'Close an account',
      description: 'A closed account can start no paid work (403 `account_closed`); work already running still settles. Closing again answers 200.',
      tag: 'Admin',
      scope: 'operator',
      params: accountParams,
      success: { status: 200, description: 'The closed account.', schema: accountBody },
      errors: ['not_found'],
      handle: async ({ params }) => {
        const closed = await query(nats, BillingQueries.closeAccount, { version: 1, accountId: params.id }, timeoutMs);
        caches.forgetAccount(params.id);
        return { status: 200, body: closed };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/admin/v1/accounts/:id/holds',
      operationId: 'adminListOpenHolds',
      summary: "An account's open holds",
      description: 'Money reserved for runs and workflow calls not yet settled, oldest first. Billing releases each one nobody captured by its `expiresAt`.',
      tag: 'Admin',
      scope: 'operator',
      params: accountParams,
      success: { status: 200, description: 'The open holds.', schema: OpenHoldList },
      errors: ['not_found'],
      handle: async ({ params }) => ({ status: 200, body: await query(nats, BillingQueries.listOpenHolds, { version: 1, accountId: params.id }, timeoutMs) }),
    }),
    adminAuditRoute(nats, timeoutMs),
    defineRoute({
      method: 'get',
      path: '/admin/v1/rates',
      operationId: 'adminGetRates',
      summary: 'The current rate card',
      tag: 'Admin',
      scope: 'operator',
      success: { status: 200, description: 'The rate card in force.', schema: ratesBody },
      errors: [],
      handle: async () => ({ status: 200, body: await query(nats, BillingQueries.getRates, { version: 1 }, timeoutMs) }),
    }),
    defineRoute({
      method: 'put',
      path: '/admin/v1/rates',
      operationId: 'adminPublishRates',
      summary: 'Publish a new rate card',
      description: 'Every price must be given. The card becomes the next version and applies from now on; runs and workflows already started keep the rates they started with.',
      tag: 'Admin',
      scope: 'operator',
      body: RatesInput,
      success: { status: 200, description: 'The new rate card.', schema: ratesBody },
      errors: ['validation_error'],
      handle: async ({ body }) => {
        const published = await query(nats, BillingQueries.publishRates, { version: 1, rates: body }, timeoutMs);
        caches.offerRates(published.rates);
        return { status: 200, body: published };
      },
    }),
  ];
}
