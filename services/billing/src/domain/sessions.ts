import { randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SIGN_IN_LINK_TTL_MS } from '@brandradar/contracts';
import { sha256Hex } from './api-keys';

/** A person's session. The cookie holds `<_id>.<secret>`; only the secret's hash is stored. */
export interface SessionRecord {
  _id: string;
  personId: string;
  secretSha256: string;
  createdAt: Date;
  /** The last use recorded: a request after a minute or more moves it (one write a minute at most). */
  lastSeenAt: Date;
}

/** An e-mailed sign-in link, under its token's hash; deleted when used. */
export interface SignInLinkRecord {
  _id: string;
  personId: string;
  expiresAt: Date;
}

/** How stale `lastSeenAt` may get before a use moves it: the idle expiry is exact to within this. */
const TOUCH_AFTER_MS = 60_000;

/** When the session ends unless used again: the earlier of its idle (12 h) and its absolute (7 days) expiry. */
export function sessionExpiresAt(s: Pick<SessionRecord, 'createdAt' | 'lastSeenAt'>): Date {
  return new Date(Math.min(s.lastSeenAt.getTime() + SESSION_IDLE_MS, s.createdAt.getTime() + SESSION_ABSOLUTE_MS));
}

export const sessionLive = (s: Pick<SessionRecord, 'createdAt' | 'lastSeenAt'>, now: Date): boolean => sessionExpiresAt(s).getTime() > now.getTime();

/** Whether a use at `now` should be recorded. */
export const needsTouch = (s: Pick<SessionRecord, 'lastSeenAt'>, now: Date): boolean => now.getTime() - s.lastSeenAt.getTime() >= TOUCH_AFTER_MS;

/** Sessions idle since before `idleBefore`, or started before `startedBefore`, have expired (the sweeper's query). */
export function expiryCutoffs(now: Date): { idleBefore: Date; startedBefore: Date } {
  return { idleBefore: new Date(now.getTime() - SESSION_IDLE_MS), startedBefore: new Date(now.getTime() - SESSION_ABSOLUTE_MS) };
}

/** A new session: 128 random bits of id, 256 of secret. */
export function newSession(personId: string, now: Date): { record: SessionRecord; secret: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, record: { _id: randomBytes(16).toString('hex'), personId, secretSha256: sha256Hex(secret), createdAt: now, lastSeenAt: now } };
}

/** A new sign-in link: the e-mail carries the token, the store its hash. */
export function newSignInLink(personId: string, now: Date): { token: string; record: SignInLinkRecord } {
  const token = randomBytes(32).toString('base64url');
  return { token, record: { _id: sha256Hex(token), personId, expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS) } };
}
