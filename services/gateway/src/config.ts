import { z } from 'zod';
import { baseConfigSchema, envBoolean } from '@brandradar/platform';
import type { SignInOptions } from '@brandradar/contracts';

/** The settings, each checked on its own; `gatewayConfigSchema` adds the rules between them. */
export const gatewayConfigFields = baseConfigSchema.extend({
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /** The admin API is off unless a token is set. */
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * How long an idle client connection stays open, in ms: longer than the idle timeout of the
   * load balancer or ingress in front (60 s for most), so it never reuses a connection the
   * gateway has just closed.
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(65_000),
  /**
   * On shutdown, how long kept-alive client connections may go on, in ms: each request on one is
   * answered with `Connection: close`, so clients move to another replica without a failed request;
   * what is still idle then is closed. At most half of SHUTDOWN_GRACE_MS, which bounds the whole
   * shutdown (httpDrainMs).
   */
  HTTP_DRAIN_MS: z.coerce.number().int().min(0).default(5_000),
  /** Timeout for each query the gateway asks another service. */
  QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Public API requests per minute for each API key, enforced by each gateway replica on its own. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** How many requests a key may send at once after a quiet spell (the token bucket's size). */
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(100),
  /**
   * Failed authentications (missing, malformed, unknown or revoked key) allowed per client address,
   * per minute and at once; past them, every request from the address is refused with 429 before
   * any bus or store work, until the bucket refills.
   */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  AUTH_FAILURES_BURST: z.coerce.number().int().min(1).default(20),
  /**
   * How long a replica keeps a verified API key and the current rate card, in ms; 0 keeps nothing.
   * Billing's events (key revoked, account closed, rates published) update every replica at once;
   * this bounds how stale either can be should an event be lost.
   */
  CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  /** Most verified API keys one replica keeps; past it the least recently used goes. */
  API_KEY_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(10_000),
  /** How often each replica reports when keys were last used (billing keeps `lastUsedAt`): one batch per period, never a write per request. */
  KEY_USE_REPORT_MS: z.coerce.number().int().min(10).default(60_000),
  /**
   * Which proxies in front of the gateway to believe about the client's address (express's
   * `trust proxy`): `false` (the default: the TCP peer is the client), `true`, a hop count, or a
   * comma-separated list of addresses/CIDRs such as the ingress controller's pod range.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => (v === 'false' ? false : v === 'true' ? true : /^\d+$/.test(v) ? Number(v) : v)),
  /** Where people open the web app: the OpenID Connect callback is `<PUBLIC_APP_URL>/api/v1/session/oidc/callback`. */
  PUBLIC_APP_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  /**
   * The operator's OpenID Provider (all three, or none): people sign in through it, and e-mailed
   * sign-in links are off. An issuer on localhost may use http; any other needs https.
   */
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** What the web app's sign-in button names the issuer ("Sign in with …"); the issuer's host when unset. */
  OIDC_DISPLAY_NAME: z.string().min(1).max(60).optional(),
  /**
   * Whether the web app offers signing in by pasting an API key, besides people's sign-in: for local
   * development (`npm start` turns it on); a deployment leaves it off, so people sign in as members.
   */
  WEB_APP_KEY_SIGN_IN: envBoolean.default(false),
  /** How long a replica keeps a verified session, in ms: logout reaches every replica at once by event; this bounds how late a role change or removal applies. */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5_000),
  /** Sign-in links one address may ask for: this many at once, then one per 12 minutes (5 an hour). */
  EMAIL_LINKS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Sign-in links one client address may ask for per minute (any addresses), and at once. */
  EMAIL_LINKS_PER_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * Audit entries a replica holds while the bus does not take them (NATS down), published again
   * with backoff; past this many, new ones are dropped, counted in `gateway_audit_entries_dropped_total`.
   */
  AUDIT_QUEUE_MAX_ENTRIES: z.coerce.number().int().min(1).default(100_000),
});

const OIDC_SETTINGS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

export const gatewayConfigSchema = gatewayConfigFields.superRefine((config, ctx) => {
  const missing = OIDC_SETTINGS.filter((name) => config[name] === undefined);
  if (missing.length === 0 || missing.length === OIDC_SETTINGS.length) return;
  for (const name of missing) ctx.addIssue({ code: 'custom', path: [name], message: `must be set with ${OIDC_SETTINGS.filter((n) => !missing.includes(n)).join(' and ')}: OpenID Connect needs all three` });
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** The OpenID Provider's settings when configured (the schema lets through all three or none). */
export function oidcSettings(config: Pick<GatewayConfig, (typeof OIDC_SETTINGS)[number]>): { issuer: string; clientId: string; clientSecret: string } | null {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = config;
  return issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : null;
}

/** How long the listeners drain on shutdown: HTTP_DRAIN_MS, within half the shutdown's grace so the rest of it still runs. */
export function httpDrainMs(config: Pick<GatewayConfig, 'HTTP_DRAIN_MS' | 'SHUTDOWN_GRACE_MS'>): number {
  return Math.min(config.HTTP_DRAIN_MS, Math.floor(config.SHUTDOWN_GRACE_MS / 2));
}

/** How people may sign in, as the sign-in page is told: the issuer by its display name (else its host), else e-mailed links. */
export function signInOptions(config: Pick<GatewayConfig, (typeof OIDC_SETTINGS)[number] | 'OIDC_DISPLAY_NAME' | 'WEB_APP_KEY_SIGN_IN'>): SignInOptions {
  const oidc = oidcSettings(config);
  return { oidc: oidc && { name: config.OIDC_DISPLAY_NAME ?? new URL(oidc.issuer).host }, emailLink: !oidc, apiKey: config.WEB_APP_KEY_SIGN_IN };
}
