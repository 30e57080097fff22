import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from '@brandradar/devstack';
import { seriousViolations } from '../support/axe';
import { activeTracker, finishedRun } from '../support/tracker-runs';
import { problemsOf, webAppUnderTest } from '../support/web-app';

// The overview (issue 34) on the app's first page, in Debian's Chromium against the real services
// with simulated surfaces. Every wait is on a condition (locators).
const ARTIFACTS = path.join(DATA_DIR, 'artifacts');
const web = webAppUnderTest();

const cadence = { frequency: 'weekly' as const, timezone: 'UTC', time: '09:00', weekday: 1 };
const prompts = ['Best CRM for a small team?', 'Which CRM should a startup pick?', 'Top CRM software for sales pipelines', 'Is Salesforce worth it for agencies?'];
const compare = { name: 'CRM overview', cadence, primitive: 'compare', prompts, models: ['chatgpt', 'perplexity', 'gemini'], brand: 'HubSpot', competitors: ['Salesforce', 'Pipedrive'] };

it('lists each tracker with its headline, its change and a sparkline, and one without runs as such', async () => {
  const { apiKey } = await web.stack.account(2_000_000);
  const measured = await activeTracker(web.stack, apiKey, compare);
  for (const token of ['overview-1', 'overview-2']) expect((await finishedRun(web.stack, apiKey, measured, token)).status).toBe('COMPLETED');
  expect((await web.stack.api('POST', '/api/v1/trackers', { key: apiKey, body: { ...compare, name: 'Not run yet' } })).status).toBe(201);
  const [, withRuns] = (await web.stack.api('GET', '/api/v1/overview', { key: apiKey })).body.trackers as { tracker: { id: string }; headline: { points: { value: number }[]; change: { significant: boolean | null } } }[];
  expect(withRuns!.tracker.id).toBe(measured);
  const { points, change } = withRuns!.headline;

  const page = await web.signedIn(apiKey);
  const problems = problemsOf(page);
  const table = page.getByRole('table', { name: /Your trackers/ });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'CRM overview' }) });
  const headline = row.locator('td[data-label="Headline"]');
  await headline.filter({ hasText: /^Share of voice of HubSpot: \d+\.\d% \(95% interval \d+\.\d%–\d+\.\d%; n = \d+ mentions/ }).waitFor();
  expect(await headline.textContent()).toContain(`${(points[1]!.value * 100).toFixed(1)}%`);

  // The change in the report's words; a significant one also marked in words, not by colour alone.
  const changeCell = row.locator('td[data-label="Change"]');
  expect(await changeCell.textContent()).toMatch(/percentage points|Not enough answers/);
  expect(await changeCell.getByText('Significant', { exact: true }).count()).toBe(change.significant ? 1 : 0);

  // The trend: an image that says every value, oldest first.
  const trend = row.getByRole('img');
  expect(await trend.getAttribute('aria-label')).toBe(`Share of voice of HubSpot over the last 2 runs: ${points.map((p) => `${(p.value * 100).toFixed(1)}%`).join(', ')}`);
  expect(await trend.locator('polyline').count()).toBe(1);

  const unrun = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Not run yet' }) });
  expect(await unrun.locator('td[data-label="Headline"]').textContent()).toBe('No run yet.');
  expect(await unrun.getByRole('img').count()).toBe(0);
  // The existing actions stay: a draft can be activated from its row.
  await unrun.getByRole('button', { name: 'Activate Not run yet' }).waitFor();

  expect(await seriousViolations(page)).toEqual([]);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'overview.png'), fullPage: true });
  // On a phone the rows are cards, each cell labelled, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  // A card's cell spans the card; a table column of the trend would be a fraction of the width.
  expect((await row.locator('td[data-label="Trend"]').boundingBox())!.width).toBeGreaterThan(300);
  await page.screenshot({ path: path.join(ARTIFACTS, 'overview-phone.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await page.close();
});

it('shows the leader of a rankings tracker, a hostile tracker name as text, and a single run as a dot', async () => {
  const { apiKey } = await web.stack.account(2_000_000);
  const name = '__proto__ <b>$x</b> & 🚀';
  const competitors = ['Salesforce', 'HubSpot', 'Pipedrive'];
  const id = await activeTracker(web.stack, apiKey, { name, cadence, primitive: 'rankings', prompts, models: ['chatgpt'], competitors });
  expect((await finishedRun(web.stack, apiKey, id, 'hostile-1')).status).toBe('COMPLETED');
  const { headline } = (await web.stack.api('GET', '/api/v1/overview', { key: apiKey })).body.trackers[0] as { headline: { name: string; points: { value: number }[] } };
  // The simulated answers to these prompts name these CRMs: the newest run has a leader with a figure.
  expect([competitors.includes(headline.name), headline.points[0]!.value]).toEqual([true, expect.any(Number)]);

  const page = await web.signedIn(apiKey);
  const problems = problemsOf(page);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await row.locator('td[data-label="Headline"]').filter({ hasText: `Share of voice of ${headline.name}: ` }).waitFor();
  const trend = row.getByRole('img');
  expect(await trend.getAttribute('aria-label')).toBe(`Share of voice of ${headline.name} over the last run: ${(headline.points[0]!.value * 100).toFixed(1)}%`);
  expect([await trend.locator('polyline').count(), await trend.locator('circle').count()]).toEqual([0, 1]);
  expect(await row.locator('td[data-label="Change"]').textContent()).toBe('No earlier run to compare with.');
  expect(problems).toEqual([]);
  await page.close();
});
