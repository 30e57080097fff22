// api-contract §15: a person signs in through the operator's OpenID Provider (authorization code
// with PKCE) and is matched to their memberships by the address the provider verified. The
// provider is a real one (oidc-provider, test/support/peers/oidc-provider.mjs), and so is the
// gateway: a process of its own from its build, since openid-client is an ES module jest cannot load.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureChromium, freePort, ManagedProcess } from '@brandradar/devstack';
import { billingService } from '../../services/billing/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { startStack, type TestStack } from '../support/stack';

const OWNER = 'Owner+__proto__@monday.com';
const CLIENT = { id: 'brandradar-web', secret: 'a-client-secret-for-tests-only' };
let stack: TestStack;
let provider: ManagedProcess;
let gateway: ManagedProcess;
let issuer: string;
let accountId: string;
const output: string[] = [];

beforeAll(async () => {
  // The tracker and runner services too: the app's first page, once signed in in Chromium, is the overview.
  stack = await startStack([billingService, trackerService, runnerService]);
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const users = { owner: { email: OWNER.toLowerCase(), email_verified: true }, unverified: { email: OWNER, email_verified: false }, stranger: { email: 'stranger@monday.com', email_verified: true } };
  provider = new ManagedProcess('oidc-provider', process.execPath, [path.join(__dirname, '..', 'support', 'peers', 'oidc-provider.mjs')], (l) => output.push(l), {
    ...process.env,
    OIDC_PORT: String(port),
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_REDIRECT_URI: `${stack.gatewayUrl}/api/v1/session/oidc/callback`,
    OIDC_USERS: JSON.stringify(users),
  });
  provider.start();
  await eventually(async () => output.some((l) => l.startsWith('listening ')), (up) => up, 30_000);
  gateway = stack.spawn('gateway', { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, PUBLIC_APP_URL: stack.gatewayUrl }, (l) => output.push(l));
  await eventually(async () => (await fetch(`${stack.gatewayUrl}/api/v1/openapi.json`).catch(() => null))?.status, (s) => s === 200, 30_000);
  const created = await stack.admin('POST', '/admin/v1/accounts', { email: OWNER, name: 'Acme 🚀 $x', creditsMicro: 1_000_000 });
  accountId = created.body.account.id;
  expect((await stack.api('GET', '/api/v1/members', { key: created.body.apiKey })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await provider?.stop();
  await stack?.stop();
});

/** Cookies by name, as a browser would send them back to the provider (paths aside: the provider's names differ by path anyway). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * The browser's trip: the gateway's start, the provider's login and consent (its development
 * interactions, by form posts), and back to the gateway's callback, whose answer is returned.
 * `tamper` changes the callback's URL on the way (an attacker's state).
 */
async function signInAs(login: string, tamper: (callback: URL) => URL = (u) => u): Promise<Response> {
  const start = await fetch(`${stack.gatewayUrl}/api/v1/session/oidc/start`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith('brandradar_oidc='))!;
  expect(flowCookie).toMatch(/; Path=\/api\/v1\/session\/oidc; Max-Age=600; HttpOnly; Secure; SameSite=Lax$/);
  const authorize = new URL(start.headers.get('location')!);
  expect({ origin: authorize.origin, method: authorize.searchParams.get('code_challenge_method'), scope: authorize.searchParams.get('scope') }).toEqual({ origin: issuer, method: 'S256', scope: 'openid email' });

  const jar = new CookieJar();
  let next = authorize;
  for (let hop = 0; hop < 12 && !next.href.startsWith(stack.gatewayUrl); hop++) {
    const res = await fetch(next, { redirect: 'manual', headers: { Cookie: jar.header() } });
    jar.take(res);
    if (res.status === 200) {
      // An interaction page: it asks for a login or for consent; answer it as its form would.
      const prompt = (await res.text()).includes('name="prompt" value="login"') ? 'login' : 'consent';
      const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
      const posted = await fetch(next, { method: 'POST', redirect: 'manual', body: form, headers: { Cookie: jar.header(), 'Content-Type': 'application/x-www-form-urlencoded' } });
      jar.take(posted);
      next = new URL(posted.headers.get('location')!, next);
    } else {
      expect([302, 303]).toContain(res.status);
      next = new URL(res.headers.get('location')!, next);
    }
  }
  expect(next.pathname).toBe('/api/v1/session/oidc/callback');
  return fetch(tamper(next), { redirect: 'manual', headers: { Cookie: flowCookie.split(';')[0]! } });
}

it('signs in the member whose address the provider verified, and lands on /app with the session', async () => {
  const callback = await signInAs('owner');
  expect({ status: callback.status, location: callback.headers.get('location') }).toEqual({ status: 302, location: '/app' });
  const session = callback.headers.getSetCookie().find((c) => c.startsWith('brandradar_session='))!;
  expect(session).toMatch(/^brandradar_session=[0-9a-f]{32}\.[A-Za-z0-9_-]+; Path=\/; Max-Age=604800; HttpOnly; Secure; SameSite=Lax$/);
  const me = await stack.api('GET', '/api/v1/me', { headers: { Cookie: session.split(';')[0]! } });
  expect({ status: me.status, email: me.body.person.email, accounts: me.body.accounts.map((a: { id: string; role: string }) => [a.id, a.role]) }).toEqual({ status: 200, email: OWNER, accounts: [[accountId, 'owner']] });
}, 60_000);

it('refuses an address the provider has not verified, and a person who is no member', async () => {
  const unverified = await signInAs('unverified');
  expect({ status: unverified.status, location: unverified.headers.get('location'), session: unverified.headers.getSetCookie().some((c) => c.startsWith('brandradar_session=')) }).toEqual({
    status: 302,
    location: '/app/sign-in?error=email_not_verified',
    session: false,
  });
  const stranger = await signInAs('stranger');
  expect(stranger.headers.get('location')).toBe('/app/sign-in?error=not_a_member');
}, 60_000);

it('refuses a callback whose state is not the flow’s', async () => {
  const forged = await signInAs('owner', (u) => {
    u.searchParams.set('state', 'x'.repeat(43));
    return u;
  });
  expect({ status: forged.status, location: forged.headers.get('location') }).toEqual({ status: 302, location: '/app/sign-in?error=oidc_failed' });
}, 60_000);

it('signs in through the provider in Chromium: the sign-in page’s button, the provider’s login and consent, back in the app', async () => {
  const browser = await chromium.launch({ executablePath: await ensureChromium() });
  try {
    // A context each: the provider would otherwise remember the first person's login.
    const signIn = async (login: string) => {
      const page = await (await browser.newContext()).newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(`${stack.gatewayUrl}/app`);
      // No e-mail form with an issuer: its button alone, named by the issuer's host.
      await page.getByRole('link', { name: `Sign in with ${new URL(issuer).host}` }).click();
      // oidc-provider's development interactions: a login form, then a consent.
      await page.locator('input[name=login]').fill(login);
      await page.locator('input[name=password]').fill('any');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      return page;
    };
    let page = await signIn('stranger');
    await page.waitForURL(`${stack.gatewayUrl}/app/sign-in?error=not_a_member`);
    await page.getByRole('alert').filter({ hasText: 'That address is not a member of any account here.' }).waitFor();
    expect(await page.getByLabel('E-mail address').count()).toBe(0);

    page = await signIn('owner');
    await page.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();
    expect(page.url()).toBe(`${stack.gatewayUrl}/app/`);
    await page.locator('#account').getByText('Acme 🚀 $x (owner)').waitFor();
    expect(await page.locator('#pages a').allTextContents()).toEqual(['Trackers', 'Webhooks', 'Members', 'API keys', 'Audit', 'Settings']);
  } finally {
    await browser.close();
  }
}, 120_000);
