import { z } from 'zod';
import { RUN_DELTA_EXAMPLE, RUN_METRICS_EXAMPLE } from './examples';
import { computeDelta } from './delta';
import { cellsOf, computeMetrics, stability, type AnalysedAnswer, type AnalysisInput } from './metrics';
import { designEffect, wilsonInterval } from './stats';
import { MAX_LISTED_DOMAINS, RunDelta, RunMetrics, type CitationMetrics, type RankingMetrics, type SentimentMetrics } from './schemas';

let promptNo = 0;
const answer = (text: string, surface = 'chatgpt', citations: string[] = []): AnalysedAnswer => ({
  prompt: `prompt ${++promptNo}`,
  surface,
  text,
  citations: citations.map((url) => ({ url, title: null })),
});

const compare = (answers: AnalysedAnswer[], competitors = ['Beta', 'Gamma']): AnalysisInput => ({ primitive: 'compare', brand: 'Acme', competitors, url: null, answers });

describe('computeMetrics: rankings and compare', () => {
  const answers = [
    answer('1. **Acme** – best\n2. **Beta** – cheaper\n3. Gamma\n4. Delta'),
    answer('1. Beta\n2. Gamma\n3. Delta\n4. Acme'),
    answer('Acme is the usual pick; Beta is an alternative.'),
    answer('Nothing relevant here.'),
  ];
  const metrics = computeMetrics(compare(answers)) as RankingMetrics;
  const brand = (name: string) => metrics.brands.find((b) => b.name === name)!;

  it('lists the brand first, then the competitors in order', () => {
    expect(metrics.brands.map((b) => [b.name, b.role])).toEqual([
      ['Acme', 'brand'],
      ['Beta', 'competitor'],
      ['Gamma', 'competitor'],
    ]);
    expect(metrics.answers).toBe(4);
  });

  it('mentions and mentionRate: answers mentioning / analysed answers', () => {
    expect(brand('Acme').mentions).toBe(3);
    // Wilson exact 0.300642–0.954413, rounded outward.
    expect(brand('Acme').mentionRate).toEqual({ value: 0.75, count: 3, n: 4, clusters: 4, effectiveN: 4, interval: { low: 0.3006, high: 0.9545 } });
    expect(brand('Gamma').mentionRate.value).toBe(0.5);
  });

  it('averagePosition over the answers that place the name', () => {
    // Places 1, 4 and (no list) first mention 1.
    expect(brand('Acme').averagePosition).toEqual({ value: 2, n: 3 });
    // Places 2, 1 and (no list, named after Acme) 2.
    expect(brand('Beta').averagePosition).toEqual({ value: 1.67, n: 3 });
    expect(brand('Gamma').averagePosition).toEqual({ value: 2.5, n: 2 });
  });

  it('top3Rate: answers placing the name 1st–3rd / analysed answers', () => {
    expect(brand('Acme').top3Rate).toMatchObject({ count: 2, n: 4, value: 0.5 });
    expect(brand('Gamma').top3Rate).toMatchObject({ count: 2, n: 4, value: 0.5 });
  });

  it('shareOfVoice: mentioning answers / all tracked names’ mentioning answers; sums to 1', () => {
    // Acme 3, Beta 3, Gamma 2 of 8.
    expect(brand('Acme').shareOfVoice).toMatchObject({ value: 0.375, count: 3, n: 8 });
    expect(brand('Gamma').shareOfVoice).toMatchObject({ value: 0.25, count: 2, n: 8 });
    const total = metrics.brands.reduce((sum, b) => sum + b.shareOfVoice.count / b.shareOfVoice.n, 0);
    expect(total).toBeCloseTo(1, 12);
  });

  it('a name never mentioned has null position and zero rates', () => {
    const m = computeMetrics(compare(answers, ['Zeta'])) as RankingMetrics;
    const zeta = m.brands[1]!;
    expect(zeta.mentions).toBe(0);
    expect(zeta.averagePosition).toEqual({ value: null, n: 0 });
    expect(zeta.mentionRate).toEqual({ value: 0, count: 0, n: 4, clusters: 4, effectiveN: 4, interval: { low: 0, high: 0.4899 } });
    expect(zeta.shareOfVoice).toMatchObject({ value: 0, count: 0, n: 3 });
  });

  it('a rankings tracker has competitors only', () => {
    const m = computeMetrics({ primitive: 'rankings', brand: null, competitors: ['Beta'], url: null, answers }) as RankingMetrics;
    expect(m.primitive).toBe('rankings');
    expect(m.brands.map((b) => b.name)).toEqual(['Beta']);
    expect(m.brands[0]!.shareOfVoice.value).toBe(1);
  });

  it('no answers: rates without value or interval', () => {
    const m = computeMetrics(compare([])) as RankingMetrics;
    expect(m.answers).toBe(0);
    expect(m.bySurface).toEqual({});
    expect(m.brands[0]).toEqual({
      name: 'Acme',
      role: 'brand',
      mentions: 0,
      mentionRate: { value: null, count: 0, n: 0, clusters: 0, effectiveN: 0, interval: null },
      averagePosition: { value: null, n: 0 },
      positionQuartiles: null,
      top3Rate: { value: null, count: 0, n: 0, clusters: 0, effectiveN: 0, interval: null },
      shareOfVoice: { value: null, count: 0, n: 0, clusters: 0, effectiveN: 0, interval: null },
      stability: null,
    });
  });

  it('breaks the same metrics down per surface', () => {
    const m = computeMetrics(compare([answer('Acme.', 'perplexity'), answer('Beta.', 'chatgpt'), answer('Acme and Beta.', 'perplexity')])) as RankingMetrics;
    expect(Object.keys(m.bySurface)).toEqual(['chatgpt', 'perplexity']);
    expect(m.bySurface.perplexity!.answers).toBe(2);
    expect(m.bySurface.perplexity!.brands[0]!.mentionRate).toMatchObject({ count: 2, n: 2 });
    expect(m.bySurface.chatgpt!.brands[0]!.mentionRate).toMatchObject({ count: 0, n: 1 });
  });
});

describe('computeMetrics: several answers per prompt × surface cell', () => {
  /** `texts.length` samples of one prompt on one surface. */
  const cell = (prompt: string, surface: string, texts: string[]): AnalysedAnswer[] =>
    texts.map((text, i) => ({ prompt, surface, sample: i + 1, text, citations: [] }));
  const acme = (m: ReturnType<typeof computeMetrics>) => (m as RankingMetrics).brands[0]!;

  it('one answer per cell gives the figures of independent answers', () => {
    const answers = ['Acme.', 'Acme.', 'Acme.', 'Beta.'].flatMap((text, i) => cell(`p${i}`, 'chatgpt', [text]));
    // The values computeMetrics gave before cells were modelled.
    expect(acme(computeMetrics(compare(answers))).mentionRate).toEqual({ value: 0.75, count: 3, n: 4, clusters: 4, effectiveN: 4, interval: { low: 0.3006, high: 0.9545 } });
  });

  it('cells whose answers agree are worth fewer answers: a wider interval on the effective sample', () => {
    // 4 prompts asked 5 times: two cells always name Acme, two never.
    const answers = [...cell('a', 'chatgpt', Array(5).fill('Acme.')), ...cell('b', 'chatgpt', Array(5).fill('Acme.')), ...cell('c', 'chatgpt', Array(5).fill('Beta.')), ...cell('d', 'chatgpt', Array(5).fill('Beta.'))];
    const rate = acme(computeMetrics(compare(answers))).mentionRate;
    // Residuals 4 · 2.5² = 25; cluster variance 25 / (4 · 3) / 5² = 1/12; independent 0.25 / 19: deff 19/3.
    const deff = designEffect([5, 5, 0, 0], [5, 5, 5, 5]);
    expect(deff).toBeCloseTo(19 / 3, 10);
    expect(rate).toEqual({ value: 0.5, count: 10, n: 20, clusters: 4, effectiveN: 3.16, interval: wilsonInterval(10 / deff, 20 / deff) });
    const independent = wilsonInterval(10, 20)!;
    expect(rate.interval!.low).toBeLessThan(independent.low);
    expect(rate.interval!.high).toBeGreaterThan(independent.high);
  });

  it('one cell of 5 identical answers among cells of one widens the interval', () => {
    const singles = ['Acme.', 'Acme.', 'Acme.', 'Acme.', 'Beta.', 'Beta.', 'Beta.', 'Beta.', 'Beta.'].flatMap((text, i) => cell(`p${i}`, 'chatgpt', [text]));
    const rate = acme(computeMetrics(compare([...singles, ...cell('repeated', 'chatgpt', Array(5).fill('Acme.'))]))).mentionRate;
    expect(rate).toMatchObject({ count: 9, n: 14, clusters: 10 });
    expect(rate.effectiveN).toBeLessThan(14);
    const independent = wilsonInterval(9, 14)!;
    expect(rate.interval!.high - rate.interval!.low).toBeGreaterThan(independent.high - independent.low);
  });

  it('a cell is a prompt on a surface, whatever the sample: the same prompt on two surfaces is two cells', () => {
    expect(cellsOf([{ prompt: 'a', surface: 'x' }, { prompt: 'a', surface: 'y' }, { prompt: 'a', surface: 'x' }, { prompt: 'b', surface: 'x' }])).toEqual({ of: [0, 1, 0, 2], count: 3 });
    const m = computeMetrics(compare([...cell('a', 'chatgpt', ['Acme.', 'Acme.']), ...cell('a', 'gemini', ['Acme.'])]));
    expect(acme(m).mentionRate).toMatchObject({ n: 3, clusters: 2 });
    expect((m as RankingMetrics).bySurface.chatgpt!.brands[0]!.mentionRate).toMatchObject({ n: 2, clusters: 1 });
  });

  it('shares sum their units within a cell; every cell of the group is a cluster', () => {
    const answers = [...cell('a', 'chatgpt', ['Acme and Beta.', 'Acme.']), ...cell('b', 'chatgpt', ['Gamma.', 'Nothing.'])];
    expect(acme(computeMetrics(compare(answers))).shareOfVoice).toMatchObject({ count: 2, n: 4, clusters: 2 });
  });

  it('sentiment rates are over the cells with a mentioning answer', () => {
    const answers = [...cell('a', 'chatgpt', ['Acme is excellent.', 'Acme is buggy.', 'Beta.']), ...cell('b', 'chatgpt', ['Beta is great.']), ...cell('c', 'chatgpt', ['Acme is reliable.'])];
    const m = computeMetrics({ primitive: 'sentiment', brand: 'Acme', competitors: [], url: null, answers }) as SentimentMetrics;
    expect(m.positiveRate).toMatchObject({ count: 2, n: 3, clusters: 2 });
  });

  it('stability: over cells with at least 2 answers, those that agree on the mention; null when none has 2', () => {
    const answers = [
      ...cell('all', 'chatgpt', ['Acme.', 'Acme.', 'Acme.']),
      ...cell('split', 'chatgpt', ['Acme.', 'Beta.', 'Acme.']),
      ...cell('none', 'gemini', ['Beta.', 'Beta.']),
      ...cell('single', 'gemini', ['Acme.']),
    ];
    const m = computeMetrics(compare(answers)) as RankingMetrics;
    expect(m.brands[0]!.stability).toEqual({ cells: 3, agreeing: 2, rate: 0.6667, interval: wilsonInterval(2, 3) });
    // Beta: named in every answer of 'none', in one of 'split', in none of 'all'.
    expect(m.brands[1]!.stability).toMatchObject({ cells: 3, agreeing: 2 });
    expect(m.bySurface.gemini!.brands[0]!.stability).toMatchObject({ cells: 1, agreeing: 1, rate: 1 });
    expect(stability([1, 0], [1, 1])).toBeNull();
  });

  it('stability of a sentiment run: whether the brand is mentioned, over the same cells', () => {
    const answers = [...cell('all', 'chatgpt', ['Acme is great.', 'Acme is fine.']), ...cell('split', 'chatgpt', ['Acme is good.', 'Beta is good.'])];
    const m = computeMetrics({ primitive: 'sentiment', brand: 'Acme', competitors: [], url: null, answers }) as SentimentMetrics;
    expect(m.stability).toMatchObject({ cells: 2, agreeing: 1, rate: 0.5 });
    expect((computeMetrics({ primitive: 'sentiment', brand: 'Acme', competitors: [], url: null, answers: cell('one', 'chatgpt', ['Acme.']) }) as SentimentMetrics).stability).toBeNull();
  });

  it('positionQuartiles over the placing answers (type 7), null when none places the name', () => {
    const lists = ['1. Acme\n2. Beta', '1. Beta\n2. Acme', '1. Beta\n2. Gamma\n3. Delta\n4. Acme', '1. Beta\n2. Gamma\n3. Delta\n4. Zeta\n5. Acme'];
    const m = computeMetrics(compare(cell('a', 'chatgpt', lists), ['Beta', 'Gamma', 'Delta', 'Zeta', 'Omega'])) as RankingMetrics;
    // Places 1, 2, 4, 5.
    expect(m.brands[0]!.positionQuartiles).toEqual({ p25: 1.75, median: 3, p75: 4.25 });
    expect(m.brands[5]!.positionQuartiles).toBeNull();
  });
});

describe('computeMetrics: citations', () => {
  const input = (url: string | null, answers: AnalysedAnswer[]): AnalysisInput => ({ primitive: 'citations', brand: null, competitors: [], url, answers });
  const answers = [
    answer('a', 'chatgpt', ['https://www.acme.com/pricing?utm_source=chatgpt.com', 'https://blog.acme.com/post', 'https://review.co.uk/acme']),
    // The same page twice in one answer (http and https, a fragment) counts once.
    answer('b', 'perplexity', ['http://acme.com/pricing/', 'https://acme.com/pricing#plans', 'https://news.review.co.uk/x']),
    answer('c', 'perplexity', ['https://other.org/', 'not a url']),
    answer('d', 'gemini', []),
  ];
  const metrics = computeMetrics(input('https://ACME.com/pricing/', answers)) as CitationMetrics;

  it('counts distinct normalised URLs per answer, grouped by registrable domain, most cited first', () => {
    expect(metrics.citations).toBe(6);
    expect(metrics.domains.map((d) => [d.domain, d.citations])).toEqual([
      ['acme.com', 3],
      ['review.co.uk', 2],
      ['other.org', 1],
    ]);
  });

  it("counts a Gemini grounding redirect for the publisher its title names, not google.com", () => {
    const redirect = (id: string) => `https://vertexaisearch.cloud.google.com/grounding-api-redirect/${id}`;
    const grounded: AnalysedAnswer = { prompt: 'a', surface: 'gemini', text: 'text', citations: [{ url: redirect('x1'), title: 'tradingview.com' }, { url: redirect('x2'), title: 'investopedia.com' }, { url: redirect('x3'), title: 'www.tradingview.com' }] };
    const gemini = computeMetrics(input(null, [grounded])) as CitationMetrics;
    expect(gemini.domains.map((d) => [d.domain, d.citations])).toEqual([
      ['tradingview.com', 2],
      ['investopedia.com', 1],
    ]);
  });

  it("share: the domain's citations / all citations, interval on the effective sample", () => {
    const acme = metrics.domains[0]!.share;
    expect(acme).toMatchObject({ value: 0.5, count: 3, n: 6 });
    expect(acme.effectiveN).toBeGreaterThan(0);
    expect(acme.effectiveN).toBeLessThanOrEqual(6);
    expect(acme.interval!.low).toBeLessThan(0.5);
    expect(acme.interval!.high).toBeGreaterThan(0.5);
  });

  it('urlCitedRate compares normalised URLs, http and https alike', () => {
    expect(metrics.url).toBe('https://acme.com/pricing');
    expect(metrics.urlCitedRate).toMatchObject({ count: 2, n: 4, value: 0.5 });
  });

  it("domainCitedRate counts answers citing any page of the URL's site", () => {
    expect(metrics.domainCitedRate).toMatchObject({ count: 2, n: 4 });
  });

  it('without a URL both are null', () => {
    const m = computeMetrics(input(null, answers)) as CitationMetrics;
    expect(m.url).toBeNull();
    expect(m.urlCitedRate).toBeNull();
    expect(m.domainCitedRate).toBeNull();
  });

  it('rejects a tracked URL that is not absolute http(s)', () => {
    expect(() => computeMetrics(input('acme.com', answers))).toThrow(RangeError);
  });

  it(`lists the ${MAX_LISTED_DOMAINS} most cited domains and counts the others together`, () => {
    // Domain i is cited by i + 1 answers, so domains 39 down to 15 are the most cited.
    const many = Array.from({ length: 40 }, (_, i) => answer('', 'chatgpt', Array.from({ length: 40 - i }, (_, j) => `https://d${39 - j}.example/`)));
    const m = computeMetrics(input(null, many)) as CitationMetrics;
    expect(m.domains.map((d) => d.domain)).toEqual(Array.from({ length: MAX_LISTED_DOMAINS }, (_, k) => `d${39 - k}.example`));
    expect(m.unlistedDomains).toEqual({ domains: 15, citations: (15 * 16) / 2 });
    expect(metrics.unlistedDomains).toEqual({ domains: 0, citations: 0 });
  });

  it('per surface', () => {
    expect(metrics.bySurface.perplexity).toMatchObject({ answers: 2, citations: 3 });
    expect(metrics.bySurface.gemini).toMatchObject({ answers: 1, citations: 0, domains: [] });
  });
});

describe('computeMetrics: sentiment', () => {
  const input = (answers: AnalysedAnswer[]): AnalysisInput => ({ primitive: 'sentiment', brand: 'Acme', competitors: [], url: null, answers });
  const answers = [
    answer('Acme is excellent.'),
    answer('Acme is reliable and fast.'),
    answer('Acme is buggy.'),
    answer('Acme was founded in 2010.'),
    answer('Beta is great.'),
  ];
  const metrics = computeMetrics(input(answers)) as SentimentMetrics;

  it('rates over the answers that mention the brand', () => {
    expect(metrics).toMatchObject({ primitive: 'sentiment', brand: 'Acme', answers: 5, mentions: 4 });
    expect(metrics.positiveRate).toMatchObject({ count: 2, n: 4, value: 0.5 });
    expect(metrics.neutralRate).toMatchObject({ count: 1, n: 4, value: 0.25 });
    expect(metrics.negativeRate).toMatchObject({ count: 1, n: 4, value: 0.25 });
  });

  it('netSentiment = positiveRate − negativeRate', () => {
    expect(metrics.netSentiment).toEqual({ value: 0.25, n: 4 });
  });

  it('no mentions: no values', () => {
    const m = computeMetrics(input([answer('Beta is great.')])) as SentimentMetrics;
    expect(m.mentions).toBe(0);
    expect(m.positiveRate).toEqual({ value: null, count: 0, n: 0, clusters: 0, effectiveN: 0, interval: null });
    expect(m.netSentiment).toEqual({ value: null, n: 0 });
  });

  it('needs a brand', () => {
    expect(() => computeMetrics({ ...input(answers), brand: null })).toThrow(RangeError);
  });
});

describe('computeMetrics on a 256 KiB answer of adversarial shape', () => {
  const size = 256 * 1024;
  const spaces = ' '.repeat(32 * 1024);
  const text = [
    '1. **Acme** – the best pick',
    `## ${spaces}\u2028Beta\u2028`, // spaces, then a line separator the list patterns cannot cross
    `Beta is slow${'.'.repeat(32 * 1024)}x.`, // periods no space follows
    `${'e.g. '.repeat(8 * 1024)}Beta is fine.`, // abbreviations that end no sentence
    ...Array.from({ length: 150 }, (_, depth) => `${' '.repeat(depth)}- detail`), // deep nesting
  ]
    .join('\n')
    .padEnd(size, ' Acme is good.'); // thousands of sentences naming the brand
  const citations = [`https://acme.com/pricing${'/'.repeat(size)}`, `https://acme.com/${'/'.repeat(size)}x`];
  const analysed = [answer(text, 'chatgpt', citations)];

  it('rankings and compare: Acme is mentioned and first in the list, Beta only mentioned', () => {
    const metrics = computeMetrics(compare(analysed, ['Beta'])) as RankingMetrics;
    expect(metrics.brands.map((b) => [b.name, b.mentions, b.averagePosition.value])).toEqual([
      ['Acme', 1, 1],
      ['Beta', 1, null],
    ]);
  });

  it('citations: the tracked page is cited, once, among two pages of acme.com', () => {
    const metrics = computeMetrics({ primitive: 'citations', brand: null, competitors: [], url: 'https://acme.com/pricing', answers: analysed }) as CitationMetrics;
    expect(metrics).toMatchObject({ citations: 2, domains: [{ domain: 'acme.com', citations: 2 }], urlCitedRate: { count: 1, n: 1 } });
  });

  it('sentiment: positive for Acme', () => {
    const metrics = computeMetrics({ primitive: 'sentiment', brand: 'Acme', competitors: [], url: null, answers: analysed }) as SentimentMetrics;
    expect(metrics).toMatchObject({ mentions: 1, positiveRate: { count: 1, n: 1 } });
  });
});

describe('schemas', () => {
  it('every primitive’s metrics parse as RunMetrics', () => {
    const answers = [answer('1. Acme is great\n2. Beta', 'chatgpt', ['https://acme.com/x']), answer('Beta is slow.', 'gemini')];
    for (const primitive of ['rankings', 'compare', 'citations', 'sentiment'] as const) {
      const metrics = computeMetrics({ primitive, brand: primitive === 'rankings' ? null : 'Acme', competitors: ['Beta'], url: 'https://acme.com/x', answers });
      expect(RunMetrics.parse(metrics)).toEqual(metrics);
    }
  });

  it('the documented examples are real output and valid', () => {
    const run = (texts: string[]): AnalysisInput => ({
      primitive: 'compare',
      brand: 'Acme',
      competitors: ['Beta'],
      url: null,
      answers: texts.map((text) => answer(text)),
    });
    const current = computeMetrics(run([...Array(6).fill('1. **Acme** – reliable\n2. **Beta** – cheaper'), ...Array(3).fill('1. Beta\n2. Gamma\n3. Acme'), ...Array(3).fill('Beta is a common choice.')]));
    const previous = computeMetrics(run([...Array(4).fill('1. Beta\n2. Acme'), ...Array(8).fill('Beta is a common choice.')]));
    expect(current).toEqual(RUN_METRICS_EXAMPLE);
    // The runner adds the previous run's id, which the metrics do not know.
    expect({ ...computeDelta(current, previous), previousRunId: RUN_DELTA_EXAMPLE.previousRunId }).toEqual(RUN_DELTA_EXAMPLE);
    expect(RunMetrics.parse(RUN_METRICS_EXAMPLE)).toEqual(RUN_METRICS_EXAMPLE);
    expect(RunDelta.parse(RUN_DELTA_EXAMPLE)).toEqual(RUN_DELTA_EXAMPLE);
  });

  it('convert to JSON Schema for OpenAPI, with their ids and examples', () => {
    const metrics = z.toJSONSchema(RunMetrics) as { $defs: Record<string, { example?: unknown }> };
    const delta = z.toJSONSchema(RunDelta) as { $defs: Record<string, { example?: unknown }> };
    expect(metrics.$defs.RunMetrics!.example).toEqual(RUN_METRICS_EXAMPLE);
    expect(delta.$defs.RunDelta!.example).toEqual(RUN_DELTA_EXAMPLE);
    expect(Object.keys(metrics.$defs)).toEqual(expect.arrayContaining(['MetricRate', 'MetricShare', 'ConfidenceInterval', 'BrandMetrics']));
  });

  it('parses metrics stored before cells were modelled, without their fields', () => {
    const old = structuredClone(RUN_METRICS_EXAMPLE) as { brands: Record<string, unknown>[] };
    for (const brand of old.brands) {
      delete brand.stability;
      delete brand.positionQuartiles;
      for (const key of ['mentionRate', 'top3Rate', 'shareOfVoice']) {
        const figure = brand[key] as Record<string, unknown>;
        delete figure.clusters;
        if (key !== 'shareOfVoice') delete figure.effectiveN;
      }
    }
    expect(RunMetrics.safeParse(old).success).toBe(true);
  });

  it('rejects a rate outside 0..1', () => {
    const bad = structuredClone(RUN_METRICS_EXAMPLE);
    bad.brands[0]!.mentionRate.value = 1.2;
    expect(RunMetrics.safeParse(bad).success).toBe(false);
  });
});
