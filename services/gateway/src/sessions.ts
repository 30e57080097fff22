import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { ACCOUNT_HEADER, CSRF_HEADER, notFound, ROLE_SCOPES, SESSION_COOKIE, SessionId, SessionQueries, unauthorized, type Principal, type SessionAccount, type VerifiedSession } from '@brandradar/contracts';
import { DomainError, LruCache, query, type NatsLink } from '@brandradar/platform';

/** Methods that change nothing: a closed account may still use them, and a session needs no CSRF token for them. */
const READ_ONLY_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request of `method` may change something: what a session's CSRF token guards (the OpenAPI document says it from this too). */
export const changesSomething = (method: string): boolean => !READ_ONLY_METHODS.has(method.toUpperCase());

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * A closed account may still read what it has, but change nothing (403 `account_closed`): one rule
 * for keys and sessions. `forwardingPaths` take a closed account's POSTs too: they change nothing
 * themselves, and each API call they make is checked on its own (the MCP endpoint).
 */
export function refuseChangeOfClosedAccount(accountStatus: string | undefined, req: Pick<Request, 'method' | 'path'>, forwardingPaths: readonly string[]): void {
  if (accountStatus === 'closed' && changesSomething(req.method) && !forwardingPaths.includes(req.path)) {
    throw DomainError.of('account_closed', 'This account is closed; it can read its data but change nothing.');
  }
}

/** A session cookie's parts: `<sessionId>.<secret>`. */
export interface SessionCookie {
  sessionId: string;
  secret: string;
}

/** One cookie of the request's `Cookie` header (RFC 6265 §5.4: `name=value` pairs split by `;`), read without a regex. */
export function cookieValue(req: Pick<Request, 'header'>, name: string): string | undefined {
  for (const pair of (req.header('cookie') ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

export function parseSessionCookie(value: string | undefined): SessionCookie | null {
  const dot = value?.indexOf('.') ?? -1;
  if (!value || dot < 0) return null;
  const sessionId = value.slice(0, dot);
  const secret = value.slice(dot + 1);
  return SessionId.safeParse(sessionId).success && /^[A-Za-z0-9_-]{16,128}$/.test(secret) ? { sessionId, secret } : null;
}

/**
 * The session's CSRF token: an HMAC of a fixed label under the session's secret. Bound to the
 * session, checkable by any replica without a store, and unknowable without the HttpOnly cookie.
 */
export function csrfToken(secret: string): string {
  return createHmac('sha256', secret).update('brandradar csrf v1').digest('base64url');
}

function csrfMatches(secret: string, sent: string | undefined): boolean {
  const expected = Buffer.from(csrfToken(secret));
  const got = Buffer.from(sent ?? '');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** `Set-Cookie` for a session (`HttpOnly; Secure; SameSite=Lax`, as long as the absolute expiry), or for clearing it. */
export function sessionSetCookie(cookie: SessionCookie | null, maxAgeSeconds: number): string {
  const value = cookie ? `${cookie.sessionId}.${cookie.secret}` : '';
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${cookie ? maxAgeSeconds : 0}; HttpOnly; Secure; SameSite=Lax`;
}

/**
 * The member a session acts as in the account the request names (`X-Account-Id`), or in the
 * person's first account. An account the person is not an active member of is 404, like another
 * account's resource.
 */
function sessionAccount(session: VerifiedSession, wantedAccount: string | undefined): SessionAccount {
  const wanted = wantedAccount?.trim().toLowerCase();
  const account = wanted ? session.accounts.find((a) => a.accountId === wanted) : session.accounts[0];
  if (!account) throw new DomainError(notFound());
  return account;
}

const memberPrincipal = (session: Pick<VerifiedSession, 'email'>, account: SessionAccount): Principal => ({
  accountId: account.accountId,
  actor: { kind: 'member', id: account.memberId, name: session.email },
  scopes: ROLE_SCOPES[account.role],
});

/** The person of a session as the member of each of their accounts: whom signing in or out acts as, for the audit trail. */
export const sessionPrincipals = (session: Pick<VerifiedSession, 'email' | 'accounts'>): Principal[] => session.accounts.map((a) => memberPrincipal(session, a));

/**
 * Verified sessions a replica remembers briefly (by a hash of the whole cookie, never the cookie),
 * so a page's burst of requests asks billing once. Billing's `sessions.ended.v1` and
 * `member.changed.v1` drop them on every replica at once; the short TTL bounds a missed event.
 * An answer asked for before an invalidation is used but not kept (`epoch`), as with keys.
 */
export class SessionCache {
  private readonly sessions: LruCache<VerifiedSession>;
  private epoch = 0;

  constructor(
    maxEntries: number,
    ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.sessions = new LruCache(maxEntries, ttlMs, clock);
  }

  async verified(cookie: SessionCookie, verify: () => Promise<VerifiedSession>): Promise<VerifiedSession> {
    const key = sha256Hex(`${cookie.sessionId}.${cookie.secret}`);
    const hit = this.sessions.get(key);
    if (hit && Date.parse(hit.expiresAt) > this.clock()) return hit;
    const epoch = this.epoch;
    const session = await verify();
    if (epoch === this.epoch) this.sessions.set(key, session);
    return session;
  }

  /** An account was closed: its members' sessions are asked about again, and learn it. */
  forgetAccount(accountId: string): void {
    this.epoch++;
    this.sessions.deleteWhere((s) => s.accounts.some((a) => a.accountId === accountId));
  }

  /** A session ended (logout), or all of a person's (`sessionId` null: sign-out everywhere). */
  forget(personId: string, sessionId: string | null): void {
    this.epoch++;
    this.sessions.deleteWhere((s) => s.personId === personId && (sessionId === null || s.sessionId === sessionId));
  }

  clear(): void {
    this.epoch++;
    this.sessions.clear();
  }
}

/** Asks billing about a session cookie, through the cache. */
export function verifySession(nats: NatsLink, timeoutMs: number, cache: SessionCache, cookie: SessionCookie): Promise<VerifiedSession> {
  return cache.verified(cookie, () => query(nats, SessionQueries.verifySession, { version: 1, sessionId: cookie.sessionId, secretSha256: sha256Hex(cookie.secret) }, timeoutMs));
}

/** The request's session cookie, parsed; null when it sends none or a malformed one. */
export const sessionCookieOf = (req: Pick<Request, 'header'>): SessionCookie | null => parseSessionCookie(cookieValue(req, SESSION_COOKIE));

/**
 * Authenticates a request by its session cookie: the session must be live, and a request that may
 * change something must carry the session's CSRF token (`X-CSRF-Token`), else 403 `csrf_failed`.
 */
export function sessionAuthenticator(nats: NatsLink, timeoutMs: number, cache: SessionCache, forwardingPaths: readonly string[] = []) {
  return async (req: Request): Promise<Principal> => {
    const cookie = sessionCookieOf(req);
    if (!cookie) throw new DomainError(unauthorized());
    const session = await verifySession(nats, timeoutMs, cache, cookie);
    if (changesSomething(req.method) && !csrfMatches(cookie.secret, req.header(CSRF_HEADER))) {
      throw DomainError.of('csrf_failed', `A request that changes something with the session cookie needs the session's CSRF token in ${CSRF_HEADER}.`);
    }
    const account = sessionAccount(session, req.header(ACCOUNT_HEADER));
    refuseChangeOfClosedAccount(account.accountStatus, req, forwardingPaths);
    return memberPrincipal(session, account);
  };
}
