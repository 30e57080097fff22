import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from '@brandradar/devstack';
import { seriousViolations } from '../support/axe';
import { eventually } from '../support/eventually';
import { openSection, runsSectionOf } from '../support/report-sections';
import { problemsOf, webAppUnderTest } from '../support/web-app';

// The web app at /app in Debian's Chromium against the real gateway and services with simulated
// surfaces (test/support/web-app.ts). Every wait is on a condition (locators).
const ARTIFACTS = path.join(DATA_DIR, 'artifacts');
const web = webAppUnderTest();

it('serves the app without a key, with a CSP, revalidated caching, and 404 and 405 in the API shape', async () => {
  const page = await fetch(`${web.stack.gatewayUrl}/app`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  expect(page.headers.get('cache-control')).toBe('no-cache');
  const html = await page.text();
  expect(html).toContain('<script type="module" src="/app/js/main.js"></script>');
  expect(html).not.toMatch(/<script>|<style>| style=| on[a-z]+=/); // nothing inline for the CSP to allow

  const script = await fetch(`${web.stack.gatewayUrl}/app/js/main.js`);
  expect([script.status, script.headers.get('content-type')]).toEqual([200, expect.stringMatching(/javascript/)]);
  expect(script.headers.get('etag')).toMatch(/^W\/"/); // what a browser revalidates with (no-cache)

  for (const missing of ['/app/nothing.js', '/app/js/main.d.ts', '/app/js/', '/app/js/vendor/other.js']) {
    const res = await fetch(web.stack.gatewayUrl + missing);
    expect([missing, res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([missing, 404, 'not_found']);
  }
  const post = await fetch(`${web.stack.gatewayUrl}/app`, { method: 'POST' });
  expect([post.status, post.headers.get('allow'), ((await post.json()) as { error: { code: string } }).error.code]).toEqual([405, 'GET, HEAD, OPTIONS', 'method_not_allowed']);
  // The API around it is as before: a key is still required.
  expect((await fetch(`${web.stack.gatewayUrl}/api/v1/trackers`)).status).toBe(401);
});

it('says on the sign-in page where an API key comes from, with a link to the reference', async () => {
  const page = await web.newPage();
  await page.goto(`${web.stack.gatewayUrl}/app`);
  const help = page.getByRole('region', { name: 'Where keys come from' });
  await help.getByText('operators create accounts and their keys with the admin API').waitFor();
  await help.getByText('prints a demo key').waitFor();
  expect(await help.locator('code').textContent()).toBe('npm start');
  expect(await seriousViolations(page)).toEqual([]);
  await help.getByRole('link', { name: 'How API keys work' }).click();
  await page.waitForURL(/\/docs#auth$/);
  await page.locator('#auth').getByRole('heading', { name: 'Authentication' }).waitFor();
  expect(problemsOf(page)).toEqual([]);
  await page.close();
});

it('signs in, creates, activates with the estimate confirmed, runs and reports a tracker, in a real browser', async () => {
  const { apiKey } = await web.stack.account(2_000_000);
  const page = await web.newPage();

  // A key the API refuses is said so; the accepted one is kept in session storage, never in the URL.
  await page.goto(`${web.stack.gatewayUrl}/app`);
  await page.getByLabel('API key').fill('brk_nope_nope');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'This API key was not accepted' }).waitFor();
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Trackers', level: 1 }).waitFor();
  await page.getByText('Balance $20.00').first().waitFor();
  expect(await page.evaluate("sessionStorage.getItem('brandradar.apiKey')")).toBe(apiKey);
  expect(page.url()).not.toContain(apiKey);

  // The form shows the API's own validation message next to the field it names.
  await page.getByRole('link', { name: 'New tracker' }).click();
  await page.getByLabel('Name').fill('CRM visibility');
  await page.getByLabel('What to measure').selectOption('compare');
  await page.getByLabel('Your brand').fill('HubSpot');
  await page.getByLabel('Competitors').fill('Salesforce\nPipedrive');
  const prompts = ['Best CRM for a small team: HubSpot or Salesforce?', 'Which CRM should a startup pick, Pipedrive or HubSpot?', 'Top CRM software for sales pipelines', 'Is Salesforce worth it as a CRM for agencies?'];
  await page.getByLabel('Prompts').fill([prompts[0], prompts[0], ...prompts.slice(1)].join('\n'));
  await page.getByLabel('Time zone').fill('Europe/Berlin');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.locator('#error-prompts').filter({ hasText: 'Line 2: This prompt repeats another.' }).waitFor();
  expect(await page.getByLabel('Prompts').getAttribute('aria-invalid')).toBe('true');
  expect(await seriousViolations(page)).toEqual([]); // the form, with a field in error
  await page.getByLabel('Prompts').fill(prompts.join('\n'));
  // Aliases, one tracked name per line: one for a name the tracker does not track is refused on its line.
  await page.getByLabel('Aliases').fill('Zoho: Zoho CRM');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.locator('#error-aliases').filter({ hasText: 'Line 1: Aliases must name the brand or one of the competitors, exactly as listed.' }).waitFor();
  await page.getByLabel('Aliases').fill('HubSpot: HubSpot CRM, Hubspot.com\nSalesforce: Salesforce Sales Cloud');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.getByRole('heading', { name: 'CRM visibility', level: 1 }).waitFor();
  await page.getByText('is saved as a draft at $0.52 per run').waitFor(); // 4 prompts × (5,000 + 4,000 + 4,000)
  const trackerId = /#\/trackers\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  expect((await web.stack.api('GET', `/api/v1/trackers/${trackerId}`, { key: apiKey })).body.tracker.aliases).toEqual([
    { name: 'HubSpot', aliases: ['HubSpot CRM', 'Hubspot.com'] },
    { name: 'Salesforce', aliases: ['Salesforce Sales Cloud'] },
  ]);

  // Activation: the dialog names the estimate; when the rates change before the confirmation, the
  // API's 409 becomes a sentence with the new amount, confirmed again.
  await page.getByRole('button', { name: 'Activate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate tracker' });
  await dialog.getByText('Each run costs at most $0.52').waitFor();
  const rates = (await web.stack.api('GET', '/api/v1/rates', { key: apiKey })).body.rates;
  expect((await web.stack.admin('PUT', '/admin/v1/rates', { surfaces: { ...rates.surfaces, chatgpt: 6_000 }, workflowSteps: rates.workflowSteps })).status).toBe(200);
  await dialog.getByRole('button', { name: 'Activate at $0.52 per run' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'The cost per run is now $0.56, not the amount you confirmed' }).waitFor();
  await dialog.getByRole('button', { name: 'Activate at $0.56 per run' }).click();
  await page.getByRole('status').filter({ hasText: 'is active at $0.56 per run' }).waitFor();

  // Two runs, each with its own request token; the report reads itself again until each has finished.
  await page.getByRole('button', { name: 'Run now' }).click();
  await page.getByRole('status').filter({ hasText: 'Run queued' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'The latest run has finished: completed, 12 of 12 answers.' }).waitFor();
  // The second run has finished before the page reads the report again (that read is held back until
  // then): the page still says so and reads the balance again.
  const completedRuns = async () => (await web.stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key: apiKey })).body.runs.filter((r: { status: string }) => r.status === 'COMPLETED').length;
  await page.route(`**/api/v1/trackers/${trackerId}/report*`, async (route) => {
    await eventually(completedRuns, (n) => n === 2);
    await route.continue();
  }, { times: 1 });
  await page.getByRole('button', { name: 'Run now' }).click();
  await page.getByRole('status').filter({ hasText: 'Run queued' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'The latest run has finished: completed, 12 of 12 answers.' }).waitFor();
  expect(await page.locator('tbody .status.completed').count()).toBe(2);
  // The header's balance is read again when a run ends: two runs of $0.56 off $20.00, on the same page.
  await page.locator('#account .balance').filter({ hasText: 'Balance $18.88' }).waitFor();

  // One chart comparing the names, on share of voice first (the overview's headline).
  const chart = page.locator('figure.chart');
  await chart.filter({ hasText: 'Share of voice by run' }).locator('path.line').nth(2).waitFor({ state: 'attached' });
  // The mention rate: a line, a band for the 95% interval and a marker per run for each name in the
  // legend, the nearest point's sample on hover.
  await page.getByLabel('Measure').selectOption({ label: 'Mention rate' });
  await chart.filter({ hasText: 'Mention rate by run' }).waitFor();
  expect(await chart.count()).toBe(1);
  expect(await chart.locator('.legend-name').allTextContents()).toEqual(['HubSpot', 'Salesforce', 'Pipedrive']);
  expect(await chart.locator('path.line').count()).toBe(3);
  expect(await chart.locator('path.band').first().getAttribute('d')).toMatch(/^M[\d.,L]+Z$/);
  expect(await chart.locator('svg.plot path.marker').count()).toBe(6);
  await chart.locator('svg.plot').hover();
  await chart.locator('.chart-tip .sample').filter({ hasText: 'n = 12 answers' }).waitFor();
  // The same numbers as a table; the latest change as the API states it, with its note.
  await chart.getByText('Data table').click();
  expect(await chart.locator('table tbody tr').count()).toBe(2);
  // Beside it, the names ranked by the same measure, each change with its verdict in words.
  const ranking = page.getByRole('region', { name: 'Ranked by mention rate' });
  await ranking.getByRole('row').filter({ hasText: 'HubSpot' }).locator('.change').filter({ hasText: /pp (significant|within noise)$/ }).waitFor();
  await ranking.getByText('Changes between runs do not establish cause.').waitFor();

  // Keyboard: the chart is one Tab stop; the arrow keys move the shown point between runs, with its sample.
  await chart.locator('.plot-wrap').focus();
  await page.keyboard.press('ArrowLeft');
  await chart.locator('.chart-tip .tip-run').filter({ hasText: /^Run #1 · / }).waitFor();
  await chart.locator('.chart-tip .sample').filter({ hasText: 'n = 12 answers' }).waitFor();
  // From the top of the page, Tab reaches "Run now" after the header's and the title's controls.
  await page.getByRole('heading', { level: 1 }).focus();
  const reached: string[] = [];
  for (let i = 0; i < 6 && !reached.includes('Run now'); i++) {
    await page.keyboard.press('Tab');
    reached.push(String(await page.evaluate('document.activeElement.textContent.trim()')));
  }
  expect(reached).toContain('Run now');

  // An answer with each counted mention marked, from the spans the API returns (the runs open on demand).
  await openSection(runsSectionOf(page));
  await page.getByRole('button', { name: /^View answers/ }).first().click();
  await page.getByRole('heading', { name: /^Answers of run #/ }).waitFor();
  expect(await page.evaluate('document.activeElement.id')).toBe('answers-heading');
  const answer = page.locator('details.answer').filter({ has: page.locator('mark[data-name="HubSpot"]') }).first();
  await answer.locator('summary').click();
  const mark = answer.locator('mark[data-name="HubSpot"]').first();
  await mark.waitFor({ state: 'visible' });
  expect((await mark.textContent())?.toLowerCase()).toBe('hubspot');

  expect(await seriousViolations(page)).toEqual([]); // the report, an answer open
  // The answer opened (docs/answer.png in the README is a copy; report-first-screen.test.ts makes report.png).
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await answer.screenshot({ path: path.join(ARTIFACTS, 'answer.png') });

  // Phone width: nothing wider than the screen; tables turn into cards, the chart is redrawn narrower.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate("getComputedStyle(document.querySelector('table.cards thead')).position")).toBe('absolute');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  expect((await chart.locator('svg.plot').boundingBox())!.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: path.join(ARTIFACTS, 'report-phone.png'), fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);

  // The list: status, next run, pause, then delete after confirming.
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.getByRole('link', { name: 'brandradar' }).click();
  const row = page.getByRole('row').filter({ hasText: 'CRM visibility' });
  await row.getByText('ACTIVE', { exact: true }).waitFor();
  expect(await row.locator('td[data-label="Next run"]').textContent()).not.toBe('—');
  expect(await seriousViolations(page)).toEqual([]); // the list
  // The edit form shows the aliases as they were typed.
  await row.getByRole('link', { name: 'Edit CRM visibility' }).click();
  expect(await page.getByLabel('Aliases').inputValue()).toBe('HubSpot: HubSpot CRM, Hubspot.com\nSalesforce: Salesforce Sales Cloud');
  await page.getByRole('link', { name: 'Cancel' }).click();
  const pauseReason = row.locator('td[data-label="Pause reason"]');
  await row.getByRole('button', { name: 'Pause CRM visibility' }).click();
  await row.getByText('PAUSED', { exact: true }).waitFor();
  await pauseReason.filter({ hasText: 'Paused by hand.' }).waitFor();
  await row.getByRole('button', { name: 'Resume CRM visibility' }).click();
  await page.getByRole('dialog', { name: 'Resume tracker' }).getByRole('button', { name: 'Activate at $0.56 per run' }).click();
  await row.getByText('ACTIVE', { exact: true }).waitFor();
  // Dearer rates pause it by themselves (cost_above_maximum). The list still shows it active; "Run now"
  // is refused with the reason as a sentence, and the list is read again with the reason in its row.
  expect((await web.stack.admin('PUT', '/admin/v1/rates', { surfaces: { ...rates.surfaces, chatgpt: 8_000 }, workflowSteps: rates.workflowSteps })).status).toBe(200);
  await eventually(() => web.stack.api('GET', `/api/v1/trackers/${trackerId}`, { key: apiKey }), (res) => res.body.tracker.status === 'PAUSED');
  await row.getByRole('button', { name: 'Run now CRM visibility' }).click();
  const reason = 'A run would now cost more than the maximum you accepted.';
  await page.getByRole('alert').filter({ hasText: `Only an active tracker can run; this one is paused. ${reason}` }).waitFor();
  await pauseReason.filter({ hasText: reason }).waitFor();
  await row.getByRole('button', { name: 'Delete CRM visibility' }).click();
  await page.getByRole('dialog', { name: 'Delete tracker' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByText('“CRM visibility” is deleted.').waitFor();
  await page.getByText('No trackers yet.').waitFor();

  expect(problemsOf(page)).toEqual([]);
  await page.close();
}, 240_000);

it('samples each prompt several times: a live estimate in the form, and mentions per prompt × surface cell in the report', async () => {
  const { apiKey } = await web.stack.account(2_000_000);
  const page = await web.signedIn(apiKey);
  await page.getByRole('link', { name: 'New tracker' }).click();

  // The estimate follows the prompts, the surfaces and the samples as they are typed, at the API's
  // rates (as the tests before this one left them).
  const { surfaces } = (await web.stack.api('GET', '/api/v1/rates', { key: apiKey })).body.rates;
  const dollars = (micro: number) => `$${(micro / 100_000).toFixed(2)}`;
  const onThreeSurfaces = dollars(2 * (surfaces.chatgpt + surfaces.perplexity + surfaces.gemini));
  const perRun = dollars(2 * 3 * (surfaces.chatgpt + surfaces.perplexity));
  const estimate = page.locator('#estimate');
  await page.getByLabel('Name').fill('Sampled CRM');
  await page.getByLabel('What to measure').selectOption('rankings');
  await page.getByLabel('Competitors').fill('HubSpot\nSalesforce');
  await page.getByLabel('Time zone').fill('Europe/Berlin');
  await page.getByLabel('Prompts').fill('Best CRM for a small team?\nWhich CRM should a startup pick?');
  await estimate.filter({ hasText: `Up to ${onThreeSurfaces} per run: 6 answers (2 prompts × 3 surfaces × 1 sample).` }).waitFor();
  // Beside it, the minimum-sample rule: 6 answers are too few to state a change, and what would be enough.
  const rule = page.locator('#sample-rule');
  await rule.filter({ hasText: 'at least 10 analysed answers' }).filter({ hasText: 'Add prompts or samples: with 4 prompts or 2 samples per prompt it would be enough.' }).waitFor();
  expect(await rule.getAttribute('class')).toBe('warning');
  await page.getByLabel('Gemini').uncheck();
  await page.getByLabel('Samples per prompt').fill('3');
  await estimate.filter({ hasText: `Up to ${perRun} per run: 12 answers (2 prompts × 2 surfaces × 3 samples).` }).waitFor();
  await rule.filter({ hasText: 'a run of this tracker asks for 12.' }).waitFor();
  expect(await rule.getAttribute('class')).toBe('hint');
  await page.getByLabel('Sampling').selectOption('adaptive');
  await estimate.filter({ hasText: 'Adaptive runs usually ask fewer and bill less.' }).waitFor();
  await rule.filter({ hasText: 'may ask for as few as 8. Add prompts or use fixed sampling' }).waitFor();
  await page.getByLabel('Sampling').selectOption('fixed');
  // The range is the API's to check; its message goes next to the field.
  await page.getByLabel('Samples per prompt').fill('11');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.locator('#error-samplesPerPrompt').filter({ hasText: /\S/ }).waitFor();
  expect(await page.getByLabel('Samples per prompt').getAttribute('aria-invalid')).toBe('true');
  await page.getByLabel('Samples per prompt').fill('3');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.getByText(`is saved as a draft at ${perRun} per run`).waitFor();
  const trackerId = /#\/trackers\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  expect((await web.stack.api('GET', `/api/v1/trackers/${trackerId}`, { key: apiKey })).body.tracker).toMatchObject({ samplesPerPrompt: 3, samplingMode: 'fixed', models: ['chatgpt', 'perplexity'] });
  await page.getByText('3 samples per prompt', { exact: false }).first().waitFor();

  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('dialog', { name: 'Activate tracker' }).getByRole('button', { name: `Activate at ${perRun} per run` }).click();
  await page.getByRole('button', { name: 'Run now' }).click();
  await page.getByRole('status').filter({ hasText: 'The latest run has finished: completed, 12 of 12 answers.' }).waitFor();

  // The run says how its answers came about; the band's hint says it allows for repeated samples.
  await openSection(runsSectionOf(page));
  await page.locator('td[data-label="Answers"] .plan').filter({ hasText: '12 answers (2 prompts × 2 surfaces × 3 samples)' }).waitFor();
  await page.locator('.comparison details.help summary').click();
  await page.getByText('allows for the samples of one prompt on one surface agreeing').waitFor();
  // Mentions per cell of the chosen name, in words: every cell has 3 samples.
  const cells = page.locator('table.cells');
  await openSection(page.getByRole('region', { name: 'Mentions by prompt and surface' }));
  await cells.locator('caption').filter({ hasText: 'Mentions of HubSpot, by prompt and surface' }).waitFor();
  expect(await cells.locator('thead th').allTextContents()).toEqual(['Prompt', 'chatgpt', 'perplexity']);
  expect(await cells.locator('tbody th').allTextContents()).toEqual(['Best CRM for a small team?', 'Which CRM should a startup pick?']);
  for (const text of await cells.locator('tbody td').allTextContents()) expect(text).toMatch(/^mentioned in [0-3] of 3 samples( · samples disagree)?$/);
  await page.getByLabel('Tracked name').selectOption('Salesforce');
  await cells.locator('caption').filter({ hasText: 'Mentions of Salesforce' }).waitFor();
  expect(await page.evaluate('document.activeElement.id')).toBe('cells-name');
  // Each name's stability over the run's 4 cells, as the API computed it; the quartiles of its places
  // when some answer places it.
  const run = (await web.stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key: apiKey })).body.runs[0];
  const hubspot = run.metrics.brands.find((b: { name: string }) => b.name === 'HubSpot');
  expect(hubspot.stability).toMatchObject({ cells: 4 });
  const ranking = page.locator('table.ranked');
  expect(await ranking.getByRole('row').filter({ hasText: 'HubSpot' }).locator('td.stability').textContent()).toBe(`${hubspot.stability.agreeing} of 4 (${Math.round((hubspot.stability.agreeing / 4) * 100)}%)`);
  await page.locator('.ranking details.help summary').click();
  await page.getByText('Stable cells: of the prompt × surface cells with at least 2 answers').waitFor();
  if (hubspot.positionQuartiles) {
    await page.getByLabel('Measure').selectOption({ label: 'Average position' });
    await ranking.getByRole('row').filter({ hasText: 'HubSpot' }).locator('.quartiles').filter({ hasText: 'Median place' }).waitFor();
  }
  // Each answer names its sample.
  await page.getByRole('button', { name: /^View answers/ }).first().click();
  await page.locator('details.answer summary').filter({ hasText: /^chatgpt sample 3 / }).first().waitFor();

  // The edit form shows the tracker's samples.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  expect(await page.getByLabel('Samples per prompt').inputValue()).toBe('3');
  expect(await page.getByLabel('Sampling').inputValue()).toBe('fixed');
  await estimate.filter({ hasText: '12 answers (2 prompts × 2 surfaces × 3 samples)' }).waitFor();

  // Phone width: the cells table scrolls inside its box, not the page.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Sampled CRM', exact: true }).click();
  await cells.waitFor();
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

  expect(problemsOf(page)).toEqual([]);
  await page.close();
}, 180_000);

it('recomputes the history after an edit of names only: the run asked before it reports the new competitor', async () => {
  const { apiKey } = await web.stack.account(1_000_000);
  // A compare tracker with one finished run, made through the API.
  const created = await web.stack.api('POST', '/api/v1/trackers', {
    key: apiKey,
    body: { name: 'Renamed CRM', primitive: 'compare', brand: 'HubSpot', competitors: ['Salesforce'], prompts: ['Best CRM for a small team?'], models: ['chatgpt', 'perplexity'], cadence: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 } },
  });
  const trackerId: string = created.body.tracker.id;
  expect((await web.stack.api('POST', `/api/v1/trackers/${trackerId}/activate`, { key: apiKey, body: { maxCostMicroPerRun: created.body.tracker.estimatedCostMicroPerRun } })).status).toBe(200);
  const runId: string = (await web.stack.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key: apiKey, body: { requestToken: 'before-the-edit' } })).body.run.id;
  await eventually(() => web.stack.api('GET', `/api/v1/trackers/${trackerId}/runs/${runId}`, { key: apiKey }), (res) => res.body.run.status === 'COMPLETED');
  const balance: number = (await web.stack.api('GET', '/api/v1/account', { key: apiKey })).body.account.balanceMicro;

  const page = await web.signedIn(apiKey);
  await page.getByRole('link', { name: 'Renamed CRM', exact: true }).click();
  // One analysis version: the button is there, nothing calls for it.
  const recompute = page.getByRole('button', { name: 'Recompute history' });
  expect(await recompute.getAttribute('class')).toBe('secondary');
  expect(await page.getByText('This report mixes analysis versions').count()).toBe(0);

  // A competitor more and nothing else: the report offers to recompute, and says what that does.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Competitors').fill('Salesforce\nPipedrive');
  await page.getByRole('button', { name: 'Save (back to draft)' }).click();
  await page.getByText('You changed only the tracked names').waitFor();
  await page.getByText('Earlier runs are recomputed from their stored answers with the tracker’s current names, free of charge.').waitFor();
  expect(await recompute.getAttribute('class')).toBe('primary');
  const pipedrive = page.locator('figure.chart .legend').getByText('Pipedrive', { exact: true });
  expect(await pipedrive.count()).toBe(0);
  // Phone width: the offer and its button fit the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1100, height: 900 });

  // The first read of the job is held until the page has shown it queued, with its progress bar.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/v1/trackers/${trackerId}/reanalysis/*`, async (route) => {
    await held;
    await route.continue();
  }, { times: 1 });
  const requested: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith(`/trackers/${trackerId}/reanalysis`) && requested.push(r.postData() ?? ''));
  // From the keyboard, pressed twice: the second press while the job goes on asks for nothing.
  await recompute.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Recomputing history: 0 of 1 run recomputed.' }).waitFor();
  const progress = page.getByRole('progressbar', { name: 'Runs recomputed' });
  expect([await progress.getAttribute('value'), await progress.getAttribute('max')]).toEqual(['0', '1']);
  await page.keyboard.press('Enter');
  release();
  await page.getByRole('status').filter({ hasText: 'History recomputed: 1 run now reports the tracker’s current names.' }).waitFor();
  await pipedrive.waitFor();
  expect(requested).toHaveLength(1);
  expect(JSON.parse(requested[0]!)).toEqual({ requestToken: expect.stringMatching(/^web-[0-9a-f-]{36}$/) });
  expect(await page.evaluate('document.activeElement.textContent')).toBe('Recompute history');
  expect(await recompute.getAttribute('class')).toBe('secondary');

  // The API agrees: the run asked before the edit has the new competitor at the current analysis version; nothing was billed.
  const report = (await web.stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key: apiKey })).body;
  expect(report.runs.map((r: { id: string }) => r.id)).toEqual([runId]);
  expect(report.runs[0].metrics.brands.map((b: { name: string }) => b.name)).toEqual(['HubSpot', 'Salesforce', 'Pipedrive']);
  expect(report.analysisVersions).toEqual([report.runs[0].analysisVersion]);
  expect((await web.stack.api('GET', '/api/v1/account', { key: apiKey })).body.account.balanceMicro).toBe(balance);

  expect(problemsOf(page)).toEqual([]);
  await page.close();
}, 120_000);

it('shows the names the answers put forward and adds one as a competitor from the report; the alert switch and the country go through the form', async () => {
  const { apiKey } = await web.stack.account(2_000_000);
  const page = await web.signedIn(apiKey);

  // A compare tracker on the simulated surfaces, whose CRM answers list more products than it tracks; it alerts, for Germany.
  await page.getByRole('link', { name: 'New tracker' }).click();
  await page.getByLabel('Name').fill('Discovering CRM');
  await page.getByLabel('What to measure').selectOption('compare');
  await page.getByLabel('Your brand').fill('HubSpot');
  await page.getByLabel('Competitors').fill('Salesforce');
  await page.getByLabel('Prompts').fill('Best CRM for a small team?\nTop CRM software for sales pipelines');
  await page.getByLabel('Time zone').fill('Europe/Berlin');
  const alerts = page.getByRole('switch', { name: 'E-mail me when a run shows a significant change' });
  expect(await alerts.isChecked()).toBe(false);
  await alerts.check();
  await page.getByLabel('Country').fill('DE');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.getByRole('heading', { name: 'Discovering CRM', level: 1 }).waitFor();
  const trackerId = /#\/trackers\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  const tracker = async () => (await web.stack.api('GET', `/api/v1/trackers/${trackerId}`, { key: apiKey })).body.tracker;
  expect(await tracker()).toMatchObject({ alerts: { significantChange: true }, country: 'de' });
  await page.locator('.meta').filter({ hasText: 'asked for DE · e-mails on a significant change' }).waitFor();

  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('dialog', { name: 'Activate tracker' }).getByRole('button', { name: /^Activate at / }).click();
  await page.getByRole('button', { name: 'Run now' }).click();
  await page.getByRole('status').filter({ hasText: 'The latest run has finished: completed' }).waitFor();

  // The Insights section: each name with its share of answers, its surfaces and the line of an answer with the name marked.
  const insights = (await web.stack.api('GET', `/api/v1/trackers/${trackerId}/insights`, { key: apiKey })).body.insights;
  const [first] = insights.discoveredNames;
  expect(first).toBeDefined();
  const section = await openSection(page.getByRole('region', { name: 'Insights' }));
  const item = section.locator('ul.discovered > li').first();
  await item.locator('.discovered-name').filter({ hasText: `${first.name} · In ${first.answers} of ${first.n} answers: ` }).waitFor();
  // The first 5, then all of them on asking.
  if (insights.discoveredNames.length > 5) await section.getByRole('button', { name: `Show all ${insights.discoveredNames.length} names` }).click();
  expect(await section.locator('ul.discovered > li').count()).toBe(insights.discoveredNames.length);
  const example = first.examples[0];
  // The line as the answer reads, its Markdown rendered (no `**`), the name marked.
  expect(await item.locator('.evidence mark').textContent()).toBe(example.excerpt.text.slice(example.excerpt.start, example.excerpt.end));
  expect(await item.locator('.evidence blockquote').textContent()).not.toContain('**');
  expect(example.excerpt.text).toContain('**');
  await section.getByText(insights.note).waitFor();
  expect(await seriousViolations(page)).toEqual([]); // the insights section
  // Citation gaps link their pages, http(s) only, telling the site nothing about the app.
  expect(await section.locator('table.gaps tbody tr').count()).toBe(insights.citationGaps.length);
  for (const link of await section.locator('table.gaps a').all()) {
    expect([await link.getAttribute('rel'), await link.getAttribute('href')]).toEqual(['noopener noreferrer', expect.stringMatching(/^https?:\/\//)]);
  }
  // What the simulated surfaces searched and read, as the API lists it: each search with its share of the reporting answers.
  const searches = section.locator('table.searches tbody tr');
  expect(insights.searches.length).toBeGreaterThan(0);
  expect(await searches.count()).toBe(insights.searches.length);
  const [search] = insights.searches;
  expect(await searches.first().locator('td').first().textContent()).toBe(search.query);
  expect(await searches.first().locator('.plan').textContent()).toMatch(new RegExp(`^in ${search.answers} of ${search.n} answers · 95% interval [\\d.]+%–[\\d.]+%$`));
  expect(await section.locator('table.read-not-cited tbody tr').count()).toBe(insights.consultedNotCited.length);
  // More runs to read: the section asks the API again with the number chosen.
  const asked = page.waitForRequest((r) => r.url().endsWith(`/trackers/${trackerId}/insights?runs=3`));
  await section.getByLabel('Runs to read').selectOption({ label: 'The newest 3 runs' });
  await asked;
  // The list is drawn anew when they come: focus a button of the new one, not one about to go.
  await section.locator('[aria-busy="true"]').waitFor({ state: 'detached' });

  // From the keyboard: the name becomes a competitor, the tracker is active again, and recomputing its history is offered.
  await item.getByRole('button', { name: `Add as competitor (${first.name})` }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: `“${first.name}” is now a competitor of “Discovering CRM”. It is active again at ` }).waitFor();
  expect(await tracker()).toMatchObject({ status: 'ACTIVE', competitors: ['Salesforce', first.name], alerts: { significantChange: true }, country: 'de' });
  await page.getByText('You changed only the tracked names').waitFor();
  expect(await page.evaluate('document.activeElement.textContent')).toBe('Recompute history');
  // Insights read again: the name is tracked now, so no longer discovered.
  // A locator, not waitForFunction with a string: the app's CSP forbids the eval that takes.
  await page.locator('.discovered-name strong').filter({ hasText: new RegExp(`^${first.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first().waitFor({ state: 'detached' });
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'History recomputed: 1 run now reports the tracker’s current names.' }).waitFor();
  await page.locator('figure.chart .legend').getByText(first.name, { exact: true }).waitFor();

  // Each answer says whether it was asked for the tracker's market.
  const run = (await web.stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key: apiKey })).body.runs[0];
  const localised = run.results.flatMap((r: { answers: Array<{ localised: boolean }> }) => r.answers.map((a) => (a.localised ? 'localised' : 'not localised')));
  await openSection(runsSectionOf(page));
  await page.getByRole('button', { name: /^View answers/ }).first().click();
  expect(await page.locator('details.answer summary .badge').allTextContents()).toEqual(localised);
  // An answer that searched lists its searches in the order run (in its closed <details>, so by class, not role).
  const searched = run.results.flatMap((r: { answers: Array<{ searchQueries: string[] }> }) => r.answers).find((a: { searchQueries: string[] }) => a.searchQueries.length > 0);
  expect(await page.locator('details.answer ol.searched').first().locator('li').allTextContents()).toEqual(searched.searchQueries);

  // The form shows the switch, the country and the new competitor; turning both off sends them off.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  expect(await alerts.isChecked()).toBe(true);
  expect(await page.getByLabel('Country').inputValue()).toBe('de');
  expect(await page.getByLabel('Competitors').inputValue()).toBe(`Salesforce\n${first.name}`);
  await alerts.uncheck();
  await page.getByLabel('Country').fill('');
  await page.getByRole('button', { name: 'Save (back to draft)' }).click();
  // The tracker's page again (the form has no Edit link), once the save has gone through.
  await page.getByRole('link', { name: 'Edit', exact: true }).waitFor();
  expect(await eventually(tracker, (t) => t.status === 'DRAFT', 10_000, 100)).toMatchObject({ alerts: { significantChange: false }, country: null });
  // A code the API refuses is said next to the field.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Country').fill('uk');
  await page.getByRole('button', { name: 'Save (back to draft)' }).click();
  await page.locator('#error-country').filter({ hasText: 'Country "uk" is not an ISO 3166-1 code; the United Kingdom is `gb`.' }).waitFor();
  expect(await page.getByLabel('Country').getAttribute('aria-invalid')).toBe('true');

  expect(problemsOf(page)).toEqual([]);
  await page.close();
}, 180_000);

it('lists trackers a page at a time, following the API cursor', async () => {
  const { apiKey } = await web.stack.account(1_000_000);
  const names = Array.from({ length: 21 }, (_, i) => `Tracker ${String(i + 1).padStart(2, '0')}`);
  for (const name of names) {
    const created = await web.stack.api('POST', '/api/v1/trackers', {
      key: apiKey,
      body: { name, primitive: 'rankings', competitors: ['HubSpot'], prompts: ['Best CRM for a small team?'], cadence: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 } },
    });
    expect(created.status).toBe(201);
  }
  const page = await web.signedIn(apiKey);
  const rows = page.locator('table.cards tbody tr');
  await rows.nth(19).waitFor();
  expect(await rows.count()).toBe(20);

  // The next page is appended, and focus moves to its first tracker; after the last page the button goes.
  await page.getByRole('button', { name: 'Show more trackers' }).click();
  await rows.nth(20).waitFor();
  expect(await page.evaluate('document.activeElement.textContent')).toBe('Tracker 01');
  await page.getByRole('button', { name: 'Show more trackers' }).waitFor({ state: 'detached' });
  expect((await rows.locator('td[data-label="Name"]').allTextContents()).sort()).toEqual(names);

  // An action reads the list again with as many trackers as it showed: the second page's row changes.
  const oldest = page.getByRole('row').filter({ hasText: 'Tracker 01' });
  await oldest.getByRole('button', { name: 'Pause Tracker 01' }).click();
  await oldest.getByText('PAUSED', { exact: true }).waitFor();
  expect(await rows.count()).toBe(21);

  expect(problemsOf(page)).toEqual([]);
  await page.close();
}, 120_000);
