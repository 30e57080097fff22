import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';
import { ERROR_CODES, ERROR_STATUS, ErrorBodySchema, type ErrorCode } from '@brandradar/contracts';
import type { Method, RouteDef } from '../http/route';
import { ERROR_MEANINGS } from './error-codes';
import { exampleOf } from './example';
import { convertSchemas, type ConvertedSchemas, type JsonSchema } from './schemas';

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
  parameters: Parameter[];
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

const HEADERS: Record<string, HeaderObject> = {
  'X-Request-Id': { description: 'Identifies this request; quote it to support. A valid incoming `X-Request-Id` is kept.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
  'WWW-Authenticate': { description: 'Names the scheme to authenticate with.', schema: { const: 'Bearer' } },
};
const header = (name: keyof typeof HEADERS & string): HeaderRef => ({ $ref: `#/components/headers/${name}` });

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

/** The OpenAPI 3.1 document of an API, generated from the route table that serves it. */
export function buildOpenApiDocument(api: ApiDescription): OpenApiDocument {
  const routes = [...api.routes.map((route) => ({ route, open: false })), ...api.openRoutes.map((route) => ({ route, open: true }))];
  const defined = <T>(values: (T | undefined)[]): T[] => values.filter((v): v is T => v !== undefined);
  const schemas = convertSchemas({
    input: defined(routes.flatMap(({ route }) => [route.params, route.query, route.body])),
    output: [ErrorBodySchema, ...defined(routes.map(({ route }) => route.success.schema))],
  });

  const paths: OpenApiDocument['paths'] = {};
  for (const { route, open } of routes) {
    (paths[openApiPath(route.path)] ??= {})[route.method] = operation(route, open, api.rateLimited, schemas);
  }
  const { name, description, bearerFormat } = api.securityScheme;
  return {
    openapi: '3.1.0',
    info: { title: api.title, version: API_VERSION, description: api.description },
    servers: [api.server],
    security: [{ [name]: [] }],
    tags: [...new Set(routes.map(({ route }) => route.tag))].map((tag) => ({ name: tag })),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: { [name]: { type: 'http', scheme: 'bearer', ...(bearerFormat ? { bearerFormat } : {}), description } },
      headers: HEADERS,
    },
    'x-error-codes': Object.fromEntries(ERROR_CODES.map((code) => [code, { status: ERROR_STATUS[code], description: ERROR_MEANINGS[code] }])) as OpenApiDocument['x-error-codes'],
  };
}

function operation(route: RouteDef, open: boolean, rateLimited: boolean, schemas: ConvertedSchemas): Operation {
  const body = route.body && schemas.jsonFor(route.body, 'input');
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(open ? { security: [] as [] } : {}),
    parameters: [...parameters(route.params, 'path', schemas), ...parameters(route.query, 'query', schemas)],
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body, example: exampleOf(body, schemas.components) } } } } : {}),
    responses: { [route.success.status]: successResponse(route, schemas), ...errorResponses(possibleErrors(route, open, rateLimited), schemas) },
  };
}

/** Path and query parameters are the properties of the route's params and query schemas. */
function parameters(schema: z.ZodType | undefined, where: Parameter['in'], schemas: ConvertedSchemas): Parameter[] {
  if (!schema) return [];
  const object = schemas.resolve(schemas.jsonFor(schema, 'input'));
  return Object.entries(object.properties ?? {}).map(([name, { description, ...property }]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    ...(description ? { description } : {}),
    schema: property,
  }));
}

function successResponse(route: RouteDef, schemas: ConvertedSchemas): ResponseObject {
  const { description, schema, headers = {}, contentType = 'application/json' } = route.success;
  return {
    description,
    headers: { 'X-Request-Id': header('X-Request-Id'), ...Object.fromEntries(Object.entries(headers).map(([name, about]) => [name, { description: about, schema: { type: 'string' } }])) },
    ...(schema ? { content: { [contentType]: { schema: schemas.jsonFor(schema, 'output') } } } : {}),
  };
}

/** One response per status, naming the codes it can carry for this route in its description and its schema. */
function errorResponses(codes: ErrorCode[], schemas: ConvertedSchemas): Record<string, ResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const error = schemas.jsonFor(ErrorBodySchema, 'output');
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
        content: { 'application/json': { schema: { allOf: [error, { properties: { error: { properties: { code: { enum: list } } } } }] } } },
      },
    ]),
  );
}
