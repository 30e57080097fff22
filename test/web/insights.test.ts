import { INSIGHTS_LIMITS, PRIMITIVES, UpdateTrackerInput, type DiscoveredName, type Tracker } from '@brandradar/contracts';
import { addedText, definitionWithCompetitor, hasCompetitors, isWebUrl, MAX_INSIGHT_RUNS, runsText, shareParts, shareText } from '../../packages/web/src/insights';

// The web app's pure helpers for insights (packages/web/src/insights.ts), in node.
const tracker: Tracker = {
  id: '3f1c7d34-0000-4000-8000-000000000001',
  name: 'CRM visibility',
  status: 'ACTIVE',
  cadence: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 },
  primitive: 'compare',
  prompts: ['Best CRM for a small team?'],
  brand: 'HubSpot',
  competitors: ['Salesforce'],
  url: null,
  aliases: [{ name: 'HubSpot', aliases: ['HubSpot CRM'] }],
  models: ['chatgpt', 'perplexity'],
  samplesPerPrompt: 3,
  samplingMode: 'adaptive',
  alerts: { significantChange: true },
  country: 'de',
  estimatedCostMicroPerRun: 27_000,
  maxCostMicroPerRun: 27_000,
  nextRunAt: '2026-11-30T08:00:00.000Z',
  lastRunAt: null,
  pauseReason: null,
  createdAt: '2026-11-22T09:00:00.000Z',
  updatedAt: '2026-11-22T09:00:00.000Z',
};

const zoho: DiscoveredName = {
  name: 'Zoho CRM',
  answers: 3,
  n: 9,
  rate: 0.3333,
  clusters: 6,
  interval: { low: 0.1206, high: 0.6458 },
  surfaces: ['chatgpt'],
  bySurface: { chatgpt: { answers: 3, n: 6 }, perplexity: { answers: 0, n: 3 } },
  examples: [{ runId: '7d1c2b3a-0000-4000-8000-000000000001', prompt: 'Best CRM for a small team?', model: 'chatgpt', sample: 2, start: 40, end: 48, excerpt: { text: '3. **Zoho CRM** – affordable.', start: 5, end: 13 } }],
};

describe('definitionWithCompetitor', () => {
  it('is the whole definition with the name appended, valid as a full update', () => {
    const body = definitionWithCompetitor(tracker, 'Zoho CRM');
    expect(body).toEqual({
      name: 'CRM visibility',
      primitive: 'compare',
      cadence: tracker.cadence,
      prompts: tracker.prompts,
      models: tracker.models,
      samplesPerPrompt: 3,
      samplingMode: 'adaptive',
      alerts: { significantChange: true },
      country: 'de',
      brand: 'HubSpot',
      competitors: ['Salesforce', 'Zoho CRM'],
      aliases: [{ name: 'HubSpot', aliases: ['HubSpot CRM'] }],
    });
    expect(UpdateTrackerInput.parse(body)).toEqual(body);
  });
  it('leaves out the brand of a rankings tracker and the country of a tracker without one', () => {
    const rankings = definitionWithCompetitor({ ...tracker, primitive: 'rankings', brand: null, aliases: [], country: null }, 'Zoho CRM');
    expect(rankings).not.toHaveProperty('brand');
    expect(rankings).not.toHaveProperty('country');
    expect(UpdateTrackerInput.safeParse(rankings).success).toBe(true);
  });
});

describe('what the Insights section says', () => {
  it('reads as many runs as the API allows', () => {
    expect(MAX_INSIGHT_RUNS).toBe(INSIGHTS_LIMITS.runs);
    expect([runsText(1), runsText(3)]).toEqual(['The newest run', 'The newest 3 runs']);
  });
  it('offers to add competitors only where a tracker has them', () => {
    expect(PRIMITIVES.filter(hasCompetitors)).toEqual(['rankings', 'compare']);
  });
  it('gives a discovered name its share of answers with the interval', () => {
    expect(shareText(zoho)).toBe('In 3 of 9 answers: 33.3% (95% interval 12.1%–64.6%)');
    expect(shareText({ ...zoho, answers: 0, n: 0, rate: 0, interval: null })).toBe('In 0 of 0 answers: 0%');
    expect(shareParts(zoho)).toEqual({ rate: '33.3%', sample: 'in 3 of 9 answers · 95% interval 12.1%–64.6%' });
    expect(shareParts({ answers: 1, n: 1, rate: 1, interval: null })).toEqual({ rate: '100%', sample: 'in 1 of 1 answer' });
  });
  it('links http(s) pages only', () => {
    expect(['https://www.g2.com/crm', 'http://example.com', 'javascript:alert(1)', 'data:text/html,x', 'not a url', '//g2.com'].filter(isWebUrl)).toEqual(['https://www.g2.com/crm', 'http://example.com']);
  });
  it('says what adding a name did to the schedule', () => {
    const money = (micro: number) => `$${(micro / 100_000).toFixed(2)}`;
    const said = (r: Parameters<typeof addedText>[2]) => addedText('Zoho CRM', 'CRM visibility', r, money);
    expect(said({ outcome: 'reactivated', costMicroPerRun: 27_000 })).toBe('“Zoho CRM” is now a competitor of “CRM visibility”. It is active again at $0.27 per run.');
    expect(said({ outcome: 'estimate_changed', acceptedMicroPerRun: 27_000, estimatedCostMicroPerRun: 30_000 })).toMatch(/ It is a draft: a run now costs \$0\.30, not the \$0\.27 you accepted\. Activate it to confirm the new amount\.$/);
    expect(said({ outcome: 'refused', reason: 'Add credits, then try again.' })).toMatch(/ It is a draft: activating it again was refused\. Add credits, then try again\.$/);
    expect(said({ outcome: 'not_active' })).toMatch(/ It is a draft, as every edited tracker is; activate it to start its schedule\.$/);
  });
});
