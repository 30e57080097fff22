import { MAX_URL_CHARS } from '@brandradar/contracts';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { startStack, type TestStack } from '../support/stack';

// No provider keys: every surface is the deterministic simulation.
let stack: TestStack;
beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
});
afterAll(() => stack.stop());

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };

/** Names a document store, a JSON object or a path syntax would mangle if they were ever keys. */
const NAMES = [
  'monday.com',
  '$HOOD',
  '__proto__',
  'constructor',
  'a.b.c',
  'x.$set',
  'Rocket \u{1F680}',
  '\u05E9\u05DC\u05D5\u05DD',
  'Cafe\u0301',
  ' Padded ',
  'Two  Spaces',
  'Tab\tName',
  'Nbsp\u00A0Name',
  'N'.repeat(100),
];

it('runs a rankings tracker whose competitors are any strings to COMPLETED, every name back byte for byte', async () => {
  const { apiKey } = await stack.account();
  const body = { name: 'Any name', cadence, primitive: 'rankings', prompts: ['Is monday.com better than Asana?', 'best project tools'], competitors: NAMES };
  const created = await stack.api('POST', '/api/v1/trackers', { key: apiKey, body });
  expect(created.status).toBe(201);
  const t = created.body.tracker;
  expect(t.competitors).toEqual(NAMES);
  expect((await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } })).status).toBe(200);
  const queued = await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'any-name' } });
  expect(queued.status).toBe(202);

  const run = await eventually(
    async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${queued.body.run.id}`, { key: apiKey })).body.run,
    (r) => !['QUEUED', 'RUNNING'].includes(r.status),
  );
  expect(run).toMatchObject({ status: 'COMPLETED', summary: { answers: 6, succeeded: 6, failed: 0 }, error: null });
  const answers = run.results.flatMap((r: { answers: unknown[] }) => r.answers);
  expect(answers).toHaveLength(6);
  for (const a of answers) expect(a.metrics.brands.map((b: { name: string }) => b.name)).toEqual(NAMES);
  const mondayMentioned = answers.map((a: { metrics: { brands: { name: string; mentioned: boolean }[] } }) => a.metrics.brands[0]!.mentioned);
  expect(mondayMentioned).toContain(true); // the prompt names it, so the simulation's answers do too

  const report = await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey });
  expect(report.status).toBe(200);
  expect(report.body.tracker.competitors).toEqual(NAMES);
  const metrics = report.body.runs[0].metrics;
  expect(metrics.brands.map((b: { name: string }) => b.name)).toEqual(NAMES);
  for (const group of Object.values<{ brands: { name: string }[] }>(metrics.bySurface)) expect(group.brands.map((b) => b.name)).toEqual(NAMES);
  expect(report.body.runs[0].results).toEqual(run.results);
});

it(`refuses a tracker url longer than ${MAX_URL_CHARS} characters with 400 validation_error`, async () => {
  const { apiKey } = await stack.account();
  const url = (length: number) => `https://example.com/${'p'.repeat(length - 'https://example.com/'.length)}`;
  const body = (length: number) => ({ name: 'Long URL', cadence, primitive: 'citations', prompts: ['best tools'], url: url(length) });
  const refused = await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: body(MAX_URL_CHARS + 1) });
  expect(refused.status).toBe(400);
  expect(refused.body.error).toMatchObject({ code: 'validation_error', issues: [expect.objectContaining({ path: 'url' })] });
  expect((await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: body(MAX_URL_CHARS) })).status).toBe(201);
});
