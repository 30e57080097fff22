import { z } from 'zod';
import { AuditList, AuditListQuery, AuditQueries, BillingQueries } from '@brandradar/contracts';
import { query, type NatsLink } from '@brandradar/platform';
import { defineRoute, pathId, type RouteDef } from '../http/route';

const PAGE = 'One page, newest first; pass `nextCursor` as `cursor` for the next (older) page, until it is null.';
const WHAT =
  'Every call that changed, or tried to change, something in the account (refusals too), with who made it (a member by e-mail address, a key by name and id, or the operator), the operation, the ids it acted on, its status, time and request id; signing in and out too. Reads are not recorded. Entries are kept at least 400 days. Bodies are never recorded.';

/**
 * The account's audit trail (api-contract §15), which billing keeps. It needs `admin`, like members
 * and keys: it names every member's address and every key, which a reader or a spender need not see.
 */
export function auditRoutes(nats: NatsLink, timeoutMs: number): RouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/audit',
      operationId: 'listAuditEntries',
      summary: "The account's audit trail",
      description: `${WHAT} Needs \`admin\`: the trail names every member and key.`,
      tag: 'Audit',
      scope: 'admin',
      query: AuditListQuery,
      success: { status: 200, description: PAGE, schema: AuditList },
      errors: ['validation_error'],
      handle: async ({ accountId, query: q }) => ({ status: 200, body: await query(nats, AuditQueries.list, { version: 1, accountId, query: q }, timeoutMs) }),
    }),
  ];
}

/** The same trail for operators, of any account: what they export (docs/operations.md). */
export function adminAuditRoute(nats: NatsLink, timeoutMs: number): RouteDef {
  return defineRoute({
    method: 'get',
    path: '/admin/v1/accounts/:id/audit',
    operationId: 'adminListAuditEntries',
    summary: "An account's audit trail",
    description: `${WHAT} Page through it to export it.`,
    tag: 'Admin',
    scope: 'operator',
    params: z.object({ id: pathId() }),
    query: AuditListQuery,
    success: { status: 200, description: PAGE, schema: AuditList },
    errors: ['validation_error', 'not_found'],
    handle: async ({ params, query: q }) => {
      await query(nats, BillingQueries.getAccount, { version: 1, accountId: params.id }, timeoutMs); // 404 for an unknown account
      return { status: 200, body: await query(nats, AuditQueries.list, { version: 1, accountId: params.id, query: q }, timeoutMs) };
    },
  });
}
