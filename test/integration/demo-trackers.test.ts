// The trackers `npm start` gives a new demo account: created, activated and run through the API, each
// run comparing with the one before on a sample large enough for a change to be stated. The demo
// account is simulated: its runs never call a provider, even one whose key is set (issue 43).
import { DEMO_TRACKERS, seedDemoTrackers } from '@brandradar/devstack';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { PEER_API_KEY, startOpenAIPeer, type ProtocolPeer } from '../support/peers/providers';
import { startStack, type TestStack } from '../support/stack';

let stack: TestStack;
let openai: ProtocolPeer;
beforeAll(async () => {
  // A live chatgpt: its key is set and its base URL is a local peer that counts the calls.
  openai = await startOpenAIPeer();
  stack = await startStack([billingService, trackerService, runnerService, gatewayService], { OPENAI_API_KEY: PEER_API_KEY, OPENAI_BASE_URL: openai.baseUrl });
});
afterAll(async () => {
  await stack?.stop();
  await openai?.close();
});

/** An account made as `npm start` makes the demo account: simulated. */
async function simulatedAccount(): Promise<string> {
  const res = await stack.admin('POST', '/admin/v1/accounts', { email: `demo-${Date.now()}@example.com`, creditsMicro: 10_000_000, simulated: true });
  expect([res.status, res.body.account.simulated]).toEqual([201, true]);
  return res.body.apiKey;
}

interface Answer {
  provider: string;
}
const providersOf = async (apiKey: string, trackerId: string, runId: string): Promise<string[]> =>
  (await stack.api('GET', `/api/v1/trackers/${trackerId}/runs/${runId}`, { key: apiKey })).body.run.results.flatMap((r: { answers: Answer[] }) => r.answers.map((a) => a.provider));

it('creates the demo trackers, active, each with runs that state their changes, and never calls a live provider', async () => {
  const apiKey = await simulatedAccount();
  const said: string[] = [];
  const seeded = await seedDemoTrackers(stack.gatewayUrl, apiKey, 2, (line) => said.push(line));
  expect(seeded.map((t) => t.name)).toEqual(DEMO_TRACKERS.map((d) => d.name));
  expect(said).toHaveLength(DEMO_TRACKERS.length);
  for (const tracker of seeded) {
    const { body } = await stack.api('GET', `/api/v1/trackers/${tracker.id}/report`, { key: apiKey });
    expect(body.tracker.status).toBe('ACTIVE');
    expect(body.runs.map((r: { status: string }) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const [latest, first] = body.runs;
    expect(latest.delta.previousRunId).toBe(first.id);
    expect(latest.summary.answers).toBeGreaterThanOrEqual(latest.delta.minimumAnswers);
    // Every tracked name's mention rate has a change with its significance, not "too few answers".
    for (const brand of latest.delta.brands) expect(brand.mentionRate).toMatchObject({ insufficientSample: false, significant: expect.any(Boolean) });
    // chatgpt is live on this stack, yet the demo's chatgpt answers came from the simulation.
    expect(new Set(await providersOf(apiKey, tracker.id, latest.id))).toEqual(new Set(['simulated']));
  }
  expect(openai.requests).toHaveLength(0);

  // The same stack's chatgpt does call the peer for an account that is not simulated.
  const other = await stack.account(1_000_000);
  const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
  const { tracker } = (await stack.api('POST', '/api/v1/trackers', { key: other.apiKey, body: { name: 'Live', primitive: 'sentiment', brand: 'Acme', prompts: ['is acme good?'], models: ['chatgpt'], cadence } })).body;
  await stack.api('POST', `/api/v1/trackers/${tracker.id}/activate`, { key: other.apiKey, body: { maxCostMicroPerRun: tracker.estimatedCostMicroPerRun } });
  const queued = (await stack.api('POST', `/api/v1/trackers/${tracker.id}/runs`, { key: other.apiKey, body: { requestToken: 'live' } })).body.run;
  await eventually(async () => (await stack.api('GET', `/api/v1/trackers/${tracker.id}/runs/${queued.id}`, { key: other.apiKey })).body.run.status, (s) => s === 'COMPLETED', 30_000);
  expect(new Set(await providersOf(other.apiKey, tracker.id, queued.id))).toEqual(new Set(['openai']));
  expect(openai.requests.length).toBeGreaterThan(0);
});
