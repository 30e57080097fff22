import { SCOPES } from '@brandradar/contracts';
import { describedRoutes, publicApiDocument } from './service';
import { openApiPath } from './openapi/document';

// api-contract §15: every route states who may call it, next to its path. A route without a rule
// does not compile (`scope` is required); these check the rules themselves.
describe('the route table’s scopes', () => {
  const tables = describedRoutes();
  const name = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

  const signIn = tables.public.filter((r) => r.scope === 'public');
  const scoped = tables.public.filter((r) => r.scope !== 'public');

  it('gives every public API route one of the scopes, but sign-in and the session’s own routes, which take no key', () => {
    expect(scoped.filter((r) => !(SCOPES as readonly string[]).includes(r.scope)).map(name)).toEqual([]);
    expect(signIn.map(name).sort()).toEqual(
      [
        'GET /api/v1/me',
        'GET /api/v1/session/options',
        'GET /api/v1/session/oidc/callback',
        'GET /api/v1/session/oidc/start',
        'POST /api/v1/session',
        'POST /api/v1/session/email-link',
        'POST /api/v1/session/logout',
        'POST /api/v1/session/logout-everywhere',
      ].sort(),
    );
  });

  it('lets every GET be read with `read`, but members, keys and the audit trail only with `admin`', () => {
    const gets = scoped.filter((r) => r.method === 'get');
    expect(gets.filter((r) => r.scope !== 'read').map(name)).toEqual(['GET /api/v1/members', 'GET /api/v1/api-keys', 'GET /api/v1/audit']);
  });

  it('gives no mutating route `read`: a read key changes nothing and spends nothing', () => {
    expect(scoped.filter((r) => r.method !== 'get' && r.scope === 'read').map(name)).toEqual([]);
  });

  it('serves the reference without a key and the admin API to the operator only', () => {
    expect(tables.reference.map((r) => r.scope)).toEqual(tables.reference.map(() => 'public'));
    expect(tables.admin.filter((r) => r.scope !== 'operator').map(name)).toEqual([]);
  });

  it('states each operation’s scope in the OpenAPI document, in x-required-scope and its security requirement', () => {
    const document = publicApiDocument({ perMinute: 60, burst: 10 });
    for (const route of scoped) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method];
      expect({ route: name(route), scope: operation?.['x-required-scope'], security: operation?.security }).toEqual({ route: name(route), scope: route.scope, security: [{ apiKey: [route.scope] }, { session: [route.scope] }] });
      expect(Object.keys(operation?.responses ?? {})).toContain('403');
    }
  });
});
