import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { createDocument, type ZodOpenApiHeaderObject, type ZodOpenApiObject, type ZodOpenApiOperationObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import { ERROR_CODES, ERROR_STATUS, ErrorBodySchema, type ErrorCode } from '@brandradar/contracts';
import type { Method, RouteDef } from '../http/route';
import { ERROR_MEANINGS } from './error-codes';
import { exampleOf } from './example';
import type { JsonSchema } from './schemas';

/** The document's own version: v1 of the API; additions raise the minor version. */
const API_VERSION = '1.0.0';

/** One API served on one port behind one bearer scheme, as the reference describes it. */
export interface ApiDescription {
  title: string;
  /** CommonMark: the conventions every endpoint follows. */
  description: string;
  server: { url: string; description: string };
  securityScheme: { name: string; description: string; bearerFormat?: string };
  /** Served behind the bearer scheme. */
  routes: RouteDef[];
  /** Served without authentication (the reference itself). */
  openRoutes: RouteDef[];
  /** Whether authenticated requests are rate limited (429 `rate_limited`). */
  rateLimited: boolean;
}

export interface HeaderObject {
  description: string;
  schema: JsonSchema;
}
type HeaderRef = { $ref: string };

export interface MediaType {
  schema: JsonSchema;
  example?: unknown;
}

export interface ResponseObject {
  description: string;
  headers: Record<string, HeaderObject | HeaderRef>;
  content?: Record<string, MediaType>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** `[]` for an endpoint served without authentication. */
  security?: [];
  /** Absent when the operation takes none. */
  parameters?: Parameter[];
  requestBody?: { required: true; content: { 'application/json': MediaType } };
  responses: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  security: Record<string, []>[];
  tags: { name: string }[];
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; bearerFormat?: string; description: string }>;
    headers: Record<string, HeaderObject>;
  };
  /** Every error code of the API, its status and meaning. */
  'x-error-codes': Record<ErrorCode, { status: number; description: string }>;
}

const HEADERS: Record<'X-Request-Id' | 'Retry-After' | 'WWW-Authenticate', ZodOpenApiHeaderObject> = {
  'X-Request-Id': { description: 'Identifies this request; quote it to support. A valid incoming `X-Request-Id` is kept.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
  'WWW-Authenticate': { description: 'Names the scheme to authenticate with.', schema: { const: 'Bearer' } },
};
const header = (name: keyof typeof HEADERS & string): HeaderRef => ({ $ref: `#/components/headers/${name}` });
const ERROR_REF = '#/components/schemas/Error';

const BODY_ERRORS: ErrorCode[] = ['invalid_json', 'validation_error', 'payload_too_large', 'unsupported_media_type'];

/** `/api/v1/trackers/:id` → `/api/v1/trackers/{id}` */
export const openApiPath = (expressPath: string): string => expressPath.replace(/:(\w+)/g, '{$1}');

/**
 * The codes a route can answer with: its own, plus those the conventions give
 * every route like it (body and query checks, ids, authentication, rate
 * limiting, failures).
 */
function possibleErrors(route: RouteDef, open: boolean, rateLimited: boolean): ErrorCode[] {
  const codes = new Set<ErrorCode>(route.errors);
  if (route.params) codes.add('not_found');
  if (route.query) codes.add('validation_error');
  if (route.body) for (const code of BODY_ERRORS) codes.add(code);
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
  const routes = [...api.routes.map((route) => ({ route, open: false })), ...api.openRoutes.map((route) => ({ route, open: true }))];
  const paths: NonNullable<ZodOpenApiObject['paths']> = {};
  for (const { route, open } of routes) {
    (paths[openApiPath(route.path)] ??= {})[route.method] = operation(route, open, api.rateLimited);
  }
  const { name, description, bearerFormat } = api.securityScheme;
  const generated = createDocument({
    openapi: '3.1.0',
    info: { title: api.title, version: API_VERSION, description: api.description },
    servers: [api.server],
    security: [{ [name]: [] }],
    tags: [...new Set(routes.map(({ route }) => route.tag))].map((tag) => ({ name: tag })),
    paths,
    components: {
      schemas: { Error: ErrorBodySchema },
      securitySchemes: { [name]: { type: 'http', scheme: 'bearer', ...(bearerFormat ? { bearerFormat } : {}), description } },
      headers: HEADERS,
    },
    'x-error-codes': Object.fromEntries(ERROR_CODES.map((code) => [code, { status: ERROR_STATUS[code], description: ERROR_MEANINGS[code] }])),
  });
  // zod-openapi types every schema as a general OpenAPI schema object; ours names the subset the page and the tests read.
  const document = generated as unknown as OpenApiDocument;
  addRequestExamples(document);
  return document;
}

function operation(route: RouteDef, open: boolean, rateLimited: boolean): ZodOpenApiOperationObject {
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(open ? { security: [] } : {}),
    requestParams: { ...(route.params ? { path: objectSchema(route.params) } : {}), ...(route.query ? { query: objectSchema(route.query) } : {}) },
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    responses: { [route.success.status]: successResponse(route), ...errorResponses(possibleErrors(route, open, rateLimited)) },
  };
}

/** Path and query parameters are the properties of an object schema. */
function objectSchema(schema: z.ZodType): z.ZodObject {
  if (!(schema instanceof z.ZodObject)) throw new Error('path and query schemas must be zod objects');
  return schema;
}

function successResponse(route: RouteDef): ZodOpenApiResponseObject {
  const { description, schema, headers = {}, contentType = 'application/json' } = route.success;
  return {
    description,
    headers: { 'X-Request-Id': header('X-Request-Id'), ...Object.fromEntries(Object.entries(headers).map(([name, about]) => [name, { description: about, schema: { type: 'string' as const } }])) },
    ...(schema ? { content: { [contentType]: { schema } } } : {}),
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

/** Every request body shows an example: the contract's own, or one assembled from the schema. */
function addRequestExamples(document: OpenApiDocument): void {
  for (const methods of Object.values(document.paths)) {
    for (const op of Object.values(methods)) {
      const media = op?.requestBody?.content['application/json'];
      if (media) media.example = exampleOf(media.schema, document.components.schemas);
    }
  }
}
