import type { AuditRecorded, Principal } from '@brandradar/contracts';
import { counter, createLogger, createMetricsRegistry } from '@brandradar/platform';
import { AuditTrail, auditEvents } from './audit-trail';
import type { FinishedRequest } from './http/app';
import type { RouteDef } from './http/route';

const ACCOUNT = '0b9e0001-5c3a-4f1e-9d2b-7a6c00000001';
const key: Principal = { accountId: ACCOUNT, actor: { kind: 'key', id: '3f9a1c2b7d4e', name: '__proto__ $x 🚀' }, scopes: ['manage'] };
const operator: Principal = { accountId: '', actor: { kind: 'operator', id: 'admin-token', name: 'operator' }, scopes: [] };
const route = (method: RouteDef['method'], path: string, operationId: string) => ({ method, path, operationId }) as RouteDef;
const at = new Date('2026-11-22T09:00:00.000Z');
const ids = () => {
  let n = 0;
  return () => `0b9e00a${n++}-5c3a-4f1e-9d2b-7a6c000000a0`;
};
const request = (over: Partial<FinishedRequest>): FinishedRequest => ({ requestId: 'req-1', method: 'POST', path: '/api/v1/trackers', address: '10.0.0.7', authenticated: true, status: 201, principal: key, ...over });

describe('auditEvents', () => {
  it('records a change with its actor, operation, the created resource and outcome, never its body or result', () => {
    const [event, ...more] = auditEvents(
      request({ route: route('post', '/api/v1/api-keys', 'createApiKey'), body: { name: 'secret-ish' }, result: { apiKey: 'brk_0123456789ab_secret' }, location: '/api/v1/api-keys/0123456789ab' }),
      at,
      ids(),
    );
    expect(more).toEqual([]);
    expect(event).toEqual({
      version: 1,
      eventId: '0b9e00a0-5c3a-4f1e-9d2b-7a6c000000a0',
      occurredAt: '2026-11-22T09:00:00.000Z',
      accountId: ACCOUNT,
      requestId: 'req-1',
      actor: key.actor,
      action: 'createApiKey',
      method: 'POST',
      target: { created: '/api/v1/api-keys/0123456789ab' },
      status: 201,
      errorCode: null,
    });
    expect(JSON.stringify(event)).not.toContain('brk_');
  });

  it('records refusals with their code and the ids in the path', () => {
    const [event] = auditEvents(request({ method: 'DELETE', route: route('delete', '/api/v1/trackers/:id', 'deleteTracker'), params: { id: 'abc', __proto__: 'x' }, status: 409, errorCode: 'tracker_not_paused' }), at);
    expect(event).toMatchObject({ target: { id: 'abc' }, status: 409, errorCode: 'tracker_not_paused' });
  });

  it('records no read, no call without a principal and no call no route took', () => {
    expect(auditEvents(request({ method: 'GET', route: route('get', '/api/v1/trackers', 'listTrackers') }), at)).toEqual([]);
    expect(auditEvents(request({ route: route('post', '/api/v1/trackers', 'createTracker'), principal: undefined }), at)).toEqual([]);
    expect(auditEvents(request({ route: undefined, status: 404 }), at)).toEqual([]);
  });

  it('records a sign-in once in each account of the person, a GET callback included', () => {
    const member = (accountId: string): Principal => ({ accountId, actor: { kind: 'member', id: `m-${accountId}`, name: 'o.brien@monday.com' }, scopes: ['read'] });
    const events = auditEvents(request({ method: 'GET', route: route('get', '/api/v1/session/oidc/callback', 'finishOidcSignIn'), principal: undefined, status: 302, location: '/app', actedAs: [member('a'), member('b')] }), at);
    expect(events.map((e) => [e.accountId, e.actor.id, e.target])).toEqual([
      ['a', 'm-a', {}],
      ['b', 'm-b', {}],
    ]);
  });

  it("puts an operator's call in the account its path names or it created, and nowhere without one", () => {
    expect(auditEvents(request({ principal: operator, route: route('post', '/admin/v1/accounts/:id/credits', 'adminCreditAccount'), params: { id: ACCOUNT }, status: 200 }), at)[0]).toMatchObject({ accountId: ACCOUNT, actor: operator.actor, target: { id: ACCOUNT } });
    expect(auditEvents(request({ principal: operator, route: route('post', '/admin/v1/accounts', 'adminCreateAccount'), result: { account: { id: ACCOUNT } } }), at)[0]).toMatchObject({ accountId: ACCOUNT });
    expect(auditEvents(request({ principal: operator, method: 'PUT', route: route('put', '/admin/v1/rates', 'adminPublishRates'), status: 200 }), at)).toEqual([]);
  });
});

describe('AuditTrail', () => {
  const logger = createLogger('test', 'silent');
  const change = request({ route: route('post', '/api/v1/trackers', 'createTracker') });

  it('publishes in the background and publishes again what the bus refused, until it takes it', async () => {
    const published: AuditRecorded[] = [];
    let refusals = 2;
    const trail = new AuditTrail(
      async (e) => {
        if (refusals-- > 0) throw new Error('no responders');
        published.push(e);
      },
      { maxQueued: 10, backoff: { baseMs: 1, maxMs: 2 } },
      logger,
    );
    trail.record(change);
    trail.record(change);
    expect(await trail.flush(5_000)).toBe(0);
    expect(published).toHaveLength(2);
    expect(new Set(published.map((e) => e.eventId)).size).toBe(2);
  });

  it('drops, and counts, what comes past a full queue', async () => {
    let release: () => void = () => undefined;
    const bus = new Promise<void>((resolve) => (release = resolve));
    const dropped = counter(createMetricsRegistry('test'), 'dropped_total', 'dropped');
    const trail = new AuditTrail(() => bus, { maxQueued: 1, backoff: { baseMs: 1, maxMs: 2 }, batch: 1 }, logger, dropped);
    trail.record(change); // taken by the pump, in flight
    trail.record(change); // queued
    trail.record(change); // dropped
    expect(trail.pending).toBe(1);
    expect((await dropped.get()).values[0]?.value).toBe(1);
    release();
    expect(await trail.flush(5_000)).toBe(0);
  });
});
