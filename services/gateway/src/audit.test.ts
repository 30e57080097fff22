import { adminAuditEntry, credentialFingerprint } from './audit';
import type { FinishedRequest } from './http/app';
import type { RouteDef } from './http/route';

const request = (over: Partial<FinishedRequest>): FinishedRequest => ({
  requestId: 'req-1',
  method: 'POST',
  path: '/admin/v1/accounts',
  address: '10.0.0.7',
  authenticated: true,
  status: 201,
  ...over,
});
const route = (operationId: string) => ({ operationId }) as RouteDef;

describe('adminAuditEntry', () => {
  it('names the action, its target and amounts from named fields only, so nothing secret or personal gets in', () => {
    const entry = adminAuditEntry(
      request({
        route: route('adminCreateAccount'),
        body: { email: 'owner@example.com', name: 'Owner', creditsMicro: 500, spendLimitMicroPerMonth: 900 },
        result: { account: { id: 'acc-1', email: 'owner@example.com' }, apiKey: 'brk_0123456789ab_secret', keyId: '0123456789ab' },
      }),
      'sha256:feedfacecafe',
    );
    expect(entry).toEqual({
      requestId: 'req-1',
      who: { credential: 'sha256:feedfacecafe', address: '10.0.0.7' },
      what: { action: 'adminCreateAccount', method: 'POST', path: '/admin/v1/accounts', accountId: 'acc-1', keyId: '0123456789ab', creditsMicro: 500, spendLimitMicroPerMonth: 900 },
      outcome: { status: 201 },
    });
    expect(JSON.stringify(entry)).not.toMatch(/secret|owner@example\.com/);
  });

  it('names no credential for a refused one, and says what the refusal was', () => {
    const entry = adminAuditEntry(request({ authenticated: false, status: 401, errorCode: 'unauthorized' }), 'sha256:feedfacecafe');
    expect(entry).toMatchObject({ who: { credential: null }, what: { action: null }, outcome: { status: 401, code: 'unauthorized' } });
  });
});

describe('credentialFingerprint', () => {
  it('is short, stable and not the token', () => {
    const token = 'a'.repeat(48);
    expect(credentialFingerprint(token)).toMatch(/^sha256:[0-9a-f]{12}$/);
    expect(credentialFingerprint(token)).toBe(credentialFingerprint(token));
    expect(credentialFingerprint(token)).not.toBe(credentialFingerprint(`${token}b`));
  });
});
