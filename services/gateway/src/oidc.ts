import type { Configuration } from 'openid-client';

/** The operator's OpenID Provider, as configured (all three settings, or none). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the browser keeps between the redirect to the issuer and the callback (in a short-lived HttpOnly cookie). */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The person the issuer vouched for; only a verified address matches a member. */
export interface OidcIdentity {
  email: string | null;
  emailVerified: boolean;
}

/**
 * An issuer on the loopback interface may speak plain HTTP (a provider on the developer's machine
 * or in a test); any other must use HTTPS.
 */
const loopbackHttp = (issuer: URL) => issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);

/**
 * The sign-in with the operator's OpenID Provider: authorization code with PKCE (S256), state and
 * nonce, by openid-client (an OpenID Foundation certified relying party). The issuer's metadata is
 * discovered on first use and kept; a failed discovery is tried again on the next sign-in. The
 * library is an ES module, loaded only when an issuer is configured.
 */
export class OidcClient {
  private configuration: Promise<Configuration> | null = null;

  constructor(
    private readonly settings: OidcSettings,
    /** Where the issuer sends the browser back: `<PUBLIC_APP_URL>/api/v1/session/oidc/callback`. */
    private readonly redirectUri: string,
  ) {}

  private async config(): Promise<Configuration> {
    this.configuration ??= (async () => {
      const client = await import('openid-client');
      const issuer = new URL(this.settings.issuer);
      return client.discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, loopbackHttp(issuer) ? { execute: [client.allowInsecureRequests] } : undefined);
    })();
    try {
      return await this.configuration;
    } catch (e) {
      this.configuration = null;
      throw e;
    }
  }

  /** A new flow and the issuer's URL to send the browser to. */
  async start(): Promise<{ flow: OidcFlow; url: string }> {
    const client = await import('openid-client');
    const config = await this.config();
    const flow = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { flow, url: url.href };
  }

  /**
   * Redeems the code of the callback (`callbackUrl` as the browser requested it) for tokens,
   * checking state, nonce, PKCE and the ID token; the claims name the person.
   */
  async finish(callbackUrl: URL, flow: OidcFlow): Promise<OidcIdentity> {
    const client = await import('openid-client');
    const config = await this.config();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('the issuer answered without an ID token');
    // Many issuers put the e-mail claims in the ID token only without an access token (OIDC Core §5.4): else ask UserInfo, for the same subject.
    const claims = typeof idToken.email_verified === 'boolean' ? idToken : await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
    return { email: typeof claims.email === 'string' ? claims.email : null, emailVerified: claims.email_verified === true };
  }
}

/** The flow cookie's value: the three random strings (base64url, so `.` cannot occur in them). */
export const flowCookieValue = (flow: OidcFlow): string => `${flow.state}.${flow.nonce}.${flow.codeVerifier}`;

export function parseFlowCookie(value: string | undefined): OidcFlow | null {
  const parts = value?.split('.') ?? [];
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]{16,128}$/.test(p))) return null;
  const [state, nonce, codeVerifier] = parts as [string, string, string];
  return { state, nonce, codeVerifier };
}
