import { readFile } from 'node:fs/promises';
import { pdfText } from '../support/pdf-text';
import { activeTracker, finishedRun } from '../support/tracker-runs';
import { openSection } from '../support/report-sections';
import { problemsOf, webAppUnderTest } from '../support/web-app';

// The report's "Download CSV" and "Download PDF" and the insights' "Download CSV" in Debian's Chromium against the real gateway: the files the browser saves.
// Fixed simulated answers: ChatGPT's names HubSpot, so the PDF has HubSpot's figure in every run of
// this test (drawn answers leave all three names out of both answers about one run in ten).
const web = webAppUnderTest({ env: { SIMULATED_VARIATION: 'fixed' } });
let apiKey: string;
let trackerId: string;
let runId: string;

beforeAll(async () => {
  ({ apiKey } = await web.stack.account(2_000_000));
  trackerId = await activeTracker(web.stack, apiKey, {
    name: 'CRM export',
    primitive: 'compare',
    brand: 'HubSpot',
    competitors: ['=HYPERLINK("http://evil.example")', 'monday.com'],
    prompts: ['Best CRM for a small team?'],
    models: ['chatgpt', 'perplexity'],
    cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  });
  runId = (await finishedRun<{ id: string; status: string }>(web.stack, apiKey, trackerId, 'export')).id;
}, 300_000);

it('saves the report as report-<tracker id>.csv, header row first, with the run’s rows and formulas neutralised', async () => {
  const page = await web.signedIn(apiKey);
  await page.getByRole('link', { name: 'CRM export', exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe(`report-${trackerId}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).split('\r\n');
  expect(lines[0]).toBe('run_id,finished_at,analysis_version,surface,name,metric,value,n,clusters,low,high');
  expect(lines.slice(1, -1).every((line) => line.startsWith(`${runId},`))).toBe(true);
  expect(lines.some((line) => line.includes(`,"'=HYPERLINK(""http://evil.example"")",`))).toBe(true);
  expect(problemsOf(page)).toEqual([]);
});

it('saves the report as report-<tracker id>.pdf: the tracker’s name and its names’ figures, read back as text', async () => {
  const page = await web.signedIn(apiKey);
  await page.getByRole('link', { name: 'CRM export', exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe(`report-${trackerId}.pdf`);
  const printed = await pdfText(await readFile(await download.path()));
  expect(printed).toContain('CRM export');
  expect(printed).toMatch(/HubSpot \d+(\.\d)?% 95% interval/);
  await page.getByText('The report was saved as a PDF.').waitFor();
  expect(problemsOf(page)).toEqual([]);
});

it('saves the insights as insights-<tracker id>.csv: the names, searches and sites read the section lists', async () => {
  const page = await web.signedIn(apiKey);
  await page.getByRole('link', { name: 'CRM export', exact: true }).click();
  const section = await openSection(page.getByRole('region', { name: 'Insights' }));
  await section.getByRole('heading', { name: 'What the AI searched for' }).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download CSV of the insights' }).click()]);
  expect(download.suggestedFilename()).toBe(`insights-${trackerId}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).split('\r\n');
  expect(lines[0]).toBe('list,item,answers,n,rate,clusters,low,high,surfaces,consulted,cited');
  const searches = lines.filter((line) => line.startsWith('searches,'));
  // The simulated ChatGPT reports its searches, Perplexity does not: a row for each the section lists.
  expect(searches.length).toBeGreaterThan(0);
  expect(searches).toHaveLength(await section.locator('table.searches tbody tr').count());
  expect(problemsOf(page)).toEqual([]);
});
