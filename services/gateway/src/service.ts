import type { Server } from 'node:http';
import type { Express, Request } from 'express';
import { AuditEvents, BILLING_EVENTS_STREAM, BillingEvents, PEOPLE_EVENTS_STREAM, PeopleEvents, PeopleQueries } from '@brandradar/contracts';
import { counter, createMetricsRegistry, httpRequestDuration, onEvent, publishEvent, query, REDELIVERY_BACKOFF, runPeriodically, watchEvents, type Logger, type NatsLink, type ServiceDefinition } from '@brandradar/platform';
import { adminAuditor } from './audit';
import { AuditTrail } from './audit-trail';
import { adminTokenAuthenticator, apiKeyAuthenticator, keyOrSessionAuthenticator } from './auth';
import { GatewayCaches } from './caches';
import { gatewayConfigSchema, httpDrainMs, oidcSettings, signInOptions, type GatewayConfig } from './config';
import { buildApp, clientAddress } from './http/app';
import { drainServer, listen } from './http/listen';
import { MCP_PATH, mcpRouter } from './http/mcp';
import { WEB_APP_PATH, webApp } from './http/web-app';
import type { RouteDef } from './http/route';
import type { OpenApiDocument } from './openapi/document';
import { KeyUseRecorder } from './key-use';
import { adminDocsRoutes, publicReference } from './openapi/routes';
import { OidcClient } from './oidc';
import { RateLimiter, type RateLimitSettings } from './rate-limit';
import { accountRoutes } from './routes/account';
import { auditRoutes } from './routes/audit';
import { adminRoutes } from './routes/admin';
import { peopleRoutes } from './routes/people';
import { runRoutes } from './routes/runs';
import { sessionRoutes, type SessionRouteDeps } from './routes/sessions';
import { trackerRoutes } from './routes/trackers';
import { webhookRoutes } from './routes/webhooks';
import { SessionCache, sessionAuthenticator } from './sessions';
import { workflowRoutes } from './routes/workflows';

/** The gateway: the public REST API and the admin API. It owns no data; it asks the services over NATS. */
export const gatewayService: ServiceDefinition<GatewayConfig> = {
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  async start({ config, nats, logger, metrics, shutdown }) {
    const caches = new GatewayCaches({ maxKeys: config.API_KEY_CACHE_MAX_ENTRIES, ttlMs: config.CACHE_TTL_MS }, metrics);
    const sessions = new SessionCache(config.API_KEY_CACHE_MAX_ENTRIES, config.SESSION_CACHE_TTL_MS);
    // Every replica hears every event (an ordered consumer of its own), and forgets everything when it may have missed one.
    const billingEvents = await watchEvents(
      nats,
      BILLING_EVENTS_STREAM,
      [
        onEvent(BillingEvents.apiKeyRevoked, ({ keyId }) => caches.forgetKey(keyId)),
        onEvent(BillingEvents.accountClosed, ({ accountId }) => {
          caches.forgetAccount(accountId);
          sessions.forgetAccount(accountId);
        }),
        onEvent(BillingEvents.ratesPublished, ({ rates }) => caches.offerRates(rates)),
      ],
      logger,
      () => {
        caches.clear();
        sessions.clear();
      },
    );
    shutdown.register('intake', 'stop watching billing events', () => billingEvents.stop());
    const peopleEvents = await watchEvents(
      nats,
      PEOPLE_EVENTS_STREAM,
      [
        // A member's new role (or removal) bounds the keys they created and their sessions: asked about again.
        onEvent(PeopleEvents.memberChanged, ({ accountId }) => {
          caches.forgetAccount(accountId);
          sessions.forgetAccount(accountId);
        }),
        onEvent(PeopleEvents.sessionsEnded, ({ personId, sessionId }) => sessions.forget(personId, sessionId)),
      ],
      logger,
      () => {
        caches.clear();
        sessions.clear();
      },
    );
    shutdown.register('intake', 'stop watching people events', () => peopleEvents.stop());
    // Batches of at most 5,000 keys per query, well within a message's limit.
    const keyUses = new KeyUseRecorder(async (uses) => {
      for (let i = 0; i < uses.length; i += 5_000) await query(nats, PeopleQueries.recordKeyUse, { version: 1, uses: uses.slice(i, i + 5_000) }, config.QUERY_TIMEOUT_MS);
    });
    const stopReporting = runPeriodically(config.KEY_USE_REPORT_MS, () => keyUses.flush(), (err) => logger.warn({ err }, 'reporting key use failed; kept for the next report'));
    const trail = new AuditTrail((event) => publishEvent(nats, AuditEvents.recorded, event), { maxQueued: config.AUDIT_QUEUE_MAX_ENTRIES, backoff: REDELIVERY_BACKOFF }, logger, counter(metrics, 'gateway_audit_entries_dropped_total', 'Audit entries dropped because the queue waiting for the bus was full'));
    const { publicApp, adminApp } = gatewayApps(config, nats, logger, httpRequestDuration(metrics), caches, keyUses, sessions, trail);
    const servers: Server[] = [await listen(publicApp, config.GATEWAY_PORT, config.HTTP_KEEP_ALIVE_TIMEOUT_MS)];
    if (adminApp) {
      servers.push(await listen(adminApp, config.ADMIN_PORT, config.HTTP_KEEP_ALIVE_TIMEOUT_MS));
    } else {
      logger.warn('ADMIN_TOKEN is not set: the admin API is disabled');
    }
    shutdown.register('intake', 'drain http servers, then publish the last audit entries', async () => {
      await Promise.all(servers.map((server) => drainServer(server, httpDrainMs(config))));
      // Within the shutdown's grace, before NATS drains; what is left then is lost, and logged.
      const left = await trail.flush(Math.floor(config.SHUTDOWN_GRACE_MS / 4));
      if (left > 0) logger.error({ left }, 'audit entries not published before shutdown');
    });
    shutdown.register('intake', 'report the last key uses', async () => {
      await stopReporting();
      await keyUses.flush().catch((err: unknown) => logger.warn({ err }, 'reporting key use at shutdown failed'));
    });
    logger.info({ ports: servers.map((s) => (s.address() as { port: number }).port) }, 'gateway listening');
  },
};

/**
 * The public app and, when an ADMIN_TOKEN is set, the admin app. Each route
 * list feeds both its app and its OpenAPI document; tests build the apps here
 * to check that every route served is documented.
 */
export function gatewayApps(
  config: GatewayConfig,
  nats: NatsLink,
  logger: Logger,
  requestDuration: ReturnType<typeof httpRequestDuration>,
  caches: GatewayCaches,
  keyUses?: KeyUseRecorder,
  sessions = new SessionCache(config.API_KEY_CACHE_MAX_ENTRIES, config.SESSION_CACHE_TTL_MS),
  trail?: AuditTrail,
): { publicApp: Express; adminApp?: Express } {
  const timeout = config.QUERY_TIMEOUT_MS;
  const oidc = oidcSettings(config);
  const apiRoutes = publicApiRoutes(nats, timeout, caches, {
    cache: sessions,
    oidc: oidc && new OidcClient(oidc, `${config.PUBLIC_APP_URL.replace(/\/+$/, '')}/api/v1/session/oidc/callback`),
    appUrl: config.PUBLIC_APP_URL,
    signInOptions: signInOptions(config),
    emailLinkLimits: {
      perClient: new RateLimiter({ perMinute: config.EMAIL_LINKS_PER_CLIENT_PER_MINUTE, burst: config.EMAIL_LINKS_PER_CLIENT_PER_MINUTE }, Date.now, 'sign-in links from this address'),
      perAddress: new RateLimiter({ perMinute: config.EMAIL_LINKS_PER_ADDRESS_PER_HOUR / 60, burst: config.EMAIL_LINKS_PER_ADDRESS_PER_HOUR }, Date.now, 'sign-in links for this e-mail address'),
    },
  });
  const adminApiRoutes: RouteDef[] = adminRoutes(nats, timeout, caches);

  const rateLimit = { perMinute: config.RATE_LIMIT_PER_MINUTE, burst: config.RATE_LIMIT_BURST };
  const limiter = new RateLimiter(rateLimit);
  // One throttle for both ports: a client guessing keys or the admin token is one client.
  const authFailures = new RateLimiter({ perMinute: config.AUTH_FAILURES_PER_MINUTE, burst: config.AUTH_FAILURES_BURST }, Date.now, 'failed authentications from this address');
  const throttle = { before: (req: Request) => authFailures.refuseWhenEmpty(clientAddress(req)), failed: (req: Request) => authFailures.spend(clientAddress(req)) };
  const publicApp = buildApp({
    routes: apiRoutes,
    publicRoutes: publicReference(apiRoutes, rateLimit).routes,
    sites: [{ path: WEB_APP_PATH, router: webApp() }],
    authenticatedSites: [{ path: MCP_PATH, router: mcpRouter() }],
    authenticate: keyOrSessionAuthenticator(
      apiKeyAuthenticator(nats, timeout, caches, [MCP_PATH], (keyId) => keyUses?.used(keyId)),
      sessionAuthenticator(nats, timeout, sessions, [MCP_PATH]),
    ),
    // Per key, or per member for a person signed in (ids of either kind never collide: 12 hex characters, or a UUID).
    admit: (principal) => limiter.admit(principal.actor.id),
    audit: trail && ((r) => trail.record(r)),
    throttle,
    trustProxy: config.TRUST_PROXY,
    logger,
    requestDuration,
  });
  if (!config.ADMIN_TOKEN) return { publicApp };
  const adminLog = adminAuditor(logger, config.ADMIN_TOKEN);
  const adminApp = buildApp({
    routes: [...adminApiRoutes, ...adminDocsRoutes(adminApiRoutes)],
    authenticate: adminTokenAuthenticator(config.ADMIN_TOKEN),
    throttle,
    // The log line for the operators' own trail; the account's trail for calls on an account.
    audit: (r) => {
      adminLog(r);
      trail?.record(r);
    },
    trustProxy: config.TRUST_PROXY,
    logger,
    requestDuration,
  });
  return { publicApp, adminApp };
}

/** The public API's routes: the one table the app serves, the OpenAPI document describes and the authorization matrix calls. */
export function publicApiRoutes(nats: NatsLink, timeoutMs: number, caches: GatewayCaches, sessions: Omit<SessionRouteDeps, 'nats' | 'timeoutMs'>): RouteDef[] {
  return [...sessionRoutes({ nats, timeoutMs, ...sessions }), ...accountRoutes(nats, timeoutMs, caches), ...trackerRoutes(nats, timeoutMs), ...runRoutes(nats, timeoutMs), ...workflowRoutes(nats), ...webhookRoutes(nats, timeoutMs), ...peopleRoutes(nats, timeoutMs, caches), ...auditRoutes(nats, timeoutMs)];
}

/** Stands for the NATS link where routes are built only to be described: any use of it is a bug, and says so. */
const NO_NATS = new Proxy({} as NatsLink, {
  get() {
    throw new Error('the routes were built to be described, without NATS; none may be called');
  },
});

/**
 * The public OpenAPI document as a gateway with these rate limits serves it,
 * built without connecting anywhere (the typed client is generated from it).
 */
export function publicApiDocument(rateLimit: RateLimitSettings): OpenApiDocument {
  return publicReference(describedRoutes().public, rateLimit).document();
}

/** Every route table of the gateway, built only to be read (no route may be called): the public API, its reference, the admin API. */
export function describedRoutes(): { public: RouteDef[]; reference: RouteDef[]; admin: RouteDef[] } {
  const caches = new GatewayCaches({ maxKeys: 1, ttlMs: 0 }, createMetricsRegistry('gateway'));
  const neverCalled = new RateLimiter({ perMinute: 1, burst: 1 });
  const routes = publicApiRoutes(NO_NATS, 1, caches, { cache: new SessionCache(1, 0), oidc: null, signInOptions: { oidc: null, emailLink: true, apiKey: false }, appUrl: 'http://localhost:8080', emailLinkLimits: { perClient: neverCalled, perAddress: neverCalled } });
  const admin = adminRoutes(NO_NATS, 1, caches);
  return { public: routes, reference: publicReference(routes, { perMinute: 1, burst: 1 }).routes, admin: [...admin, ...adminDocsRoutes(admin)] };
}
