import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { notifierService } from '../../services/notifier/src/service';
import { seriousViolations } from '../support/axe';
import { eventually } from '../support/eventually';
import { problemsOf, webAppUnderTest } from '../support/web-app';

// The Webhooks page in Chromium against the real gateway and notifier (issue 35): an endpoint added
// with its secret shown once, listed, disabled and deleted; an endpoint's delivery log with a redelivery.
const web = webAppUnderTest({
  services: [notifierService],
  // No e-mail is sent here; the local receiver below is a private target, which the local stack allows too.
  env: { SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'Brandradar <reports@brandradar.example>', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_POLL_MS: '100' },
});

/** A receiver that answers every delivery 204, counting them. */
let receiver: Server;
let receiverUrl: string;
const received: string[] = [];
beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => receiver.close());

const focusedId = (page: Page) => page.evaluate('document.activeElement?.id ?? null');

it('adds an endpoint showing its secret once, lists it, disables and deletes it, with the API’s messages by their fields', async () => {
  const { apiKey } = await web.stack.account(1_000_000);
  const page = await web.signedIn(apiKey, { permissions: ['clipboard-read', 'clipboard-write'] });
  await page.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  expect(await page.getByRole('link', { name: 'Webhooks' }).getAttribute('aria-current')).toBe('page');
  await page.getByText('No webhook endpoints yet.').waitFor();

  // Refused: each message next to the field it names, the first of them focused.
  await page.getByLabel('URL').fill('hooks.example.com');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await page.locator('#webhook-error-url').filter({ hasText: /^URL must be an absolute https:\/\/ URL/ }).waitFor();
  await page.locator('#webhook-error-events').filter({ hasText: 'Events must list at least 1.' }).waitFor();
  expect(await page.getByLabel('URL').getAttribute('aria-invalid')).toBe('true');
  expect(await focusedId(page)).toBe('webhook-url');
  expect(await seriousViolations(page)).toEqual([]); // the form, with fields in error

  // Added: the secret in a read-only field, focused, said to be shown only now.
  const url = `${receiverUrl}?team=$x&name=monday.com`;
  await page.getByLabel('URL').fill(url);
  await page.getByRole('checkbox', { name: /run\.finished/ }).check();
  await page.getByRole('checkbox', { name: /tracker\.paused/ }).check();
  await page.getByLabel('Description (optional)').fill('__proto__ 📣 relay');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = page.getByRole('textbox', { name: 'Signing secret' });
  await secret.waitFor();
  const value = await secret.inputValue();
  expect(value).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
  expect(await secret.getAttribute('readonly')).not.toBeNull();
  expect(await focusedId(page)).toBe('webhook-secret');
  await page.getByText('Shown only now').waitFor();
  const row = page.getByRole('row').filter({ hasText: url });
  await row.getByText('Enabled').waitFor();
  await row.getByText('__proto__ 📣 relay').waitFor();
  expect(await row.locator('code').allTextContents()).toEqual(['run.finished', 'tracker.paused']);
  expect(await seriousViolations(page)).toEqual([]); // the list with the secret
  await page.getByRole('button', { name: 'Copy secret' }).click();
  await page.getByRole('status').filter({ hasText: 'The secret is copied.' }).waitFor();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(value);

  // Gone once the page is left: no later page shows it.
  await page.getByRole('link', { name: 'Trackers' }).click();
  await page.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await row.waitFor();
  expect(await page.getByRole('textbox', { name: 'Signing secret' }).count()).toBe(0);
  expect(await page.content()).not.toContain(value);

  // Disabled: the status in words, the focus on the button that turns it back on.
  await page.getByRole('button', { name: `Disable ${url}` }).click();
  await row.getByText('Disabled by you').waitFor();
  expect(await focusedId(page)).toMatch(/^toggle-/);
  expect(await page.evaluate('document.activeElement.textContent')).toBe('Enable');

  // A phone: nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);

  // Deleted after confirming; focus on the list's heading.
  await page.getByRole('button', { name: `Delete ${url}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete webhook' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('No webhook endpoints yet.').waitFor();
  expect(await focusedId(page)).toBe('webhooks-list-heading');
  expect((await web.stack.api('GET', '/api/v1/webhooks', { key: apiKey })).body).toEqual({ webhooks: [] });
  expect(problemsOf(page)).toEqual([]);
  await page.close();
});

it('shows an endpoint’s delivery log a page at a time, each attempt with its status and duration, and redelivers one', async () => {
  const { apiKey } = await web.stack.account(1_000_000);
  const hook = await web.stack.api('POST', '/api/v1/webhooks', { key: apiKey, body: { url: receiverUrl, events: ['tracker.activated', 'tracker.paused'] } });
  expect(hook.status).toBe(201);
  const webhookId = hook.body.webhook.id as string;
  const tracker = { name: 'Loop', cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 }, primitive: 'sentiment', prompts: ['p'], brand: 'Acme', models: ['chatgpt'] };
  const t = (await web.stack.api('POST', '/api/v1/trackers', { key: apiKey, body: tracker })).body.tracker;
  // 21 events, one more than a page of the log: activated, then paused and activated again ten times.
  const activate = async () => expect((await web.stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } })).status).toBe(200);
  await activate();
  for (let i = 0; i < 10; i++) {
    expect((await web.stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key: apiKey })).status).toBe(200);
    await activate();
  }
  type Delivery = { id: string; type: string; status: string };
  const deliveries = await eventually(
    async () => (await web.stack.api('GET', `/api/v1/webhooks/${webhookId}/deliveries?limit=100`, { key: apiKey })).body.deliveries as Delivery[],
    (all) => all.length === 21 && all.every((d) => d.status === 'succeeded'),
    30_000,
  );
  const first = deliveries[0]!;
  expect(first.type).toBe('tracker.activated');

  const page = await web.signedIn(apiKey);
  await page.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('link', { name: `Delivery log of ${receiverUrl}` }).click();
  await page.getByRole('heading', { name: 'Delivery log', level: 1 }).waitFor();
  const delivery = page.getByRole('article').first();
  await delivery.getByText(first.id).waitFor();
  await delivery.getByText('Delivered').waitFor();
  const attempt = delivery.getByRole('row').nth(1);
  expect(await attempt.locator('td').nth(1).textContent()).toBe('Succeeded');
  expect(await attempt.locator('td').nth(2).textContent()).toBe('204');
  expect(await attempt.locator('td').nth(3).textContent()).toMatch(/^\d+ ms$|^\d+\.\d s$/);
  expect(await seriousViolations(page)).toEqual([]); // the delivery log

  // The older page appended, focus on its first delivery; no more to show.
  expect(await page.getByRole('article').count()).toBe(20);
  await page.getByRole('button', { name: 'Show older deliveries' }).click();
  await page.getByRole('button', { name: 'Show older deliveries' }).waitFor({ state: 'detached' });
  expect(await page.getByRole('article').count()).toBe(21);
  expect(await focusedId(page)).toBe(`delivery-${deliveries[20]!.id}`);

  await delivery.getByRole('button', { name: 'Redeliver' }).click();
  await page.getByRole('status').filter({ hasText: 'The tracker.activated delivery is sent again, with the same webhook-id.' }).waitFor();
  // Received a second time, with the same webhook-id.
  await eventually(async () => received.filter((id) => id === first.id).length, (n) => n === 2, 30_000);

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  expect(problemsOf(page)).toEqual([]);
  await page.close();
});
