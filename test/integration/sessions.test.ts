// api-contract §15: people sign in by an e-mailed single-use link or an invitation's token; the
// session is an HttpOnly cookie, every mutating request with it needs the CSRF token, and logout
// (one session, or all of a person's) and a member's new role or removal reach every gateway replica
// within a second.
import { freePort } from '@brandradar/devstack';
import { startService, type RunningService } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { notifierService } from '../../services/notifier/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { asSession, linkTokenFor, mailsTo, signIn, signInByEmail, type Session } from '../support/sign-in';
import { httpClient, startStack, type HttpClient, type TestStack } from '../support/stack';

let stack: TestStack;
let smtp: SmtpPeer;
let replicaB: RunningService;
let b: HttpClient;
let owner: { accountId: string; apiKey: string; email: string };

beforeAll(async () => {
  smtp = await startSmtpPeer();
  stack = await startStack([billingService, trackerService, notifierService, gatewayService], { SMTP_URL: smtp.url, MAIL_FROM: 'Brandradar <reports@brandradar.test>', PUBLIC_APP_URL: 'https://brandradar.example', EMAIL_LINKS_PER_ADDRESS_PER_HOUR: '1000', EMAIL_LINKS_PER_CLIENT_PER_MINUTE: '1000' });
  // Replica B keeps a verified session a minute: only billing's event can make it let go within a second.
  const [gatewayPort, adminPort] = [await freePort(), await freePort()];
  replicaB = await startService(gatewayService, stack.serviceEnv('gateway', { GATEWAY_PORT: String(gatewayPort), ADMIN_PORT: String(adminPort), SESSION_CACHE_TTL_MS: '60000' }));
  b = httpClient(`http://127.0.0.1:${gatewayPort}`, `http://127.0.0.1:${adminPort}`, stack.adminToken);
  const created = await stack.admin('POST', '/admin/v1/accounts', { email: 'O.Brien+__proto__@monday.com', name: 'Acme 🚀 $x', creditsMicro: 10_000_000 });
  expect(created.status).toBe(201);
  owner = { accountId: created.body.account.id, apiKey: created.body.apiKey, email: 'O.Brien+__proto__@monday.com' };
  // The first owner is recorded on the account's first members call.
  expect((await stack.api('GET', '/api/v1/members', { key: owner.apiKey })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await replicaB?.stop();
  await stack?.stop();
  await smtp?.stop();
});

const APP = 'https://brandradar.example';
const linkToken = (to: string, seen = 0) => linkTokenFor(smtp, to, seen, APP);

// Asked for with the address in other letters: it is the owner's all the same.
const ownerSession = (): Promise<Session> => signInByEmail(stack, smtp, 'o.brien+__PROTO__@monday.com', APP);

describe('an e-mailed sign-in link', () => {
  it('is e-mailed to a member, signs them in once with an HttpOnly, Secure, SameSite=Lax cookie, and a second use is 401', async () => {
    const seen = mailsTo(smtp, owner.email);
    expect((await stack.api('POST', '/api/v1/session/email-link', { body: { email: owner.email } })).status).toBe(202);
    const token = await linkToken(owner.email, seen);
    const mail = smtp.received[smtp.received.length - 1]!;
    expect(mail.subject).toBe('Your brandradar sign-in link');

    const session = await signIn(stack, token);
    expect(session.setCookie).toMatch(/^brandradar_session=[0-9a-f]{32}\.[A-Za-z0-9_-]+; Path=\/; Max-Age=604800; HttpOnly; Secure; SameSite=Lax$/);
    expect(session.body.me).toEqual({
      person: { id: expect.any(String), email: owner.email },
      accounts: [{ id: owner.accountId, name: 'Acme 🚀 $x', role: 'owner', memberId: expect.any(String) }],
      csrfToken: session.csrf,
    });
    const me = await asSession(stack, session, 'GET', '/api/v1/me');
    expect({ status: me.status, body: me.body, cache: me.headers.get('cache-control') }).toEqual({ status: 200, body: session.body.me, cache: 'no-store' });

    const again = await stack.api('POST', '/api/v1/session', { body: { token } });
    expect({ status: again.status, code: again.body.error.code }).toEqual({ status: 401, code: 'unauthorized' });
  });

  it('answers 202 for an unknown address too, and e-mails nothing', async () => {
    const before = smtp.received.length;
    expect((await stack.api('POST', '/api/v1/session/email-link', { body: { email: 'nobody+__proto__@monday.com' } })).status).toBe(202);
    // A known address asked after it is e-mailed; the unknown one, asked first on the same queue, never was.
    const seen = mailsTo(smtp, owner.email);
    await stack.api('POST', '/api/v1/session/email-link', { body: { email: owner.email } });
    await linkToken(owner.email, seen);
    expect(smtp.received.slice(before).map((m) => m.envelopeTo).flat()).not.toContain('nobody+__proto__@monday.com');
  });

  it('refuses a made-up token with 401 and sets no cookie', async () => {
    const res = await stack.api('POST', '/api/v1/session', { body: { token: 'x'.repeat(43) } });
    expect({ status: res.status, cookie: res.headers.get('set-cookie') }).toEqual({ status: 401, cookie: null });
  });
});

describe('a session', () => {
  it('acts as its member with the role’s scopes, and refuses a change without the CSRF token (403 csrf_failed)', async () => {
    const session = await ownerSession();
    expect((await asSession(stack, session, 'GET', '/api/v1/account')).body.account.id).toBe(owner.accountId);
    const noToken = await asSession(stack, session, 'POST', '/api/v1/api-keys', { body: { name: 'from the web', scopes: ['read'] }, csrf: false });
    expect({ status: noToken.status, code: noToken.body.error.code }).toEqual({ status: 403, code: 'csrf_failed' });
    const wrongToken = await stack.api('POST', '/api/v1/api-keys', { body: { name: 'from the web', scopes: ['read'] }, headers: { Cookie: session.cookie, 'X-CSRF-Token': 'x'.repeat(43) } });
    expect({ status: wrongToken.status, code: wrongToken.body.error.code }).toEqual({ status: 403, code: 'csrf_failed' });
    const created = await asSession(stack, session, 'POST', '/api/v1/api-keys', { body: { name: 'from the web', scopes: ['read'] } });
    expect({ status: created.status, createdBy: created.body.key.createdBy }).toEqual({ status: 201, createdBy: { kind: 'member', id: session.body.me.accounts[0].memberId, name: owner.email } });
    // An account the person is not in is 404, like another account's resource.
    const other = await stack.account();
    expect((await asSession(stack, session, 'GET', '/api/v1/account', { account: other.accountId })).status).toBe(404);
  });

  it('turns an invitation’s token into a viewer, who reads but gets 403 insufficient_scope on a run', async () => {
    const invited = await stack.api('POST', '/api/v1/members', { key: owner.apiKey, body: { email: 'viewer+__proto__@monday.com', role: 'viewer' } });
    expect(invited.status).toBe(201);
    const viewer = await signIn(stack, await linkToken('viewer+__proto__@monday.com'));
    expect(viewer.body.me.accounts).toEqual([{ id: owner.accountId, name: 'Acme 🚀 $x', role: 'viewer', memberId: invited.body.member.id }]);
    const trackers = await asSession(stack, viewer, 'GET', '/api/v1/trackers');
    expect(trackers.status).toBe(200);
    const run = await asSession(stack, viewer, 'POST', '/api/v1/trackers/0b9e0001-5c3a-4f1e-9d2b-7a6c00000001/runs', { body: {} });
    expect({ status: run.status, error: run.body.error }).toEqual({ status: 403, error: expect.objectContaining({ code: 'insufficient_scope', requiredScope: 'run' }) });
    const members = await stack.api('GET', '/api/v1/members', { key: owner.apiKey });
    expect(members.body.members.find((m: { id: string }) => m.id === invited.body.member.id).status).toBe('active');
  });

  it('ends at logout on every replica within a second, and needs the CSRF token to log out', async () => {
    const session = await ownerSession();
    expect((await asSession(b, session, 'GET', '/api/v1/account')).status).toBe(200); // now in B's cache
    const forged = await asSession(stack, session, 'POST', '/api/v1/session/logout', { csrf: false });
    expect({ status: forged.status, code: forged.body.error.code }).toEqual({ status: 403, code: 'csrf_failed' });
    const out = await asSession(stack, session, 'POST', '/api/v1/session/logout');
    expect({ status: out.status, cookie: out.headers.get('set-cookie') }).toEqual({ status: 204, cookie: 'brandradar_session=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax' });
    const started = Date.now();
    await eventually(async () => (await asSession(b, session, 'GET', '/api/v1/account')).status, (s) => s === 401, 1_000, 20);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await asSession(stack, session, 'GET', '/api/v1/me')).status).toBe(401);
  });

  it('ends every session of the person at logout-everywhere, on every replica within a second', async () => {
    const [here, there] = [await ownerSession(), await ownerSession()];
    expect((await asSession(b, there, 'GET', '/api/v1/account')).status).toBe(200);
    expect((await asSession(b, here, 'GET', '/api/v1/account')).status).toBe(200);
    expect((await asSession(stack, here, 'POST', '/api/v1/session/logout-everywhere')).status).toBe(204);
    const started = Date.now();
    await eventually(async () => [(await asSession(b, there, 'GET', '/api/v1/account')).status, (await asSession(b, here, 'GET', '/api/v1/account')).status], (s) => s.every((x) => x === 401), 1_000, 20);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('takes a new role, and a removal, on every replica within a second', async () => {
    const invited = await stack.api('POST', '/api/v1/members', { key: owner.apiKey, body: { email: 'editor+__proto__@monday.com', role: 'editor' } });
    const editor = await signIn(stack, await linkToken('editor+__proto__@monday.com'));
    const change = () => asSession(b, editor, 'POST', '/api/v1/trackers', { body: {} });
    expect((await change()).body.error.code).toBe('validation_error'); // allowed, and now in B's cache

    expect((await stack.api('PATCH', `/api/v1/members/${invited.body.member.id}`, { key: owner.apiKey, body: { role: 'viewer' } })).status).toBe(200);
    const refused = await eventually(change, (r) => r.status === 403, 1_000, 20);
    expect(refused.body.error).toMatchObject({ code: 'insufficient_scope', requiredScope: 'manage' });

    expect((await asSession(b, editor, 'GET', '/api/v1/account')).status).toBe(200);
    expect((await stack.api('DELETE', `/api/v1/members/${invited.body.member.id}`, { key: owner.apiKey })).status).toBe(204);
    // The person is in no account now: B asks billing again, and the account is not theirs (404).
    const gone = await eventually(async () => (await asSession(b, editor, 'GET', '/api/v1/account')).status, (s) => s !== 200, 1_000, 20);
    expect(gone).toBe(404);
  });
});
