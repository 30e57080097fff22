import { computeDelta } from './delta';
import { headlineRule, headlineSubjectOf } from './headline';
import { computeMetrics, type AnalysedAnswer, type AnalysisInput } from './metrics';

let promptNo = 0;
const answers = (texts: string[], citations: (i: number) => string[] = () => []): AnalysedAnswer[] =>
  texts.map((text, i) => ({ prompt: `prompt ${++promptNo}`, surface: 'chatgpt', text, citations: citations(i).map((url) => ({ url, title: null })) }));
const times = (n: number, text: string) => Array.from({ length: n }, () => text);

type Names = Omit<AnalysisInput, 'answers'>;
const COMPARE: Names = { primitive: 'compare', brand: 'Acme', competitors: ['Beta'], url: null };
const RANKINGS: Names = { primitive: 'rankings', brand: null, competitors: ['Acme', 'Beta'], url: null };
const SENTIMENT: Names = { primitive: 'sentiment', brand: 'Acme', competitors: [], url: null };
const CITATIONS: Names = { primitive: 'citations', brand: null, competitors: [], url: 'https://acme.example/pricing' };

/** The rule applied to a run over `current`, read back from that run and from its delta against `previous`. */
function ruleOver(names: Names, current: AnalysedAnswer[], previous: AnalysedAnswer[]) {
  const metrics = computeMetrics({ ...names, answers: current });
  const rule = headlineRule({ primitive: names.primitive, brand: names.brand, url: names.url }, metrics);
  const delta = computeDelta(metrics, computeMetrics({ ...names, answers: previous }));
  return { measure: rule.measure, name: rule.name, figure: rule.proportion(metrics), change: rule.change(delta), subject: headlineSubjectOf(metrics) };
}

describe('headlineRule', () => {
  it("compare: the brand's share of voice, not its mention rate", () => {
    const h = ruleOver(COMPARE, answers([...times(3, 'Acme and Beta.'), ...times(3, 'Only Beta.')]), answers(times(6, 'Acme and Beta.')));
    expect(h).toMatchObject({ measure: 'shareOfVoice', name: 'Acme', figure: { count: 3, n: 9, value: 0.3333 }, change: { previous: 0.5, current: 0.3333 } });
    expect(h.subject).toEqual({ primitive: 'compare', brand: 'Acme', url: null });
  });

  it('rankings: the share of voice of the name leading the run, the first listed on a tie', () => {
    expect(ruleOver(RANKINGS, answers(['Beta and Acme.', ...times(3, 'Beta.')]), answers(times(4, 'Acme.')))).toMatchObject({
      measure: 'shareOfVoice',
      name: 'Beta',
      figure: { count: 4, n: 5 },
    });
    expect(ruleOver(RANKINGS, answers(times(4, 'Beta and Acme.')), answers(times(4, 'Acme.'))).name).toBe('Acme');
  });

  it('sentiment: the share of answers mentioning the brand that read positive', () => {
    const h = ruleOver(SENTIMENT, answers([...times(3, 'Acme is excellent and reliable.'), 'Acme is terrible and slow.', 'Nothing here.']), answers(times(4, 'Acme is terrible.')));
    expect(h).toMatchObject({ measure: 'positiveRate', name: 'Acme', figure: { count: 3, n: 4, value: 0.75 }, change: { previous: 0, current: 0.75 } });
    expect(h.subject).toEqual({ primitive: 'sentiment', brand: 'Acme', url: null });
  });

  it('citations with a URL: the share of answers citing it', () => {
    const cites = (i: number) => (i < 1 ? ['https://acme.example/pricing'] : ['https://g2.com/x']);
    const h = ruleOver(CITATIONS, answers(times(4, 'see'), cites), answers(times(4, 'see')));
    expect(h).toMatchObject({ measure: 'urlCitedRate', name: null, figure: { count: 1, n: 4, value: 0.25 } });
    expect(h.subject).toEqual({ primitive: 'citations', brand: null, url: 'https://acme.example/pricing' });
  });

  it("citations without a URL: the newest run's most cited domain's share of citations; no name when nothing is cited", () => {
    const cites = (i: number) => (i < 3 ? ['https://g2.com/x', 'https://acme.example/'] : ['https://g2.com/y']);
    const names = { ...CITATIONS, url: null };
    expect(ruleOver(names, answers(times(4, 'see'), cites), answers(times(4, 'see'), () => ['https://g2.com/z']))).toMatchObject({
      measure: 'domainShare',
      name: 'g2.com',
      figure: { count: 4, n: 7 },
      change: { previous: 1 },
    });
    expect(ruleOver(names, answers(times(2, 'no sources')), answers(times(2, 'none')))).toMatchObject({ measure: 'domainShare', name: null, figure: undefined });
  });
});
