import { z } from 'zod';
import { CSRF_HEADER, SESSION_COOKIE, WEBHOOK_EVENT_BODIES } from '@brandradar/contracts';
import { defineRoute, type RouteDef, type RouteScope } from '../http/route';
import type { RateLimitSettings } from '../rate-limit';
import { renderDocsPage } from './docs-page';
import { buildOpenApiDocument, type ApiDescription, type OpenApiDocument } from './document';

const PUBLIC_DOCUMENT_PATH = '/api/v1/openapi.json';

const OpenApiJson = z.looseObject({ openapi: z.literal('3.1.0') }).meta({ description: 'An OpenAPI 3.1 document.' });
const HtmlPage = z.string().meta({ description: 'A self-contained HTML page: no scripts, no external resources.' });
/** The page is static HTML with inline styles; nothing else may load or run. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

function publicApi(rateLimit: RateLimitSettings): Omit<ApiDescription, 'routes' | 'openRoutes'> {
  return {
    title: 'brandradar API',
    description: `Measure how brands appear in answers from AI surfaces (ChatGPT, Claude, Perplexity, Gemini, Google AI Overviews): trackers re-ask your prompts on a schedule and report the change since the last run. You pay only for answers that succeeded.

- **Authentication**: send your API key as \`Authorization: Bearer brk_…\` on every call except this reference (\`${PUBLIC_DOCUMENT_PATH}\`, \`/docs\`). A missing, malformed, unknown, expired or revoked key is a 401 \`unauthorized\` with \`WWW-Authenticate: Bearer\`. People signed in to the web app send the session cookie (\`${SESSION_COOKIE}\`) instead, and on every call that changes something (any method but GET) the \`${CSRF_HEADER}\` header with the session's CSRF token; without it, 403 \`csrf_failed\`. Each such operation lists the header.
- **Scopes**: a key holds some of \`read\` (every GET, CSV, the MCP read tools), \`run\` (manual runs, reanalysis, briefs: what spends money), \`manage\` (trackers, activation, webhooks) and \`admin\` (members and keys). Each operation names the one it needs in \`x-required-scope\` and in its \`security\` requirement; a key without it gets 403 \`insufficient_scope\` with \`requiredScope\`, before anything of the request is read. Members hold their role's scopes: \`owner\` all four, \`editor\` \`read\`, \`run\` and \`manage\`, \`viewer\` \`read\`. Keys an operator issues hold all four.
- **JSON only**: a request body needs \`Content-Type: application/json\` (else 415 \`unsupported_media_type\`), valid JSON (else 400 \`invalid_json\`) and at most 256 KiB (else 413 \`payload_too_large\`). It may be compressed with \`Content-Encoding: gzip\`, \`deflate\` or \`br\` (another encoding is 415 \`unsupported_media_type\`; a body that does not decompress is 400 \`invalid_json\`).
- **Strict bodies**: an unknown or read-only field is a 400 \`validation_error\` whose \`issues\` name each offending field; nothing is changed.
- **Money** is an integer number of micro-units: 100,000 micro-units = 1 USD (39,000 = $0.39).
- **Timestamps** are ISO 8601 UTC with milliseconds, e.g. \`2026-11-22T09:00:00.000Z\`. Ids are UUID v4, given in lowercase and read in any case.
- **Errors**: every non-2xx answer has the body \`{"error": {"code": "…", "message": "…"}}\`. \`code\` is stable snake_case (all codes: \`x-error-codes\`), \`message\` is for people, and some codes add fields next to them. Each operation lists the codes each status can carry.
- **Not found**: an unknown route, an unknown id and an id of another account all answer the same 404 \`not_found\`. A known path asked with a method it does not have answers 405 \`method_not_allowed\` with \`Allow\` listing its methods; \`OPTIONS\` answers 204 with \`Allow\`.
- **Schemas say what is checked**: a tracker body is one variant per \`primitive\` (\`oneOf\` with a \`discriminator\`); a field the primitive does not use is \`not: {}\` (leave the key out); \`uniqueItems\` lists must not repeat; cursors have a \`pattern\`. Rules between fields (a competitor equal to the brand, case-insensitive repeats, aliases naming a tracked name) are in the field descriptions.
- **Rate limits**: each API key may send ${rateLimit.perMinute} requests per minute, in bursts of up to ${rateLimit.burst} (a token bucket). The limit is kept by each gateway replica on its own, so behind several replicas a key may get somewhat more. Over it: 429 \`rate_limited\`; the refused request changes nothing.
- **Retry-After**: every 429 and 503 answer carries \`Retry-After\` in seconds; wait that long before retrying.
- **Request ids**: every response carries \`X-Request-Id\` (a valid incoming one is kept); an incoming W3C \`traceparent\` is continued.`,
    server: { url: '/', description: 'The gateway that serves this document (`GATEWAY_PORT`, default 8080).' },
    securityScheme: {
      name: 'apiKey',
      bearerFormat: 'brk_<keyId>_<secret>',
      description: 'Your API key, issued by an operator or created with `POST /api/v1/api-keys`, and shown once. Only its hash is stored. Each operation lists the scope it needs.',
    },
    sessionScheme: {
      name: 'session',
      cookie: SESSION_COOKIE,
      description: `A person signed in to the web app (\`POST /api/v1/session\`): the \`HttpOnly\` cookie, with the scopes of the person's role in the account. A call that changes something needs \`${CSRF_HEADER}\` too.`,
    },
    rateLimited: true,
    webhooks: WEBHOOK_EVENT_BODIES,
  };
}

const ADMIN_API: Omit<ApiDescription, 'routes' | 'openRoutes'> = {
  title: 'brandradar admin API',
  description: `For operators: accounts, API keys, credits and rate cards.

- **Where**: the gateway serves it on its own port (\`ADMIN_PORT\`, default 8081), which the public ingress never routes. It is off when \`ADMIN_TOKEN\` is unset.
- **Authentication**: \`Authorization: Bearer <ADMIN_TOKEN>\` on every call, this document included.
- **Conventions** as in the public API (\`${PUBLIC_DOCUMENT_PATH}\` on the public port): JSON only, strict bodies, money in micro-units (100,000 = 1 USD), ISO 8601 UTC timestamps, the same error shape and codes (\`x-error-codes\`). Not rate limited.`,
  server: { url: '/', description: 'The admin port of a gateway (`ADMIN_PORT`, default 8081); never exposed publicly.' },
  securityScheme: { name: 'adminToken', description: 'The operators\' token, `ADMIN_TOKEN`, compared in constant time.' },
  rateLimited: false,
};

/** The route serving an API's OpenAPI document (`document` is built after the routes it describes, this one included). */
function documentRoute(path: string, operationId: string, server: string, scope: RouteScope, document: () => OpenApiDocument): RouteDef {
  return defineRoute({
    method: 'get',
    path,
    operationId,
    summary: 'This reference as an OpenAPI 3.1 document',
    tag: 'Reference',
    scope,
    success: { status: 200, description: `The document, generated from the routes ${server} serves.`, schema: OpenApiJson },
    errors: [],
    handle: async () => ({ status: 200, body: document() }),
  });
}

/**
 * The public API reference, served without an API key: the OpenAPI document
 * and a web page rendered from it, both built from the routes the app serves
 * on their first request rather than at start (about 100 ms of CPU each gateway
 * start spent even when nobody asked). Returns the two routes and the document
 * (which describes them too).
 */
export function publicReference(apiRoutes: RouteDef[], rateLimit: RateLimitSettings): { routes: RouteDef[]; document: () => OpenApiDocument } {
  const routes: RouteDef[] = [
    documentRoute(PUBLIC_DOCUMENT_PATH, 'getOpenApiDocument', 'the gateway', 'public', () => document()),
    defineRoute({
      method: 'get',
      path: '/docs',
      operationId: 'getDocsPage',
      summary: 'This reference as a web page',
      tag: 'Reference',
      scope: 'public',
      success: { status: 200, description: 'The page.', schema: HtmlPage, contentType: 'text/html', headers: { 'Content-Security-Policy': `\`${PAGE_CSP}\`: the page runs no script and loads nothing.` } },
      errors: [],
      handle: async () => ({ status: 200, body: page(), headers: { 'Content-Security-Policy': PAGE_CSP } }),
    }),
  ];
  const built: { document?: OpenApiDocument; page?: string } = {};
  const document = (): OpenApiDocument => (built.document ??= buildOpenApiDocument({ ...publicApi(rateLimit), routes: apiRoutes, openRoutes: routes }));
  const page = () => (built.page ??= renderDocsPage(document(), PUBLIC_DOCUMENT_PATH));
  return { routes, document };
}

/** The admin API's own document, behind the admin token like the rest of that API (built on its first request too). */
export function adminDocsRoutes(adminRoutes: RouteDef[]): RouteDef[] {
  let document: OpenApiDocument | undefined;
  const routes: RouteDef[] = [
    documentRoute('/admin/v1/openapi.json', 'adminGetOpenApiDocument', 'the admin port', 'operator', () => (document ??= buildOpenApiDocument({ ...ADMIN_API, routes: [...adminRoutes, ...routes], openRoutes: [] }))),
  ];
  return routes;
}
