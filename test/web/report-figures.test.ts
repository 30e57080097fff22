import { computeMetrics, headlineRule, headlineSubjectOf } from '@brandradar/analysis';
import type { Run } from '@brandradar/contracts';
import { measuresFor } from '../../packages/web/src/measures';
import { changeInShort, headlineOf, nameFigures, ranked } from '../../packages/web/src/report-figures';

// The report's first screen reads its figures with packages/web/src/report-figures.ts, in node: the
// headline is the overview's (the analysis package's rule, which the browser cannot load), names
// rank best first, and every change gets its verdict in words. Hostile names: user data is never a key.
const NAMES = ['__proto__', 'constructor', '🦄 Unicorn CRM', '$x'];
const answers = [
  { prompt: 'Best CRM?', surface: 'chatgpt' as const, text: '1. constructor\n2. __proto__\n3. 🦄 Unicorn CRM', citations: [{ url: 'https://b.example/x', title: null }, { url: 'https://a.example/y', title: null }, { url: 'https://b.example/z', title: null }] },
  { prompt: 'Best CRM?', surface: 'perplexity' as const, text: 'constructor leads; __proto__ follows.', citations: [{ url: 'https://b.example/w', title: null }] },
  { prompt: 'Top CRM?', surface: 'chatgpt' as const, text: 'constructor is great; $x too.', citations: [] },
  { prompt: 'Top CRM?', surface: 'perplexity' as const, text: 'Only constructor.', citations: [] },
];
const metricsOf = (primitive: Run['primitive'], url: string | null = null) =>
  computeMetrics({ primitive, brand: primitive === 'compare' || primitive === 'sentiment' ? NAMES[0]! : null, competitors: primitive === 'compare' || primitive === 'rankings' ? NAMES.slice(primitive === 'compare' ? 1 : 0) : [], url, answers });

describe('the headline of the report', () => {
  const cases: Array<{ primitive: Run['primitive']; url: string | null }> = [
    { primitive: 'compare', url: null },
    { primitive: 'rankings', url: null },
    { primitive: 'sentiment', url: null },
    { primitive: 'citations', url: null },
    { primitive: 'citations', url: 'https://a.example/y' },
  ];
  it.each(cases)('is the overview’s for a $primitive tracker (url $url)', ({ primitive, url }) => {
    const metrics = metricsOf(primitive, url);
    const rule = headlineRule(headlineSubjectOf(metrics), metrics);
    expect(headlineOf(metrics)).toEqual({ measure: rule.measure, name: rule.name });
  });

  it('leads a rankings tracker with the name of the largest share of voice, not the first listed', () => {
    const metrics = metricsOf('rankings');
    expect(metrics.primitive === 'rankings' && metrics.brands[0]!.name).toBe('__proto__');
    expect(headlineOf(metrics).name).toBe('constructor');
  });
});

describe('the ranked names', () => {
  const run = (primitive: Run['primitive']) => ({ metrics: metricsOf(primitive), delta: null, samplesPerPrompt: 1 }) as unknown as Run & { metrics: NonNullable<Run['metrics']> };

  it('puts the highest rate first and the names without a value last', () => {
    const share = measuresFor('compare').find((m) => m.id === 'shareOfVoice')!;
    const names = ranked(share, nameFigures(share, run('compare'))).map((f) => [f.name, f.stat.value]);
    expect(names.slice(0, 2).map(([name]) => name)).toEqual(['constructor', '__proto__']);
    const values = names.map(([, v]) => v as number);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expect(names).toHaveLength(NAMES.length);
  });

  it('puts the best (lowest) list place first, and a name no answer places last', () => {
    const position = measuresFor('rankings').find((m) => m.id === 'averagePosition')!;
    const figures = nameFigures(position, run('rankings'));
    // A name no answer places: its average place is null.
    const unplaced = { ...figures[0]!, name: 'nobody', stat: { ...figures[0]!.stat, value: null } };
    const order = ranked(position, [unplaced, ...figures]);
    expect(order[0]!.name).toBe('constructor');
    expect(order.at(-1)!.name).toBe('nobody');
    const places = order.flatMap((f) => (f.stat.value === null ? [] : [f.stat.value]));
    expect([...places].sort((a, b) => a - b)).toEqual(places);
  });

  it('pairs a one-name measure’s change with its figure whatever each calls the name', () => {
    const positive = measuresFor('sentiment')[0]!;
    const change = { current: 0.5, previous: 0.25, change: 25, insufficientSample: false, pValue: 0.01, significant: true };
    const withDelta = { ...run('sentiment'), delta: { primitive: 'sentiment', positiveRate: change } } as unknown as Run & { metrics: NonNullable<Run['metrics']> };
    expect(nameFigures(positive, withDelta).map((f) => [f.name, f.change])).toEqual([['__proto__', change]]);
  });
});

describe('a change in short', () => {
  const rate = measuresFor('compare')[0]!;
  const position = measuresFor('compare').find((m) => m.kind === 'position')!;
  const change = (over: object) => ({ current: 0.4, previous: 0.3, change: 10, insufficientSample: false, pValue: 0.2, significant: false, ...over });

  it('says its verdict in words, in percentage points for a rate', () => {
    expect(changeInShort(rate, change({ significant: true, pValue: 0.001 }))).toEqual({ amount: '+10.0 pp', verdict: 'significant' });
    expect(changeInShort(rate, change({ change: -5.77 }))).toEqual({ amount: '−5.8 pp', verdict: 'within noise' });
    expect(changeInShort(rate, change({ change: null, insufficientSample: true }))).toEqual({ amount: '—', verdict: 'too few answers' });
    expect(changeInShort(rate, change({ change: null }))).toEqual({ amount: '—', verdict: 'not comparable' });
    expect(changeInShort(rate, undefined)).toEqual({ amount: '—', verdict: 'not comparable' });
  });

  it('has no verdict of significance for a measure without a test', () => {
    expect(changeInShort(position, change({ change: -0.5, significant: null, pValue: null }))).toEqual({ amount: '−0.50', verdict: 'no test' });
  });
});
