import { z } from 'zod';
import { Account, BillingQueries, RateCard } from '@brandradar/contracts';
import { query, type NatsLink } from '@brandradar/platform';
import type { GatewayCaches } from '../caches';
import { defineRoute, type RouteDef } from '../http/route';

export function accountRoutes(nats: NatsLink, timeoutMs: number, caches: GatewayCaches): RouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/account',
      operationId: 'getAccount',
      summary: "Your account: balance, monthly spend limit and this month's spend",
      description:
        '`balanceMicro` is what is available: credits, minus charges, minus amounts reserved by runs and workflows still in progress. ' +
        '`spentThisMonthMicro` is what was charged in the current calendar month (UTC); the spend limit counts it and the reserved amounts.',
      tag: 'Account',
      scope: 'read',
      success: { status: 200, description: 'The account of the calling API key.', schema: z.object({ account: Account }) },
      errors: [],
      handle: async ({ accountId }) => ({ status: 200, body: await query(nats, BillingQueries.getAccount, { version: 1, accountId }, timeoutMs) }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/rates',
      operationId: 'getRates',
      summary: 'The current rate card',
      description: 'Prices in micro-units (100,000 = 1 USD): per answer for each AI surface, and per succeeded content-brief step.',
      tag: 'Account',
      scope: 'read',
      success: { status: 200, description: 'The rate card in force.', schema: z.object({ rates: RateCard }) },
      errors: [],
      handle: async () => ({ status: 200, body: { rates: await caches.currentRates(async () => (await query(nats, BillingQueries.getRates, { version: 1 }, timeoutMs)).rates) } }),
    }),
  ];
}
