import { z } from 'zod';
import { AccountStatus } from './billing';
import { Timestamp } from './common';
import { defineQuery, versioned } from './messaging';
import { Role } from './people';

/**
 * People signed in to the web app (api-contract §15). The session is a cookie holding
 * `<sessionId>.<secret>`; billing keeps the session under its id with the secret's SHA-256 only.
 */
export const SESSION_COOKIE = 'brandradar_session';
/** The header a mutating request authenticated by the session cookie must carry, with the session's CSRF token. */
export const CSRF_HEADER = 'X-CSRF-Token';
/** The header a person in several accounts names the account of a request with; without it, their first account. */
export const ACCOUNT_HEADER = 'X-Account-Id';

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 12 * 3_600_000;
/** …and this long after sign-in, whatever its use. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 3_600_000;
/** How long an e-mailed sign-in link may be used. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;

/** A random secret as the API hands it out: base64url, at most 128 characters. */
const Secret = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);
/** A secret as billing stores and compares it: its SHA-256, hex. */
const SecretSha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** A session's id: 32 hex characters (128 random bits). */
export const SessionId = z.string().regex(/^[0-9a-f]{32}$/);

const MeAccount = z
  .object({
    id: z.uuid().meta({ description: "The account's id: send it as `X-Account-Id` to act in this account." }),
    name: z.string().nullable().meta({ description: "The account's name; null when it has none." }),
    role: Role,
    memberId: z.uuid().meta({ description: "The person's member id in this account." }),
  })
  .meta({ id: 'MeAccount' });

export const Me = z
  .object({
    person: z.object({ id: z.uuid(), email: z.email() }),
    accounts: z.array(MeAccount).meta({ description: 'Every account the person is an active member of, oldest membership first; the first is the one a request without `X-Account-Id` acts in.' }),
    csrfToken: z.string().meta({ description: "The session's CSRF token (the one sign-in answered), for a page that reloaded: send it as `X-CSRF-Token` on every request that changes something." }),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;

export const SessionStarted = z
  .object({ me: Me, csrfToken: z.string().meta({ description: 'Send as `X-CSRF-Token` on every request that changes something.' }) })
  .meta({ id: 'SessionStarted' });

/**
 * How people may sign in to this deployment, for the sign-in page, which asks before anyone is
 * signed in: the operator's OpenID Provider, or else e-mailed links; and whether pasting an API key
 * is offered (for local development).
 */
export const SignInOptions = z
  .object({
    oidc: z
      .object({ name: z.string().meta({ description: 'What the sign-in button names: `OIDC_DISPLAY_NAME`, else the issuer’s host.', example: 'login.example.com' }) })
      .nullable()
      .meta({ description: 'null when no OpenID Provider is configured; then e-mailed links are the way in.' }),
    emailLink: z.boolean().meta({ description: 'Whether `POST /api/v1/session/email-link` sends links (false when an issuer is configured).' }),
    apiKey: z.boolean().meta({ description: 'Whether the web app offers signing in by pasting an API key (`WEB_APP_KEY_SIGN_IN`, on for local development).' }),
  })
  .meta({ id: 'SignInOptions' });
export type SignInOptions = z.infer<typeof SignInOptions>;

export const EmailLinkInput = z.object({ email: z.email().max(254) }).strict().meta({ id: 'EmailLinkInput' });
export const SessionTokenInput = z
  .object({ token: z.string().min(1).max(200).meta({ description: 'The `token` of a sign-in link or of an invitation.' }) })
  .strict()
  .meta({ id: 'SessionTokenInput' });

/** One account of a signed-in person, as billing answers it. */
const SessionAccount = z.object({
  accountId: z.uuid(),
  accountName: z.string().nullable(),
  memberId: z.uuid(),
  role: Role,
  // Optional: the first answers with sessions had none; a gateway then lets the call through to the service, which checks it.
  accountStatus: AccountStatus.optional().meta({ description: 'A closed account may be read, not changed: its member gets 403 `account_closed` on every change.' }),
});
export type SessionAccount = z.infer<typeof SessionAccount>;

/** A live session: whose it is, their accounts now, and when it ends unless used again (idle) or at all (absolute). */
const VerifiedSession = z.object({
  sessionId: SessionId,
  personId: z.uuid(),
  email: z.email(),
  accounts: z.array(SessionAccount),
  expiresAt: Timestamp.meta({ description: 'The earlier of the idle and the absolute expiry, as of this answer.' }),
});
export type VerifiedSession = z.infer<typeof VerifiedSession>;

/** Billing's queries about sessions; billing owns people, so their sessions too. */
export const SessionQueries = {
  /**
   * E-mails a single-use sign-in link (15 minutes) when the address is an active member of some
   * account; answers the same either way, so the caller learns nothing about the address.
   */
  requestSignInLink: defineQuery('billing.sessions.email-link.v1', versioned({ email: z.email().max(254) }), z.object({ accepted: z.literal(true) })),
  /**
   * Starts a session by a sign-in link's or an invitation's token (its SHA-256; an invitation's
   * also makes the person an active member), or by an address an OpenID Provider verified. An
   * unknown, used or expired token, or an address with no membership, is `unauthorized`. The secret
   * is in the answer once; billing keeps its hash.
   */
  startSession: defineQuery(
    'billing.sessions.start.v1',
    versioned({ by: z.discriminatedUnion('kind', [z.object({ kind: z.literal('token'), tokenSha256: SecretSha256 }), z.object({ kind: z.literal('oidc'), email: z.email().max(254) })]) }),
    VerifiedSession.extend({ secret: Secret }),
  ),
  /** The session if the secret matches and it has not expired (it counts as used now); else `unauthorized`. */
  verifySession: defineQuery('billing.sessions.verify.v1', versioned({ sessionId: SessionId, secretSha256: SecretSha256 }), VerifiedSession),
  /** Ends one session (its holder proves it with the secret's hash), announced as `sessions.ended.v1`. */
  endSession: defineQuery('billing.sessions.end.v1', versioned({ sessionId: SessionId, secretSha256: SecretSha256 }), z.object({ ended: z.boolean() })),
  /** Ends every session of the person, announced as `sessions.ended.v1`. */
  endAllSessions: defineQuery('billing.sessions.end-all.v1', versioned({ personId: z.uuid() }), z.object({ ended: z.int().min(0) })),
};
