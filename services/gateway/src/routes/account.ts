import { z } from 'zod';
import { Account, BillingQueries, DIGEST_LIMITS, DigestQueries, DigestReply, DigestSettingsInput, RateCard } from '@brandradar/contracts';
import { query, type NatsLink } from '@brandradar/platform';
import type { GatewayCaches } from '../caches';
import { defineRoute, type RouteDef } from '../http/route';

const DIGEST_DESCRIPTION =
  `When \`enabled\`, each recipient gets one e-mail a week, on \`weekday\` (0 Sunday … 6 Saturday) at \`time\` in \`timezone\` (daylight saving moves the instant, never the local time): ` +
  `every ACTIVE or PAUSED tracker's headline figure (as the overview picks it) with its change since the previous comparable run and whether that change is significant, ` +
  `a chart of it (inline, and attached as a PNG), up to ${DIGEST_LIMITS.namesPerTracker} names the newest run's answers put forward that the tracker does not track, the week's failed runs and pauses, and a link to each report. ` +
  'HTML and plain-text parts. Exactly one e-mail per recipient and week (ISO week, Monday to Sunday, in `timezone`), whatever restarts or redeliveries happen: changing the weekday within a week sends no second one. ' +
  'Default: off, Mondays 09:00 UTC, to the account\'s e-mail address.';

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
    defineRoute({
      method: 'get',
      path: '/api/v1/account/digest',
      operationId: 'getDigestSettings',
      summary: 'The weekly digest by e-mail: when, to whom, and whether it is on',
      description: DIGEST_DESCRIPTION,
      tag: 'Account',
      scope: 'read',
      success: { status: 200, description: 'The setting (the default when none was saved) and `nextSendAt`, the next e-mail (null while off).', schema: DigestReply },
      errors: [],
      handle: async ({ accountId }) => ({ status: 200, body: await query(nats, DigestQueries.get, { version: 1, accountId }, timeoutMs) }),
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/account/digest',
      operationId: 'putDigestSettings',
      summary: 'Set the weekly digest (the whole setting)',
      description: `${DIGEST_DESCRIPTION} Every field is required and replaces the saved one; a refused body changes nothing.`,
      tag: 'Account',
      scope: 'admin',
      body: DigestSettingsInput,
      success: { status: 200, description: 'The setting as saved and `nextSendAt`.', schema: DigestReply },
      errors: ['validation_error'],
      handle: async ({ accountId, body }) => ({ status: 200, body: await query(nats, DigestQueries.put, { version: 1, accountId, input: body }, timeoutMs) }),
    }),
  ];
}
