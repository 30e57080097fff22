import { ANALYSIS_VERSION } from '@brandradar/analysis';
import type { AnswerMetrics, TrackerDefinition } from '@brandradar/contracts';
import { answerMetrics, storedMetricsOf } from './answer-metrics';

const sentimentOf = (brand: string, aliases: TrackerDefinition['aliases'] = []): TrackerDefinition => ({
  name: 'T',
  cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'sentiment',
  prompts: ['best crm'],
  models: ['chatgpt'],
  brand,
  competitors: [],
  url: null,
  aliases,
});

/** The clauses an answer's metrics give as its sentiment evidence, as text. */
const evidence = (m: AnswerMetrics, text: string) => m.sentimentEvidence?.map((s) => text.slice(s.start, s.end));

// api-contract §14: sentiment toward a name is taken from what is said of that name.
const CONTRACT_EXAMPLE = 'HubSpot is free to start, but Salesforce gets expensive.';

describe('answerMetrics of a sentiment tracker', () => {
  it("reads the contract's example per name: HubSpot positive and Salesforce negative, each by its own clause", () => {
    const hubspot = answerMetrics(sentimentOf('HubSpot'), CONTRACT_EXAMPLE, []);
    expect(hubspot).toEqual({
      analysisVersion: ANALYSIS_VERSION,
      brands: [{ name: 'HubSpot', mentioned: true, spans: [{ start: 0, end: 7 }] }],
      sentiment: 'positive',
      sentimentEvidence: [{ start: 0, end: 'HubSpot is free to start,'.length }],
    });
    const salesforce = answerMetrics(sentimentOf('Salesforce'), CONTRACT_EXAMPLE, []);
    expect(salesforce.sentiment).toBe('negative');
    expect(evidence(salesforce, CONTRACT_EXAMPLE)).toEqual(['Salesforce gets expensive.']);
  });

  it("counts what is said of the brand's aliases as said of the brand", () => {
    const text = 'Salesforce is powerful. SFDC gets expensive and slow for small teams.';
    const m = answerMetrics(sentimentOf('Salesforce', [{ name: 'Salesforce', aliases: ['SFDC'] }]), text, []);
    expect(m.sentiment).toBe('negative');
    expect(evidence(m, text)).toEqual(['SFDC gets expensive and slow for small teams.']);
  });

  it('has no sentiment and no evidence when the brand is not mentioned', () => {
    const m = answerMetrics(sentimentOf('Acme'), CONTRACT_EXAMPLE, []);
    expect([m.brands, m.sentiment, m.sentimentEvidence]).toEqual([[{ name: 'Acme', mentioned: false, spans: [] }], null, []]);
  });

  it('gives no evidence field to the other primitives', () => {
    const compare: TrackerDefinition = { ...sentimentOf('HubSpot'), primitive: 'compare', competitors: ['Salesforce'] };
    expect(answerMetrics(compare, CONTRACT_EXAMPLE, [])).not.toHaveProperty('sentimentEvidence');
  });
});

describe('storedMetricsOf', () => {
  it('reads a sentiment answer analysed before evidence was recorded as none listed, and leaves every other answer as stored', () => {
    const before: AnswerMetrics = { analysisVersion: '2026-12-02.1', brands: [{ name: 'Acme', mentioned: true }], sentiment: 'positive' };
    expect(storedMetricsOf(before)).toEqual({ ...before, sentimentEvidence: [] });
    const unmentioned: AnswerMetrics = { analysisVersion: '2026-12-02.1', brands: [{ name: 'Acme', mentioned: false }], sentiment: null };
    expect(storedMetricsOf(unmentioned)).toEqual({ ...unmentioned, sentimentEvidence: [] });
    const now = answerMetrics(sentimentOf('HubSpot'), CONTRACT_EXAMPLE, []);
    expect(storedMetricsOf(now)).toBe(now);
    const rankings: AnswerMetrics = { analysisVersion: '2026-12-02.1', brands: [{ name: 'Acme', mentioned: true, position: 1 }] };
    expect(storedMetricsOf(rankings)).toBe(rankings);
    expect(storedMetricsOf(null)).toBeNull();
  });
});
