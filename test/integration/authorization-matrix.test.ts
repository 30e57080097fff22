// api-contract §15, proved by a matrix generated from the gateway's route table: every route called
// by a key of each single scope, by keys created by an owner, an editor and a viewer, by a person of
// each role signed in by an e-mailed link (session cookie and CSRF token), and by another account's
// key and person; each answer is allowed (neither 401 nor 403), 403 `insufficient_scope` naming the
// route's scope, or 404. MCP tools likewise. A route added to the table is in the matrix at once.
import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PeopleCommands, PeopleQueries, ROLE_SCOPES, SCOPES, type Role, type Scope } from '@brandradar/contracts';
import { TOOL_SCOPES } from '@brandradar/mcp';
import { query, type NatsLink } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { describedRoutes, gatewayService, publicApiDocument } from '../../services/gateway/src/service';
import { notifierService } from '../../services/notifier/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { asSession, signInByEmail, type Session } from '../support/sign-in';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { connectAs, startStack, type TestStack } from '../support/stack';
import { activeTracker, finishedRun } from '../support/tracker-runs';
import { eventually } from '../support/eventually';

let stack: TestStack;
let smtp: SmtpPeer;
let harness: NatsLink;
// Sign-in and the session's own routes take no key (scope `public`); test/integration/sessions.test.ts covers them.
const ROUTES = describedRoutes().public.filter((r) => r.scope !== 'public');
const DOCUMENT = publicApiDocument({ perMinute: 60_000, burst: 10_000 });

const cadence = { frequency: 'weekly' as const, timezone: 'UTC', time: '09:00', weekday: 1 };
const compare = { name: '__proto__ 🚀 on monday.com', cadence, primitive: 'compare', prompts: ['which CRM should $x pick'], models: ['chatgpt'], brand: 'monday.com', competitors: ['Salesforce'] };

/** Account A's resources, which each route's path names. */
interface Resources {
  ownerKey: string;
  trackerId: string;
  runId: string;
  webhookId: string;
  memberId: string;
  keyId: string;
}
let a: Resources;
let otherAccountKey: string;
/** A's keys by what they were given: one per single scope, and one per role of the member who created it. */
const byScope = new Map<Scope, string>();
const byRole = new Map<Role, string>();
const invitationTokens = new Map<Role, string>();
/** A's members of each role signed in by an e-mailed link, and the owner of another account. */
const sessionByRole = new Map<Role, Session>();
let otherAccountSession: Session;
const ROLES = ['owner', 'editor', 'viewer'] as const;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  stack = await startStack([billingService, trackerService, runnerService, notifierService, gatewayService], {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Brandradar <reports@brandradar.test>',
    KEY_USE_REPORT_MS: '200',
  });
  harness = await connectAs(stack.nats, 'matrix');
  const owner = await stack.account(10_000_000);
  const ownerKey = owner.apiKey;
  const trackerId = await activeTracker(stack, ownerKey, compare);
  const run = await finishedRun<{ id: string; status: string }>(stack, ownerKey, trackerId, 'matrix-run');
  const webhook = await stack.api('POST', '/api/v1/webhooks', { key: ownerKey, body: { url: 'http://127.0.0.1:9/hook', events: ['run.finished'] } });
  expect(webhook.status).toBe(201);
  for (const scope of SCOPES) byScope.set(scope, await createKey(ownerKey, `only ${scope} 🚀 $x`, [scope]));
  const members = await membersByRole(ownerKey);
  for (const role of ROLES) {
    const created = await query(harness, PeopleQueries.createKey, { version: 1, accountId: owner.accountId, input: { name: `by ${role}`, scopes: [...ROLE_SCOPES[role]] }, createdBy: { kind: 'member', id: members[role], name: role } });
    byRole.set(role, created.apiKey);
  }
  const victim = await stack.api('POST', '/api/v1/api-keys', { key: ownerKey, body: { name: 'victim', scopes: ['read'] } });
  a = { ownerKey, trackerId, runId: run.id, webhookId: webhook.body.webhook.id, memberId: members.viewer, keyId: victim.body.key.id };
  otherAccountKey = (await stack.account()).apiKey;
  for (const role of ROLES) sessionByRole.set(role, await signInByEmail(stack, smtp, await memberEmail(ownerKey, members[role])));
  otherAccountSession = await signInByEmail(stack, smtp, (await stack.api('GET', '/api/v1/members', { key: otherAccountKey })).body.members[0].email);
}, 180_000);
afterAll(async () => {
  await harness?.nc.close();
  await stack?.stop();
  await smtp?.stop();
});

async function createKey(creator: string, name: string, scopes: Scope[]): Promise<string> {
  const res = await stack.api('POST', '/api/v1/api-keys', { key: creator, body: { name, scopes } });
  expect(res.status).toBe(201);
  return res.body.apiKey;
}

/** The first owner's member id, and an editor and a viewer invited and joined (by their invitations' tokens, as heard on the bus). */
async function membersByRole(ownerKey: string): Promise<Record<Role, string>> {
  const tokens: string[] = [];
  const sub = harness.nc.subscribe(PeopleCommands.sendInvitation.subject, { callback: (_err, msg) => tokens.push(msg.json<{ token: string }>().token) });
  const joined: Partial<Record<Role, string>> = {};
  for (const role of ['editor', 'viewer'] as const) {
    const invited = await stack.api('POST', '/api/v1/members', { key: ownerKey, body: { email: `${role}+__proto__@monday.com`, role } });
    expect(invited.status).toBe(201);
    await eventually(async () => tokens.length, (n) => n > 0);
    const token = tokens.shift()!;
    invitationTokens.set(role, token);
    const tokenSha256 = createHash('sha256').update(token).digest('hex');
    joined[role] = (await query(harness, PeopleQueries.redeemInvitation, { version: 1, tokenSha256 })).member.id;
  }
  sub.unsubscribe();
  const list = await stack.api('GET', '/api/v1/members', { key: ownerKey });
  joined.owner = list.body.members.find((m: { role: string }) => m.role === 'owner').id;
  return joined as Record<Role, string>;
}

async function memberEmail(ownerKey: string, memberId: string): Promise<string> {
  const list = await stack.api('GET', '/api/v1/members', { key: ownerKey });
  return list.body.members.find((m: { id: string }) => m.id === memberId).email;
}

/** The route's path with A's resources in it (ids of sub-resources that need not exist are made up: their 404 is also "allowed"). */
function pathOf(path: string): string {
  const idOf = path.startsWith('/api/v1/webhooks') ? a.webhookId : path.startsWith('/api/v1/members') ? a.memberId : path.startsWith('/api/v1/api-keys') ? a.keyId : a.trackerId;
  return path
    .replace(':id', idOf)
    .replace(':runId', a.runId)
    .replace(':reanalysisId', '0b9e0001-5c3a-4f1e-9d2b-7a6c00000001')
    .replace(':deliveryId', 'msg_2KWPBgLlAfxdpx2AI54pPJ85f1W');
}

/**
 * One call of a route. A read is made as it is; a change carries a body with a field no schema
 * has, so that once authorized it is refused (400) and changes nothing, whichever key made it.
 * `valid` sends the document's example body instead, to reach the handler (another account's ids).
 */
async function call(route: { method: string; path: string }, key: string, valid = false) {
  return stack.api(route.method.toUpperCase(), pathOf(route.path), { key, body: bodyFor(route, valid) });
}

function bodyFor(route: { method: string; path: string }, valid: boolean): unknown {
  const operation = DOCUMENT.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method as 'get'];
  return route.method === 'get' ? undefined : valid ? (operation?.requestBody?.content['application/json'].example ?? undefined) : { matrixProbe: true };
}

/** The same call made by a person signed in: the session cookie, and the CSRF token unless `csrf` is false. */
function callAs(route: { method: string; path: string }, session: Session, opts: { valid?: boolean; csrf?: boolean } = {}) {
  return asSession(stack, session, route.method.toUpperCase(), pathOf(route.path), { body: bodyFor(route, opts.valid ?? false), csrf: opts.csrf });
}

const allowedAnswer = (status: number) => status !== 401 && status !== 403 && status < 500;

describe.each(ROUTES.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s', (_name, route) => {
  it.each(SCOPES.map((s) => [s]))('as a key holding only %s', async (scope) => {
    const res = await call(route, byScope.get(scope)!);
    if (scope === route.scope) expect({ status: res.status, allowed: allowedAnswer(res.status) }).toEqual({ status: res.status, allowed: true });
    else expect({ status: res.status, error: res.body?.error }).toEqual({ status: 403, error: expect.objectContaining({ code: 'insufficient_scope', requiredScope: route.scope }) });
  });

  it.each(ROLES.map((r) => [r]))('as a key created by an %s', async (role) => {
    expectRoleAnswer(role, route.scope, await call(route, byRole.get(role)!));
  });

  it.each(ROLES.map((r) => [r]))('as an %s signed in, with the session cookie and its CSRF token', async (role) => {
    expectRoleAnswer(role, route.scope, await callAs(route, sessionByRole.get(role)!));
  });
});

/** What a role's caller gets: allowed when the role holds the route's scope, else 403 `insufficient_scope` naming it. */
function expectRoleAnswer(role: Role, scope: string, res: { status: number; body?: any }): void {
  if (ROLE_SCOPES[role].includes(scope as Scope)) expect({ status: res.status, allowed: allowedAnswer(res.status) }).toEqual({ status: res.status, allowed: true });
  else expect({ status: res.status, error: res.body?.error }).toEqual({ status: 403, error: expect.objectContaining({ code: 'insufficient_scope', requiredScope: scope }) });
}

describe.each(ROUTES.filter((r) => r.method !== 'get').map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s with the session cookie', (_name, route) => {
  it('but without the CSRF token is 403 csrf_failed, even for the owner', async () => {
    const res = await callAs(route, sessionByRole.get('owner')!, { csrf: false });
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 403, code: 'csrf_failed' });
  });
});

describe.each(ROUTES.filter((r) => r.path.includes(':')).map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s of another account', (_name, route) => {
  it('is 404 to a key of another account holding every scope', async () => {
    const res = await call(route, otherAccountKey, true);
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 404, code: 'not_found' });
  });

  it('is 404 to the owner of another account signed in', async () => {
    const res = await callAs(route, otherAccountSession, { valid: true });
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 404, code: 'not_found' });
  });
});

describe('CSV', () => {
  it.each([['report'], ['insights']])('gives the %s as CSV to a read key and refuses a key without read', async (what) => {
    const path = `/api/v1/trackers/${a.trackerId}/${what}`;
    const csv = await fetch(stack.gatewayUrl + path, { headers: { Authorization: `Bearer ${byScope.get('read')}`, Accept: 'text/csv' } });
    expect({ status: csv.status, type: csv.headers.get('content-type') }).toEqual({ status: 200, type: 'text/csv; charset=utf-8' });
    const refused = await fetch(stack.gatewayUrl + path, { headers: { Authorization: `Bearer ${byScope.get('manage')}`, Accept: 'text/csv' } });
    expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 403, body: { error: expect.objectContaining({ code: 'insufficient_scope', requiredScope: 'read' }) } });
  });
});

describe('MCP tools', () => {
  async function mcp(key: string): Promise<Client> {
    const client = new Client({ name: 'matrix', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', stack.gatewayUrl), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
    return client;
  }
  const toolArgs = () => ({ trackerId: a.trackerId, runId: a.runId });
  const readTools = Object.entries(TOOL_SCOPES).filter(([, scope]) => scope === 'read').map(([tool]) => tool);

  it.each(SCOPES.map((s) => [s]))('offers a key holding only %s exactly the tools of that scope, and refuses the others', async (scope) => {
    const client = await mcp(byScope.get(scope)!);
    try {
      const offered = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(offered).toEqual(Object.entries(TOOL_SCOPES).filter(([, s]) => s === scope).map(([tool]) => tool).sort());
      for (const tool of readTools) {
        const result = await client.callTool({ name: tool, arguments: toolArgs() });
        expect({ tool, isError: result.isError ?? false }).toEqual({ tool, isError: scope !== 'read' });
      }
    } finally {
      await client.close();
    }
  });

  it('answers another account’s tracker as not found', async () => {
    const client = await mcp(otherAccountKey);
    try {
      const result = await client.callTool({ name: 'get_tracker', arguments: toolArgs() });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('not_found (404)');
    } finally {
      await client.close();
    }
  });
});

describe('invitations', () => {
  it('e-mails each invited person the single-use link to the web app', async () => {
    for (const [role, token] of invitationTokens) {
      const mail = await eventually(async () => smtp.received.find((m) => m.envelopeTo.includes(`${role}+__proto__@monday.com`)), (m) => m !== undefined);
      expect(mail!.text).toContain(`http://localhost:8080/app/sign-in?token=${encodeURIComponent(token)}`);
      expect(mail!.subject).toMatch(/^You are invited to /);
    }
    expect(invitationTokens.size).toBe(2);
  });
});
