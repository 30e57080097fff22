import { randomBytes } from 'node:crypto';
import { insufficientScope, missingScopes, ROLE_SCOPES, SCOPES, type AccountApiKey, type Actor, type Member, type Role, type Scope } from '@brandradar/contracts';
import { DomainError } from '@brandradar/platform';
import { sha256Hex } from './api-keys';

/** How long an invitation's link may be used. */
const INVITATION_TTL_MS = 72 * 3_600_000;

/** One person's place in one account. The invitation's token is stored only as its hash, and cleared once used. */
export interface MembershipRecord {
  _id: string;
  accountId: string;
  personId: string;
  email: string;
  role: Role;
  status: 'invited' | 'active';
  invitedAt: Date | null;
  joinedAt: Date | null;
  tokenSha256: string | null;
  tokenExpiresAt: Date | null;
}

/** A key as billing stores it; the fields after `revokedAt` are absent from keys stored before scopes existed. */
export interface ApiKeyRecord {
  _id: string; // key id
  accountId: string;
  secretSha256: string;
  createdAt: Date;
  revokedAt: Date | null;
  name?: string;
  scopes?: Scope[];
  createdBy?: Actor | null;
  expiresAt?: Date | null;
  lastUsedAt?: Date | null;
  /**
   * The member whose current role bounds the key: its creator, or the member at the root of the
   * keys that created it; null for an operator's key. Absent from keys stored before it was kept.
   */
  boundBy?: string | null;
}

/** A key stored before scopes existed could do everything, and still can. */
export const scopesOf = (key: Pick<ApiKeyRecord, 'scopes'>): Scope[] => key.scopes ?? [...SCOPES];

/** A key without a name was issued by an operator (the admin API names none). */
export const nameOf = (key: Pick<ApiKeyRecord, '_id' | 'name'>): string => key.name ?? `operator key ${key._id}`;

/** Whether a key may be used at `now`: not revoked, not expired. */
export const keyUsable = (key: Pick<ApiKeyRecord, 'revokedAt' | 'expiresAt'>, now: Date): boolean => !key.revokedAt && !(key.expiresAt && key.expiresAt.getTime() <= now.getTime());

/** Only an active owner holds the account: an invited one has not yet shown up. */
export const countsAsOwner = (m: Pick<MembershipRecord, 'role' | 'status'>): boolean => m.role === 'owner' && m.status === 'active';

/**
 * What a role change does to the account's count of owners: -1 when an active owner stops being
 * one (which must be refused when it is the last), +1 when a member becomes one, 0 otherwise.
 */
export function ownerDelta(member: Pick<MembershipRecord, 'role' | 'status'>, role: Role | null): -1 | 0 | 1 {
  const before = countsAsOwner(member);
  const after = role !== null && countsAsOwner({ role, status: member.status });
  return before === after ? 0 : after ? 1 : -1;
}

/**
 * The scopes a key asked for when its creator holds `held`: refused with `insufficient_scope`
 * naming the first scope beyond them.
 */
export function checkKeyScopes(held: readonly Scope[], wanted: readonly Scope[]): void {
  const missing = missingScopes(held, wanted);
  if (missing.length > 0) throw new DomainError(insufficientScope(missing[0]!));
}

/** What a member may hand on to a key: its role's scopes while active, nothing while invited. */
export const memberScopes = (m: Pick<MembershipRecord, 'role' | 'status'>): readonly Scope[] => (m.status === 'active' ? ROLE_SCOPES[m.role] : []);

/**
 * The member bounding a key, as far as the record alone tells: `boundBy`, else a member creator;
 * `creatorKey` when only the key that created it can tell (a key stored before `boundBy` was kept).
 */
export function boundingMember(key: Pick<ApiKeyRecord, 'boundBy' | 'createdBy'>): { memberId: string | null } | { creatorKey: string } {
  if (key.boundBy !== undefined) return { memberId: key.boundBy };
  if (key.createdBy?.kind === 'key') return { creatorKey: key.createdBy.id };
  return { memberId: key.createdBy?.kind === 'member' ? key.createdBy.id : null };
}

/** What a key may do now: its scopes within what the member bounding it may still do (none held: nothing). */
export const scopesWithin = (key: Pick<ApiKeyRecord, 'scopes'>, memberHolds: readonly Scope[]): Scope[] => scopesOf(key).filter((s) => memberHolds.includes(s));

/** A new invitation token: the link carries the token, the store only its hash. */
export function invitationToken(now: Date): { token: string; tokenSha256: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenSha256: sha256Hex(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) };
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

export function toMember(m: MembershipRecord): Member {
  return { id: m._id, email: m.email, role: m.role, status: m.status, invitedAt: iso(m.invitedAt), joinedAt: iso(m.joinedAt) };
}

export function toAccountApiKey(k: ApiKeyRecord): AccountApiKey {
  return { id: k._id, name: nameOf(k), scopes: scopesOf(k), createdAt: k.createdAt.toISOString(), createdBy: k.createdBy ?? null, lastUsedAt: iso(k.lastUsedAt), expiresAt: iso(k.expiresAt) };
}
