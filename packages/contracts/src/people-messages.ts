import { z } from 'zod';
import { Timestamp } from './common';
import { defineEvent, defineQuery, eventPayload, versioned, type StreamDef } from './messaging';
import { AccountApiKeyList, CreatedAccountApiKey, Actor, ApiKeyId, CreateAccountApiKeyInput, InviteMemberInput, Member, MemberList, Role } from './people';

/** A single-use secret (an invitation's) as billing stores it: the SHA-256 of the token, hex. */
const TokenSha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * Billing's queries about people (api-contract §15): an account's members and the keys it manages
 * itself. Every one names its account; an id of another account is `not_found`.
 */
export const PeopleQueries = {
  listMembers: defineQuery('billing.members.list.v1', versioned({ accountId: z.uuid() }), MemberList),
  /**
   * Invites an address (`invalid_state` when it is a member already): the member is `invited` and
   * the notifier is asked to e-mail a single-use link, valid 72 hours.
   */
  inviteMember: defineQuery('billing.members.invite.v1', versioned({ accountId: z.uuid(), input: InviteMemberInput, invitedBy: Actor }), z.object({ member: Member })),
  /** A new role; `last_owner` when it would leave the account without an owner. */
  updateMember: defineQuery('billing.members.update.v1', versioned({ accountId: z.uuid(), memberId: z.uuid(), role: Role }), z.object({ member: Member })),
  /** Removes a member (an invitation too); `last_owner` for the last owner. */
  removeMember: defineQuery('billing.members.remove.v1', versioned({ accountId: z.uuid(), memberId: z.uuid() }), z.object({ memberId: z.uuid() })),
  /**
   * Uses an invitation's token (its SHA-256): the member becomes `active`; the token is spent. An
   * unknown, used or expired token is `unauthorized`. For the sign-in endpoint (`POST /api/v1/session`).
   */
  redeemInvitation: defineQuery(
    'billing.invitations.redeem.v1',
    versioned({ tokenSha256: TokenSha256 }),
    z.object({ accountId: z.uuid(), personId: z.uuid(), member: Member }),
  ),
  /**
   * A key the account manages itself. `createdBy` is the caller: a key may create keys of at most
   * its own scopes, a member of at most its role's; more is `insufficient_scope`.
   */
  createKey: defineQuery('billing.account-keys.create.v1', versioned({ accountId: z.uuid(), input: CreateAccountApiKeyInput, createdBy: Actor }), CreatedAccountApiKey),
  listKeys: defineQuery('billing.account-keys.list.v1', versioned({ accountId: z.uuid() }), AccountApiKeyList),
  /** Revokes a key of the account (announced as `api-key.revoked.v1`); `not_found` for another account's or a revoked one. */
  revokeKey: defineQuery('billing.account-keys.revoke.v1', versioned({ accountId: z.uuid(), keyId: ApiKeyId }), z.object({ keyId: ApiKeyId })),
  /**
   * When keys were last used, as a gateway batches them (about once a minute): billing keeps the
   * latest time of each, never going back.
   */
  recordKeyUse: defineQuery(
    'billing.api-keys.record-use.v1',
    versioned({ uses: z.array(z.object({ keyId: z.string(), lastUsedAt: Timestamp })).max(10_000) }),
    z.object({ recorded: z.int().min(0) }),
  ),
};

export const MAIL_COMMANDS_STREAM: StreamDef = {
  name: 'MAIL_COMMANDS',
  retention: 'workqueue',
  description: 'E-mails other services ask the notifier to send (invitations, sign-in links); each is taken once and deleted.',
};

/** E-mails billing asks the notifier for. The token is in the message (its hash alone is stored), so this is a work queue: gone once sent. */
export const PeopleCommands = {
  sendInvitation: defineEvent(
    'mail.invitation.v1',
    MAIL_COMMANDS_STREAM,
    eventPayload({
      accountId: z.uuid(),
      accountName: z.string().nullable(),
      email: z.email(),
      role: Role,
      invitedBy: Actor,
      token: z.string().meta({ description: 'The single-use token of the link.' }),
      expiresAt: Timestamp,
    }),
  ),
  /** A single-use sign-in link for a person who asked for one (POST /api/v1/session/email-link). */
  sendSignInLink: defineEvent(
    'mail.sign-in-link.v1',
    MAIL_COMMANDS_STREAM,
    eventPayload({
      email: z.email(),
      token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/).meta({ description: 'The single-use token of the link (base64url).' }),
      expiresAt: Timestamp,
    }),
  ),
};

/**
 * What billing announces about people, for every gateway replica. A stream of its own: a released
 * stream keeps its subjects (release 0.1.0's services refuse a stream with subjects they do not know).
 */
export const PEOPLE_EVENTS_STREAM: StreamDef = {
  name: 'PEOPLE_EVENTS',
  retention: 'limits',
  description: 'Members changed and sessions ended, for the gateway.',
};

export const PeopleEvents = {
  /**
   * A member's role changed or the member was removed: gateways drop the account's cached keys and
   * sessions, so a key the member created holds no more than their role now allows (none once removed).
   */
  memberChanged: defineEvent('member.changed.v1', PEOPLE_EVENTS_STREAM, eventPayload({ accountId: z.uuid(), memberId: z.uuid() })),
  /** Gateways forget the person's cached sessions (one, or all when `sessionId` is null): refused from then on. */
  sessionsEnded: defineEvent('sessions.ended.v1', PEOPLE_EVENTS_STREAM, eventPayload({ personId: z.uuid(), sessionId: z.string().regex(/^[0-9a-f]{32}$/).nullable() })),
};
