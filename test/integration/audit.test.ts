// api-contract §15's audit trail over HTTP against real NATS and FerretDB: every mutating call of
// an account with its actor (a key, a member's session, the operator), reads left out, entries
// kept across a billing restart (JetStream holds what billing has not stored), paging newest
// first, one account never seeing another's, and the retention sweep by an injected clock.
import { AuditEvents, PeopleCommands, type AuditEntry } from '@brandradar/contracts';
import { createLogger, type NatsLink } from '@brandradar/platform';
import { createAuditSweeper } from '../../services/billing/src/audit-trail';
import { AuditStore } from '../../services/billing/src/store/audit';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { eventually } from '../support/eventually';
import { scratchDb } from '../support/scratch-db';
import { connectAs, startStack, type HttpResult, type TestStack } from '../support/stack';

let stack: TestStack;
let harness: NatsLink;
beforeAll(async () => {
  stack = await startStack([billingService, gatewayService]);
  harness = await connectAs(stack.nats, 'audit');
}, 60_000);
afterAll(async () => {
  await harness?.nc.close();
  await stack?.stop();
});

const HOSTILE_NAME = '__proto__ <img src=x onerror=alert(1)> on monday.com $x 🚀';

/** Every entry of the account's trail, page by page (`limit` each), newest first. */
async function wholeTrail(key: string, limit = 100): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const res: HttpResult<{ entries: AuditEntry[]; nextCursor: string | null }> = await stack.api('GET', `/api/v1/audit?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { key });
    expect(res.status).toBe(200);
    entries.push(...res.body.entries);
    cursor = res.body.nextCursor;
  } while (cursor !== null);
  return entries;
}

/** The trail once it holds `n` entries (billing stores them shortly after the calls were answered). */
const trailOf = (key: string, n: number) => eventually(() => wholeTrail(key), (entries) => entries.length >= n);

/** Invites `email` as owner and signs them in with the invitation's token, heard on the bus as the e-mail would carry it. */
async function memberSession(ownerKey: string, email: string): Promise<{ cookie: string; csrf: string; memberId: string }> {
  const tokens: string[] = [];
  const sub = harness.nc.subscribe(PeopleCommands.sendInvitation.subject, { callback: (_e, msg) => tokens.push(msg.json<{ token: string }>().token) });
  try {
    const invited = await stack.api('POST', '/api/v1/members', { key: ownerKey, body: { email, role: 'owner' } });
    expect(invited.status).toBe(201);
    await eventually(async () => tokens.length, (n) => n > 0);
    const signedIn = await stack.api('POST', '/api/v1/session', { body: { token: tokens[0] } });
    expect(signedIn.status).toBe(200);
    return { cookie: (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!, csrf: signedIn.body.csrfToken, memberId: invited.body.member.id };
  } finally {
    sub.unsubscribe();
  }
}

describe('the audit trail', () => {
  it('records a key’s, a member session’s and the operator’s calls with their actors, and no read', async () => {
    const { accountId, apiKey } = await stack.account();
    const ownerKeyId = apiKey.split('_')[1];
    const created = await stack.api('POST', '/api/v1/api-keys', { key: apiKey, body: { name: HOSTILE_NAME, scopes: ['read'] }, headers: { 'X-Request-Id': 'audit-test.key-call' } });
    expect(created.status).toBe(201);
    // A refusal is recorded too: a read key may not create keys.
    expect((await stack.api('POST', '/api/v1/api-keys', { key: created.body.apiKey, body: { name: 'more', scopes: ['read'] } })).status).toBe(403);
    const session = await memberSession(apiKey, 'Auditor+__proto__@monday.com');
    const bySession = await stack.api('POST', '/api/v1/api-keys', { body: { name: 'made in the app', scopes: ['read'] }, headers: { Cookie: session.cookie, 'X-CSRF-Token': session.csrf } });
    expect(bySession.status).toBe(201);
    expect((await stack.admin('POST', `/admin/v1/accounts/${accountId}/credits`, { amountMicro: 500, reference: 'audit-test' })).status).toBe(200);
    // Reads: none of these may appear.
    for (const path of ['/api/v1/members', '/api/v1/api-keys', '/api/v1/account', '/api/v1/audit']) expect((await stack.api('GET', path, { key: apiKey })).status).toBe(200);

    const trail = await trailOf(apiKey, 7);
    const summary = trail.map((e) => ({ action: e.action, kind: e.actor.kind, name: e.actor.name, status: e.status }));
    expect(summary).toEqual([
      { action: 'adminCreditAccount', kind: 'operator', name: 'operator', status: 200 },
      { action: 'createApiKey', kind: 'member', name: 'Auditor+__proto__@monday.com', status: 201 },
      { action: 'startSession', kind: 'member', name: 'Auditor+__proto__@monday.com', status: 200 },
      { action: 'inviteMember', kind: 'key', name: `operator key ${ownerKeyId}`, status: 201 },
      { action: 'createApiKey', kind: 'key', name: HOSTILE_NAME, status: 403 },
      { action: 'createApiKey', kind: 'key', name: `operator key ${ownerKeyId}`, status: 201 },
      { action: 'adminCreateAccount', kind: 'operator', name: 'operator', status: 201 },
    ]);
    const keyCall = trail.find((e) => e.requestId === 'audit-test.key-call')!;
    expect(keyCall).toMatchObject({ actor: { kind: 'key', id: ownerKeyId }, method: 'POST', target: {}, errorCode: null });
    // What a call created is its target, by the path it answered in Location.
    expect(trail.find((e) => e.action === 'inviteMember')).toMatchObject({ target: { created: `/api/v1/members/${session.memberId}` } });
    expect(trail.find((e) => e.status === 403)).toMatchObject({ actor: { id: created.body.key.id }, errorCode: 'insufficient_scope' });
    expect(trail[1]!.actor.id).toBe(session.memberId);
    expect(trail[0]).toMatchObject({ target: { id: accountId }, method: 'POST' });
    // Never a secret.
    expect(JSON.stringify(trail)).not.toContain(created.body.apiKey);
    expect(JSON.stringify(trail)).not.toContain(bySession.body.apiKey);
    // Times newest first; every entry has the gateway's request id.
    expect([...trail].sort((x, y) => y.time.localeCompare(x.time)).map((e) => e.id)).toEqual(trail.map((e) => e.id));
    expect(trail.every((e) => e.requestId.length > 0)).toBe(true);
  });

  it('keeps what the gateway recorded while billing was down, and what it stored before', async () => {
    const { apiKey } = await stack.account();
    expect((await stack.api('POST', '/api/v1/api-keys', { key: apiKey, body: { name: 'before', scopes: ['read'] } })).status).toBe(201);
    await trailOf(apiKey, 2);
    await stack.running.get('billing')!.stop();
    try {
      // The gateway knows the key from its cache; the call itself fails without billing, and is recorded.
      const during = await stack.api('DELETE', '/api/v1/api-keys/0123456789ab', { key: apiKey, headers: { 'X-Request-Id': 'audit-test.billing-down' } });
      expect(during.status).toBe(503);
      // Waiting in the stream for billing's durable consumer.
      const stream = await harness.jsm.streams.info(AuditEvents.recorded.stream.name);
      expect(stream.state.messages).toBeGreaterThan(0);
    } finally {
      await stack.start(billingService);
    }
    const trail = await trailOf(apiKey, 3);
    expect(trail.map((e) => [e.action, e.status])).toEqual([
      ['revokeApiKey', 503],
      ['createApiKey', 201],
      ['adminCreateAccount', 201],
    ]);
    expect(trail[0]).toMatchObject({ requestId: 'audit-test.billing-down', target: { id: '0123456789ab' }, errorCode: 'unavailable' });
  });

  it('pages newest first with an opaque cursor, refuses a forged one, and shows an account only its own entries', async () => {
    const [x, y] = [await stack.account(), await stack.account()];
    for (let i = 0; i < 5; i++) expect((await stack.api('POST', '/api/v1/api-keys', { key: x.apiKey, body: { name: `key ${i}`, scopes: ['read'] } })).status).toBe(201);
    const whole = await trailOf(x.apiKey, 6);
    const paged = await wholeTrail(x.apiKey, 2);
    expect(paged.map((e) => e.id)).toEqual(whole.map((e) => e.id));
    expect(new Set(paged.map((e) => e.id)).size).toBe(6);
    const first = await stack.api('GET', '/api/v1/audit?limit=2', { key: x.apiKey });
    expect(first.body.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect((await stack.api('GET', `/api/v1/audit?cursor=${Buffer.from('__proto__').toString('base64url')}`, { key: x.apiKey })).body).toMatchObject({ error: { code: 'validation_error', issues: [{ path: 'cursor' }] } });
    expect((await stack.api('GET', '/api/v1/audit?limit=101', { key: x.apiKey })).status).toBe(400);
    // Y sees its own creation only, even with X's cursor.
    const ofY = await wholeTrail(y.apiKey);
    expect(ofY.map((e) => e.action)).toEqual(['adminCreateAccount']);
    const withXsCursor = await stack.api('GET', `/api/v1/audit?cursor=${first.body.nextCursor}`, { key: y.apiKey });
    expect(withXsCursor.body.entries.map((e: AuditEntry) => e.id).filter((id: string) => whole.some((w) => w.id === id))).toEqual([]);
    // Operators export any account's trail, the same pages.
    const exported = await stack.admin('GET', `/admin/v1/accounts/${x.accountId}/audit?limit=100`);
    expect(exported.body.entries.map((e: AuditEntry) => e.id)).toEqual(whole.map((e) => e.id));
    expect((await stack.admin('GET', '/admin/v1/accounts/0b9e0001-5c3a-4f1e-9d2b-7a6c00000001/audit')).status).toBe(404);
  });

  it('needs admin: a key without it is refused', async () => {
    const { apiKey } = await stack.account();
    const reader = (await stack.api('POST', '/api/v1/api-keys', { key: apiKey, body: { name: 'reader', scopes: ['read', 'run', 'manage'] } })).body.apiKey;
    expect(await stack.api('GET', '/api/v1/audit', { key: reader })).toMatchObject({ status: 403, body: { error: { code: 'insufficient_scope', requiredScope: 'admin' } } });
  });
});

describe('a closed account', () => {
  it('refuses a member session’s changes as it refuses a key’s (403 account_closed), and still lets both read', async () => {
    const { accountId, apiKey } = await stack.account();
    const session = await memberSession(apiKey, 'closing+__proto__@monday.com');
    const asSession = (method: string, path: string, body?: unknown) => stack.api(method, path, { body, headers: { Cookie: session.cookie, 'X-CSRF-Token': session.csrf } });
    expect((await asSession('GET', '/api/v1/account')).status).toBe(200); // the session is cached now
    expect((await stack.admin('POST', `/admin/v1/accounts/${accountId}/close`)).status).toBe(200);
    const change = { name: 'after closing', scopes: ['read'] };
    expect(await stack.api('POST', '/api/v1/api-keys', { key: apiKey, body: change })).toMatchObject({ status: 403, body: { error: { code: 'account_closed' } } });
    expect(await asSession('POST', '/api/v1/api-keys', change)).toMatchObject({ status: 403, body: { error: { code: 'account_closed' } } });
    expect((await asSession('GET', '/api/v1/account')).status).toBe(200);
    expect((await stack.api('GET', '/api/v1/account', { key: apiKey })).status).toBe(200);
  });
});

describe('the retention sweep', () => {
  const db = scratchDb('audit-retention');
  const accountId = '0b9e0001-5c3a-4f1e-9d2b-7a6c00000001';
  const event = (n: number, occurredAt: Date) => ({
    version: 1 as const,
    eventId: `0b9e${String(n).padStart(4, '0')}-5c3a-4f1e-9d2b-7a6c00000001`,
    occurredAt: occurredAt.toISOString(),
    accountId,
    requestId: `r-${n}`,
    actor: { kind: 'key' as const, id: '3f9a1c2b7d4e', name: HOSTILE_NAME },
    action: 'createTracker',
    method: 'POST' as const,
    target: {},
    status: 201,
    errorCode: null,
  });

  it('deletes, in bounded batches, only entries older than the retention; storing an event twice keeps one', async () => {
    const store = new AuditStore(db());
    const now = new Date('2027-02-05T00:00:00.000Z'); // 400 days after 2026-01-01
    const old = Array.from({ length: 1_050 }, (_, n) => event(n, new Date(Date.parse('2025-12-31T23:59:59.999Z') - n * 60_000)));
    const kept = [event(5_000, new Date('2026-01-01T00:00:00.000Z')), event(5_001, new Date('2026-06-01T00:00:00.000Z'))];
    for (let i = 0; i < old.length; i += 50) await Promise.all(old.slice(i, i + 50).map((e) => store.record(e)));
    for (const e of kept) await store.record(e);
    await store.record(kept[0]!); // a redelivery
    const sweep = createAuditSweeper(store, 400, () => now, createLogger('test', 'silent'));
    expect(await sweep()).toBe(1_050);
    expect(await sweep()).toBe(0);
    const left = await store.page(accountId, 100, null);
    expect(left.map((r) => r._id)).toEqual([kept[1]!.eventId, kept[0]!.eventId]);
  });
});

