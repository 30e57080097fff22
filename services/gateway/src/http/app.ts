import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Histogram } from 'prom-client';
import { z } from 'zod';
import { apiError, insufficientScope, notFound, type ApiError, type Principal } from '@brandradar/contracts';
import { DomainError, type Logger } from '@brandradar/platform';
import { context, trace } from '@opentelemetry/api';
import { cookieValue } from '../sessions';
import { sendError, validationError } from './errors';
import type { RouteDef } from './route';

const MAX_BODY_BYTES = 256 * 1024;

/** The caller of a public route (the API reference), which asks for no credential. */
const NOBODY: Principal = { accountId: '', actor: { kind: 'key', id: '', name: 'anonymous' }, scopes: [] };

/** A route that takes no body refuses one like any unexpected field; an empty object is no body. */
const NO_BODY = z.strictObject({}).optional();

/** Decides who is calling, or throws a DomainError `unauthorized`. */
type Authenticator = (req: Request) => Promise<Principal>;

export interface AppOptions {
  routes: RouteDef[];
  authenticate: Authenticator;
  /** Paths served without authentication (the API reference). */
  publicRoutes?: RouteDef[];
  /** Static files served without authentication under a path (the web app), with their own 404 and 405. */
  sites?: Array<{ path: string; router: express.Router }>;
  /** Routers served after authentication, rate limiting and body parsing, outside the routes (the MCP endpoint). */
  authenticatedSites?: Array<{ path: string; router: express.Router }>;
  /** Runs after authentication, e.g. per-key rate limiting; throws a DomainError to refuse. */
  admit?: (principal: Principal, req: Request) => void;
  /**
   * Limits failed authentications per client address: `before` runs before anything else is read
   * (no bus or store work for a throttled address) and throws to refuse; `failed` counts a failure.
   */
  throttle?: { before(req: Request): void; failed(req: Request): void };
  /** express's `trust proxy`: which proxies' X-Forwarded-For names the client (`req.ip`). */
  trustProxy?: boolean | number | string;
  logger: Logger;
  requestDuration: Histogram<'method' | 'route' | 'status'>;
  /** Told about every request once its response is sent (or the connection closed), e.g. to write an audit line. */
  audit?: (request: FinishedRequest) => void;
}

/** A request as answered: what an audit line may be built from. */
export interface FinishedRequest {
  requestId: string;
  method: string;
  path: string;
  /** The client, as `trust proxy` decides (see clientAddress). */
  address: string;
  /** Whether the caller's credential was accepted. */
  authenticated: boolean;
  /** The route that matched and took the request, with its parsed input and result, when it got that far. */
  route?: RouteDef;
  params?: unknown;
  body?: unknown;
  result?: unknown;
  status: number;
  /** The contract's error code, when the answer was an error. */
  errorCode?: string;
  /** The caller authentication accepted (a key, a member's session, the operator). */
  principal?: Principal;
  /** Whom a route that authenticates by itself acted as (signing in or out: the person in each of their accounts). */
  actedAs?: Principal[];
  /** The `Location` answered: the path of a resource the call created. */
  location?: string;
}

/** The calling client's address: the TCP peer, or what trusted proxies say (express's `trust proxy`). */
export const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

interface Locals extends Partial<Pick<FinishedRequest, 'route' | 'params' | 'body' | 'result' | 'errorCode' | 'actedAs'>> {
  requestId: string;
  principal?: Principal;
  authenticated?: boolean;
}

/** The caller the app's authentication accepted, for routers mounted behind it (the MCP endpoint). */
export function principalOf(res: Response): Principal | undefined {
  return (res.locals as Locals).principal;
}

/**
 * An express app serving `routes` with the contract's conventions: request ids,
 * an access log line per request, authentication before
 * anything else is read, JSON-only bodies up to 256 KiB, strict validation, the
 * error shape for every failure, a 405 with `Allow` for a known path's other methods and a 404
 * for unknown paths.
 */
export function buildApp(opts: AppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', opts.trustProxy ?? false);
  app.set('query parser', 'simple');

  app.use((req, res, next) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && /^[A-Za-z0-9._-]{1,128}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    (res.locals as Locals).requestId = requestId;
    const started = process.hrtime.bigint();
    // The request's context (the HTTP instrumentation's SERVER span), so the access line carries its trace id.
    const requestContext = context.active();
    res.once('close', () => {
      // eslint-disable-next-line @typescript-eslint/no-unsafe-member-access -- Express types req.route as any; its path is the route's pattern
      const route = req.route?.path ? String(req.route.path) : 'unmatched';
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      opts.requestDuration.observe({ method: req.method, route, status: String(res.statusCode) }, durationMs / 1e3);
      context.with(requestContext, () => opts.logger.info({ requestId, method: req.method, route, status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10 }, 'request'));
      const { authenticated, route: matched, params, body, result, errorCode, principal, actedAs } = res.locals as Locals;
      const location = res.getHeader('Location');
      opts.audit?.({ requestId, method: req.method, path: req.path, address: clientAddress(req), authenticated: authenticated ?? false, route: matched, params, body, result, status: res.statusCode, errorCode, principal, actedAs, location: typeof location === 'string' ? location : undefined });
    });
    next();
  });

  // Bodies are read only after authentication, or by a route that asks for none (signing in).
  const contentType = (req: Request, _res: Response, next: NextFunction) => {
    const hasBody = Number(req.header('content-length') ?? 0) > 0 || req.header('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json')) return next(DomainError.of('unsupported_media_type', 'Send request bodies as JSON with Content-Type: application/json.'));
    next();
  };
  const parseJson = express.json({ limit: MAX_BODY_BYTES, strict: false });
  const readBody = (req: Request, res: Response, next: NextFunction) =>
    parseJson(req, res, (err?: unknown) => {
      const refusal = err === undefined ? null : bodyRefusal(err, req);
      next(refusal ? new DomainError(refusal) : err);
    });

  for (const site of opts.sites ?? []) app.use(site.path, site.router);
  for (const route of opts.publicRoutes ?? []) mount(app, route);
  for (const route of opts.routes.filter((r) => r.scope === 'public')) mount(app, route, [contentType, readBody]);

  app.use((req, res, next) => {
    try {
      opts.throttle?.before(req);
    } catch (e) {
      return next(e);
    }
    opts
      .authenticate(req)
      .then((principal) => {
        (res.locals as Locals).principal = principal;
        (res.locals as Locals).authenticated = true;
        opts.admit?.(principal, req);
        next();
      })
      .catch((e: unknown) => {
        if (e instanceof DomainError && e.error.code === 'unauthorized') opts.throttle?.failed(req);
        next(e);
      });
  });

  app.use(contentType, readBody);

  for (const site of opts.authenticatedSites ?? []) app.use(site.path, site.router);
  for (const route of opts.routes.filter((r) => r.scope !== 'public')) mount(app, route);
  refuseOtherMethods(app, [...(opts.publicRoutes ?? []), ...opts.routes]);

  app.use((_req, _res, next) => next(new DomainError(notFound())));

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      // A streamed body failed midway: cut the connection, so the client sees an incomplete response rather than JSON that parses.
      opts.logger.error({ err, requestId: (res.locals as Locals).requestId }, 'response failed after it started');
      res.destroy();
      return;
    }
    if (undecodablePath(err)) return sendError(res, notFound());
    if (err instanceof DomainError) return sendError(res, err.error);
    opts.logger.error({ err, requestId: (res.locals as Locals).requestId, traceId: trace.getActiveSpan()?.spanContext().traceId }, 'request failed');
    sendError(res, apiError('internal_error', 'Something went wrong on our side.', { requestId: (res.locals as Locals).requestId }));
  });
  return app;
}

/**
 * What the body parser refuses, in the contract's terms: bad JSON, too large, a charset or content
 * encoding we do not read (415), a body that does not decompress or ended early (400). Every error
 * it marks as the client's (a 4xx) is refused, so none can become a 500; its others (5xx) are ours.
 */
function bodyRefusal(err: unknown, req: Request): ApiError | null {
  const { type, status } = err as { type?: string; status?: number };
  switch (type) {
    case 'entity.parse.failed':
      return apiError('invalid_json', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return apiError('payload_too_large', `Request bodies may be at most ${MAX_BODY_BYTES} bytes.`);
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return apiError('unsupported_media_type', 'Send request bodies as UTF-8 JSON (Content-Type: application/json; charset=utf-8), uncompressed or with Content-Encoding gzip, deflate or br.');
    default:
      break; // another type, or none: the status decides below
  }
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  const encoding = req.header('content-encoding') ?? 'identity';
  // No `type`: the decompression stream failed (zlib's Z_DATA_ERROR, a truncated stream, bad brotli).
  if (type === undefined && encoding.toLowerCase() !== 'identity') return apiError('invalid_json', `The request body could not be decompressed: it is not valid ${encoding} data.`);
  return apiError('invalid_json', 'The request body could not be read: it ended early or does not match its Content-Length.');
}

/** A path that does not decode as UTF-8 names nothing that exists: 404, like an unknown path. */
function undecodablePath(err: unknown): boolean {
  const { status } = err as { status?: number };
  return err instanceof URIError || (status === 400 && err instanceof Error && err.message.startsWith('Failed to decode param'));
}

/**
 * A known path asked with a method it does not answer: 405 `method_not_allowed` with `Allow`
 * (HEAD comes with GET, as express serves it); OPTIONS answers 204 with `Allow`. Mounted after
 * every route, so only a method no route took gets here.
 */
function refuseOtherMethods(app: express.Express, routes: RouteDef[]): void {
  const byPath = new Map<string, Set<string>>();
  for (const route of routes) {
    const methods = byPath.get(route.path) ?? new Set<string>();
    methods.add(route.method.toUpperCase());
    if (route.method === 'get') methods.add('HEAD');
    byPath.set(route.path, methods);
  }
  for (const [path, methods] of byPath) {
    const allow = [...methods, 'OPTIONS'].join(', ');
    const methodNotAllowed = (req: Request, res: Response, next: NextFunction) => {
      res.setHeader('Allow', allow);
      if (req.method === 'OPTIONS') return res.status(204).end();
      next(DomainError.of('method_not_allowed', `${req.method} is not allowed here; this path answers ${allow}.`));
    };
    app.all(path, methodNotAllowed);
  }
}

function mount(app: express.Express, route: RouteDef, before: express.RequestHandler[] = []): void {
  app[route.method](route.path, ...before, (req: Request, res: Response, next: NextFunction) => {
    const locals = res.locals as Locals;
    const parse = (schema: z.ZodType | undefined, value: unknown, where: 'body' | 'query' | 'path' | 'headers'): unknown => {
      if (!schema) return undefined;
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        // A malformed id names nothing that exists: the same 404 as an unknown one.
        if (where === 'path') throw new DomainError(notFound());
        throw validationError(parsed.error.issues, where);
      }
      return parsed.data;
    };
    Promise.resolve()
      .then(async () => {
        locals.route = route;
        // Routes other than the public ones are mounted behind authentication, which set the principal.
        const principal = locals.principal ?? NOBODY;
        // Before anything of the request is read: what the caller may not do, it learns nothing about.
        if (route.scope !== 'public' && route.scope !== 'operator' && !principal.scopes.includes(route.scope)) throw new DomainError(insufficientScope(route.scope));
        const params = parse(route.params, req.params, 'path');
        const query = parse(route.query, req.query ?? {}, 'query');
        const headers = parse(route.headers, declaredHeaders(route.headers, req), 'headers');
        const body = parse(route.body ?? NO_BODY, req.body, 'body');
        Object.assign(locals, { params, body });
        const out = await route.handle({
          params,
          query,
          body,
          accountId: principal.accountId,
          principal,
          requestId: locals.requestId,
          headers,
          mediaType: mediaType(route, req, res),
          clientAddress: clientAddress(req),
          cookie: (name) => cookieValue(req, name),
          originalUrl: req.originalUrl,
        });
        locals.result = out.body;
        locals.actedAs = out.actedAs;
        for (const [k, v] of Object.entries(out.headers ?? {})) res.setHeader(k, v);
        if (out.cookies) res.setHeader('Set-Cookie', out.cookies);
        if (out.stream) {
          res.status(out.status).type(out.contentType ?? 'application/json');
          await out.stream((chunk) => writeChunk(res, chunk));
          res.end();
        } else if (out.body === undefined) res.status(out.status).end();
        else if (route.success.contentType) res.status(out.status).type(route.success.contentType).send(out.body);
        else res.status(out.status).json(out.body);
      })
      .catch(next);
  });
}

/**
 * The media type the request prefers among the route's (its success's and alternatives'); the
 * success's own when `Accept` names none of them, as before content negotiation existed (no 406).
 * A route with alternatives answers differently by `Accept`, which caches are told (`Vary`).
 */
function mediaType(route: RouteDef, req: Request, res: Response): string {
  const own = route.success.contentType ?? 'application/json';
  const alternatives = route.success.alternatives ?? [];
  if (alternatives.length === 0) return own;
  res.vary('Accept');
  return req.accepts([own, ...alternatives.map((a) => a.contentType)]) || own;
}

/** The headers a route declares, under their declared names, as the request sent them. */
function declaredHeaders(schema: z.ZodType | undefined, req: Request): Record<string, string | undefined> {
  if (!(schema instanceof z.ZodObject)) return {};
  const sent = Object.keys(schema.shape).map((name) => [name, req.get(name)] as const);
  return Object.fromEntries(sent.filter(([, value]) => value !== undefined));
}

/** Writes one piece of a streamed body, waiting while the client's buffer is full. */
async function writeChunk(res: Response, chunk: string | Uint8Array): Promise<void> {
  if (res.destroyed) throw new Error('the client closed the connection');
  if (res.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const drained = () => {
      res.off('close', closed);
      resolve();
    };
    const closed = () => {
      res.off('drain', drained);
      reject(new Error('the client closed the connection'));
    };
    res.once('drain', drained);
    res.once('close', closed);
  });
}
