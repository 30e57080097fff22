import path from 'node:path';
import { DATA_DIR } from '@brandradar/devstack';
import { notifierService } from '../../services/notifier/src/service';
import { seriousViolations } from '../support/axe';
import { problemsOf, webAppUnderTest } from '../support/web-app';

// api-contract §16 in Chromium: the Settings page's weekly digest. An owner's key changes it (a bad
// zone is refused in words and changes nothing); a read-only key sees it, disabled, with the reason.
// axe is clean, and at 375 px nothing scrolls sideways.
const web = webAppUnderTest({ services: [notifierService], env: { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'Brandradar <reports@brandradar.test>' } });
const ARTIFACTS = path.join(DATA_DIR, 'artifacts');

let owner: string;
let reader: string;

beforeAll(async () => {
  owner = (await web.stack.account(1_000_000)).apiKey;
  reader = (await web.stack.api('POST', '/api/v1/api-keys', { key: owner, body: { name: 'reader', scopes: ['read'] } })).body.apiKey as string;
}, 60_000);

it('lets an owner turn the digest on, refusing a bad time zone in words, and saves the whole setting', async () => {
  const page = await web.signedIn(owner);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Weekly digest by e-mail' }).waitFor();
  expect(await page.getByLabel('Send the weekly digest').isChecked()).toBe(false);
  expect(await page.getByLabel('Recipients').inputValue()).toMatch(/^owner-[0-9a-f]+@example\.com$/);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Send the weekly digest').check();
  await page.getByLabel('Day').selectOption({ label: 'Friday' });
  await page.getByLabel('Time', { exact: true }).fill('16:30');
  await page.getByLabel('Time zone').fill('Mars/Olympus_Mons');
  await page.getByLabel('Recipients').fill('__proto__@monday.com\nx+digest@example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alert').filter({ hasText: 'Some fields need a change' }).waitFor();
  await page.locator('#digest-timezone-error').filter({ hasText: 'Time zone must be an IANA time zone name' }).waitFor();
  expect(await page.getByLabel('Time zone').getAttribute('aria-invalid')).toBe('true');
  expect((await web.stack.api('GET', '/api/v1/account/digest', { key: owner })).body.digest.enabled).toBe(false);

  await page.getByLabel('Time zone').fill('America/New_York');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: /^Saved\. Next e-mail: / }).waitFor();
  expect((await web.stack.api('GET', '/api/v1/account/digest', { key: owner })).body.digest).toMatchObject({
    enabled: true,
    weekday: 5,
    time: '16:30',
    timezone: 'America/New_York',
    recipients: ['__proto__@monday.com', 'x+digest@example.com'],
    attachPdf: false,
  });
  expect(await seriousViolations(page)).toEqual([]);
  await page.locator('main').screenshot({ path: path.join(ARTIFACTS, 'settings.png') });
  expect(problemsOf(page)).toEqual([]);
});

it('shows a read-only key the setting, disabled, with the reason; and fits 375 px', async () => {
  const page = await web.signedIn(reader, { viewport: { width: 375, height: 800 } });
  await page.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();
  await page.evaluate("location.hash = '#/settings'");
  await page.getByRole('heading', { name: 'Weekly digest by e-mail' }).waitFor();
  await page.getByText('This API key cannot manage members, API keys or the weekly digest: it lacks the admin scope.').first().waitFor();
  expect(await page.getByLabel('Time zone').inputValue()).toBe('America/New_York');
  expect(await page.getByLabel('Time zone').isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  expect(await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.locator('main').screenshot({ path: path.join(ARTIFACTS, 'settings-phone.png') });
  expect(problemsOf(page)).toEqual([]);
});
