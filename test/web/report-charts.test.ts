import { localDate } from '../../packages/web/src/run-range';
import { seriousViolations } from '../support/axe';
import { eventually } from '../support/eventually';
import { openSection, runsSectionOf } from '../support/report-sections';
import { problemsOf, webAppUnderTest } from '../support/web-app';

// The report's comparison chart and date range in Debian's Chromium, against the real gateway and
// services with simulated surfaces: one chart of all names (hostile ones as text), one Tab stop with
// arrow keys inside, a tap anywhere showing the nearest point, 12px axis text on a phone, and two
// runs of one minute told apart. Every wait is on a condition.
const web = webAppUnderTest();

const NAMES = ['monday.com', '__proto__', '🦄 Unicorn CRM', `Long ${'n'.repeat(95)}`];

it('compares the names in one chart: one Tab stop, arrow keys, a tap anywhere, 12px axis text on a phone, a date range, distinct run labels', async () => {
  const { apiKey } = await web.stack.account(1_000_000);
  const created = await web.stack.api('POST', '/api/v1/trackers', {
    key: apiKey,
    body: { name: 'Hostile names', primitive: 'compare', brand: NAMES[0], competitors: NAMES.slice(1), prompts: [`Best work management tool: ${NAMES.slice(0, 3).join(' or ')}?`], models: ['chatgpt', 'perplexity'], cadence: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 } },
  });
  const trackerId: string = created.body.tracker.id;
  expect((await web.stack.api('POST', `/api/v1/trackers/${trackerId}/activate`, { key: apiKey, body: { maxCostMicroPerRun: created.body.tracker.estimatedCostMicroPerRun } })).status).toBe(200);
  // Two runs asked for one after the other: the same minute, most likely to the second apart.
  for (const token of ['first', 'second']) expect((await web.stack.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key: apiKey, body: { requestToken: token } })).status).toBe(202);
  await eventually(
    () => web.stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key: apiKey }),
    (res) => res.body.runs.length === 2 && res.body.runs.every((r: { status: string }) => r.status === 'COMPLETED'),
    60_000,
  );

  const page = await web.signedIn(apiKey);
  const problems = problemsOf(page);
  await page.getByRole('link', { name: 'Hostile names', exact: true }).click();
  // The report opens on share of voice; the mention rate has a point for every name in every run.
  await page.getByRole('heading', { name: /^Share of voice, 2 runs/ }).waitFor();
  await page.getByLabel('Measure').selectOption({ label: 'Mention rate' });
  const chart = page.locator('figure.chart');
  await chart.locator('path.line').first().waitFor({ state: 'attached' });
  expect(await chart.count()).toBe(1);
  // One line per name, each told apart by colour, dash and marker, named in a legend as plain text.
  expect(await chart.locator('path.line').count()).toBe(NAMES.length);
  expect(await chart.locator('.legend .legend-name').allTextContents()).toEqual(NAMES);
  expect(await chart.locator('.legend .legend-name').last().getAttribute('title')).toBe(NAMES[3]);
  expect(new Set(await page.evaluate<string[]>("[...document.querySelectorAll('figure.chart path.line')].map((l) => l.getAttribute('stroke-dasharray'))")).size).toBe(NAMES.length);
  await page.getByRole('heading', { name: /^Mention rate, 2 runs (on|from) / }).waitFor();

  // Two runs of one minute: labels that differ, in the data table, the runs table and the answers' heading.
  const rows = chart.locator('.data tbody th');
  const labels = await rows.allTextContents();
  expect(labels).toHaveLength(2);
  expect(labels[0]).toMatch(/^#1 · .*\d:\d\d:\d\d.* · manual$/);
  expect(labels[1]).toMatch(/^#2 · .*\d:\d\d:\d\d.* · manual$/);
  expect(new Set(labels).size).toBe(2);
  expect(await chart.locator('.data thead th').allTextContents()).toEqual(['Run', ...NAMES]);
  await openSection(runsSectionOf(page));
  expect(await page.locator('td[data-label="Run"]').allTextContents()).toEqual([labels[1], labels[0]]);
  await page.getByRole('button', { name: `View answers of run ${labels[0]}` }).click();
  await page.getByRole('heading', { name: `Answers of run ${labels[0]}` }).waitFor();

  // One Tab stop: Tab leaves the plot for the data table; inside, the arrow keys move the shown point.
  const plot = chart.getByRole('application', { name: /^Mention rate by run: 4 names over 2 runs$/ });
  const tip = chart.locator('.chart-tip');
  await plot.focus();
  await tip.locator('.tip-run').filter({ hasText: labels[1] }).waitFor();
  expect(await tip.locator('.tip-name').textContent()).toBe(NAMES[0]);
  expect(await tip.locator('.sample').textContent()).toMatch(/^n = 2 answers/);
  await page.keyboard.press('ArrowLeft');
  await tip.locator('.tip-run').filter({ hasText: labels[0] }).waitFor();
  await page.keyboard.press('ArrowDown');
  await tip.locator('.tip-name').filter({ hasText: /^__proto__$/ }).waitFor();
  await chart.locator('[aria-live=polite]').filter({ hasText: `__proto__, run ${labels[0]}: ` }).waitFor();
  expect(await seriousViolations(page)).toEqual([]); // the chart with a point shown, an answer open
  await page.keyboard.press('End');
  await tip.locator('.tip-run').filter({ hasText: labels[1] }).waitFor();
  await page.keyboard.press('Tab');
  expect(await page.evaluate('document.activeElement.textContent')).toBe('Data table');
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate("document.activeElement.classList.contains('plot-wrap')")).toBe(true);
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate("document.activeElement.closest('figure') === null")).toBe(true);
  await tip.waitFor({ state: 'hidden' });

  // The date range: from tomorrow, no run; the last four weeks, both runs.
  const tomorrow = localDate(new Date(Date.now() + 86_400_000));
  await page.getByLabel('From', { exact: true }).fill(tomorrow);
  await page.getByRole('heading', { name: 'Mention rate, no runs in this range', exact: true }).waitFor();
  await page.getByRole('heading', { name: 'No runs in this range', exact: true }).waitFor();
  expect(await page.getByLabel('Show', { exact: true }).inputValue()).toBe('custom');
  // Only what the range filters is redrawn: the date field keeps focus while a date is typed.
  expect(await page.evaluate('document.activeElement.id')).toBe('range-from');
  expect(await chart.count()).toBe(0);
  await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Last 4 weeks' });
  await page.getByRole('heading', { name: /^Mention rate, 2 runs/ }).waitFor();
  expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(localDate(new Date()));
  expect(await page.locator('td[data-label="Run"]').count()).toBe(2);
  expect(problems).toEqual([]);
  await page.context().close();

  // A phone with touch: the axis text is drawn at 12 CSS px (no scaling), and a tap far from any point shows the nearest.
  const phone = await web.signedIn(apiKey, { viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
  await phone.getByRole('link', { name: 'Hostile names', exact: true }).click();
  const small = phone.locator('figure.chart');
  await small.locator('svg.plot text').first().waitFor({ state: 'attached' });
  // The computed size times the SVG's scale on screen: what a viewBox scaled down would shrink.
  const sizes: number[] = await phone.evaluate("[...document.querySelectorAll('svg.plot text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)");
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
  expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  const box = (await small.locator('svg.plot').boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(375);
  await small.locator('svg.plot').scrollIntoViewIfNeeded();
  const at = (await small.locator('svg.plot').boundingBox())!;
  await phone.touchscreen.tap(at.x + 2, at.y + 2);
  await small.locator('.chart-tip .tip-run').filter({ hasText: labels[0] }).waitFor();
  await phone.touchscreen.tap(at.x + at.width - 2, at.y + at.height - 2);
  await small.locator('.chart-tip .tip-run').filter({ hasText: labels[1] }).waitFor();
  expect(NAMES).toContain(await small.locator('.chart-tip .tip-name').textContent());
  expect(await seriousViolations(phone)).toEqual([]);
  expect(problemsOf(phone)).toEqual([]);
  await phone.context().close();
}, 180_000);

it('charts the first 6 cited domains of a citations tracker and says how many there are', async () => {
  const { apiKey } = await web.stack.account(1_000_000);
  const created = await web.stack.api('POST', '/api/v1/trackers', {
    key: apiKey,
    body: { name: 'Cited domains', primitive: 'citations', prompts: ['Best CRM for a small team?', 'Top CRM software for sales pipelines', 'Which CRM should a startup pick?'], models: ['perplexity', 'chatgpt', 'gemini'], cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 } },
  });
  const trackerId: string = created.body.tracker.id;
  expect((await web.stack.api('POST', `/api/v1/trackers/${trackerId}/activate`, { key: apiKey, body: { maxCostMicroPerRun: created.body.tracker.estimatedCostMicroPerRun } })).status).toBe(200);
  expect((await web.stack.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key: apiKey, body: { requestToken: 'one' } })).status).toBe(202);
  const report = await eventually(
    () => web.stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key: apiKey }),
    (res) => res.body.runs[0]?.status === 'COMPLETED',
    60_000,
  );
  const domains: string[] = report.body.runs[0].metrics.domains.map((d: { domain: string }) => d.domain);
  expect(domains.length).toBeGreaterThan(6);

  const page = await web.signedIn(apiKey);
  const problems = problemsOf(page);
  await page.getByRole('link', { name: 'Cited domains', exact: true }).click();
  const chart = page.locator('figure.chart');
  await chart.locator('path.marker').first().waitFor({ state: 'attached' });
  expect(await chart.locator('.legend-name').allTextContents()).toEqual(domains.slice(0, 6));
  await page.getByText(`The chart shows the first 6 of the ${domains.length} domains of the latest run, in its order.`).waitFor();
  expect(await chart.locator('.data thead th').count()).toBe(7);
  expect(problems).toEqual([]);
  await page.context().close();
}, 120_000);
