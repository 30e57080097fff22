import type { Page } from 'playwright-core';
import type { Run } from '@brandradar/contracts';
import { seriousViolations } from '../support/axe';
import { eventually } from '../support/eventually';
import { openSection } from '../support/report-sections';
import { problemsOf, webAppUnderTest } from '../support/web-app';

// The report's breakdowns by surface and prompt and its cited-sources leaderboard, in Debian's
// Chromium against the real gateway and services with simulated surfaces. Every wait is on a condition.
const web = webAppUnderTest();
let apiKey: string;
let trackerId: string;
/** Newest first, as the report lists them. */
const runs: Run[] = [];

const NAMES = ['monday.com', 'HubSpot', '$x'];
const PROMPTS = ['Best CRM for a small team?', `Which CRM should a startup pick? ${'🦄 '.repeat(60)}`];

beforeAll(async () => {
  ({ apiKey } = await web.stack.account(2_000_000));
  const created = await web.stack.api('POST', '/api/v1/trackers', {
    key: apiKey,
    body: {
      name: 'CRM breakdowns',
      primitive: 'compare',
      brand: NAMES[0],
      competitors: NAMES.slice(1),
      prompts: PROMPTS,
      models: ['chatgpt', 'perplexity', 'claude'],
      samplesPerPrompt: 2,
      cadence: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 },
    },
  });
  trackerId = created.body.tracker.id;
  expect((await web.stack.api('POST', `/api/v1/trackers/${trackerId}/activate`, { key: apiKey, body: { maxCostMicroPerRun: created.body.tracker.estimatedCostMicroPerRun } })).status).toBe(200);
  // Two runs, the newest shown first, the other to choose.
  for (const requestToken of ['older', 'newest']) {
    const runId: string = (await web.stack.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key: apiKey, body: { requestToken } })).body.run.id;
    const finished: Run = (await eventually(() => web.stack.api('GET', `/api/v1/trackers/${trackerId}/runs/${runId}`, { key: apiKey }), (res) => res.body.run.status === 'COMPLETED', 60_000)).body.run;
    runs.unshift(finished);
  }
}, 300_000);

async function reportPage(width: number): Promise<Page> {
  const page = await web.signedIn(apiKey, { viewport: { width, height: 900 } });
  await page.getByRole('link', { name: 'CRM breakdowns', exact: true }).click();
  // Both sections open on demand (a new browser context remembers nothing).
  await openSection(page.getByRole('region', { name: 'By surface and by prompt' }));
  await openSection(page.getByRole('region', { name: 'Cited sources' }));
  return page;
}

type Answer = Run['results'][number]['answers'][number];
const succeeded = (answers: Answer[]) => answers.filter((a) => a.status === 'succeeded');
const mentions = (answers: Answer[], name: string) => succeeded(answers).filter((a) => a.metrics?.brands?.some((b) => b.name === name && b.mentioned)).length;

it('shows the measure per surface with its sample, and the mentions per prompt and name, filtered by surface', async () => {
  const page = await reportPage(1100);
  // The breakdown by surface follows the report's measure (share of voice at first).
  await page.getByRole('region', { name: /^Share of voice by surface, run of / }).waitFor();
  await page.getByLabel('Measure').selectOption({ label: 'Mention rate' });
  const section = page.getByRole('region', { name: 'By surface and by prompt' });
  await section.getByRole('region', { name: /^Mention rate by surface, run of / }).waitFor();
  await section.getByLabel('Run').locator('option').filter({ hasText: '(newest)' }).waitFor({ state: 'attached' });

  // By surface: one row per surface, named as users know them, each cell with its interval and n.
  const surfaces = section.locator('table.surfaces');
  expect(await surfaces.locator('tbody th').allTextContents()).toEqual(['ChatGPT', 'Perplexity', 'Claude']);
  expect(await surfaces.locator('thead th').allTextContents()).toEqual(['Surface', ...NAMES]);
  const metrics = runs[0]!.metrics!;
  if (metrics.primitive !== 'compare') throw new Error('a compare run');
  const chatgpt = metrics.bySurface.chatgpt!.brands[0]!.mentionRate;
  const first = surfaces.locator('tbody tr').first().locator('td').first();
  expect(await first.locator('.sample').textContent()).toBe(`n = ${chatgpt.n} answers${chatgpt.clusters !== chatgpt.n ? ` in ${chatgpt.clusters} prompt × surface cells` : ''}${chatgpt.effectiveN !== chatgpt.n ? ` (worth ${chatgpt.effectiveN!.toFixed(1)} independent)` : ''}`);
  expect(chatgpt.n).toBe(4);
  expect(await first.locator('strong').textContent()).toBe(`${+(chatgpt.value! * 100).toFixed(1)}%`);
  expect(await first.locator('.interval').textContent()).toMatch(/^95% interval [\d.]+%–[\d.]+%$/);
  expect(await surfaces.locator('td .sample').count()).toBe(9);

  // By prompt: every prompt × name, its rate as text and n = the prompt's succeeded answers.
  const heat = section.locator('table.heat');
  const cellText = (answers: Answer[], name: string) => `${Math.round((mentions(answers, name) / succeeded(answers).length) * 100)}%n = ${succeeded(answers).length}`;
  const expected = (run: Run, model: string | null) => run.results.map((r) => NAMES.map((name) => cellText(r.answers.filter((a) => model === null || a.model === model), name)));
  const shown = async () => Promise.all((await heat.locator('tbody tr').all()).map((tr) => tr.locator('td').allTextContents()));
  expect(await heat.locator('tbody th').allTextContents()).toEqual(PROMPTS);
  expect(await heat.locator('tbody th').nth(1).getAttribute('title')).toBe(PROMPTS[1]);
  expect(await shown()).toEqual(expected(runs[0]!, null));
  expect((await shown()).flat().every((t) => t.endsWith('n = 6'))).toBe(true);

  // The other run: its figures, and its answers behind the cells.
  const runSelect = section.getByLabel('Run', { exact: true });
  expect(await runSelect.locator('option').count()).toBe(2);
  await runSelect.selectOption({ index: 1 });
  const olderRun = (await runSelect.locator('option').nth(1).textContent())!;
  await section.getByRole('region', { name: `Mention rate by surface, run of ${olderRun}` }).waitFor();
  expect(await shown()).toEqual(expected(runs[1]!, null));

  // One surface: the cells count only its answers, and the select keeps the focus.
  await section.getByLabel('Surface', { exact: true }).selectOption({ label: 'Perplexity' });
  await heat.locator('caption').filter({ hasText: 'Mentions by prompt on Perplexity' }).waitFor();
  expect(await shown()).toEqual(expected(runs[1]!, 'perplexity'));
  expect(await page.evaluate('document.activeElement.className')).toBe('surface');

  // The heat map is one Tab stop; arrows move in it, and Enter opens the run's answers at that prompt.
  await heat.locator('td[tabindex="0"]').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate("document.activeElement.closest('tr').querySelector('th').title")).toBe(PROMPTS[1]);
  expect(await heat.locator('td[tabindex="0"]').count()).toBe(1);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: /^Answers of run #/ }).waitFor();
  expect(await page.evaluate('document.activeElement.textContent')).toBe(PROMPTS[1]);
  // The choices of run and surface outlive the page drawing itself anew.
  expect(await section.locator('table.heat caption').textContent()).toBe('Mentions by prompt on Perplexity');
  expect(await runSelect.inputValue()).toBe(runs[1]!.id);
  expect(await seriousViolations(page)).toEqual([]);
  expect(problemsOf(page)).toEqual([]);
  await page.close();
});

it('lists the sites the answers cite, with the answers citing each and whether they mention the brand', async () => {
  const answers = succeeded(runs.flatMap((run) => run.results.flatMap((r) => r.answers)));
  const citing = new Map<string, Answer[]>();
  for (const a of answers) {
    for (const host of new Set(a.citations.map((c) => new URL(c.url).hostname.replace(/^www\./, '')))) citing.set(host, [...(citing.get(host) ?? []), a]);
  }
  const top = [...citing].sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : 1))[0]!;
  expect(top[1].length).toBeGreaterThan(1);

  const page = await reportPage(375);
  const sources = page.getByRole('region', { name: 'Cited sources' });
  const rows = sources.locator('tbody tr');
  await rows.first().waitFor();
  expect(await rows.count()).toBe(Math.min(20, citing.size));
  const row = rows.first();
  expect(await row.locator('th').textContent()).toBe(top[0]);
  expect(await row.locator('td[data-label="Answers citing"]').textContent()).toBe(String(top[1].length));
  expect(await row.locator('td[data-label="Share of answers"]').textContent()).toMatch(new RegExp(`^[\\d.]+%95% interval [\\d.]+%–[\\d.]+%, n = ${answers.length}$`));
  expect(await row.locator('td[data-label="Mention monday.com"]').textContent()).toBe(String(top[1].filter((a) => mentions([a], 'monday.com') > 0).length));
  expect(await row.locator('td[data-label="Only competitors"]').textContent()).toBe(
    String(top[1].filter((a) => mentions([a], 'monday.com') === 0 && (mentions([a], 'HubSpot') > 0 || mentions([a], '$x') > 0)).length),
  );
  expect(await row.locator('a').first().getAttribute('rel')).toBe('noopener noreferrer nofollow');
  if (citing.size > 20) {
    await sources.getByRole('button', { name: `Show all ${citing.size} sites` }).click();
    await rows.nth(citing.size - 1).waitFor();
  }

  // At phone width, every text of the new sections is at least 11 px.
  const smallest = await page.evaluate(
    "Math.min(...[...document.querySelectorAll('.breakdowns *, .sources *')].filter((e) => e.textContent.trim()).map((e) => parseFloat(getComputedStyle(e).fontSize)))",
  );
  expect(smallest).toBeGreaterThanOrEqual(11);
  expect(await seriousViolations(page)).toEqual([]);
  expect(problemsOf(page)).toEqual([]);
  await page.close();
});
