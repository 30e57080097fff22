// What each surface searched and read, and whose pages it cited (api-contract §14), through the API
// with every surface simulated as its real API reports them.
import { citationDomain } from '@brandradar/analysis';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { startStack, type TestStack } from '../support/stack';
import { finishedRun } from '../support/tracker-runs';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
});
afterAll(() => stack.stop());

type Source = { url: string; title: string | null; domain: string };
type Answer = { model: string; status: string; citations: Source[]; searchQueries: string[]; consultedSources: Source[] | null };
type Run = { status: string; results: { prompt: string; answers: Answer[] }[] };

const SURFACES = ['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview'];
const REPORTING = new Set(['chatgpt', 'claude', 'gemini']);
const tracker = {
  name: 'Searches',
  cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'compare',
  prompts: ['best crm for a small business', 'monday.com vs $x 🚀 __proto__'],
  models: SURFACES,
  brand: 'HubSpot',
  competitors: ['Salesforce', 'monday.com'],
};

describe('a run', () => {
  it('says per answer what its surface searched and read, and each source its publisher', async () => {
    const { apiKey: key } = await stack.account();
    const created = (await stack.api('POST', '/api/v1/trackers', { key, body: tracker })).body.tracker;
    const activated = await stack.api('POST', `/api/v1/trackers/${created.id}/activate`, { key, body: { maxCostMicroPerRun: created.estimatedCostMicroPerRun } });
    expect(activated.status).toBe(200);
    const run = await finishedRun<Run>(stack, key, created.id, 'searches-1');
    expect(run.status).toBe('COMPLETED');

    const answers = run.results.flatMap((r) => r.answers);
    expect(answers).toHaveLength(SURFACES.length * tracker.prompts.length);
    for (const a of answers) {
      for (const source of [...a.citations, ...(a.consultedSources ?? [])]) expect(source.domain).toBe(citationDomain(source));
      if (REPORTING.has(a.model)) {
        expect(a.searchQueries.length).toBeGreaterThan(0);
        expect(a.searchQueries.every((q) => q.length > 0 && q.length <= 200)).toBe(true);
        const read = new Set(a.consultedSources!.map((s) => s.url));
        expect(a.citations.filter((c) => !read.has(c.url))).toEqual([]);
      } else {
        expect([a.model, a.searchQueries, a.consultedSources]).toEqual([a.model, [], null]);
      }
    }
  });
});
