import { computeInsights, type InsightAnswer } from './insights';
import { CAUSATION_NOTE } from './schemas';

const answer = (runId: string, surface: string, sample: number, text: string, urls: string[] = []): InsightAnswer => ({
  runId,
  prompt: 'best CRM',
  surface,
  sample,
  text,
  citations: urls.map((url) => ({ url, title: null })),
});

const compare = { primitive: 'compare' as const, brand: 'Acme', competitors: ['HubSpot'], aliases: [] };

describe('computeInsights', () => {
  const answers = [
    answer('r2', 'chatgpt', 1, '1. **HubSpot** – free\n2. **Zoho CRM** – cheap\n3. **Attio**', ['https://www.g2.com/crm', 'https://zoho.com/crm']),
    answer('r2', 'chatgpt', 2, '1. **Zoho CRM**\n2. **Acme**', ['https://www.g2.com/crm']),
    answer('r2', 'gemini', 1, '- **Zoho  CRM**: fine\n- **HubSpot**', ['https://g2.com/best', 'http://capterra.com/x']),
    answer('r1', 'gemini', 1, 'Acme and HubSpot both work.', ['https://g2.com/best']),
  ];
  const insights = computeInsights(compare, answers);

  it('counts each discovered name once per answer, most answers first, with its rate, interval and surfaces', () => {
    expect(insights.answers).toBe(4);
    expect(insights.discoveredNames.map((d) => [d.name, d.answers, d.n, d.rate])).toEqual([
      ['Zoho CRM', 3, 4, 0.75],
      ['Attio', 1, 4, 0.25],
    ]);
    const zoho = insights.discoveredNames[0]!;
    expect(zoho.surfaces).toEqual(['chatgpt', 'gemini']);
    expect(zoho.bySurface).toEqual({ chatgpt: { answers: 2, n: 2 }, gemini: { answers: 1, n: 2 } });
    expect(zoho.clusters).toBe(2);
    expect(zoho.interval!.low).toBeLessThan(0.75);
    expect(zoho.interval!.high).toBeGreaterThan(0.75);
  });

  it('gives examples whose offsets point at the name in the answer and in its excerpt', () => {
    const zoho = insights.discoveredNames[0]!;
    expect(zoho.examples).toHaveLength(3);
    for (const e of zoho.examples) {
      const text = answers.find((a) => a.runId === e.runId && a.surface === e.model && a.sample === e.sample)!.text;
      expect(text.slice(e.start, e.end)).toMatch(/^Zoho\s+CRM$/);
      expect(e.excerpt.text.slice(e.excerpt.start, e.excerpt.end)).toBe(text.slice(e.start, e.end));
    }
  });

  it('lists the domains cited where a competitor is named but the brand is not, with the names and pages', () => {
    expect(insights.gapAnswers).toBe(2);
    expect(insights.citationGaps).toEqual([
      { domain: 'g2.com', answers: 2, names: ['HubSpot'], urls: ['https://g2.com/best', 'https://www.g2.com/crm'] },
      { domain: 'capterra.com', answers: 1, names: ['HubSpot'], urls: ['http://capterra.com/x'] },
      { domain: 'zoho.com', answers: 1, names: ['HubSpot'], urls: ['https://zoho.com/crm'] },
    ]);
    expect(insights.note).toBe(CAUSATION_NOTE);
  });

  it('has no citation gaps for trackers without a brand, and counts discovered names against every answer', () => {
    const rankings = computeInsights({ primitive: 'rankings', brand: null, competitors: ['HubSpot', 'Zoho CRM'], aliases: [] }, answers);
    expect(rankings.citationGaps).toBeNull();
    expect(rankings.gapAnswers).toBeNull();
    expect(rankings.discoveredNames.map((d) => d.name)).toEqual(['Acme', 'Attio']);
  });

  it('stands in the names an answer puts forward for the competitors of a sentiment tracker', () => {
    const sentiment = computeInsights({ primitive: 'sentiment', brand: 'Acme', competitors: [], aliases: [] }, answers);
    expect(sentiment.citationGaps!.map((g) => [g.domain, g.names])).toEqual([
      ['g2.com', ['HubSpot', 'Zoho CRM', 'Attio']],
      ['capterra.com', ['HubSpot', 'Zoho CRM']],
      ['zoho.com', ['Attio', 'HubSpot', 'Zoho CRM']],
    ]);
  });

  it('is empty without answers', () => {
    expect(computeInsights(compare, [])).toEqual({ answers: 0, discoveredNames: [], citationGaps: [], gapAnswers: 0, searches: [], consultedNotCited: [], note: CAUSATION_NOTE });
  });
});
