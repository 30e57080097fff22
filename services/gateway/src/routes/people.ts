import { z } from 'zod';
import { AccountApiKeyList, ApiKeyId, CreateAccountApiKeyInput, CreatedAccountApiKey, CurrentApiKey, InviteMemberInput, Member, MemberList, PeopleQueries, UpdateMemberInput } from '@brandradar/contracts';
import { DomainError, query, type NatsLink } from '@brandradar/platform';
import type { GatewayCaches } from '../caches';
import { defineRoute, pathId, type RouteDef } from '../http/route';

const MemberParams = z.object({ id: pathId() });
const one = z.object({ member: Member });

/**
 * Members and the keys an account manages itself (api-contract §15); billing, which owns accounts
 * and keys, answers each over NATS. All need `admin`, listing included: who holds which key is the
 * account's business, not every reader's.
 */
export function peopleRoutes(nats: NatsLink, timeoutMs: number, caches: GatewayCaches): RouteDef[] {
  const ask = <Q extends (typeof PeopleQueries)[keyof typeof PeopleQueries]>(def: Q, request: z.infer<Q['request']>) => query(nats, def, request, timeoutMs);
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/members',
      operationId: 'listMembers',
      summary: "The account's members and their roles",
      description: 'Invited members too, until they accept. The account’s first owner is the address an operator created it with.',
      tag: 'Members',
      scope: 'admin',
      success: { status: 200, description: 'Every member, oldest first.', schema: MemberList },
      errors: [],
      handle: async ({ accountId }) => ({ status: 200, body: await ask(PeopleQueries.listMembers, { version: 1, accountId }) }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/members',
      operationId: 'inviteMember',
      summary: 'Invite a person by e-mail',
      description:
        'The member is `invited` and gets an e-mail with a single-use link to `/app/sign-in?token=…`, valid 72 hours; using it makes them `active`. Roles: `owner` (everything), `editor` (everything but members and keys), `viewer` (reads). One person may be a member of several accounts.',
      tag: 'Members',
      scope: 'admin',
      body: InviteMemberInput,
      success: { status: 201, description: 'The invited member.', schema: one, headers: { Location: 'URL of the member' } },
      errors: ['validation_error', 'invalid_state'],
      handle: async ({ accountId, principal, body }) => {
        const created = await ask(PeopleQueries.inviteMember, { version: 1, accountId, input: body, invitedBy: principal.actor });
        return { status: 201, body: created, headers: { Location: `/api/v1/members/${created.member.id}` } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/api/v1/members/:id',
      operationId: 'updateMember',
      summary: "Change a member's role",
      description: 'The last owner cannot be given another role: 409 `last_owner`. Keys the member created hold from then on only what the new role allows, on every gateway within a second.',
      tag: 'Members',
      scope: 'admin',
      params: MemberParams,
      body: UpdateMemberInput,
      success: { status: 200, description: 'The member with its new role.', schema: one },
      errors: ['validation_error', 'not_found', 'last_owner'],
      handle: async ({ accountId, params, body }) => {
        const changed = await ask(PeopleQueries.updateMember, { version: 1, accountId, memberId: params.id, role: body.role });
        // The keys the member created are bounded by the new role: on this replica at once, the others hear billing's event.
        caches.forgetAccount(accountId);
        return { status: 200, body: changed };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/members/:id',
      operationId: 'removeMember',
      summary: 'Remove a member, or withdraw an invitation',
      description: 'The last owner cannot be removed: 409 `last_owner`. Keys the member created are refused from then on (401), by every gateway within a second.',
      tag: 'Members',
      scope: 'admin',
      params: MemberParams,
      success: { status: 204, description: 'Removed.' },
      errors: ['not_found', 'last_owner'],
      handle: async ({ accountId, params }) => {
        await ask(PeopleQueries.removeMember, { version: 1, accountId, memberId: params.id });
        caches.forgetAccount(accountId);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/api-keys',
      operationId: 'createApiKey',
      summary: 'Create an API key with the scopes it needs',
      description:
        'Scopes: `read` (every GET, CSV, the MCP read tools), `run` (manual runs, reanalysis, briefs: what spends money), `manage` (trackers, activation, webhooks), `admin` (members and keys). A key never holds more than its creator: a key creates keys of at most its own scopes, a member of at most their role’s; asking for more is 403 `insufficient_scope`. The secret is shown this once.',
      tag: 'API keys',
      scope: 'admin',
      body: CreateAccountApiKeyInput,
      success: { status: 201, description: 'The key\'s record (`key`) and its secret (`apiKey`, shown only now), as the admin API answers `{ account, apiKey }`.', schema: CreatedAccountApiKey },
      errors: ['validation_error', 'insufficient_scope'],
      handle: async ({ accountId, principal, body }) => ({ status: 201, body: await ask(PeopleQueries.createKey, { version: 1, accountId, input: body, createdBy: principal.actor }) }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/api-keys',
      operationId: 'listApiKeys',
      summary: "The account's API keys",
      description: 'Never the secrets (only their hashes are stored). `lastUsedAt` is kept to within about a minute.',
      tag: 'API keys',
      scope: 'admin',
      success: { status: 200, description: 'Keys not revoked, oldest first.', schema: AccountApiKeyList },
      errors: [],
      handle: async ({ accountId }) => ({ status: 200, body: await ask(PeopleQueries.listKeys, { version: 1, accountId }) }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/api-keys/current',
      operationId: 'getCurrentApiKey',
      summary: 'The calling key: its name and scopes',
      description:
        'What a key may learn about itself with `read`, e.g. for a tool to offer only what the key may do (the CLI’s MCP server offers a read key only the read tools). A person signed in to the web app is no key: 404 (`GET /api/v1/me` describes them).',
      tag: 'API keys',
      scope: 'read',
      success: { status: 200, description: 'The key.', schema: CurrentApiKey },
      errors: ['not_found'],
      handle: async ({ principal }) => {
        if (principal.actor.kind !== 'key') throw DomainError.of('not_found', 'This request was made by a person signed in, not with an API key: GET /api/v1/me describes them.');
        return { status: 200, body: { key: { id: principal.actor.id, name: principal.actor.name, scopes: [...principal.scopes] } } };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/api-keys/:id',
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key',
      description: 'Refused (401) from then on, by every gateway within a second. A key may revoke itself.',
      tag: 'API keys',
      scope: 'admin',
      params: z.object({ id: ApiKeyId }),
      success: { status: 204, description: 'Revoked.' },
      errors: ['not_found'],
      handle: async ({ accountId, params }) => {
        await ask(PeopleQueries.revokeKey, { version: 1, accountId, keyId: params.id });
        // This replica at once; the others hear billing's event.
        caches.forgetKey(params.id);
        return { status: 204 };
      },
    }),
  ];
}
