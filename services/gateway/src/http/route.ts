import { z } from 'zod';
import type { ErrorCode, Principal, Scope } from '@brandradar/contracts';

/**
 * An id in a path. UUIDs are read case-insensitively (RFC 9562 §4) and ours are stored lowercase,
 * so an id copied in capitals names the same resource.
 */
export const pathId = () => z.uuid().overwrite((id) => id.toLowerCase());

/** Who may call a route: the holders of a scope, the operator, or anyone. */
export type RouteScope = Scope | 'operator' | 'public';

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

interface RouteResponse {
  status: number;
  body?: unknown;
  /**
   * A JSON body written piece by piece instead of `body`, for answers too large to hold at once
   * (a report of many runs). Each `write` waits until the client has taken the piece.
   */
  stream?: (write: (chunk: string | Uint8Array) => Promise<void>) => Promise<void>;
  /** The media type of a streamed body, when it is not JSON (one of the route's `alternatives`). */
  contentType?: string;
  headers?: Record<string, string>;
  /** `Set-Cookie` values (the session's, or clearing one). */
  cookies?: string[];
  /**
   * Whom the call acted as, for the audit trail, when that is not the authenticated caller: the
   * person in each of their accounts for sign-in and sign-out, the operator in an account the path
   * does not name.
   */
  actedAs?: Principal[];
}

export interface RouteInput<P, Q, B, H = unknown> {
  params: P;
  query: Q;
  body: B;
  /** The caller's account, for routes authenticated by API key. */
  accountId: string;
  /** Who is calling and what it may do (the admin API's: an operator with no account). */
  principal: Principal;
  requestId: string;
  /** The request headers the route declares, by their declared names (e.g. `Idempotency-Key`), checked. */
  headers: H;
  /**
   * The media type to answer in: the success's own or one of its `alternatives`, whichever the
   * request's `Accept` prefers; the success's own when it accepts none of them.
   */
  mediaType: string;
  /** The client's address, as `trust proxy` decides: what per-client limits count. */
  clientAddress: string;
  /** One cookie the request sent (the session's), by name. */
  cookie(name: string): string | undefined;
  /** The request's own URL (path and query), for a redirect's callback. */
  originalUrl: string;
}

/**
 * One endpoint: its path, schemas, documented answers and handler. Express
 * routes and the OpenAPI document are both built from these, so what is
 * served and what is documented cannot drift apart.
 */
export interface RouteDef<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, H extends z.ZodType = z.ZodType> {
  method: Method;
  /** Express-style path, e.g. `/api/v1/trackers/:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /**
   * What the caller must hold (api-contract §15): a scope of the public API, `operator` for the
   * admin API (its token), `public` for the reference served without a key. Required, so a route
   * without a rule does not compile; the route-table test checks the values too.
   */
  scope: RouteScope;
  params?: P;
  query?: Q;
  body?: B;
  /** Request headers the route reads: a zod object keyed by each header's name as documented (matched case-insensitively). */
  headers?: H;
  /**
   * The success response: status, the schema of its body (none for 204),
   * headers by name with their description, and the media type when it is not
   * JSON (the handler then returns the body as a string).
   */
  success: {
    status: number;
    description: string;
    schema?: z.ZodType;
    headers?: Record<string, string>;
    contentType?: string;
    /**
     * Other media types of the same resource, chosen by the request's `Accept` (e.g. `text/csv`), each
     * described; a `binary` one (a PDF) is documented as bytes and has no example.
     */
    alternatives?: Array<{ contentType: string; description: string; example: string } | { contentType: string; description: string; binary: true }>;
    /**
     * The answer to a repeated `requestToken`: another success status (200) with the same body
     * and headers, documented next to the first so that every status the handler returns is listed.
     */
    replay?: { status: number; description: string };
  };
  /** Error codes this endpoint can answer with, besides the ones every endpoint can. */
  errors: ErrorCode[];
  handle(input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>, z.infer<H>>): Promise<RouteResponse>;
}

export function defineRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, H extends z.ZodType>(route: RouteDef<P, Q, B, H>): RouteDef {
  return route;
}
