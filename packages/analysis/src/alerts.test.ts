import { significantChanges } from './alerts';
import { computeDelta } from './delta';
import { computeMetrics, type AnalysedAnswer, type AnalysisInput } from './metrics';
import type { RunMetrics } from './schemas';

// Each answer to its own prompt (one answer per cell), on `surface`.
let promptNo = 0;
const answers = (n: number, text: string, surface = 'chatgpt', citations: string[] = []): AnalysedAnswer[] =>
  Array.from({ length: n }, () => ({ prompt: `prompt ${++promptNo}`, surface, text, citations: citations.map((url) => ({ url, title: null })) }));

type Names = Omit<AnalysisInput, 'answers'>;
const COMPARE: Names = { primitive: 'compare', brand: 'Acme', competitors: ['Beta'], url: null };
const RANKINGS: Names = { primitive: 'rankings', brand: null, competitors: ['Acme', 'Beta'], url: null };
const SENTIMENT: Names = { primitive: 'sentiment', brand: 'Acme', competitors: [], url: null };
const CITATIONS: Names = { primitive: 'citations', brand: null, competitors: [], url: 'https://acme.com/' };

/** The changes an alert of a run over `now` since a run over `before` is about. */
function alerted(names: Names, now: AnalysedAnswer[], before: AnalysedAnswer[]) {
  const current = computeMetrics({ ...names, answers: now });
  const previous = computeMetrics({ ...names, answers: before });
  return significantChanges(computeDelta(current, previous), current, previous);
}

// Acme: named first in every answer now, in none before; Beta named in all, second now.
const acmeArrives = (n: number) => [answers(n, '1. Acme\n2. Beta'), answers(n, 'Only Beta.')] as const;

describe('significantChanges', () => {
  it("compare: the brand's flagged changes, each with its values, change, interval and p-value", () => {
    const changes = alerted(COMPARE, ...acmeArrives(12));
    // Beta's share of voice fell from 100% to 50%, significant too, but a compare alert is about the brand.
    expect(changes).toEqual([
      // 0 of 12 → 12 of 12: Wilson [0.7575, 1] now and [0, 0.2425] before, so 1 − √(0.2425² + 0.2425²) … 1 + √(0² + 0²);
      // Fisher's p = 2 / C(24, 12) = 7.4e-7.
      { name: 'Acme', role: 'brand', metric: 'mentionRate', current: 1, previous: 0, change: 100, interval: { low: 65.7, high: 100 }, pValue: 7.4e-7 },
      { name: 'Acme', role: 'brand', metric: 'top3Rate', current: 1, previous: 0, change: 100, interval: { low: 65.7, high: 100 }, pValue: 7.4e-7 },
      // 12 of 24 mentions, Wilson [0.3142, 0.6858], against 0 of 12, [0, 0.2425]: 0.5 − √(0.1858² + 0.2425²) … 0.5 + √(0.1858² + 0²).
      { name: 'Acme', role: 'brand', metric: 'shareOfVoice', current: 0.5, previous: 0, change: 50, interval: { low: 19.45, high: 68.58 }, pValue: 0.0027 },
    ]);
  });

  it('rankings: the flagged changes of every tracked name', () => {
    const changes = alerted(RANKINGS, ...acmeArrives(12));
    expect(changes.map((c) => [c.name, c.role, c.metric, c.change])).toEqual([
      ['Acme', 'competitor', 'mentionRate', 100],
      ['Acme', 'competitor', 'top3Rate', 100],
      ['Acme', 'competitor', 'shareOfVoice', 50],
      ['Beta', 'competitor', 'shareOfVoice', -50],
    ]);
    // A fall's interval lies below 0, as the change does.
    expect(changes[3]!.interval).toEqual({ low: -68.58, high: -19.45 });
  });

  it('nothing for a change its test does not flag', () => {
    expect(alerted(COMPARE, [...answers(6, 'Acme and Beta.'), ...answers(6, 'Beta.')], [...answers(5, 'Acme and Beta.'), ...answers(7, 'Beta.')])).toEqual([]);
  });

  it('never for an insufficient sample, however large the change', () => {
    // 9 answers a run: 0 of 9 → 9 of 9 would be p ≈ 0.00004, but the delta gives no change below 10 answers.
    const [now, before] = acmeArrives(9);
    const current = computeMetrics({ ...COMPARE, answers: now });
    const previous = computeMetrics({ ...COMPARE, answers: before });
    const delta = computeDelta(current, previous);
    expect(delta.primitive === 'compare' && delta.brands[0]!.mentionRate).toMatchObject({ insufficientSample: true, significant: null });
    expect(significantChanges(delta, current, previous)).toEqual([]);
  });

  it('overall figures only: a surface whose figures swing while the total holds raises nothing', () => {
    const now = [...answers(12, 'Acme and Beta.', 'chatgpt'), ...answers(12, 'Beta.', 'gemini')];
    const before = [...answers(12, 'Beta.', 'chatgpt'), ...answers(12, 'Acme and Beta.', 'gemini')];
    const current = computeMetrics({ ...COMPARE, answers: now });
    const previous = computeMetrics({ ...COMPARE, answers: before });
    const delta = computeDelta(current, previous);
    expect(delta.primitive === 'compare' && delta.bySurface.chatgpt!.brands[0]!.mentionRate.significant).toBe(true);
    expect(significantChanges(delta, current, previous)).toEqual([]);
  });

  it("sentiment: the brand's positive, neutral and negative rates", () => {
    const changes = alerted(SENTIMENT, answers(12, 'Acme is excellent.'), answers(12, 'Acme is buggy.'));
    expect(changes.map((c) => [c.name, c.role, c.metric, c.change])).toEqual([
      ['Acme', 'brand', 'positiveRate', 100],
      ['Acme', 'brand', 'negativeRate', -100],
    ]);
  });

  it('citations: the rates of answers citing the tracked URL and its domain, with no name', () => {
    const changes = alerted(CITATIONS, answers(12, '', 'perplexity', ['https://acme.com/']), answers(12, '', 'perplexity', ['https://other.org/']));
    expect(changes.map((c) => [c.name, c.role, c.metric, c.change])).toEqual([
      [null, 'url', 'urlCitedRate', 100],
      [null, 'url', 'domainCitedRate', 100],
    ]);
  });

  it("gives no interval when a run's interval is missing", () => {
    const [now, before] = acmeArrives(12);
    const current = computeMetrics({ ...COMPARE, answers: now });
    const previous = computeMetrics({ ...COMPARE, answers: before });
    const delta = computeDelta(current, previous);
    const withoutInterval: RunMetrics = previous.primitive === 'compare' ? { ...previous, brands: previous.brands.map((b) => ({ ...b, mentionRate: { ...b.mentionRate, interval: null } })) } : previous;
    const changes = significantChanges(delta, current, withoutInterval);
    expect(changes[0]).toMatchObject({ metric: 'mentionRate', change: 100, interval: null });
    expect(changes[1]!.interval).not.toBeNull();
  });

  it('refuses runs of another primitive than the delta', () => {
    const [now, before] = acmeArrives(12);
    const current = computeMetrics({ ...COMPARE, answers: now });
    const delta = computeDelta(current, computeMetrics({ ...COMPARE, answers: before }));
    expect(() => significantChanges(delta, current, computeMetrics({ ...SENTIMENT, answers: before }))).toThrow(RangeError);
  });
});
