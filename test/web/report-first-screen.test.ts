import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from '@brandradar/devstack';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { activeTracker, finishedRun } from '../support/tracker-runs';
import { problemsOf, webAppUnderTest } from '../support/web-app';

// The report's first screen (issue 46) in Debian's Chromium against the real services with simulated
// surfaces: the headline cards, the chart and the ranked names above the fold at 1366 × 768 (measured
// with bounding boxes), in order and without sideways scrolling at 375 px; help beside what it
// explains; the detail in sections that open on demand and remember it. Every wait is on a condition.
const ARTIFACTS = path.join(DATA_DIR, 'artifacts');
const web = webAppUnderTest();

const cadence = { frequency: 'weekly' as const, timezone: 'UTC', time: '09:00', weekday: 1 };
const prompts = ['Best CRM for a small team?', 'Which CRM should a startup pick?', 'Top CRM software for sales pipelines', 'Is Salesforce worth it for agencies?'];
const compare = { name: 'CRM report', cadence, primitive: 'compare', prompts, models: ['chatgpt', 'perplexity', 'gemini'], brand: 'HubSpot', competitors: ['Salesforce', 'Pipedrive'], samplesPerPrompt: 2 };

type Rate = { value: number; n: number; interval: { low: number; high: number } | null };
type Change = { change: number | null; significant: boolean | null; insufficientSample: boolean };
type Brand = { name: string; shareOfVoice: Rate; stability: { agreeing: number; cells: number } | null };
type ReportRun = { metrics: { brands: Brand[] }; delta: { brands: Array<{ name: string; shareOfVoice: Change }> } | null };

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const verdict = (c: Change) => (c.change === null ? (c.insufficientSample ? 'too few answers' : 'not comparable') : c.significant ? 'significant' : 'within noise');

/** The top and bottom of an element, in CSS pixels from the top of the viewport. */
async function box(page: Page, selector: string): Promise<{ top: number; bottom: number }> {
  const b = (await page.locator(selector).first().boundingBox())!;
  return { top: b.y, bottom: b.y + b.height };
}

it('opens on the headline cards, the chart and the ranked names above the fold at 1366 × 768, and reads in order at 375 px', async () => {
  const { apiKey } = await web.stack.account(3_000_000);
  const trackerId = await activeTracker(web.stack, apiKey, compare);
  for (const token of ['first-screen-1', 'first-screen-2']) expect((await finishedRun(web.stack, apiKey, trackerId, token)).status).toBe('COMPLETED');
  const [newest] = (await web.stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key: apiKey })).body.runs as ReportRun[];
  const hubspot = newest!.metrics.brands.find((b) => b.name === 'HubSpot')!;
  const changeOf = (name: string) => newest!.delta!.brands.find((b) => b.name === name)!.shareOfVoice;

  const page = await web.signedIn(apiKey, { viewport: { width: 1366, height: 768 } });
  const problems = problemsOf(page);
  await page.getByRole('link', { name: 'CRM report', exact: true }).click();

  // The headline card: the brand's share of voice (the overview's headline), its interval and n, its change with the verdict in words.
  const cards = page.locator('.figure-card');
  const headline = cards.first();
  await headline.getByRole('heading', { name: 'Share of voice · HubSpot' }).waitFor();
  expect(await headline.locator('.figure').textContent()).toBe(pct(hubspot.shareOfVoice.value));
  expect(await headline.locator('.uncertainty > span').allTextContents()).toEqual([`95% interval ${pct(hubspot.shareOfVoice.interval!.low)}–${pct(hubspot.shareOfVoice.interval!.high)}`, `n = ${hubspot.shareOfVoice.n} mentions`]);
  expect(await headline.locator('.badge.verdict').textContent()).toBe(verdict(changeOf('HubSpot')));
  expect(await cards.locator('h3').allTextContents()).toEqual(['Share of voice · HubSpot', 'Mention rate · HubSpot', 'Top-3 rate · HubSpot', 'Average position · HubSpot']);

  // The names ranked by share of voice, best first, each with its change and its stability across the two samples.
  const ranked = page.getByRole('table', { name: /^Names ranked by share of voice in run #2 · / });
  const byShare = [...newest!.metrics.brands].sort((a, b) => b.shareOfVoice.value - a.shareOfVoice.value);
  expect(await ranked.locator('tbody th').allTextContents()).toEqual(byShare.map((b) => b.name));
  for (const [i, b] of byShare.entries()) {
    const row = ranked.locator('tbody tr').nth(i);
    expect(await row.locator('.badge.verdict').textContent()).toBe(verdict(changeOf(b.name)));
    expect(await row.locator('td.stability').textContent()).toBe(b.stability ? `${b.stability.agreeing} of ${b.stability.cells} (${Math.round((b.stability.agreeing / b.stability.cells) * 100)}%)` : '—');
  }

  // Above the fold at 1366 × 768: the cards, the chart's plot and the table's first rows, without scrolling.
  await page.locator('figure.chart svg.plot path.line').first().waitFor({ state: 'attached' });
  expect(await page.evaluate('window.scrollY')).toBe(0);
  for (const part of ['.figure-cards', 'figure.chart svg.plot', 'figure.chart .legend', 'table.ranked thead', 'table.ranked tbody tr:nth-child(2)']) {
    const { top, bottom } = await box(page, part);
    expect([part, top >= 0, bottom <= 768]).toEqual([part, true, true]);
  }
  expect(await seriousViolations(page)).toEqual([]);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // docs/report.png in the README is a copy: the first screen as a 1366 × 768 window shows it.
  await page.screenshot({ path: path.join(ARTIFACTS, 'report.png') });

  // The explanations are help texts beside what they explain, reached by the keyboard.
  const chartHelp = page.locator('.comparison details.help');
  await chartHelp.locator('summary').focus();
  await page.keyboard.press('Enter');
  await chartHelp.getByText('Each band is a 95% interval, which allows for the samples of one prompt on one surface agreeing').waitFor();
  await page.locator('.ranking details.help summary').click();
  await page.getByText('Stable cells: of the prompt × surface cells with at least 2 answers').waitFor();

  // At 375 px: cards, chart and ranking in that order, one above the other, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  const order = [await box(page, '.figure-cards'), await box(page, 'figure.chart'), await box(page, 'table.ranked')];
  expect(order[0]!.bottom).toBeLessThanOrEqual(order[1]!.top);
  expect(order[1]!.bottom).toBeLessThanOrEqual(order[2]!.top);
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await page.close();
}, 180_000);

it('keeps the detail in sections that open on demand and remember it, and shows the top 5 discovered names until "Show all"', async () => {
  const { apiKey } = await web.stack.account(3_000_000);
  const trackerId = await activeTracker(web.stack, apiKey, { ...compare, name: 'CRM sections' });
  expect((await finishedRun(web.stack, apiKey, trackerId, 'sections-1')).status).toBe('COMPLETED');
  const { discoveredNames } = (await web.stack.api('GET', `/api/v1/trackers/${trackerId}/insights`, { key: apiKey })).body.insights as { discoveredNames: Array<{ name: string }> };
  expect(discoveredNames.length).toBeGreaterThan(5);

  const page = await web.signedIn(apiKey, { viewport: { width: 1366, height: 768 } });
  const problems = problemsOf(page);
  await page.getByRole('link', { name: 'CRM sections', exact: true }).click();
  const breakdowns = page.getByRole('region', { name: 'By surface and by prompt' });
  const insights = page.getByRole('region', { name: 'Insights' });
  // Closed at first: their headings are there, their content is not shown.
  for (const section of [breakdowns, insights, page.getByRole('region', { name: 'Cited sources' }), page.getByRole('region', { name: 'Mentions by prompt and surface' })]) {
    expect(await section.locator('details.on-demand').getAttribute('open')).toBeNull();
  }
  // The runs and their answers too: five sections on demand, none open.
  expect(await page.locator('details.on-demand').count()).toBe(5);
  expect(await page.locator('details.on-demand[open]').count()).toBe(0);
  await page.locator('table.surfaces').first().waitFor({ state: 'hidden' });

  // Opened from the keyboard: the summary is a Tab stop.
  await breakdowns.locator('summary').focus();
  await page.keyboard.press('Enter');
  await page.locator('table.surfaces').first().waitFor();
  await insights.locator('summary').click();
  const names = insights.locator('ul.discovered > li');
  await names.nth(4).waitFor();
  expect(await names.count()).toBe(5);
  await insights.getByRole('button', { name: `Show all ${discoveredNames.length} names` }).click();
  expect(await names.count()).toBe(discoveredNames.length);
  expect(await names.allTextContents()).toEqual(discoveredNames.map((d) => expect.stringContaining(d.name)));
  expect(await page.evaluate('document.activeElement.tagName + document.activeElement.textContent')).toContain(`LI${discoveredNames[5]!.name}`);
  expect(await seriousViolations(page)).toEqual([]);

  // Remembered for the next report, by section name only: no tracker, brand or other user data in the keys.
  await breakdowns.locator('summary').click();
  await page.getByRole('link', { name: 'Trackers', exact: true }).click();
  await page.getByRole('link', { name: 'CRM sections', exact: true }).click();
  await page.getByRole('region', { name: 'Insights' }).locator('details.on-demand[open]').waitFor();
  expect(await page.getByRole('region', { name: 'By surface and by prompt' }).locator('details.on-demand').getAttribute('open')).toBeNull();
  const stored = await page.evaluate<Array<[string, string | null]>>("Object.keys(localStorage).filter((k) => k.startsWith('brandradar.report')).map((k) => [k, localStorage.getItem(k)])");
  expect(Object.fromEntries(stored)).toEqual({ 'brandradar.report.open.breakdowns': 'closed', 'brandradar.report.open.insights': 'open' });
  expect(problems).toEqual([]);
  await page.close();
}, 180_000);
