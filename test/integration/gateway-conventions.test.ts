import { gzipSync } from 'node:zlib';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { startStack, type TestStack } from '../support/stack';

let stack: TestStack;
let apiKey: string;

beforeAll(async () => {
  stack = await startStack([billingService, gatewayService]);
  ({ apiKey } = await stack.account());
});
afterAll(() => stack.stop());

describe('authentication', () => {
  it('answers missing, malformed, unknown and wrong keys with one identical 401', async () => {
    const wrongSecret = apiKey.slice(0, -4) + (apiKey.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const unknownId = apiKey.replace(/^brk_[0-9a-f]{12}/, 'brk_000000000000');
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer' },
      { Authorization: `Basic ${apiKey}` },
      { Authorization: 'Bearer not-a-key' },
      { Authorization: `Bearer ${unknownId}` },
      { Authorization: `Bearer ${wrongSecret}` },
    ];
    const bodies = new Set<string>();
    for (const headers of attempts) {
      const res = await fetch(`${stack.gatewayUrl}/api/v1/account`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      bodies.add(await res.text());
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!)).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it('reads the scheme name in any case, as HTTP says (bearer, BEARER), for reads and for the rate limit', async () => {
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const res = await fetch(`${stack.gatewayUrl}/api/v1/account`, { headers: { Authorization: `${scheme} ${apiKey}` } });
      expect([scheme, res.status]).toEqual([scheme, 200]);
    }
  });

  it('refuses the admin API without the operator token', async () => {
    const res = await fetch(`${stack.adminUrl}/admin/v1/accounts`, { method: 'POST', headers: { Authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(401);
  });
});

describe('request conventions', () => {
  it('continues a valid X-Request-Id and invents one otherwise', async () => {
    const kept = await stack.api('GET', '/api/v1/account', { key: apiKey, headers: { 'X-Request-Id': 'req-123' } });
    expect(kept.headers.get('x-request-id')).toBe('req-123');
    const replaced = await stack.api('GET', '/api/v1/account', { key: apiKey, headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown route with 404 not_found in the error shape', async () => {
    const res = await stack.api('GET', '/api/v1/nothing-here', { key: apiKey });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('answers a method a known path does not have with 405 and Allow, OPTIONS with 204 and Allow', async () => {
    const put = await stack.api('PUT', '/api/v1/trackers', { key: apiKey, body: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST, GET, HEAD, OPTIONS');
    expect(put.body).toEqual({ error: { code: 'method_not_allowed', message: expect.stringContaining('PUT') } });
    const post = await stack.api('POST', '/api/v1/trackers/0b6f5a4e-8d2c-4a5b-9f1e-3c7d2a1b0e9f', { key: apiKey, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE, OPTIONS');
    const options = await fetch(`${stack.gatewayUrl}/api/v1/account`, { method: 'OPTIONS', headers: { Authorization: `Bearer ${apiKey}` } });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const head = await fetch(`${stack.gatewayUrl}/api/v1/account`, { method: 'HEAD', headers: { Authorization: `Bearer ${apiKey}` } });
    expect(head.status).toBe(200);
    // Unknown paths stay 404, and authentication still comes first.
    expect((await stack.api('PUT', '/api/v1/nothing-here', { key: apiKey })).status).toBe(404);
    expect((await stack.api('PUT', '/api/v1/trackers', {})).status).toBe(401);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await stack.admin("POST", "/admin/v1/accounts", undefined);
    const plain = await fetch(`${stack.adminUrl}/admin/v1/accounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.adminToken}`, 'Content-Type': 'text/plain' },
      body: '{"email":"x@example.com"}',
    });
    expect(plain.status).toBe(415);
    expect(((await plain.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
    // No body at all is a validation error, not a media-type one.
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
  });

  it('refuses a JSON body in a charset other than UTF-8 with 415 (before any service is asked)', async () => {
    const body = JSON.stringify({ name: 'Latin-1', cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 }, primitive: 'sentiment', prompts: ['p'], brand: 'Acme' });
    const res = await stack.api('POST', '/api/v1/trackers', { key: apiKey, body, headers: { 'Content-Type': 'application/json; charset=latin1' } });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('answers 404, not 500, for a path that does not decode', async () => {
    const res = await stack.api('GET', '/api/v1/trackers/%E0%A4%A', { key: apiKey });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('refuses malformed JSON with 400 invalid_json', async () => {
    const res = await stack.api('POST', '/api/v1/account', { key: apiKey, body: '{"email": ' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  it.each(['/api/v1/trackers', '/api/v1/trackers/3f1c7d34-4cda-4c1c-9d4b-6a4c1f0e2b11/runs', '/api/v1/workflows/content-brief'])(
    'refuses a body that does not decompress as its Content-Encoding says with 400 invalid_json at %s, an unknown encoding with 415',
    async (path) => {
      const post = (encoding: string, body: Uint8Array | string) =>
        fetch(`${stack.gatewayUrl}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', 'Content-Encoding': encoding }, body });
      const truncated = gzipSync(Buffer.from('{"name":"cut short"}')).subarray(0, 12);
      for (const [encoding, body] of [['gzip', '{"x":1}'], ['deflate', '{"x":1}'], ['br', '{"x":1}'], ['GZIP', truncated]] as const) {
        const res = await post(encoding, body);
        expect([encoding, res.status]).toEqual([encoding, 400]);
        expect(res.headers.get('x-request-id')).toBeTruthy();
        expect(await res.json()).toEqual({ error: { code: 'invalid_json', message: expect.stringContaining('could not be decompressed') } });
      }
      // A body that does decompress is read: here it is refused for what it says, not how it came.
      const readable = await post('gzip', gzipSync(Buffer.from('{"x":1}')));
      expect([readable.status, ((await readable.json()) as { error: { code: string } }).error.code]).toEqual([400, 'validation_error']);
      for (const encoding of ['zstd', 'compress']) {
        const res = await post(encoding, '{"x":1}');
        expect([encoding, res.status]).toEqual([encoding, 415]);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
      }
    },
  );

  it('refuses a body over 256 KiB with 413', async () => {
    const res = await stack.admin('POST', '/admin/v1/accounts', { email: 'big@example.com', name: 'x'.repeat(300 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('rejects unknown fields, naming each, and creates nothing', async () => {
    const res = await stack.admin('POST', '/admin/v1/accounts', { email: 'strict@example.com', balanceMicro: 5, status: 'open' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_error', issues: expect.arrayContaining([{ path: 'balanceMicro', message: expect.any(String) }, { path: 'status', message: expect.any(String) }]) });
    const again = await stack.admin('POST', '/admin/v1/accounts', { email: 'strict@example.com' });
    expect(again.status).toBe(201); // the e-mail address was not taken by the rejected request
  });

  it('answers an unknown or malformed id with the same 404', async () => {
    const unknown = await stack.admin('POST', '/admin/v1/accounts/3f1c7d34-4cda-4c1c-9d4b-6a4c1f0e2b11/api-keys');
    const malformed = await stack.admin('POST', '/admin/v1/accounts/not-a-uuid/api-keys');
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(unknown.body).toEqual(malformed.body);
  });

  it('issues working additional API keys', async () => {
    const { accountId } = await stack.account();
    const res = await stack.admin('POST', `/admin/v1/accounts/${accountId}/api-keys`);
    expect(res.status).toBe(201);
    const me = await stack.api('GET', '/api/v1/account', { key: res.body.apiKey });
    expect(me.body.account.id).toBe(accountId);
  });
});

it('exposes liveness, readiness and metrics on each service ops port', async () => {
  const ops = stack.running.get('billing')!.opsPort;
  expect((await fetch(`http://127.0.0.1:${ops}/livez`)).status).toBe(200);
  const ready = await fetch(`http://127.0.0.1:${ops}/readyz`);
  expect(await ready.json()).toEqual({ status: 'ready', checks: { nats: true, mongo: true } });
  const gatewayOps = stack.running.get('gateway')!.opsPort;
  const metrics = await (await fetch(`http://127.0.0.1:${gatewayOps}/metrics`)).text();
  expect(metrics).toMatch(/http_request_duration_seconds_count\{service="gateway",method="GET",route="\/api\/v1\/account",status="200"\} \d+/);
  const billingMetrics = await (await fetch(`http://127.0.0.1:${ops}/metrics`)).text();
  expect(billingMetrics).toMatch(/nats_messages_handled_total\{subject="billing.api-keys.verify.v1",outcome="ok",service="billing"\} [1-9]/);
  expect(billingMetrics).toMatch(/nats_messages_handled_total\{subject="billing.api-keys.verify.v1",outcome="unauthorized",service="billing"\} [1-9]/);
});
