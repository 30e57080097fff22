import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ConsultedNotCited, Insights, Run, SearchInsight, Surface } from '@brandradar/contracts';
import { DATA_DIR } from '@brandradar/devstack';
import { WEB_APP_PATH } from '../../services/gateway/src/http/web-app';
import { seriousViolations } from '../support/axe';
import { webFilesUnderTest } from '../support/web-files';

// "What the AI searched for" and "Sites the AI read but did not cite" (packages/web/src/research-view.ts)
// and an answer's own searches, in Debian's Chromium with the app's files and stylesheet served by
// the gateway's own router under its CSP: every figure with its sample and interval, the empty
// states, and hostile searches, sites and titles kept as text.
const ARTIFACTS = path.join(DATA_DIR, 'artifacts');
const files = webFilesUnderTest();

const HOSTILE = ['<script>window.pwned = 1</script>', 'monday.com vs hubspot', '__proto__', `🦄 crm ${'x'.repeat(190)}`];
const share = (answers: number, n: number, low: number, high: number) => ({ answers, n, rate: Math.round((answers / n) * 10_000) / 10_000, clusters: 6, interval: { low, high } });
const SEARCHES: SearchInsight[] = [
  { query: 'best crm for small teams 2026', ...share(12, 40, 0.18, 0.45), surfaces: ['chatgpt', 'gemini'] },
  ...HOSTILE.map((query, i): SearchInsight => ({ query, ...share(4 - i, 40, 0.01, 0.2), surfaces: ['claude'] })),
];
const READ: ConsultedNotCited[] = [
  { domain: 'reddit.com', consulted: 14, cited: 3, ...share(11, 40, 0.16, 0.42) },
  { domain: '<img src=x onerror="window.pwned = 2">', consulted: 2, cited: 0, ...share(2, 40, 0.01, 0.16) },
];
type Answer = Pick<Run['results'][number]['answers'][number], 'citations' | 'searchQueries' | 'consultedSources'>;
const ANSWER: Answer = {
  citations: [{ url: 'https://www.g2.com/categories/crm', title: 'Best CRM Software', domain: 'g2.com' }],
  searchQueries: ['best crm for small teams 2026', HOSTILE[0]!],
  consultedSources: [
    { url: 'https://www.g2.com/compare/hubspot-vs-salesforce', title: 'HubSpot vs Salesforce', domain: 'g2.com' },
    { url: 'https://www.reddit.com/r/CRM/comments/1', title: '<b>__proto__</b> 🦄', domain: 'reddit.com' },
    { url: 'javascript:window.pwned=3', title: 'A trick', domain: 'evil.example' },
  ],
};

/** The lists and the answer rendered by the app's own module into the app's page. */
async function rendered(insights: Pick<Insights, 'searches' | 'consultedNotCited'>, models: Surface[], answer: Answer): Promise<Page & { problems: string[] }> {
  const page = Object.assign(await files.browser.newPage({ viewport: { width: 1100, height: 900 } }), { problems: [] as string[] });
  page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && !m.text().includes('status of 404') && page.problems.push(`console: ${m.text()}`)); // a 404: the favicon
  await page.goto(`${files.base}${WEB_APP_PATH}/`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  // A string, so that the compiled test keeps `import()` as it is (ts-jest would make it a require).
  await page.evaluate(`(async () => {
    const { researchLists, answerResearch } = await import('/app/js/research-view.js');
    const main = document.querySelector('main');
    const section = document.createElement('section');
    section.className = 'insights';
    section.setAttribute('aria-label', 'Insights');
    section.append(...researchLists(${JSON.stringify(insights)}, ${JSON.stringify(models)}));
    const answer = document.createElement('details');
    answer.className = 'answer';
    answer.open = true;
    answer.innerHTML = '<summary>chatgpt (openai) · succeeded</summary>';
    const research = answerResearch(${JSON.stringify(answer)});
    if (research) answer.append(research);
    main.replaceChildren(section, answer);
  })()`);
  await page.getByRole('heading', { name: 'What the AI searched for' }).waitFor();
  return page;
}

it('lists the searches and the sites read but not cited, each with its sample and interval, hostile strings as text', async () => {
  const page = await rendered({ searches: SEARCHES, consultedNotCited: READ }, ['chatgpt', 'perplexity', 'gemini'], ANSWER);
  const searches = page.locator('table.searches');
  expect(await searches.locator('thead th').allTextContents()).toEqual(['Search', 'Answers that ran it', 'Surfaces']);
  expect(await searches.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['best crm for small teams 2026', '30%in 12 of 40 answers · 95% interval 18%–45%', 'ChatGPT, Gemini']);
  // Each query in full, as text: no element made of it, nothing run.
  expect(await searches.locator('td[data-label=Search] q').allTextContents()).toEqual(SEARCHES.map((s) => s.query));
  await page.getByText('Perplexity are not counted', { exact: false }).waitFor();

  const read = page.locator('table.read-not-cited');
  expect(await read.locator('thead th').allTextContents()).toEqual(['Site', 'Read in', 'Cited in', 'Read, not cited']);
  expect(await read.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['reddit.com', '14 answers', '3 answers', '27.5%in 11 of 40 answers · 95% interval 16%–42%']);
  expect(await read.locator('tbody tr').nth(1).locator('td').first().textContent()).toBe(READ[1]!.domain);

  // The answer: its searches in order, then the pages it read from sites it does not cite (g2.com it cites).
  const answer = page.locator('details.answer .research');
  expect(await answer.getByRole('list', { name: 'Searched for' }).locator('li').allTextContents()).toEqual(ANSWER.searchQueries);
  await answer.getByText('Read but not cited: 2 pages of the 3 pages read, from sites it does not cite').waitFor();
  const unCited = answer.getByRole('list', { name: 'Read but not cited' }).locator('li');
  expect(await unCited.allTextContents()).toEqual(['<b>__proto__</b> 🦄', 'A trick']);
  // Only an http(s) page is a link, opening in a new tab and telling the site nothing.
  expect(await answer.locator('a').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('rel'), a.getAttribute('target')]))).toEqual([
    ['https://www.reddit.com/r/CRM/comments/1', 'noopener noreferrer nofollow', '_blank'],
  ]);

  expect(await page.locator('main script, main img, main b, main [onerror]').count()).toBe(0);
  expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
  expect(await seriousViolations(page)).toEqual([]);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.locator('main').screenshot({ path: path.join(ARTIFACTS, 'research.png') });

  // At phone width the tables become cards and nothing is wider than the screen, however long a search.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  await page.locator('main').screenshot({ path: path.join(ARTIFACTS, 'research-phone.png') });
  expect(page.problems).toEqual([]);
  await page.close();
});

it('says why a list is empty: the surfaces asked do not report it, or no answer did', async () => {
  const silent = await rendered({ searches: [], consultedNotCited: [] }, ['perplexity', 'google_ai_overview'], { citations: [], searchQueries: [], consultedSources: null });
  expect(await silent.locator('.empty-state').allTextContents()).toEqual([
    'None reported: Perplexity and Google AI Overviews do not report their searches. ChatGPT, Claude and Gemini do.',
    'None reported: Perplexity and Google AI Overviews do not report their pages read. ChatGPT, Claude and Gemini do.',
  ]);
  // An answer whose surface reports neither shows nothing about research.
  expect(await silent.locator('details.answer .research').count()).toBe(0);
  await silent.close();

  const quiet = await rendered({ searches: [], consultedNotCited: [] }, ['claude'], { citations: [], searchQueries: [], consultedSources: [] });
  expect(await quiet.locator('.empty-state').allTextContents()).toEqual([
    'None reported: the answers read ran no web search, or were stored before brandradar recorded searches.',
    'None: no site was read in more answers than it was cited in (or the answers were stored before brandradar recorded the pages read).',
  ]);
  expect(await quiet.locator('details.answer .research').textContent()).toBe('No web search reported.Read 0 pages, all from sites it cites.');
  expect(quiet.problems).toEqual([]);
  await quiet.close();
});
