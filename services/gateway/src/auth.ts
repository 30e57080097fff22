import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { BillingQueries, parseApiKey, SCOPES, unauthorized, type Principal } from '@brandradar/contracts';
import { DomainError, query, type NatsLink } from '@brandradar/platform';
import type { GatewayCaches, VerifiedKey } from './caches';
import { refuseChangeOfClosedAccount, sessionCookieOf } from './sessions';

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** The credentials of `Authorization: Bearer <token>`; the scheme name is case-insensitive (RFC 9110 §11.1). */
export function bearerToken(req: Request): string | null {
  return /^bearer +(\S+)$/i.exec(req.header('authorization') ?? '')?.[1] ?? null;
}

/**
 * Public API: the key's secret is hashed here and checked by billing, which owns keys; a key billing
 * accepted is remembered in `caches` under a hash of the whole key, so its next requests ask no one.
 * `forwardingPaths`: see refuseChangeOfClosedAccount (the MCP endpoint, whose every message is a POST).
 */
export function apiKeyAuthenticator(nats: NatsLink, timeoutMs: number, caches: GatewayCaches, forwardingPaths: readonly string[] = [], used: (keyId: string) => void = () => undefined) {
  return async (req: Request): Promise<Principal> => {
    const token = bearerToken(req) ?? '';
    const key = parseApiKey(token);
    if (!key) throw new DomainError(unauthorized());
    const verified = await caches.verifiedKey(sha256(token).toString('hex'), () =>
      query(nats, BillingQueries.verifyApiKey, { version: 1, keyId: key.keyId, secretSha256: sha256(key.secret).toString('hex') }, timeoutMs),
    );
    used(key.keyId);
    refuseChangeOfClosedAccount(verified.accountStatus, req, forwardingPaths);
    return keyPrincipal(verified);
  };
}

/** The caller a verified key is: billing's answers before scopes existed name none, and such keys hold every scope. */
function keyPrincipal(verified: VerifiedKey): Principal {
  return { accountId: verified.accountId, actor: { kind: 'key', id: verified.keyId, name: verified.name ?? verified.keyId }, scopes: verified.scopes ?? SCOPES };
}

/** The admin API's caller: the operator, in no account. */
const OPERATOR: Principal = { accountId: '', actor: { kind: 'operator', id: 'admin-token', name: 'operator' }, scopes: [] };

/** Admin API: one operator token, compared in constant time. */
export function adminTokenAuthenticator(adminToken: string) {
  const expected = sha256(adminToken);
  return async (req: Request): Promise<Principal> => {
    const token = bearerToken(req);
    if (!token || !timingSafeEqual(sha256(token), expected)) throw new DomainError(unauthorized());
    return OPERATOR;
  };
}

type Authenticator = (req: Request) => Promise<Principal>;

/**
 * The public API's caller: an API key when the request sends `Authorization`, else the session
 * cookie when it sends one (a person in the web app), else no one (the key's 401).
 */
export function keyOrSessionAuthenticator(byKey: Authenticator, bySession: Authenticator): Authenticator {
  return (req) => (bearerToken(req) === null && sessionCookieOf(req) !== null ? bySession(req) : byKey(req));
}
