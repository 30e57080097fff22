import type { Page } from 'playwright-core';
import { WEB_APP_PATH } from '../../services/gateway/src/http/web-app';
import { webFilesUnderTest } from '../support/web-files';

// An answer's Markdown as the report renders it (packages/web/src/answer-text.ts), in Debian's
// Chromium, with the app's files served by the gateway's own router under its CSP: what the
// rendering makes of lists, bold, links and counted spans, and that a hostile answer stays text.
const files = webFilesUnderTest();

const ANSWER = [
  'Top picks:',
  '',
  '1. **Salesforce** is the leader.',
  '2. [HubSpot CRM](https://www.hubspot.com/products) suits small teams.',
  '3. Zoho **One** bundles everything.',
  '',
  '- Pipedrive, for sales pipelines',
  '- `Close` and a private marker \uE010 here',
  '',
  '<script>window.pwned = 1</script>',
  '',
  'An image: <img src=x onerror="window.pwned = 2"> and [a trick](javascript:window.pwned=3),',
  '[data](data:text/html,<b>x</b>), <a href="https://evil.example" onclick="window.pwned = 4">raw</a>,',
  '![pic](https://evil.example/p.png) and [HubSpot again](<javascript:alert(1)>).',
].join('\n');

/** Each occurrence of `word` in the answer as a span, as the API reports counted mentions. */
const spansOf = (word: string, text = ANSWER) => [...text.matchAll(new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'))].map((m) => ({ start: m.index, end: m.index + word.length }));

type Spans = Array<{ start: number; end: number }>;

async function rendered(text: string, brands: Array<{ name: string; spans: Spans }>, sentiment: { label: string; spans: Spans } | null = null): Promise<Page> {
  const page = await files.browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && !m.text().includes('status of 404') && problems.push(`console: ${m.text()}`)); // a 404: the favicon
  page.on('dialog', (d) => (problems.push(`dialog: ${d.message()}`), void d.dismiss()));
  (page as Page & { problems: string[] }).problems = problems;
  await page.goto(`${files.base}${WEB_APP_PATH}/`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  // The module is loaded by the page itself, as main.js loads it: under the CSP, from this origin.
  // A string, so that the compiled test keeps `import()` as it is (ts-jest would make it a require).
  await page.evaluate(`(async () => {
    const { answerText } = await import('/app/js/answer-text.js');
    const section = document.createElement('section');
    section.id = 'rendered';
    section.append(answerText(${JSON.stringify(text)}, ${JSON.stringify(brands)}, ${JSON.stringify(sentiment)}));
    document.body.append(section);
  })()`);
  return page;
}

it('renders a list, bold and a link, with the marks on the counted names, also inside bold, a link and across markup', async () => {
  const brands = [
    { name: 'Salesforce', spans: spansOf('Salesforce') },
    // The second span of HubSpot is in the link's address: it is counted, but nothing in the address is marked.
    { name: 'HubSpot', spans: [...spansOf('HubSpot'), ...spansOf('hubspot')] },
    { name: 'Zoho One', spans: spansOf('Zoho **One**') },
    { name: 'Pipedrive', spans: spansOf('Pipedrive') },
    { name: 'Close', spans: spansOf('Close') },
  ];
  const page = await rendered(ANSWER, brands);
  const root = page.locator('#rendered .answer-text');

  expect(await root.locator('ol > li').count()).toBe(3);
  expect(await root.locator('ol > li').first().locator('strong > mark').getAttribute('data-name')).toBe('Salesforce');
  expect(await root.locator('ol > li strong mark[data-name="Salesforce"]').textContent()).toBe('Salesforce');

  const link = root.locator('ol > li a').first();
  expect(await link.getAttribute('href')).toBe('https://www.hubspot.com/products');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.locator('mark').evaluateAll((ms) => ms.map((m) => [m.getAttribute('data-name'), m.textContent]))).toEqual([['HubSpot', 'HubSpot']]);

  // A span across the end of bold: marked in two pieces, both naming it.
  const zoho = root.locator('ol > li').nth(2).locator('mark');
  expect(await zoho.evaluateAll((ms) => ms.map((m) => [m.getAttribute('data-name'), m.textContent, m.parentElement!.tagName]))).toEqual([
    ['Zoho One', 'Zoho ', 'LI'],
    ['Zoho One', 'One', 'STRONG'],
  ]);

  expect(await root.locator('ul > li').count()).toBe(2);
  expect(await root.locator('ul > li mark').first().textContent()).toBe('Pipedrive');
  expect(await root.locator('ul > li code mark[data-name="Close"]').textContent()).toBe('Close');
  // A private-use character in the answer is not taken for a marker.
  expect(await root.locator('ul > li').nth(1).textContent()).toContain('\uFFFD here');

  // Every mark in the answer, in text order: the names the spans count and no more.
  expect(await root.locator('mark').evaluateAll((ms) => ms.map((m) => m.textContent))).toEqual(['Salesforce', 'HubSpot', 'Zoho ', 'One', 'Pipedrive', 'Close', 'HubSpot']);
  expect((page as Page & { problems: string[] }).problems).toEqual([]);
  await page.close();
});

it('keeps a hostile answer as text: no script, no image, no handler, no link but http(s)', async () => {
  const page = await rendered(ANSWER, [{ name: 'HubSpot', spans: spansOf('HubSpot') }]);
  const root = page.locator('#rendered .answer-text');
  await root.waitFor();

  expect(await root.locator('script, img, iframe, [onerror], [onclick], [style]').count()).toBe(0);
  const hrefs = await root.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(['https://www.hubspot.com/products']);
  const text = (await root.textContent())!;
  expect(text).toContain('<script>window.pwned = 1</script>');
  expect(text).toContain('<img src=x onerror="window.pwned = 2">');
  expect(text).toContain('<a href="https://evil.example" onclick="window.pwned = 4">raw</a>');
  // A refused link stays the Markdown it was written as; the image becomes its alt text; the span in a refused link is still marked.
  expect(text).toContain('[a trick](javascript:window.pwned=3)');
  expect(text).toContain('[data](data:text/html,<b>x</b>)');
  expect(text).toContain('pic and');
  expect(await root.locator('mark').evaluateAll((ms) => ms.map((m) => [m.textContent, m.closest('a') === null]))).toEqual([
    ['HubSpot', false],
    ['HubSpot', true],
  ]);

  // Nothing ran.
  expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
  expect((page as Page & { problems: string[] }).problems).toEqual([]);
  await page.close();
});

// api-contract §14's example in an answer's Markdown, with the clauses the API names as HubSpot's evidence.
const SENTIMENT_ANSWER = ['## CRMs for a small team', '', '1. **HubSpot** is free to start, but **Salesforce** gets expensive.', "2. HubSpot's reporting is *excellent*.", '', '> HubSpot is easy to use.'].join('\n');

/** The span of `clause` in the answer, as the API reports evidence. */
const clauseSpan = (clause: string, text = SENTIMENT_ANSWER) => ({ start: text.indexOf(clause), end: text.indexOf(clause) + clause.length });

it("underlines the clauses that decided a sentiment answer's label, in its colour and titled, across markup and past a line's block syntax", async () => {
  const evidence = [clauseSpan('**HubSpot** is free to start,'), clauseSpan("2. HubSpot's reporting is *excellent*."), clauseSpan('> HubSpot is easy to use.')];
  const page = await rendered(SENTIMENT_ANSWER, [{ name: 'HubSpot', spans: spansOf('HubSpot', SENTIMENT_ANSWER) }], { label: 'positive', spans: evidence });
  const root = page.locator('#rendered .answer-text');

  // The block syntax the clauses start with still makes its blocks.
  expect(await root.locator('ol > li').count()).toBe(2);
  expect(await root.locator('blockquote').count()).toBe(1);
  expect(await root.locator('.answer-heading .evidence').count()).toBe(0);

  const pieces = root.locator('.evidence');
  expect(await pieces.evaluateAll((es) => [...new Set(es.map((e) => `${e.className}|${e.getAttribute('title')}`))])).toEqual(['evidence positive|Sentiment evidence: positive']);
  // Each clause as read, in text order, its pieces joined (a clause across bold or emphasis is underlined in pieces).
  const clauses = await root.evaluate((r) => ['li:nth-child(1)', 'li:nth-child(2)', 'blockquote'].map((at) => [...r.querySelectorAll(`${at} .evidence`)].map((e) => e.textContent).join('')));
  expect(clauses).toEqual(['HubSpot is free to start,', "HubSpot's reporting is excellent.", 'HubSpot is easy to use.']);
  // Salesforce's clause is not HubSpot's evidence; the names in evidence keep their marks.
  expect(await root.locator('li').first().textContent()).toContain('but Salesforce gets expensive.');
  expect(await root.locator('.evidence', { hasText: 'Salesforce' }).count()).toBe(0);
  expect(await root.locator('.evidence mark[data-name="HubSpot"]').count()).toBe(3);
  expect(await root.locator('mark').count()).toBe(3);
  expect((page as Page & { problems: string[] }).problems).toEqual([]);
  await page.close();
});

it('keeps evidence over a hostile answer as text, and passes over spans outside the text, empty or overlapping', async () => {
  const script = clauseSpan('<script>window.pwned = 1</script>', ANSWER);
  const spans = [script, { start: script.start + 3, end: script.end + 2 }, { start: 5, end: 5 }, { start: ANSWER.length - 2, end: ANSWER.length + 40 }, clauseSpan('Zoho **One** bundles everything.', ANSWER)];
  const page = await rendered(ANSWER, [{ name: 'Zoho One', spans: spansOf('Zoho **One**') }], { label: 'negative', spans });
  const root = page.locator('#rendered .answer-text');

  expect(await root.locator('script, img, [onerror], [onclick]').count()).toBe(0);
  expect(await root.locator('.evidence.negative').evaluateAll((es) => es.map((e) => e.textContent))).toEqual(['Zoho ', 'One', ' bundles everything.', '<script>window.pwned = 1</script>']);
  expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
  expect((page as Page & { problems: string[] }).problems).toEqual([]);
  await page.close();
});

it('serves markdown-it from this origin as a JavaScript module, under the app CSP', async () => {
  const res = await fetch(`${files.base}${WEB_APP_PATH}/js/vendor/markdown-it.js`);
  expect([res.status, res.headers.get('content-type'), res.headers.get('content-security-policy')]).toEqual([200, expect.stringMatching(/^text\/javascript/), expect.stringContaining("script-src 'self'")]);
  expect(await res.text()).not.toMatch(/^import .* from ["'][^./]/m); // no bare imports for a browser without a bundler
});
