import { seriousViolations } from '../support/axe';
import { eventually } from '../support/eventually';
import { problemsOf, webAppUnderTest } from '../support/web-app';

// The Audit page in Chromium against the real gateway and billing (issue 45): the account's trail
// newest first, a key's hostile name shown as text, older entries by "Load older".
const web = webAppUnderTest();

const HOSTILE = '<img src=x onerror=alert(1)> __proto__ $x 🚀';

it('lists who changed what, newest first, loads older entries, and shows a hostile name as text', async () => {
  const { apiKey } = await web.stack.account(1_000_000);
  const key = async (by: string, name: string, scopes: string[]) => {
    const res = await web.stack.api('POST', '/api/v1/api-keys', { key: by, body: { name, scopes } });
    expect(res.status).toBe(201);
    return res.body.apiKey as string;
  };
  const hostile = await key(apiKey, HOSTILE, ['read', 'admin']);
  for (let i = 0; i < 51; i++) await key(apiKey, `key ${i}`, ['read']);
  await key(hostile, 'made by the hostile key', ['read']);
  // 54 entries: the account's creation, 53 keys; billing stores them just after the calls.
  await eventually(async () => (await web.stack.api('GET', '/api/v1/audit?limit=100', { key: apiKey })).body.entries.length, (n) => n === 54);

  const page = await web.signedIn(apiKey);
  await page.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await page.getByRole('heading', { name: 'Audit', level: 1 }).waitFor();
  expect(await page.getByRole('link', { name: 'Audit' }).getAttribute('aria-current')).toBe('page');
  const rows = page.locator('#audit-entries tbody tr');
  await eventually(() => rows.count(), (n) => n === 50);

  // The newest first: the key the hostile key made, its name as text (no element made of it).
  const newest = rows.first();
  expect(await newest.locator('td[data-label="Who"]').innerText()).toMatch(/^Key “<img src=x onerror=alert\(1\)> __proto__ \$x 🚀” [0-9a-f]{12}$/);
  expect(await newest.locator('td[data-label="Action"]').innerText()).toBe('createApiKey');
  expect(await newest.locator('td[data-label="Outcome"]').innerText()).toBe('201');
  expect(await page.locator('#audit-entries img').count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Load older' }).click();
  await eventually(() => rows.count(), (n) => n === 54);
  expect(await rows.last().locator('td[data-label="Action"]').innerText()).toBe('adminCreateAccount');
  expect(await rows.last().locator('td[data-label="Who"]').innerText()).toBe('The operator (admin API)');
  await page.getByRole('button', { name: 'Load older' }).waitFor({ state: 'detached' });
  const times = await page.locator('#audit-entries time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
  expect(times).toEqual([...times].sort().reverse());
  expect(problemsOf(page)).toEqual([]);
});

it('lists no Audit page for a key that may not read the trail, and says so at its address', async () => {
  const { apiKey } = await web.stack.account(1_000_000);
  const reader = (await web.stack.api('POST', '/api/v1/api-keys', { key: apiKey, body: { name: 'reader', scopes: ['read'] } })).body.apiKey as string;
  const page = await web.signedIn(reader);
  await page.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();
  expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).count()).toBe(0);
  await page.evaluate("location.hash = '#/audit'");
  await page.getByText(/admin/).first().waitFor();
  expect(await page.locator('#audit-entries').count()).toBe(0);
});
