import type { Page } from 'playwright-core';
import { notifierService } from '../../services/notifier/src/service';
import { seriousViolations } from '../support/axe';
import { eventually } from '../support/eventually';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { activeTracker } from '../support/tracker-runs';
import { problemsOf, webAppUnderTest } from '../support/web-app';

// api-contract §15 in Chromium (issue 45): a person signs in by an e-mailed link, switches between
// their accounts, invites a viewer who signs in by the invitation and can neither spend nor change
// anything, creates a read key whose secret is shown once, and signs out everywhere. The SMTP peer
// catches the mails; every wait is on a condition.
const env: NodeJS.ProcessEnv = { MAIL_FROM: 'Brandradar <reports@brandradar.test>', PUBLIC_APP_URL: 'https://brandradar.example', EMAIL_LINKS_PER_ADDRESS_PER_HOUR: '1000', EMAIL_LINKS_PER_CLIENT_PER_MINUTE: '1000' };
let smtp: SmtpPeer;
// Before the stack starts (registered first): the notifier needs the peer's address.
beforeAll(async () => {
  smtp = await startSmtpPeer();
  env.SMTP_URL = smtp.url;
});
afterAll(() => smtp?.stop());
const web = webAppUnderTest({ services: [notifierService], env });

const HOSTILE_NAME = `Acme 🚀 monday.com $x __proto__ ${'ü'.repeat(60)}`.slice(0, 100);
const OWNER = 'owner+__proto__@monday.com';
const VIEWER = "o'brien+viewer@monday.com";

/** Mails to `to`: invitations, or sign-in links (the owner also gets a tracker's mails). */
const mailsTo = (to: string, invitation = false) => smtp.received.filter((m) => m.envelopeTo.includes(to) && (invitation ? /^You are invited/.test(m.subject) : m.subject === 'Your brandradar sign-in link'));

/** The token of the newest invitation or sign-in link e-mailed to `to`, once there are more than `seen`. */
async function linkToken(to: string, invitation: boolean, seen = 0): Promise<string> {
  const mails = await eventually(async () => mailsTo(to, invitation), (m) => m.length > seen);
  const match = /https:\/\/brandradar\.example\/app\/sign-in\?token=([A-Za-z0-9_%-]+)/.exec(mails[mails.length - 1]!.text);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

/** Every element fits 375 px: nothing makes the page scroll sideways. */
const overflows = (page: Page) => page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth');

let owner: { accountId: string; apiKey: string };
let other: { accountId: string; apiKey: string };
let trackerId: string;
let ownerPage: Page;

beforeAll(async () => {
  const created = await web.stack.admin('POST', '/admin/v1/accounts', { email: OWNER, name: HOSTILE_NAME, creditsMicro: 2_000_000 });
  expect(created.status).toBe(201);
  owner = { accountId: created.body.account.id, apiKey: created.body.apiKey };
  // The first owner is recorded on the account's first members call.
  expect((await web.stack.api('GET', '/api/v1/members', { key: owner.apiKey })).status).toBe(200);
  trackerId = await activeTracker(web.stack, owner.apiKey, { name: '__proto__ <b>$x</b> 🚀', primitive: 'rankings', competitors: ['monday.com', 'Asana'], prompts: ['Best project tool?'], cadence: { frequency: 'weekly', weekday: 1, time: '09:00', timezone: 'UTC' } });
  // A second account, which invites the owner as an editor: the owner then switches between the two.
  const second = await web.stack.admin('POST', '/admin/v1/accounts', { email: 'agency@example.com', name: 'Second client', creditsMicro: 100_000 });
  other = { accountId: second.body.account.id, apiKey: second.body.apiKey };
  expect((await web.stack.api('POST', '/api/v1/members', { key: other.apiKey, body: { email: OWNER, role: 'editor' } })).status).toBe(201);
}, 120_000);

it('signs in by an e-mailed link (said the same for any address), keeps the session over a reload, and refuses the link again', async () => {
  ownerPage = await web.newPage();
  await ownerPage.goto(`${web.stack.gatewayUrl}/app`);
  await ownerPage.waitForURL(/\/app\/sign-in$/);
  await ownerPage.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  expect(await seriousViolations(ownerPage)).toEqual([]);
  // An address that is no member is told exactly what a member is.
  for (const address of ['nobody@monday.com', OWNER]) {
    await ownerPage.getByLabel('E-mail address').fill(address);
    await ownerPage.getByRole('button', { name: 'E-mail me a link' }).click();
    await ownerPage.getByRole('status').filter({ hasText: `Check your e-mail: if ${address} may sign in here, a link is on its way.` }).waitFor();
  }
  const token = await linkToken(OWNER, false);
  await ownerPage.goto(`${web.stack.gatewayUrl}/app/sign-in?token=${encodeURIComponent(token)}`);
  await ownerPage.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();
  expect(ownerPage.url()).toBe(`${web.stack.gatewayUrl}/app/#/`); // the token left the address bar
  const header = ownerPage.locator('#account');
  await header.getByText(OWNER).waitFor();
  await header.getByText(`${HOSTILE_NAME} (owner)`).waitFor();
  expect(await ownerPage.evaluate('document.cookie')).toBe(''); // HttpOnly: the page never sees it
  expect(await ownerPage.evaluate("sessionStorage.getItem('brandradar.apiKey')")).toBeNull();

  await ownerPage.reload();
  await ownerPage.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();
  await ownerPage.getByRole('link', { name: '__proto__ <b>$x</b> 🚀', exact: true }).waitFor();

  const again = await web.newPage();
  await again.goto(`${web.stack.gatewayUrl}/app/sign-in?token=${encodeURIComponent(token)}`);
  await again.getByRole('alert').filter({ hasText: 'This sign-in link was already used or has expired.' }).waitFor();
  await again.goto(`${web.stack.gatewayUrl}/app/sign-in?error=not_a_member`);
  await again.getByRole('alert').filter({ hasText: 'That address is not a member of any account here.' }).waitFor();
  expect([...problemsOf(ownerPage), ...problemsOf(again)]).toEqual([]);
  await again.close();
});

it('joins a second account by its invitation and switches between them, with the pages each role allows', async () => {
  await ownerPage.goto(`${web.stack.gatewayUrl}/app/sign-in?token=${encodeURIComponent(await linkToken(OWNER, true))}`);
  await ownerPage.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();
  const switcher = ownerPage.getByLabel('Switch account');
  expect(await switcher.locator('option').allTextContents()).toEqual([`${HOSTILE_NAME} (owner)`, 'Second client (editor)']);
  await switcher.selectOption({ label: 'Second client (editor)' });
  await ownerPage.getByRole('status').filter({ hasText: 'Now in Second client (editor).' }).waitFor();
  await ownerPage.getByText('No trackers yet.').waitFor();
  expect(await ownerPage.locator('#pages a').allTextContents()).toEqual(['Trackers', 'Webhooks', 'Settings']);
  await switcher.selectOption({ label: `${HOSTILE_NAME} (owner)` });
  await ownerPage.getByRole('link', { name: '__proto__ <b>$x</b> 🚀', exact: true }).waitFor();
  expect(await ownerPage.locator('#pages a').allTextContents()).toEqual(['Trackers', 'Webhooks', 'Members', 'API keys', 'Audit', 'Settings']);
});

it('invites a viewer, says the last owner cannot be demoted, and creates a read key whose secret is shown once', async () => {
  await ownerPage.getByRole('link', { name: 'Members' }).click();
  await ownerPage.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
  await ownerPage.getByLabel('E-mail address').fill(VIEWER);
  await ownerPage.locator('#invite-role').selectOption('viewer');
  await ownerPage.getByRole('button', { name: 'Invite' }).click();
  await ownerPage.getByRole('status').filter({ hasText: `${VIEWER} is invited as a viewer` }).waitFor();
  await ownerPage.getByRole('row').filter({ hasText: VIEWER }).getByText('Invited', { exact: true }).waitFor();
  await ownerPage.getByLabel(`Role of ${OWNER}`).selectOption('viewer');
  await ownerPage.getByRole('alert').filter({ hasText: 'An account needs at least one owner' }).waitFor();
  // The refusal is said first; the list read again then shows the role unchanged.
  await eventually(() => ownerPage.getByLabel(`Role of ${OWNER}`).inputValue(), (role) => role === 'owner');
  expect(await seriousViolations(ownerPage)).toEqual([]);

  await ownerPage.getByRole('link', { name: 'API keys' }).click();
  await ownerPage.getByLabel('Name').fill(HOSTILE_NAME);
  // Read is ticked by default; an owner may grant every scope.
  expect(await ownerPage.getByRole('checkbox').count()).toBe(4);
  await ownerPage.getByRole('button', { name: 'Create key' }).click();
  const secret = ownerPage.getByRole('textbox', { name: 'API key' });
  await secret.waitFor();
  const apiKey = await secret.inputValue();
  expect(apiKey).toMatch(/^brk_[0-9a-f]{12}_/);
  await ownerPage.getByText('Shown only now').waitFor();
  await ownerPage.getByRole('button', { name: 'Copy secret' }).waitFor();
  expect(await seriousViolations(ownerPage)).toEqual([]);
  const keyRow = ownerPage.getByRole('row').filter({ hasText: HOSTILE_NAME });
  await keyRow.getByText('read', { exact: true }).waitFor();
  // The key reads and changes nothing.
  expect((await web.stack.api('GET', '/api/v1/trackers', { key: apiKey })).status).toBe(200);
  expect((await web.stack.api('POST', `/api/v1/trackers/${trackerId}/pause`, { key: apiKey })).body.error.requiredScope).toBe('manage');

  // Away and back: the secret is gone for good.
  await ownerPage.getByRole('link', { name: 'Trackers' }).click();
  await ownerPage.getByRole('link', { name: 'API keys' }).click();
  await keyRow.waitFor();
  expect(await ownerPage.getByRole('textbox', { name: 'API key' }).count()).toBe(0);
  expect(await ownerPage.content()).not.toContain(apiKey);
});

it('signs the viewer in by the invitation; at 375 px they read but can neither spend nor change anything', async () => {
  const viewer = await web.newPage({ viewport: { width: 375, height: 800 } });
  await viewer.goto(`${web.stack.gatewayUrl}/app/sign-in?token=${encodeURIComponent(await linkToken(VIEWER, true))}`);
  await viewer.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();
  await viewer.locator('#account').getByText(`${HOSTILE_NAME} (viewer)`).waitFor();
  expect(await viewer.locator('#pages a').allTextContents()).toEqual(['Trackers', 'Webhooks', 'Settings']);
  expect(await viewer.getByRole('link', { name: 'New tracker' }).count()).toBe(0);
  await viewer.getByText('Viewers cannot change trackers or webhooks.').waitFor();
  expect(await viewer.getByRole('button', { name: /Run now|Pause|Delete|Activate/ }).count()).toBe(0);
  expect(await overflows(viewer)).toBe(false);
  expect(await seriousViolations(viewer)).toEqual([]);

  await viewer.getByRole('link', { name: '__proto__ <b>$x</b> 🚀', exact: true }).click();
  const run = viewer.getByRole('button', { name: 'Run now' });
  await run.waitFor();
  expect(await run.isDisabled()).toBe(true);
  await viewer.getByText('Viewers cannot start runs').waitFor();
  expect(await viewer.getByRole('link', { name: 'Edit' }).count()).toBe(0);
  expect(await viewer.getByRole('button', { name: 'Recompute history' }).count()).toBe(0);
  expect(await overflows(viewer)).toBe(false);
  expect(await seriousViolations(viewer)).toEqual([]);

  for (const [hash, heading] of [['#/members', 'Members'], ['#/api-keys', 'API keys'], ['#/new', 'New tracker']] as const) {
    await viewer.goto(`${web.stack.gatewayUrl}/app/${hash}`);
    await viewer.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await viewer.getByText(/^Viewers cannot /).first().waitFor();
  }
  await viewer.goto(`${web.stack.gatewayUrl}/app/#/webhooks`);
  await viewer.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  expect(await viewer.getByRole('button', { name: 'Add endpoint' }).count()).toBe(0);
  expect(problemsOf(viewer)).toEqual([]);
  await viewer.close();
});

it('revokes a key after a confirmation, and signs out everywhere', async () => {
  await ownerPage.getByRole('button', { name: `Revoke ${HOSTILE_NAME}` }).click();
  await ownerPage.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke' }).click();
  await ownerPage.getByRole('status').filter({ hasText: 'is revoked.' }).waitFor();
  // Said first; the list read again then leaves the key out.
  await eventually(() => ownerPage.getByRole('row').filter({ hasText: HOSTILE_NAME }).count(), (rows) => rows === 0);

  const second = await web.newPage();
  const seen = mailsTo(OWNER).length;
  expect((await web.stack.api('POST', '/api/v1/session/email-link', { body: { email: OWNER } })).status).toBe(202);
  await second.goto(`${web.stack.gatewayUrl}/app/sign-in?token=${encodeURIComponent(await linkToken(OWNER, false, seen))}`);
  await second.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();

  await ownerPage.getByRole('button', { name: 'Sign out everywhere' }).click();
  await ownerPage.getByRole('status').filter({ hasText: 'Signed out on every browser.' }).waitFor();
  await ownerPage.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  await second.reload();
  await second.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  expect([...problemsOf(ownerPage), ...problemsOf(second)]).toEqual([]);
  await second.close();
  await ownerPage.close();
});
