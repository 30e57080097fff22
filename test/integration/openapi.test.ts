import type { Express } from 'express';
import { ERROR_CODES, ERROR_STATUS } from '@brandradar/contracts';
import { createLogger, createMetricsRegistry, httpRequestDuration, type NatsLink } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayConfigSchema } from '../../services/gateway/src/config';
import { openApiPath, type OpenApiDocument } from '../../services/gateway/src/openapi/document';
import { GatewayCaches } from '../../services/gateway/src/caches';
import { gatewayApps, gatewayService } from '../../services/gateway/src/service';
import { natsUserEnv, startStack, type TestStack } from '../support/stack';

let stack: TestStack;
let publicDoc: OpenApiDocument;
let adminDoc: OpenApiDocument;

beforeAll(async () => {
  stack = await startStack([billingService, gatewayService]);
  publicDoc = (await stack.api('GET', '/api/v1/openapi.json')).body;
  adminDoc = (await stack.admin('GET', '/admin/v1/openapi.json')).body;
});
afterAll(() => stack.stop());

const operations = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

describe('the API reference', () => {
  it('serves the OpenAPI document without an API key', async () => {
    const res = await stack.api('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.body).toMatchObject({ openapi: '3.1.0', info: { title: expect.any(String), version: expect.any(String) } });
    expect(res.body.info.description).toMatch(/100,000 micro-units = 1 USD[\s\S]*per minute[\s\S]*each gateway replica[\s\S]*Retry-After/);
  });

  it('serves a self-contained HTML reference at /docs', async () => {
    const res = await fetch(`${stack.gatewayUrl}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const page = await res.text();
    expect(page).not.toMatch(/<script|<link|\ssrc=/i);
    for (const { path, method, op } of operations(publicDoc)) {
      expect(page).toContain(`<article id="op-${op.operationId}">`);
      expect(page).toContain(`${method.toUpperCase()}</span> <code>${path}</code>`);
    }
  });

  it('declares the session cookie beside the key: either may call an operation that needs a scope', () => {
    expect(publicDoc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'brandradar_session' });
    expect(publicDoc.paths['/api/v1/trackers']!.post!.security).toEqual([{ apiKey: ['manage'] }, { session: ['manage'] }]);
    expect(publicDoc.paths['/api/v1/trackers']!.get!.parameters!.map((p) => p.name)).not.toContain('X-CSRF-Token');
  });

  it('declares the request headers the gateway checks: the session’s optional X-Account-Id and X-CSRF-Token, and the optional Idempotency-Key of the content brief', async () => {
    for (const path of ['/api/v1/workflows/content-brief', '/v1/workflows/content-brief']) {
      expect(publicDoc.paths[path]!.post!.parameters).toEqual([
        { in: 'header', name: 'X-Account-Id', description: expect.stringContaining('session cookie'), schema: expect.objectContaining({ type: 'string', format: 'uuid' }) },
        { in: 'header', name: 'X-CSRF-Token', description: expect.stringContaining('csrf_failed'), schema: expect.objectContaining({ type: 'string' }) },
        { in: 'header', name: 'Idempotency-Key', description: expect.stringContaining('retry'), schema: expect.objectContaining({ type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x20-\\x7E]+$' }) },
      ]);
    }
    const tooLong = await fetch(`${stack.gatewayUrl}/api/v1/workflows/content-brief`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${(await stack.account()).apiKey}`, 'Content-Type': 'application/json', 'idempotency-KEY': 'k'.repeat(201) },
      body: JSON.stringify({ topic: 'project tools' }),
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { code: 'validation_error', issues: [{ path: 'Idempotency-Key' }] } });
  });

  it('serves the admin document on the admin port, behind the admin token only', async () => {
    const { apiKey } = await stack.account();
    const withKey = await fetch(`${stack.adminUrl}/admin/v1/openapi.json`, { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(withKey.status).toBe(401);
    expect(adminDoc.security).toEqual([{ adminToken: [] }]);
    expect(Object.keys(adminDoc.components.securitySchemes)).toEqual(['adminToken']);
    expect(adminDoc.components.securitySchemes.adminToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(adminDoc.servers[0]!.description).toContain('ADMIN_PORT');
    expect(Object.keys(publicDoc.paths).filter((p) => p.startsWith('/admin'))).toEqual([]);
    expect((await stack.api('GET', '/admin/v1/openapi.json')).status).toBe(401);
  });
});

describe.each([
  ['public', () => publicDoc],
  ['admin', () => adminDoc],
])('the %s document', (_name, document) => {
  it('is OpenAPI 3.1 in shape, and every reference in it resolves', () => {
    const doc = document();
    expect(doc).toMatchObject({ openapi: '3.1.0', info: { title: expect.any(String), version: expect.any(String) }, paths: expect.any(Object), components: expect.any(Object) });
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]!.split('/'));
    expect(refs.length).toBeGreaterThan(0);
    for (const pointer of refs) expect(doc).toHaveProperty(pointer);
    for (const name of Object.keys(doc.components.schemas)) expect(name).toMatch(/^[a-zA-Z0-9._-]+$/);
    const ids = operations(doc).map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, op } of operations(doc)) {
      expect(path).toMatch(/^\//);
      // A success, or for the OpenID Connect steps the redirect that is their only answer.
      expect(Object.keys(op.responses).some((s) => /^[23]\d\d$/.test(s))).toBe(true);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)).toEqual(templated);
      for (const p of (op.parameters ?? []).filter((p) => p.in === 'path')) expect(p.required).toBe(true);
      for (const scheme of (op.security ?? doc.security).flatMap(Object.keys)) expect(doc.components.securitySchemes).toHaveProperty([scheme]);
    }
  });

  it('names every error code of the contract with its status and meaning', () => {
    const doc = document();
    for (const code of ERROR_CODES) expect(doc['x-error-codes'][code]).toEqual({ status: ERROR_STATUS[code], description: expect.any(String) });
    expect(doc.components.schemas.Error!.properties!.error!.properties!.code!.enum).toEqual(ERROR_CODES);
  });

  it('gives every request body an example', () => {
    for (const { op } of operations(document()).filter(({ op }) => op.requestBody)) {
      expect({ operation: op.operationId, example: op.requestBody!.content['application/json'].example }).toEqual({ operation: op.operationId, example: expect.anything() });
    }
  });
});

describe('every route the gateway serves is documented, and nothing else', () => {
  type Layer = { route?: { path: string; methods: Record<string, boolean>; stack: { name: string }[] } };
  const served = (app: Express) =>
    (app as unknown as { router: { stack: Layer[] } }).router.stack
      // The 405 answer for a known path's other methods (http/app.ts) is not a route of its own.
      .filter(({ route }) => route && !route.stack.some((layer) => layer.name === 'methodNotAllowed'))
      .flatMap(({ route }) => Object.keys(route!.methods).map((m) => `${m.toUpperCase()} ${openApiPath(route!.path)}`))
      .sort();
  const documented = (doc: OpenApiDocument) => operations(doc).map(({ path, method }) => `${method.toUpperCase()} ${path}`).sort();

  it('on the public and the admin port', () => {
    const config = gatewayConfigSchema.parse({ ...stack.env, ...natsUserEnv(stack.nats, 'gateway') });
    const metrics = createMetricsRegistry('gateway');
    const caches = new GatewayCaches({ maxKeys: 1, ttlMs: 0 }, metrics);
    const { publicApp, adminApp } = gatewayApps(config, {} as NatsLink, createLogger('gateway', 'silent'), httpRequestDuration(metrics), caches);
    expect(served(publicApp)).toEqual(documented(publicDoc));
    expect(served(adminApp!)).toEqual(documented(adminDoc));
    expect(served(publicApp)).toEqual(expect.arrayContaining(['GET /api/v1/account', 'GET /api/v1/openapi.json', 'GET /docs']));
  });
});
