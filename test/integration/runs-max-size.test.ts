// Every surface answers through a local peer with more than the caps allow (see test/support/oversized.ts).
import { MAX_ANSWER_TEXT_CHARS, MAX_CITATIONS_PER_ANSWER, MAX_SPANS_PER_BRAND, MAX_URL_CHARS } from '@brandradar/contracts';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { MAX_TRACKER, startOversizedPeers, type OversizedPeers } from '../support/oversized';
import { startStack, type TestStack } from '../support/stack';

let peers: OversizedPeers;
let stack: TestStack;
beforeAll(async () => {
  peers = await startOversizedPeers();
  stack = await startStack([billingService, trackerService, runnerService, gatewayService], peers.env);
});
afterAll(async () => {
  await stack.stop();
  await peers.close();
});

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

it('runs 30 prompts × 5 surfaces of oversized answers to COMPLETED; the run and the report are served whole, within the caps', async () => {
  const { apiKey } = await stack.account(10_000_000);
  const t = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: MAX_TRACKER })).body.tracker;
  expect((await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } })).status).toBe(200);
  const queued = (await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'max' } })).body.run;

  const res = await eventually(
    () => fetch(`${stack.gatewayUrl}/api/v1/trackers/${t.id}/runs/${queued.id}`, { headers: { Authorization: `Bearer ${apiKey}` } }).then(async (r) => ({ status: r.status, text: await r.text() })),
    (r) => r.status === 200 && !/^\{"run":\{[^}]*"status":"(QUEUED|RUNNING)"/.test(r.text),
    240_000,
    // Each look at a RUNNING run this size reads and sends megabytes: at the default 50 ms the polling
    // took more CPU than the run itself.
    1_000,
  );
  expect(res.text.length).toBeGreaterThan(2 * 1024 * 1024); // far more than one NATS message
  const run = JSON.parse(res.text).run;
  expect(run).toMatchObject({ status: 'COMPLETED', summary: { answers: 150, succeeded: 150, failed: 0 } });
  expect(run.results.map((r: { prompt: string }) => r.prompt)).toEqual(MAX_TRACKER.prompts);
  const answers = run.results.flatMap((r: { answers: unknown[] }) => r.answers);
  expect(answers).toHaveLength(150);
  for (const a of answers) {
    expect(a).toMatchObject({ status: 'succeeded', truncated: true });
    expect(a.text.length).toBeLessThanOrEqual(MAX_ANSWER_TEXT_CHARS);
    expect(a.text).not.toMatch(LONE_SURROGATE);
    expect(a.text).not.toMatch(CONTROL);
    expect(a.citations.length).toBeGreaterThan(0);
    expect(a.citations.length).toBeLessThanOrEqual(MAX_CITATIONS_PER_ANSWER);
    for (const c of a.citations) expect(c.url.length).toBeLessThanOrEqual(MAX_URL_CHARS);
    expect(a.metrics.brands).toMatchObject([{ name: 'Alpha', mentioned: true, position: 1 }, { name: 'Beta', mentioned: true, position: 2 }]);
    // Every line names Alpha: the evidence lists the first MAX_SPANS_PER_BRAND, each slicing the stored text to the name.
    const alpha = a.metrics.brands[0]!.spans as { start: number; end: number }[];
    expect(alpha).toHaveLength(MAX_SPANS_PER_BRAND);
    for (const span of alpha) expect(a.text.slice(span.start, span.end)).toBe('Alpha');
  }

  const report = await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey });
  expect(report.status).toBe(200);
  expect(report.headers.get('content-type')).toMatch(/^application\/json/);
  expect(report.body.tracker.id).toBe(t.id);
  expect(report.body.runs).toEqual([run]);
}, 300_000);
