// A sentiment tracker's answers over HTTP (api-contract §14): the sentiment toward the brand is taken
// from what is said of it, and each answer names the clauses that decided it, as offsets into its text.
import { ANALYSIS_VERSION } from '@brandradar/analysis';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { PEER_API_KEY, startOpenAIPeer, type ProtocolPeer } from '../support/peers/providers';
import { startStack, type TestStack } from '../support/stack';
import { activeTracker, finishedRun } from '../support/tracker-runs';

// The contract's example as ChatGPT might put it: HubSpot is spoken of well, Salesforce not, in one sentence.
const ANSWER = 'For a small team, **HubSpot** is free to start, but **Salesforce** gets expensive as you add seats.\n\n- **Pipedrive** is simple for sales pipelines.';

let openai: ProtocolPeer;
let stack: TestStack;
beforeAll(async () => {
  openai = await startOpenAIPeer({ answer: () => ({ text: ANSWER, citations: [] }) });
  stack = await startStack([billingService, trackerService, runnerService, gatewayService], { OPENAI_API_KEY: PEER_API_KEY, OPENAI_BASE_URL: openai.baseUrl });
});
afterAll(async () => {
  await stack?.stop();
  await openai?.close();
});

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
const prompts = ['Best CRM for a small team?', 'HubSpot or Salesforce for a startup?'];

interface Answer {
  text: string;
  metrics: { analysisVersion: string; sentiment: string | null; sentimentEvidence: { start: number; end: number }[] };
}
interface Run {
  id: string;
  status: string;
  metrics: { positiveRate: { count: number }; negativeRate: { count: number } };
  results: { answers: Answer[] }[];
}

const answersOf = (run: Run) => run.results.flatMap((r) => r.answers);
/** Each answer's label and its evidence as text, checking every span lies within the answer's text. */
function read(run: Run): { sentiment: string | null; evidence: string[] }[] {
  return answersOf(run).map(({ text, metrics }) => {
    for (const s of metrics.sentimentEvidence) expect([s.start >= 0, s.end > s.start, s.end <= text.length]).toEqual([true, true, true]);
    return { sentiment: metrics.sentiment, evidence: metrics.sentimentEvidence.map((s) => text.slice(s.start, s.end)) };
  });
}

async function sentimentRun(apiKey: string, brand: string): Promise<{ trackerId: string; run: Run }> {
  const trackerId = await activeTracker(stack, apiKey, { name: `Sentiment of ${brand}`, cadence, primitive: 'sentiment', prompts, models: ['chatgpt'], brand });
  const run = await finishedRun<Run>(stack, apiKey, trackerId, `sentiment-${brand}`);
  expect(run.status).toBe('COMPLETED');
  return { trackerId, run };
}

it("reads each name's sentiment from its own clause, and names that clause in each answer", async () => {
  const { apiKey } = await stack.account();
  const [hubspot, salesforce] = await Promise.all([sentimentRun(apiKey, 'HubSpot'), sentimentRun(apiKey, 'Salesforce')]);

  expect(read(hubspot.run)).toEqual(prompts.map(() => ({ sentiment: 'positive', evidence: [expect.stringContaining('HubSpot** is free to start')] })));
  expect(hubspot.run.metrics).toMatchObject({ positiveRate: { count: 2 }, negativeRate: { count: 0 } });
  expect(read(salesforce.run)).toEqual(prompts.map(() => ({ sentiment: 'negative', evidence: ['**Salesforce** gets expensive as you add seats.'] })));
  expect(salesforce.run.metrics).toMatchObject({ positiveRate: { count: 0 }, negativeRate: { count: 2 } });
  expect(answersOf(salesforce.run).map((a) => a.metrics.analysisVersion)).toEqual([ANALYSIS_VERSION, ANALYSIS_VERSION]);
});

it('gives the evidence again from a reanalysis, whose stored metrics keep it', async () => {
  const { apiKey } = await stack.account();
  const { trackerId, run } = await sentimentRun(apiKey, 'Salesforce');
  const queued = await stack.api('POST', `/api/v1/trackers/${trackerId}/reanalysis`, { key: apiKey, body: { requestToken: 'evidence' } });
  expect(queued.status).toBe(202);
  const job = await eventually(
    async () => (await stack.api('GET', `/api/v1/trackers/${trackerId}/reanalysis/${queued.body.reanalysis.id}`, { key: apiKey })).body.reanalysis as { status: string } | undefined,
    (r) => r?.status === 'COMPLETED' || r?.status === 'FAILED',
    60_000,
    200,
  );
  expect(job).toMatchObject({ status: 'COMPLETED', runs: { total: 1, done: 1 } });
  const again = (await stack.api('GET', `/api/v1/trackers/${trackerId}/runs/${run.id}`, { key: apiKey })).body.run as Run;
  expect(read(again)).toEqual(read(run));
  expect(read(again)[0]!.evidence).toEqual(['**Salesforce** gets expensive as you add seats.']);
});
