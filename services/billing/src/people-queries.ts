import { randomUUID } from 'node:crypto';
import { apiError, BillingEvents, notFound, PeopleCommands, PeopleEvents, unauthorized, type PeopleQueries, type Scope } from '@brandradar/contracts';
import { DomainError, type QueryRequest, type QueryResult } from '@brandradar/platform';
import { generateApiKey } from './domain/api-keys';
import { checkKeyScopes, countsAsOwner, invitationToken, keyUsable, memberScopes, ownerDelta, toAccountApiKey, toMember, type MembershipRecord } from './domain/people';
import { keyPowers, memberBounding } from './key-powers';
import type { BillingStores } from './queries';

type Q = typeof PeopleQueries;

/** The key expiry rule's message; the field's description in the API document states the rule. */
const KEY_EXPIRY_IN_THE_PAST = 'An expiry must be after the time of the request.';
/** A member changed under us this many times in a row: give up rather than loop. */
const MEMBER_CHANGE_ATTEMPTS = 5;

const lastOwner = () => DomainError.of('last_owner', 'This is the last owner of the account: make another member an owner first.');

/**
 * Billing's answers about people (api-contract §15): members with roles, invitations, and the keys
 * an account manages itself. An account made before members existed gets its first owner, from its
 * e-mail address, on the first of these calls that names it (lazily, not by a migration at start:
 * nothing scans every account, and an account no one manages never needs one).
 */
export function peopleQueryHandlers(s: Pick<BillingStores, 'accounts' | 'apiKeys' | 'announcements' | 'people'>, now: () => Date = () => new Date()) {
  async function withFirstOwner(accountId: string) {
    const account = await s.accounts.get(accountId); // 404 for an unknown account
    if (await s.people.ownersCounted(accountId)) return account;
    const person = await s.people.person(account.email, now());
    await s.people.insert({ _id: randomUUID(), accountId, personId: person._id, email: account.email, role: 'owner', status: 'active', invitedAt: null, joinedAt: account.createdAt, tokenSha256: null, tokenExpiresAt: null });
    await s.people.startOwnerCount(accountId);
    return account;
  }

  /**
   * Applies a role change (`null`: removal) to a member as read, keeping the owner count right:
   * the count is taken first (refused for the last owner), and given back when the member had
   * changed meanwhile, then the change is tried again on what it is now.
   */
  async function changeMember(accountId: string, memberId: string, write: (seen: MembershipRecord) => Promise<boolean>, role: MembershipRecord['role'] | null): Promise<MembershipRecord> {
    await withFirstOwner(accountId);
    for (let attempt = 0; attempt < MEMBER_CHANGE_ATTEMPTS; attempt++) {
      const seen = await s.people.member(accountId, memberId);
      if (!seen) throw new DomainError(notFound());
      const delta = ownerDelta(seen, role);
      if (delta === -1 && !(await s.people.takeOwner(accountId))) throw lastOwner();
      if (!(await write(seen))) {
        if (delta === -1) await s.people.giveOwner(accountId);
        continue;
      }
      if (delta === 1) await s.people.giveOwner(accountId);
      return seen;
    }
    throw DomainError.of('unavailable', 'The member is being changed by another request; try again.');
  }

  /**
   * What the creator of a key may hand on (a key what it may do now, a member their role's scopes),
   * and the member whose role will bound the new key: the creator, or the one bounding the creating key.
   */
  async function creatorPowers(accountId: string, createdBy: QueryRequest<Q['createKey']>['createdBy']): Promise<{ scopes: readonly Scope[]; boundBy: string | null }> {
    if (createdBy.kind === 'key') {
      const creator = await s.apiKeys.find(createdBy.id);
      const scopes = creator && creator.accountId === accountId && keyUsable(creator, now()) ? await keyPowers(s, creator) : null;
      if (!creator || !scopes) throw new DomainError(unauthorized());
      return { scopes, boundBy: (await memberBounding(s, creator)) ?? null };
    }
    const member = await s.people.member(accountId, createdBy.id);
    return { scopes: member ? memberScopes(member) : [], boundBy: createdBy.kind === 'member' ? createdBy.id : null };
  }

  return {
    async listMembers({ accountId }: QueryRequest<Q['listMembers']>): Promise<QueryResult<Q['listMembers']>> {
      await withFirstOwner(accountId);
      return { members: (await s.people.members(accountId)).map(toMember) };
    },

    async inviteMember({ accountId, input, invitedBy }: QueryRequest<Q['inviteMember']>): Promise<QueryResult<Q['inviteMember']>> {
      const account = await withFirstOwner(accountId);
      const person = await s.people.person(input.email, now());
      const { token, tokenSha256, expiresAt } = invitationToken(now());
      const member: MembershipRecord = { _id: randomUUID(), accountId, personId: person._id, email: input.email, role: input.role, status: 'invited', invitedAt: now(), joinedAt: null, tokenSha256, tokenExpiresAt: expiresAt };
      if (!(await s.people.insert(member))) throw DomainError.of('invalid_state', 'This address is a member of the account already.');
      await s.announcements.announce(PeopleCommands.sendInvitation, { accountId, accountName: account.name, email: input.email, role: input.role, invitedBy, token, expiresAt: expiresAt.toISOString() }, now());
      return { member: toMember(member) };
    },

    async updateMember({ accountId, memberId, role }: QueryRequest<Q['updateMember']>): Promise<QueryResult<Q['updateMember']>> {
      const seen = await changeMember(accountId, memberId, (m) => s.people.setRole(m, role), role);
      await s.announcements.announce(PeopleEvents.memberChanged, { accountId, memberId }, now());
      return { member: toMember({ ...seen, role }) };
    },

    async removeMember({ accountId, memberId }: QueryRequest<Q['removeMember']>): Promise<QueryResult<Q['removeMember']>> {
      await changeMember(accountId, memberId, (m) => s.people.remove(m), null);
      await s.announcements.announce(PeopleEvents.memberChanged, { accountId, memberId }, now());
      return { memberId };
    },

    async redeemInvitation({ tokenSha256 }: QueryRequest<Q['redeemInvitation']>): Promise<QueryResult<Q['redeemInvitation']>> {
      const member = await s.people.redeem(tokenSha256, now());
      if (!member) throw new DomainError(unauthorized());
      if (countsAsOwner(member)) await s.people.giveOwner(member.accountId);
      return { accountId: member.accountId, personId: member.personId, member: toMember(member) };
    },

    async createKey({ accountId, input, createdBy }: QueryRequest<Q['createKey']>): Promise<QueryResult<Q['createKey']>> {
      await s.accounts.get(accountId);
      const creator = await creatorPowers(accountId, createdBy);
      checkKeyScopes(creator.scopes, input.scopes);
      const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
      if (expiresAt && expiresAt.getTime() <= now().getTime()) {
        throw new DomainError(apiError('validation_error', 'The request body is invalid.', { issues: [{ path: 'expiresAt', message: KEY_EXPIRY_IN_THE_PAST }] }));
      }
      const key = generateApiKey();
      const record = { _id: key.keyId, accountId, secretSha256: key.secretSha256, createdAt: now(), revokedAt: null, name: input.name, scopes: input.scopes, createdBy, expiresAt, lastUsedAt: null, boundBy: creator.boundBy };
      await s.apiKeys.insert(record);
      return { key: toAccountApiKey(record), apiKey: key.apiKey };
    },

    async listKeys({ accountId }: QueryRequest<Q['listKeys']>): Promise<QueryResult<Q['listKeys']>> {
      await s.accounts.get(accountId);
      // Each key as it may act now, as GET /api/v1/api-keys/current shows it: its scopes within its creator's current role.
      const keys = await s.apiKeys.forAccount(accountId, true);
      return { apiKeys: await Promise.all(keys.map(async (k) => ({ ...toAccountApiKey(k), scopes: (await keyPowers(s, k)) ?? [] }))) };
    },

    async revokeKey({ accountId, keyId }: QueryRequest<Q['revokeKey']>): Promise<QueryResult<Q['revokeKey']>> {
      if (!(await s.apiKeys.revokeOfAccount(accountId, keyId, now()))) throw new DomainError(notFound());
      await s.announcements.announce(BillingEvents.apiKeyRevoked, { keyId, accountId }, now());
      return { keyId };
    },

    async recordKeyUse({ uses }: QueryRequest<Q['recordKeyUse']>): Promise<QueryResult<Q['recordKeyUse']>> {
      return { recorded: await s.apiKeys.recordUses(uses.map((u) => ({ keyId: u.keyId, at: new Date(u.lastUsedAt) }))) };
    },
  };
}
