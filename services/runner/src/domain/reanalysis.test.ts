import { computeMetrics } from '@brandradar/analysis';
import type { TrackerDefinition } from '@brandradar/contracts';
import { answerMetrics } from './answer-metrics';
import { nextStartAt, runMetricsOfAnalysed } from './reanalysis';
import type { AnswerRecord } from './run';
import { runMetricsOf } from './run-analysis';

const base: TrackerDefinition = {
  name: 'T',
  cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'compare',
  prompts: ['best crm', 'crm for startups'],
  models: ['chatgpt', 'gemini'],
  brand: 'HubSpot',
  competitors: ['Salesforce', 'monday.com', '__proto__'],
  url: null,
  aliases: [{ name: 'monday.com', aliases: ['Monday Sales CRM'] }],
};
const texts = [
  '1. **HubSpot** – free tier.\n2. **Salesforce** – powerful.\n3. **Monday Sales CRM** – visual. HubSpot is great.',
  'Most teams love Salesforce; HubSpot is clunky and expensive. __proto__ is a newcomer.',
  'Zoho and Pipedrive lead; none of the big names.',
];

function answers(d: TrackerDefinition): AnswerRecord[] {
  return d.prompts.flatMap((_, promptIndex) =>
    d.models.map((model, m) => {
      const text = texts[(promptIndex + m) % texts.length]!;
      const failed = promptIndex === 1 && m === 1;
      return {
        promptIndex,
        model,
        sample: 1,
        status: failed ? ('failed' as const) : ('succeeded' as const),
        provider: 'simulated',
        providerModel: null,
        method: 'api' as const,
        text: failed ? null : text,
        truncated: false,
        citations: [{ url: 'https://www.g2.com/crm', title: null, domain: 'g2.com' }],
        searchQueries: [],
        consultedSources: null,
        metrics: null,
        error: null,
        fetchedAt: null,
        localised: false,
      };
    }),
  );
}

const PRIMITIVES = ['compare', 'rankings', 'sentiment', 'citations'] as const;

function definitionOf(primitive: TrackerDefinition['primitive']): TrackerDefinition {
  return {
    ...base,
    primitive,
    brand: primitive === 'rankings' || primitive === 'citations' ? null : base.brand,
    competitors: primitive === 'sentiment' || primitive === 'citations' ? [] : base.competitors,
    url: primitive === 'citations' ? 'https://www.g2.com/crm' : null,
  };
}

/** What the analysis package gives for the succeeded answers' texts, read afresh. */
function freshMetrics(d: TrackerDefinition, all: readonly AnswerRecord[]) {
  const succeeded = all.filter((a) => a.status === 'succeeded');
  const input = succeeded.map((a) => ({ prompt: d.prompts[a.promptIndex]!, surface: a.model, sample: a.sample, text: a.text!, citations: a.citations }));
  return computeMetrics({ primitive: d.primitive, brand: d.brand, competitors: d.competitors, url: d.url, aliases: d.aliases, answers: input });
}

describe('runMetricsOfAnalysed', () => {
  it.each(PRIMITIVES)('gives %s runs the metrics a fresh analysis of the texts gives', (primitive) => {
    const d = definitionOf(primitive);
    const all = answers(d);
    const analysed = all.map((a) => (a.status === 'succeeded' ? answerMetrics(d, a.text!, a.citations) : null));
    expect(runMetricsOfAnalysed(d, all, analysed)).toEqual(freshMetrics(d, all));
  });

  it('has no metrics when no answer succeeded', () => {
    const failed = answers(base).map((a) => ({ ...a, status: 'failed' as const, text: null }));
    expect(runMetricsOfAnalysed(base, failed, failed.map(() => null))).toBeNull();
  });
});

describe('nextStartAt', () => {
  const t0 = new Date('2026-11-28T09:00:00.000Z');
  it('spaces work of n units n / rate seconds from its start, and not at all without a rate', () => {
    expect(nextStartAt(t0, 150, 200)).toEqual(new Date(t0.getTime() + 750));
    expect(nextStartAt(t0, 0, 200)).toEqual(t0);
    expect(nextStartAt(t0, 150, 0)).toEqual(t0);
  });
});

describe('runMetricsOf', () => {
  it.each(PRIMITIVES)("aggregates %s answers' stored metrics of this version as they are, without reading their texts again", (primitive) => {
    const d = definitionOf(primitive);
    const stored = answers(d).map((a) => (a.status === 'succeeded' ? { ...a, metrics: answerMetrics(d, a.text!, a.citations) } : a));
    expect(runMetricsOf(d, stored, true)).toEqual(freshMetrics(d, stored));
    // Texts no longer read: what the stored metrics say is what counts.
    const unread = stored.map((a) => ({ ...a, text: a.status === 'succeeded' ? 'x' : null }));
    expect(runMetricsOf(d, unread, true)).toEqual(runMetricsOf(d, stored, true));
  });

  it('analyses again the answers stored by other rules or for other names', () => {
    const d = definitionOf('compare');
    const older = answers(d).map((a) => (a.status === 'succeeded' ? { ...a, metrics: { ...answerMetrics(d, 'nothing here', a.citations), analysisVersion: 'unversioned' } } : a));
    expect(runMetricsOf(d, older, true)).toEqual(freshMetrics(d, older));
    const otherNames = answers(d).map((a) => (a.status === 'succeeded' ? { ...a, metrics: answerMetrics(d, 'nothing here', a.citations) } : a));
    expect(runMetricsOf(d, otherNames, false)).toEqual(freshMetrics(d, otherNames));
    expect(runMetricsOf(d, otherNames, true)).not.toEqual(freshMetrics(d, otherNames));
  });
});
