import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CSRF_HEADER, EmailLinkInput, Me, normalisedEmail, SESSION_ABSOLUTE_MS, SESSION_COOKIE, SessionQueries, SessionStarted, SessionTokenInput, SignInOptions, unauthorized, type VerifiedSession } from '@brandradar/contracts';
import { DomainError, query, type NatsLink } from '@brandradar/platform';
import { defineRoute, type RouteDef, type RouteInput } from '../http/route';
import { flowCookieValue, parseFlowCookie, type OidcClient } from '../oidc';
import type { RateLimiter } from '../rate-limit';
import { csrfToken, parseSessionCookie, sessionPrincipals, sessionSetCookie, verifySession, type SessionCache, type SessionCookie } from '../sessions';

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

const OIDC_PATH = '/api/v1/session/oidc';
const FLOW_COOKIE = 'brandradar_oidc';
/** The browser has this long at the issuer before the flow is forgotten. */
const FLOW_MAX_AGE_SECONDS = 600;
const SESSION_MAX_AGE_SECONDS = SESSION_ABSOLUTE_MS / 1000;
/** Answers about a person or a session are for that browser only. */
const PRIVATE = { 'Cache-Control': 'no-store' };

export interface SessionRouteDeps {
  nats: NatsLink;
  timeoutMs: number;
  cache: SessionCache;
  /** The issuer's client, or null when e-mailed links are the way in. */
  oidc: OidcClient | null;
  /** What the sign-in page offers. */
  signInOptions: SignInOptions;
  /** `PUBLIC_APP_URL`: where the issuer's callback and the app are. */
  appUrl: string;
  /** Sign-in links asked for by one client, and for one address (keyed by the address's hash). */
  emailLinkLimits: { perClient: RateLimiter; perAddress: RateLimiter };
}

function meOf(session: VerifiedSession, secret: string): Me {
  return {
    person: { id: session.personId, email: session.email },
    accounts: session.accounts.map((a) => ({ id: a.accountId, name: a.accountName, role: a.role, memberId: a.memberId })),
    csrfToken: csrfToken(secret),
  };
}

const flowCookie = (value: string, maxAge: number) => `${FLOW_COOKIE}=${value}; Path=${OIDC_PATH}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;

/**
 * Sign-in for people (api-contract §15): e-mailed single-use links, invitation tokens and the
 * operator's OpenID Provider start a session; `/me` describes it; logout ends it or all of the
 * person's. Every one is `public` in the route table: each reads the session cookie itself (none
 * takes an API key), and a mutating one checks the session's CSRF token like the app does.
 */
export function sessionRoutes(d: SessionRouteDeps): RouteDef[] {
  const ask = <Q extends (typeof SessionQueries)[keyof typeof SessionQueries]>(def: Q, request: z.infer<Q['request']>) => query(d.nats, def, request, d.timeoutMs);

  /** The live session of the request's cookie; 401 without one. */
  async function session(input: Pick<RouteInput<unknown, unknown, unknown>, 'cookie'>): Promise<{ cookie: SessionCookie; session: VerifiedSession }> {
    const cookie = parseSessionCookie(input.cookie(SESSION_COOKIE));
    if (!cookie) throw new DomainError(unauthorized());
    return { cookie, session: await verifySession(d.nats, d.timeoutMs, d.cache, cookie) };
  }

  /** A session started: its `Set-Cookie`, and the person as `/me` describes them. */
  const started = (s: VerifiedSession & { secret: string }) => ({ cookie: sessionSetCookie({ sessionId: s.sessionId, secret: s.secret }, SESSION_MAX_AGE_SECONDS), me: meOf(s, s.secret) });

  const signInError = (code: string) => ({ status: 302, headers: { Location: `/app/sign-in?error=${code}`, ...PRIVATE }, cookies: [flowCookie('', 0)] });

  const csrfHeaders = z.object({ [CSRF_HEADER]: z.string().max(200).optional().meta({ description: 'The CSRF token sign-in answered: required with the session cookie.' }) });
  const checkCsrf = (cookie: SessionCookie, sent: string | undefined) => {
    if (sent !== csrfToken(cookie.secret)) throw DomainError.of('csrf_failed', `Logging out with the session cookie needs the session's CSRF token in ${CSRF_HEADER}.`);
  };

  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/session/options',
      operationId: 'getSignInOptions',
      summary: 'How people sign in here',
      description: "For the sign-in page, before anyone is signed in: the operator's OpenID Provider (by the name its button shows) or else e-mailed links, and whether the web app offers pasting an API key (local development).",
      tag: 'Sessions',
      scope: 'public',
      success: { status: 200, description: 'The ways in.', schema: z.object({ options: SignInOptions }) },
      errors: [],
      handle: async () => ({ status: 200, body: { options: d.signInOptions } }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/session/email-link',
      operationId: 'requestSignInLink',
      summary: 'E-mail a sign-in link',
      description:
        'Always 202, whether or not the address belongs to a member: an active member gets an e-mail with a single-use link to `/app/sign-in?token=…`, valid 15 minutes (post its token to `POST /api/v1/session`). Limited per client address (429) and, silently, per e-mail address. Off (409 `invalid_state`) when the deployment signs people in through an OpenID Provider.',
      tag: 'Sessions',
      scope: 'public',
      body: EmailLinkInput,
      success: { status: 202, description: 'Accepted: a link is on its way if the address may sign in.' },
      errors: ['validation_error', 'rate_limited', 'invalid_state'],
      handle: async ({ body, clientAddress }) => {
        if (d.oidc) throw DomainError.of('invalid_state', 'This deployment signs people in through its OpenID Provider: GET /api/v1/session/oidc/start.');
        d.emailLinkLimits.perClient.admit(clientAddress);
        try {
          d.emailLinkLimits.perAddress.admit(sha256Hex(normalisedEmail(body.email)));
        } catch {
          return { status: 202 }; // The same answer: a limit reached would tell that someone asked for this address.
        }
        await ask(SessionQueries.requestSignInLink, { version: 1, email: body.email });
        return { status: 202 };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/session',
      operationId: 'startSession',
      summary: "Sign in with a sign-in link's or an invitation's token",
      description:
        'Sets the session cookie (`HttpOnly; Secure; SameSite=Lax`; 12 hours idle, 7 days at most) and answers the person with the CSRF token to send as `X-CSRF-Token` on every request that changes something. An invitation’s token also makes the person a member. A token works once: again, expired or unknown, it is 401.',
      tag: 'Sessions',
      scope: 'public',
      body: SessionTokenInput,
      success: { status: 200, description: 'Signed in.', schema: SessionStarted, headers: { 'Set-Cookie': 'The session cookie, `brandradar_session`.' } },
      errors: ['validation_error', 'unauthorized'],
      handle: async ({ body }) => {
        const begun = await ask(SessionQueries.startSession, { version: 1, by: { kind: 'token', tokenSha256: sha256Hex(body.token) } });
        const { cookie, me } = started(begun);
        return { status: 200, body: { me, csrfToken: me.csrfToken }, headers: PRIVATE, cookies: [cookie], actedAs: sessionPrincipals(begun) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/me',
      operationId: 'getMe',
      summary: 'The signed-in person and their accounts',
      description:
        'With the session cookie (an API key is no person: 401). Each account with the person’s role in it; a request acts in the first unless it names another with `X-Account-Id`. Also the session’s CSRF token.',
      tag: 'Sessions',
      scope: 'public',
      success: { status: 200, description: 'The person.', schema: Me },
      errors: ['unauthorized'],
      handle: async (input) => {
        const { cookie, session: s } = await session(input);
        return { status: 200, body: meOf(s, cookie.secret), headers: PRIVATE };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/session/logout',
      operationId: 'logout',
      summary: 'Sign out of this browser',
      description: 'Ends the session of the cookie (every gateway refuses it within a second) and clears the cookie; without a session it only clears the cookie. Needs `X-CSRF-Token` with the cookie.',
      tag: 'Sessions',
      scope: 'public',
      headers: csrfHeaders,
      success: { status: 204, description: 'Signed out.', headers: { 'Set-Cookie': 'Clears the session cookie.' } },
      errors: ['csrf_failed'],
      handle: async (input) => {
        const cookie = parseSessionCookie(input.cookie(SESSION_COOKIE));
        if (cookie) {
          checkCsrf(cookie, input.headers[CSRF_HEADER]);
          const ended = await verifySession(d.nats, d.timeoutMs, d.cache, cookie).catch(() => null);
          await ask(SessionQueries.endSession, { version: 1, sessionId: cookie.sessionId, secretSha256: sha256Hex(cookie.secret) });
          // This replica at once; the others hear billing's event.
          if (ended) d.cache.forget(ended.personId, ended.sessionId);
          return { status: 204, headers: PRIVATE, cookies: [sessionSetCookie(null, 0)], actedAs: ended ? sessionPrincipals(ended) : [] };
        }
        return { status: 204, headers: PRIVATE, cookies: [sessionSetCookie(null, 0)] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/session/logout-everywhere',
      operationId: 'logoutEverywhere',
      summary: 'Sign out of every browser',
      description: 'Ends every session of the person, this one included (every gateway refuses them within a second). Needs the session cookie and `X-CSRF-Token`.',
      tag: 'Sessions',
      scope: 'public',
      headers: csrfHeaders,
      success: { status: 204, description: 'Signed out everywhere.', headers: { 'Set-Cookie': 'Clears the session cookie.' } },
      errors: ['unauthorized', 'csrf_failed'],
      handle: async (input) => {
        const { cookie, session: s } = await session(input);
        checkCsrf(cookie, input.headers[CSRF_HEADER]);
        await ask(SessionQueries.endAllSessions, { version: 1, personId: s.personId });
        d.cache.forget(s.personId, null);
        return { status: 204, headers: PRIVATE, cookies: [sessionSetCookie(null, 0)], actedAs: sessionPrincipals(s) };
      },
    }),
    defineRoute({
      method: 'get',
      path: `${OIDC_PATH}/start`,
      operationId: 'startOidcSignIn',
      summary: "Sign in through the operator's OpenID Provider",
      description: 'Redirects the browser to the issuer (authorization code with PKCE, state and nonce, kept in a 10-minute HttpOnly cookie). 404 when no issuer is configured.',
      tag: 'Sessions',
      scope: 'public',
      success: { status: 302, description: 'To the issuer.', headers: { Location: "The issuer's authorization endpoint." } },
      errors: ['not_found'],
      handle: async () => {
        if (!d.oidc) throw DomainError.of('not_found', 'No OpenID Provider is configured: ask for an e-mailed sign-in link (POST /api/v1/session/email-link).');
        const { flow, url } = await d.oidc.start();
        return { status: 302, headers: { Location: url, ...PRIVATE }, cookies: [flowCookie(flowCookieValue(flow), FLOW_MAX_AGE_SECONDS)] };
      },
    }),
    defineRoute({
      method: 'get',
      path: `${OIDC_PATH}/callback`,
      operationId: 'finishOidcSignIn',
      summary: 'Where the OpenID Provider sends the browser back',
      description:
        'Checks the answer (state, PKCE, the ID token and its nonce) and signs in the member whose address the issuer verified (`email_verified`): 302 to `/app` with the session cookie. A failure goes to `/app/sign-in?error=<reason>`: `oidc_failed`, `email_not_verified` or `not_a_member`.',
      tag: 'Sessions',
      scope: 'public',
      query: z.looseObject({ code: z.string().max(2_000).optional(), state: z.string().max(500).optional() }),
      success: { status: 302, description: 'To `/app`, signed in; or to the sign-in page with the reason.', headers: { Location: '`/app`, or `/app/sign-in?error=…`.', 'Set-Cookie': 'The session cookie.' } },
      errors: ['not_found'],
      handle: async (input) => {
        if (!d.oidc) throw DomainError.of('not_found', 'No OpenID Provider is configured.');
        const flow = parseFlowCookie(input.cookie(FLOW_COOKIE));
        if (!flow) return signInError('oidc_failed');
        // The callback as the issuer was told it (behind proxies the gateway sees another URL), with the answer's parameters.
        const search = input.originalUrl.includes('?') ? input.originalUrl.slice(input.originalUrl.indexOf('?')) : '';
        const identity = await d.oidc.finish(new URL(`${d.appUrl.replace(/\/+$/, '')}${OIDC_PATH}/callback${search}`), flow).catch(() => null);
        if (!identity) return signInError('oidc_failed');
        if (!identity.email || !identity.emailVerified) return signInError('email_not_verified');
        const begun = await ask(SessionQueries.startSession, { version: 1, by: { kind: 'oidc', email: identity.email } }).catch((e: unknown) => {
          if (e instanceof DomainError && e.error.code === 'unauthorized') return null;
          throw e;
        });
        if (!begun) return signInError('not_a_member');
        return { status: 302, headers: { Location: '/app', ...PRIVATE }, cookies: [started(begun).cookie, flowCookie('', 0)], actedAs: sessionPrincipals(begun) };
      },
    }),
  ];
}
