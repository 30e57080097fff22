import { z } from 'zod';
import { Timestamp, userText } from './common';

/**
 * What a credential may do in its account (api-contract §15): `read` every GET (CSV and the MCP
 * read tools too), `run` what spends money (manual runs, reanalysis, briefs), `manage` trackers,
 * their activation and webhooks, `admin` members and keys.
 */
export const SCOPES = ['read', 'run', 'manage', 'admin'] as const;
export const Scope = z.enum(SCOPES).meta({ id: 'Scope', description: '`read`: every GET, CSV, MCP read tools. `run`: manual runs, reanalysis, briefs (what spends money). `manage`: trackers, activation, webhooks. `admin`: members and keys.' });
export type Scope = z.infer<typeof Scope>;

const ROLES = ['owner', 'editor', 'viewer'] as const;
export const Role = z.enum(ROLES).meta({ id: 'Role', description: '`owner`: everything. `editor`: everything but members and keys. `viewer`: reads.' });
export type Role = z.infer<typeof Role>;

/** The scopes each role holds: the most a member, or a key a member creates, may do. */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  owner: SCOPES,
  editor: ['read', 'run', 'manage'],
  viewer: ['read'],
};

/** The scopes of `wanted` that `held` lacks (empty: `held` covers them). */
export function missingScopes(held: readonly Scope[], wanted: readonly Scope[]): Scope[] {
  return wanted.filter((s) => !held.includes(s));
}

/** Who did something in an account: a key (by its name), a member (by e-mail address) or an operator. */
export const Actor = z
  .object({
    kind: z.enum(['key', 'member', 'operator']).meta({ description: '`operator`: the admin API.' }),
    id: z.string().meta({ description: "The key's id or the member's id." }),
    name: z.string().meta({ description: "The key's name or the member's e-mail address." }),
  })
  .meta({ id: 'Actor' });
export type Actor = z.infer<typeof Actor>;

/**
 * The caller of an API request as the gateway authenticated it: its account, who it is and what it
 * may do. Sessions and the audit trail build on this shape.
 */
export interface Principal {
  accountId: string;
  actor: Actor;
  scopes: readonly Scope[];
}

/** An e-mail address as compared and indexed: trimmed, lowercase (the stored field keeps what was typed). */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

const MemberEmail = z.email().max(254);

export const Member = z
  .object({
    id: z.uuid(),
    email: z.email().meta({ description: 'The address as invited.' }),
    role: Role,
    status: z.enum(['invited', 'active']).meta({ description: '`invited` until the invitation link is used.' }),
    invitedAt: Timestamp.nullable().meta({ description: 'null for the account’s first owner, who was never invited.' }),
    joinedAt: Timestamp.nullable().meta({ description: 'null while invited.' }),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof Member>;

export const MemberList = z.object({ members: z.array(Member).meta({ description: 'Oldest first.' }) }).meta({ id: 'MemberList' });

export const InviteMemberInput = z.object({ email: MemberEmail, role: Role }).strict().meta({ id: 'InviteMemberInput' });
export type InviteMemberInput = z.infer<typeof InviteMemberInput>;

export const UpdateMemberInput = z.object({ role: Role }).strict().meta({ id: 'UpdateMemberInput' });

/** An account's key as its members see it: never the secret, which is stored only as a hash. */
export const AccountApiKey = z
  .object({
    id: z.string().meta({ description: 'The key id: the 12 hex characters after `brk_` in the key itself.', example: '3f9a1c2b7d4e' }),
    name: z.string().max(100),
    scopes: z.array(Scope).meta({
      description: "What the key may do now: the scopes it was created with, within its creator's current role (fewer after a demotion; none once the creator has left, and the key is refused).",
    }),
    createdAt: Timestamp,
    createdBy: Actor.nullable().meta({ description: 'null for a key an operator issued.' }),
    lastUsedAt: Timestamp.nullable().meta({ description: 'When it was last used, to within about a minute; null if never.' }),
    expiresAt: Timestamp.nullable().meta({ description: 'After this the key is refused (401); null: it does not expire.' }),
  })
  .meta({ id: 'AccountApiKey' });
export type AccountApiKey = z.infer<typeof AccountApiKey>;

export const AccountApiKeyList = z.object({ apiKeys: z.array(AccountApiKey).meta({ description: 'Keys not revoked, oldest first.' }) }).meta({ id: 'AccountApiKeyList' });

export const CreateAccountApiKeyInput = z
  .object({
    name: userText(100),
    scopes: z
      .array(Scope)
      .min(1)
      .refine((s) => new Set(s).size === s.length, 'must not repeat a scope')
      .meta({ uniqueItems: true, description: 'At most what the caller itself may do.' }),
    expiresAt: Timestamp.optional().meta({ description: 'A time in the future; left out, the key does not expire.' }),
  })
  .strict()
  .meta({ id: 'CreateAccountApiKeyInput' });
export type CreateAccountApiKeyInput = z.infer<typeof CreateAccountApiKeyInput>;

export const CreatedAccountApiKey = z
  .object({ key: AccountApiKey, apiKey: z.string().meta({ description: 'The secret key: shown this once; store it safely.', example: 'brk_3f9a1c2b7d4e_x3Jb…' }) })
  .meta({ id: 'CreatedAccountApiKey' });

/** The key a request was made with, as it may learn about itself (e.g. the MCP server, to offer only the tools its scopes allow). */
export const CurrentApiKey = z
  .object({
    key: z
      .object({
        id: AccountApiKey.shape.id,
        name: z.string().meta({ description: "The key's name; its id for a key an operator issued without one." }),
        scopes: z.array(Scope).meta({ description: 'What the key may do.' }),
      })
      .meta({ description: 'The calling key.' }),
  })
  .meta({ id: 'CurrentApiKey' });
export type CurrentApiKey = z.infer<typeof CurrentApiKey>;

/** A key's id in a path: 12 lowercase hex characters. */
export const ApiKeyId = z.string().regex(/^[0-9a-f]{12}$/);
