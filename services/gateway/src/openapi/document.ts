import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { createDocument, type ZodOpenApiHeaderObject, type ZodOpenApiObject, type ZodOpenApiOperationObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import { ACCOUNT_HEADER, CSRF_HEADER, ERROR_CODES, ERROR_STATUS, ErrorBodySchema, SCOPES, WebhookMessageId, type ErrorCode, type Scope } from '@brandradar/contracts';
import { METHODS, type RouteDef } from '../http/route';
import { changesSomething } from '../sessions';
import { ERROR_MEANINGS } from './error-codes';
import { exampleOf } from './example';
import { JsonSchemaShape } from './schemas';

/** The document's own version: v1 of the API; additions raise the minor version. */
const API_VERSION = '1.0.0';

/** One API served on one port behind one bearer scheme, as the reference describes it. */
export interface ApiDescription {
  title: string;
  /** CommonMark: the conventions every endpoint follows. */
  description: string;
  server: { url: string; description: string };
  securityScheme: { name: string; description: string; bearerFormat?: string };
  /**
   * People signed in to the web app: a session cookie, accepted beside the bearer scheme by every
   * operation that needs a scope; those that change something then need the CSRF header too.
   */
  sessionScheme?: { name: string; cookie: string; description: string };
  /** Served behind the bearer scheme (and the session cookie, when there is one). */
  routes: RouteDef[];
  /** Served without authentication (the reference itself). */
  openRoutes: RouteDef[];
  /** Whether authenticated requests are rate limited (429 `rate_limited`). */
  rateLimited: boolean;
  /** The events this API POSTs to its users' endpoints, each type's JSON body (a schema with a meta `id`). */
  webhooks?: Readonly<Record<string, z.ZodType>>;
}

// The parts of the generated document that the docs page, the examples and the tests read, checked
// when the document is built (zod-openapi types each schema as a general OpenAPI schema object).
// Loose objects: every other field of the document is served as zod-openapi wrote it.
const HeaderObjectShape = z.looseObject({ description: z.string(), schema: JsonSchemaShape });
const HeaderRefShape = z.looseObject({ $ref: z.string() });
type HeaderRef = z.infer<typeof HeaderRefShape>;
const MediaTypeShape = z.looseObject({ schema: JsonSchemaShape, example: z.unknown().optional() });

const ResponseObjectShape = z.looseObject({
  description: z.string(),
  headers: z.record(z.string(), z.union([HeaderObjectShape, HeaderRefShape])),
  content: z.record(z.string(), MediaTypeShape).optional(),
});
export type ResponseObject = z.infer<typeof ResponseObjectShape>;

const ParameterShape = z.looseObject({
  name: z.string(),
  in: z.enum(['path', 'query', 'header']),
  /** Absent for an optional query parameter. */
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: JsonSchemaShape,
});
export type Parameter = z.infer<typeof ParameterShape>;

const OperationShape = z.looseObject({
  operationId: z.string(),
  summary: z.string(),
  description: z.string().optional(),
  tags: z.array(z.string()),
  /** `[]` for an endpoint served without authentication; else each scheme that may call it (any one will do) with the one scope the operation needs. */
  security: z.union([z.tuple([]), z.array(z.record(z.string(), z.tuple([z.enum(SCOPES)]))).min(1)]).optional(),
  /** The scope the caller must hold (api-contract §15), also in `security`. */
  'x-required-scope': z.enum(SCOPES).optional(),
  /** Absent when the operation takes none. */
  parameters: z.array(ParameterShape).optional(),
  requestBody: z.looseObject({ required: z.literal(true), content: z.looseObject({ 'application/json': MediaTypeShape }) }).optional(),
  responses: z.record(z.string(), ResponseObjectShape),
});
export type Operation = z.infer<typeof OperationShape>;

/** An event the API sends: a POST to the receiver's endpoint, described from the receiver's side. */
const WebhookOperationShape = z.looseObject({
  summary: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  security: z.tuple([]),
  parameters: z.array(ParameterShape),
  requestBody: z.looseObject({ required: z.literal(true), content: z.looseObject({ 'application/json': MediaTypeShape }) }),
  responses: z.record(z.string(), z.looseObject({ description: z.string() })),
});
export type WebhookOperation = z.infer<typeof WebhookOperationShape>;

const OpenApiDocumentShape = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string() }),
  servers: z.array(z.looseObject({ url: z.string(), description: z.string() })),
  security: z.array(z.record(z.string(), z.tuple([]))),
  tags: z.array(z.looseObject({ name: z.string() })),
  paths: z.record(z.string(), z.partialRecord(z.enum(METHODS), OperationShape)),
  /** By event type; absent from a document of an API that sends none. */
  webhooks: z.record(z.string(), z.looseObject({ post: WebhookOperationShape })).optional(),
  components: z.looseObject({
    schemas: z.record(z.string(), JsonSchemaShape),
    securitySchemes: z.record(
      z.string(),
      z.union([
        z.looseObject({ type: z.literal('http'), scheme: z.literal('bearer'), bearerFormat: z.string().optional(), description: z.string() }),
        z.looseObject({ type: z.literal('apiKey'), in: z.literal('cookie'), name: z.string(), description: z.string() }),
      ]),
    ),
    headers: z.record(z.string(), HeaderObjectShape),
  }),
  /** Every error code of the API, its status and meaning. */
  'x-error-codes': z.record(z.enum(ERROR_CODES), z.looseObject({ status: z.number(), description: z.string() })),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocumentShape>;

const HEADERS: Record<'X-Request-Id' | 'Retry-After' | 'WWW-Authenticate', ZodOpenApiHeaderObject> = {
  'X-Request-Id': { description: 'Identifies this request; quote it to support. A valid incoming `X-Request-Id` is kept.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
  'WWW-Authenticate': { description: 'Names the scheme to authenticate with.', schema: { const: 'Bearer' } },
};
const header = (name: keyof typeof HEADERS): HeaderRef => ({ $ref: `#/components/headers/${name}` });
const ERROR_REF = '#/components/schemas/Error';

/** The Standard Webhooks headers of every delivery (https://www.standardwebhooks.com). */
const WebhookHeaders = z.object({
  'webhook-id': WebhookMessageId.meta({ description: "The delivery's id: the same on every retry and redelivery of this event to this endpoint, so de-duplicate by it." }),
  'webhook-timestamp': z
    .string()
    .regex(/^\d+$/)
    .meta({ description: 'When this attempt was sent, in seconds since the Unix epoch (a retry sends a new one). Refuse one far from your clock: the `standardwebhooks` libraries allow 5 minutes.' }),
  'webhook-signature': z.string().meta({
    description:
      "`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the bytes of the endpoint's secret (base64 after `whsec_`). Space-separated when there are several; accept the delivery when one matches. Verify against the raw body, before parsing it.",
  }),
});

const BODY_ERRORS: ErrorCode[] = ['invalid_json', 'validation_error', 'payload_too_large', 'unsupported_media_type'];

/** `/api/v1/trackers/:id` → `/api/v1/trackers/{id}` */
export const openApiPath = (expressPath: string): string => expressPath.replace(/:(\w+)/g, '{$1}');

/**
 * The codes a route can answer with: its own, plus those the conventions give
 * every route like it (body and query checks, ids, authentication, rate
 * limiting, failures).
 */
function possibleErrors(route: RouteDef, open: boolean, rateLimited: boolean, sessions: boolean): ErrorCode[] {
  const codes = new Set<ErrorCode>(route.errors);
  if (sessions && needsCsrf(route)) codes.add('csrf_failed');
  if (route.params) codes.add('not_found');
  if (route.query) codes.add('validation_error');
  if (route.body) for (const code of BODY_ERRORS) codes.add(code);
  if (scopeOf(route)) codes.add('insufficient_scope');
  if (!open) {
    codes.add('unauthorized');
    codes.add('unavailable');
    if (rateLimited) codes.add('rate_limited');
  }
  codes.add('internal_error');
  return ERROR_CODES.filter((code) => codes.has(code));
}

/**
 * The OpenAPI 3.1 document of an API, generated from the route table that
 * serves it by zod-openapi from the very zod schemas the routes validate with
 * (a schema with `.meta({ id })` becomes a component; one whose response form
 * differs from its request form gets a second, `<id>Output`).
 */
export function buildOpenApiDocument(api: ApiDescription): OpenApiDocument {
  // A route of the API's own table that takes no credential (signing in) is as open as the reference.
  const routes = [...api.routes.map((route) => ({ route, open: route.scope === 'public' })), ...api.openRoutes.map((route) => ({ route, open: true }))];
  const paths: NonNullable<ZodOpenApiObject['paths']> = {};
  const session = api.sessionScheme;
  const schemes = [api.securityScheme.name, ...(session ? [session.name] : [])];
  for (const { route, open } of routes) {
    (paths[openApiPath(route.path)] ??= {})[route.method] = operation(route, { open, rateLimited: api.rateLimited, schemes, sessions: session !== undefined });
  }
  const { name, description, bearerFormat } = api.securityScheme;
  const webhookBodies = Object.entries(api.webhooks ?? {}).map(([type, body]) => ({ type, body, id: schemaId(body) }));
  const generated = createDocument({
    openapi: '3.1.0',
    info: { title: api.title, version: API_VERSION, description: api.description },
    servers: [api.server],
    security: schemes.map((scheme) => ({ [scheme]: [] })),
    tags: [...new Set(routes.map(({ route }) => route.tag))].map((tag) => ({ name: tag })),
    paths,
    ...(webhookBodies.length > 0 ? { webhooks: Object.fromEntries(webhookBodies.map(({ type, body, id }) => [type, { post: webhookOperation(body, id) }])) } : {}),
    components: {
      schemas: { Error: ErrorBodySchema },
      // The event bodies are what this API sends, so written in their output form, as a response's
      // body is (a schema registered here directly is written in both forms, which would rename the
      // shared ones, `Tracker` to `TrackerOutput`); the responses themselves are dropped below.
      responses: Object.fromEntries(webhookBodies.map(({ body, id }) => [id, { description: id, content: { 'application/json': { schema: body } } }])),
      securitySchemes: {
        [name]: { type: 'http', scheme: 'bearer', ...(bearerFormat ? { bearerFormat } : {}), description },
        ...(session ? { [session.name]: { type: 'apiKey', in: 'cookie', name: session.cookie, description: session.description } } : {}),
      },
      headers: HEADERS,
    },
    'x-error-codes': Object.fromEntries(ERROR_CODES.map((code) => [code, { status: ERROR_STATUS[code], description: ERROR_MEANINGS[code] }])),
  });
  delete generated.components?.responses;
  const document = OpenApiDocumentShape.parse(generated);
  addRequestExamples(document);
  return document;
}

function schemaId(schema: z.ZodType): string {
  const id = schema.meta()?.id;
  if (typeof id !== 'string') throw new Error('a webhook body schema needs a meta id, to be a component');
  return id;
}

/**
 * An event as the receiver's endpoint gets it: a POST of its body with the signature headers. Only a
 * 2xx within the timeout counts as received; anything else is retried.
 */
function webhookOperation(body: z.ZodType, id: string): ZodOpenApiOperationObject {
  return {
    summary: body.meta()?.description ?? id,
    description: 'POSTed to each enabled endpoint subscribed to this event, with `Content-Type: application/json`. Verify the signature before trusting the body.',
    tags: ['Webhooks'],
    security: [],
    requestParams: { header: WebhookHeaders },
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${id}` } } } },
    responses: {
      '2XX': { description: 'Received: answered within 10 seconds, the delivery succeeded. The response body is ignored.' },
      default: {
        description:
          'Not received (also a redirect, or no answer within 10 seconds): the same delivery is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then marked `failed`. An endpoint whose deliveries all failed for 3 days is disabled.',
      },
    },
  };
}

/** Which account a person signed in to several acts in (api-contract §15): any operation that needs a scope reads it. */
const AccountHeader = z.object({
  [ACCOUNT_HEADER]: z
    .uuid()
    .optional()
    .meta({ description: 'With the session cookie: the account to act in, one of `GET /api/v1/me`’s; without it, the first of them. An account the person is not a member of is 404. Ignored with an API key, whose account is its own.' }),
});

/** What a person signed in must send on an operation that changes something (api-contract §15). */
const CsrfHeader = z.object({
  [CSRF_HEADER]: z
    .string()
    .optional()
    .meta({ description: 'With the session cookie: required, the `csrfToken` that signing in answered (also in `GET /api/v1/me`); without it, or with another, 403 `csrf_failed`. An API key needs none.' }),
});

/** The scope a route of the public API needs; none for the admin API's and the reference's. */
const scopeOf = (route: RouteDef): Scope | undefined => (route.scope === 'operator' || route.scope === 'public' ? undefined : route.scope);

/** A route a session may call that changes something: the session's CSRF token is checked on it. */
const needsCsrf = (route: RouteDef): boolean => scopeOf(route) !== undefined && changesSomething(route.method);

function operation(route: RouteDef, api: { open: boolean; rateLimited: boolean; schemes: string[]; sessions: boolean }): ZodOpenApiOperationObject {
  const { open, rateLimited, schemes, sessions } = api;
  const scope = scopeOf(route);
  const own = route.headers && objectSchema(route.headers);
  const scoped = scope ? AccountHeader.extend(sessions && needsCsrf(route) ? CsrfHeader.shape : {}) : undefined;
  const headers = scoped ? scoped.extend(own?.shape ?? {}) : own;
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(open ? { security: [] } : {}),
    ...(scope ? { security: schemes.map((scheme) => ({ [scheme]: [scope] })), 'x-required-scope': scope } : {}),
    requestParams: {
      ...(route.params ? { path: objectSchema(route.params) } : {}),
      ...(route.query ? { query: objectSchema(route.query) } : {}),
      ...(headers ? { header: headers } : {}),
    },
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    responses: { ...successResponses(route), ...errorResponses(possibleErrors(route, open, rateLimited, sessions)) },
  };
}

/** Path, query and header parameters are the properties of an object schema. */
function objectSchema(schema: z.ZodType): z.ZodObject {
  if (!(schema instanceof z.ZodObject)) throw new Error('path, query and header schemas must be zod objects');
  return schema;
}

/** The success status, and the replay's when the route has one: the same body and headers, each with its own description. */
function successResponses(route: RouteDef): Record<string, ZodOpenApiResponseObject> {
  const { status, description, replay } = route.success;
  return { [status]: successResponse(route, description), ...(replay ? { [replay.status]: successResponse(route, replay.description) } : {}) };
}

function successResponse(route: RouteDef, description: string): ZodOpenApiResponseObject {
  const { schema, headers = {}, contentType = 'application/json', alternatives = [] } = route.success;
  return {
    description,
    headers: { 'X-Request-Id': header('X-Request-Id'), ...Object.fromEntries(Object.entries(headers).map(([name, about]) => [name, { description: about, schema: { type: 'string' as const } }])) },
    ...(schema
      ? {
          content: {
            [contentType]: { schema },
            ...Object.fromEntries(
              alternatives.map((a) => [
                a.contentType,
                'binary' in a ? { schema: { type: 'string' as const, format: 'binary', description: a.description } } : { schema: { type: 'string' as const, description: a.description }, example: a.example },
              ]),
            ),
          },
        }
      : {}),
  };
}

/** One response per status, naming the codes it can carry for this route in its description and its schema. */
function errorResponses(codes: ErrorCode[]): Record<string, ZodOpenApiResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: `${STATUS_CODES[status]}.\n\n${list.map((code) => `- \`${code}\`: ${ERROR_MEANINGS[code]}`).join('\n')}`,
        headers: {
          'X-Request-Id': header('X-Request-Id'),
          ...(status === 401 ? { 'WWW-Authenticate': header('WWW-Authenticate') } : {}),
          ...(status === 429 || status === 503 ? { 'Retry-After': header('Retry-After') } : {}),
        },
        content: { 'application/json': { schema: { allOf: [{ $ref: ERROR_REF }, { properties: { error: { properties: { code: { enum: list } } } } }] } } },
      },
    ]),
  );
}

/** Every request body, an event's included, shows an example: the contract's own, or one assembled from the schema. */
function addRequestExamples(document: OpenApiDocument): void {
  const operations = [...Object.values(document.paths).flatMap((methods) => Object.values(methods)), ...Object.values(document.webhooks ?? {}).map((item) => item.post)];
  for (const op of operations) {
    const media = op?.requestBody?.content['application/json'];
    if (media) media.example = exampleOf(media.schema, document.components.schemas);
  }
}
