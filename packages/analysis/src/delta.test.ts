import { computeDelta } from './delta';
import { computeMetrics, type AnalysedAnswer } from './metrics';
import { CAUSATION_NOTE, MAX_LISTED_DOMAINS, RunDelta, RunMetrics, type CitationDelta, type RankingDelta, type RankingMetrics, type SentimentDelta } from './schemas';
import { clusteredTwoProportionPValue, fisherExactPValue, reportedPValue } from './stats';

// Each answer to its own prompt: one answer per prompt × surface cell, as before prompts were asked repeatedly.
let promptNo = 0;
const answer = (text: string, surface = 'chatgpt', citations: string[] = []): AnalysedAnswer => ({
  prompt: `prompt ${++promptNo}`,
  surface,
  text,
  citations: citations.map((url) => ({ url, title: null })),
});
const repeat = (n: number, text: string, surface?: string) => Array.from({ length: n }, () => answer(text, surface));

/** A compare run of `n` answers, `k` of which name Acme (first) and all name Beta. */
const compareRun = (k: number, n: number, competitors = ['Beta'], surface?: string): RunMetrics =>
  computeMetrics({
    primitive: 'compare',
    brand: 'Acme',
    competitors,
    url: null,
    answers: [...repeat(k, '1. Acme\n2. Beta', surface), ...repeat(n - k, 'Only Beta.', surface)],
  });

const rankingDelta = (current: RunMetrics, previous: RunMetrics) => {
  const delta = computeDelta(current, previous) as RankingDelta;
  expect(RunDelta.parse(delta)).toEqual(delta);
  return delta;
};

describe('computeDelta', () => {
  it('always carries the note that changes do not establish cause, and the rule it applied', () => {
    const delta = rankingDelta(compareRun(1, 3), compareRun(1, 3));
    expect(delta.note).toBe(CAUSATION_NOTE);
    expect(CAUSATION_NOTE).toBe('Changes between runs do not establish cause.');
    expect(delta).toMatchObject({ minimumAnswers: 10, significanceLevel: 0.05 });
  });

  describe.each<[current: number, previous: number, given: boolean]>([
    [9, 9, false],
    [9, 10, false],
    [10, 9, false],
    [10, 10, true],
    [30, 10, true],
    [10, 30, true],
  ])('with %i answers now and %i before', (currentN, previousN, given) => {
    const delta = rankingDelta(compareRun(5, currentN), compareRun(2, previousN));
    const acme = delta.brands[0]!;

    it(given ? 'gives the percentage-point changes' : 'withholds the percentage-point changes', () => {
      for (const change of [acme.mentionRate, acme.top3Rate, acme.shareOfVoice]) {
        expect(change.insufficientSample).toBe(!given);
        expect(change.change === null).toBe(!given);
        expect(change.pValue === null).toBe(!given);
        expect(change.significant === null).toBe(!given);
      }
    });

    it('always gives the values and the integer count changes', () => {
      expect(acme.mentionRate.current).toBeCloseTo(5 / currentN, 4);
      expect(acme.mentionRate.previous).toBeCloseTo(2 / previousN, 4);
      expect(acme.mentions).toEqual({ current: 5, previous: 2, change: 3 });
      expect(delta.answers).toEqual({ current: currentN, previous: previousN, change: currentN - previousN });
    });
  });

  it('computes the change in percentage points from the exact counts', () => {
    const acme = rankingDelta(compareRun(7, 12), compareRun(1, 12)).brands[0]!;
    // 7/12 − 1/12 = 50 points exactly, though the published values are 0.5833 and 0.0833.
    expect(acme.mentionRate).toEqual({
      current: 0.5833,
      previous: 0.0833,
      change: 50,
      insufficientSample: false,
      pValue: 0.0272,
      significant: true,
    });
    expect(acme.mentionRate.pValue).toBeCloseTo(fisherExactPValue(7, 12, 1, 12), 4);
  });

  describe('with several answers per prompt × surface cell', () => {
    /** `cells` prompts asked `samples` times on one surface; the first `mentioning` cells name Acme in every answer. */
    const sampledRun = (mentioning: number, cells: number, samples: number): RankingMetrics =>
      computeMetrics({
        primitive: 'compare',
        brand: 'Acme',
        competitors: ['Beta'],
        url: null,
        answers: Array.from({ length: cells }, (_, c) =>
          Array.from({ length: samples }, (_, s): AnalysedAnswer => ({ prompt: `q${c}`, surface: 'chatgpt', sample: s + 1, text: c < mentioning ? 'Acme and Beta.' : 'Beta.', citations: [] })),
        ).flat(),
      }) as RankingMetrics;

    it('tests on the effective samples when answers of a cell agree, so a change of clustered answers weighs less', () => {
      const current = sampledRun(14, 20, 3);
      const previous = sampledRun(7, 20, 3);
      const [now, before] = [current.brands[0]!.mentionRate, previous.brands[0]!.mentionRate];
      expect(now.effectiveN).toBeLessThan(now.n);
      const acme = rankingDelta(current, previous).brands[0]!.mentionRate;
      const expected = clusteredTwoProportionPValue(
        { count: now.count, n: now.n, effectiveN: now.effectiveN!, clusters: now.clusters! },
        { count: before.count, n: before.n, effectiveN: before.effectiveN!, clusters: before.clusters! },
      );
      expect(acme.pValue).toBeCloseTo(expected, 4);
      // 42 of 60 against 21 of 60 answers would be far more significant as independent answers.
      expect(fisherExactPValue(42, 60, 21, 60)).toBeLessThan(0.001);
      expect(acme.pValue!).toBeGreaterThan(0.01);
    });

    it('keeps Fisher’s exact test while both design effects are 1, whatever the samples per cell', () => {
      // Cells of two answers that always disagree: no more alike than independent answers (deff floored at 1).
      const split = (mentioning: number) =>
        computeMetrics({
          primitive: 'compare',
          brand: 'Acme',
          competitors: ['Beta'],
          url: null,
          answers: Array.from({ length: 10 }, (_, c) => [
            { prompt: `q${c}`, surface: 'chatgpt', sample: 1, text: c < mentioning ? 'Acme.' : 'Beta.', citations: [] },
            { prompt: `q${c}`, surface: 'chatgpt', sample: 2, text: 'Beta.', citations: [] },
          ]).flat(),
        });
      const current = split(8);
      expect((current as RankingMetrics).brands[0]!.mentionRate).toMatchObject({ n: 20, clusters: 10, effectiveN: 20 });
      expect(rankingDelta(current, split(2)).brands[0]!.mentionRate.pValue).toBe(reportedPValue(fisherExactPValue(8, 20, 2, 20)));
    });

    it('the minimum sample counts answers, not cells', () => {
      const acme = rankingDelta(sampledRun(3, 4, 3), sampledRun(1, 4, 3)).brands[0]!;
      expect(acme.mentionRate).toMatchObject({ insufficientSample: false, change: 50 });
    });

    it('reads metrics stored without clusters and effective samples as one answer per cell', () => {
      const stripped = (metrics: RunMetrics) => {
        const old = structuredClone(metrics) as RankingMetrics;
        for (const group of [old, ...Object.values(old.bySurface)]) {
          for (const brand of group.brands) {
            for (const rate of [brand.mentionRate, brand.top3Rate]) {
              delete rate.clusters;
              delete rate.effectiveN;
            }
            delete brand.stability;
            delete brand.positionQuartiles;
          }
        }
        return RunMetrics.parse(old);
      };
      // One answer per cell: the stored fields say nothing the delta did not assume.
      expect(computeDelta(stripped(compareRun(7, 12)), stripped(compareRun(1, 12)))).toEqual(computeDelta(compareRun(7, 12), compareRun(1, 12)));
      // An old previous run against a clustered current one: the old one counts as n cells of one answer.
      const current = sampledRun(14, 20, 3);
      const old = stripped(compareRun(21, 60));
      const mixed = rankingDelta(current, old).brands[0]!.mentionRate;
      const now = current.brands[0]!.mentionRate;
      expect(mixed.pValue).toBeCloseTo(
        clusteredTwoProportionPValue({ count: 42, n: 60, effectiveN: now.effectiveN!, clusters: 20 }, { count: 21, n: 60, effectiveN: 60, clusters: 60 }),
        4,
      );
    });
  });

  it('does not call a small change significant', () => {
    const acme = rankingDelta(compareRun(6, 12), compareRun(5, 12)).brands[0]!;
    expect(acme.mentionRate.change).toBeCloseTo(8.33, 2);
    expect(acme.mentionRate.significant).toBe(false);
    expect(acme.mentionRate.pValue).toBe(1);
  });

  it('averagePosition needs 10 placing answers in each run, and has no test', () => {
    const run = (acmeFirst: number, acmeSecond: number, n: number) =>
      computeMetrics({
        primitive: 'compare',
        brand: 'Acme',
        competitors: ['Beta'],
        url: null,
        answers: [...repeat(acmeFirst, '1. Acme\n2. Beta'), ...repeat(acmeSecond, '1. Beta\n2. Acme'), ...repeat(n - acmeFirst - acmeSecond, 'Beta.')],
      });
    // 9 of 20 answers place Acme now: too few placements, although 20 answers.
    expect(rankingDelta(run(9, 0, 20), run(10, 0, 20)).brands[0]!.averagePosition).toEqual({ current: 1, previous: 1, change: null, insufficientSample: true });
    expect(rankingDelta(run(5, 5, 20), run(10, 0, 20)).brands[0]!.averagePosition).toEqual({ current: 1.5, previous: 1, change: 0.5, insufficientSample: false });
  });

  it('a brand missing from one run: measured as zero, so rates change; its position cannot', () => {
    const acme = rankingDelta(compareRun(6, 12), compareRun(0, 12)).brands[0]!;
    expect(acme.presence).toBe('both');
    expect(acme.mentions).toEqual({ current: 6, previous: 0, change: 6 });
    expect(acme.mentionRate).toMatchObject({ current: 0.5, previous: 0, change: 50, insufficientSample: false });
    expect(acme.shareOfVoice).toMatchObject({ previous: 0, insufficientSample: false });
    expect(acme.averagePosition).toEqual({ current: 1, previous: null, change: null, insufficientSample: true });
  });

  it('a new competitor has values but no changes, and a dropped one is kept with its old values', () => {
    const delta = rankingDelta(compareRun(6, 12, ['Beta', 'Gamma']), compareRun(6, 12, ['Beta', 'Delta']));
    expect(delta.brands.map((b) => [b.name, b.presence])).toEqual([
      ['Acme', 'both'],
      ['Beta', 'both'],
      ['Gamma', 'current'],
      ['Delta', 'previous'],
    ]);
    const gamma = delta.brands[2]!;
    expect(gamma.mentions).toEqual({ current: 0, previous: null, change: null });
    expect(gamma.mentionRate).toEqual({ current: 0, previous: null, change: null, insufficientSample: false, pValue: null, significant: null });
    expect(gamma.averagePosition).toEqual({ current: null, previous: null, change: null, insufficientSample: false });
    expect(delta.brands[3]!.mentionRate).toMatchObject({ current: null, previous: 0, change: null });
  });

  it('matches names across runs regardless of case and accents', () => {
    const delta = rankingDelta(compareRun(6, 12, ['BETA']), compareRun(6, 12, ['Béta']));
    expect(delta.brands.map((b) => [b.name, b.presence])).toEqual([
      ['Acme', 'both'],
      ['BETA', 'both'],
    ]);
  });

  it('compares surfaces; a surface that answered in one run only counts as no answers in the other', () => {
    const current = computeMetrics({
      primitive: 'compare',
      brand: 'Acme',
      competitors: ['Beta'],
      url: null,
      answers: [...repeat(10, '1. Acme\n2. Beta', 'chatgpt'), ...repeat(10, 'Acme.', 'gemini')],
    });
    const previous = computeMetrics({ primitive: 'compare', brand: 'Acme', competitors: ['Beta'], url: null, answers: repeat(10, 'Beta.', 'chatgpt') });
    const delta = rankingDelta(current, previous);
    expect(Object.keys(delta.bySurface)).toEqual(['chatgpt', 'gemini']);
    expect(delta.bySurface.chatgpt!.brands[0]!.mentionRate).toMatchObject({ current: 1, previous: 0, change: 100, significant: true });
    const gemini = delta.bySurface.gemini!;
    expect(gemini.answers).toEqual({ current: 10, previous: 0, change: 10 });
    expect(gemini.brands[0]!.presence).toBe('both');
    expect(gemini.brands[0]!.mentions).toEqual({ current: 10, previous: 0, change: 10 });
    expect(gemini.brands[0]!.mentionRate).toMatchObject({ current: 1, previous: null, change: null, insufficientSample: true });
  });

  it('refuses to compare runs of different primitives', () => {
    const rankings = computeMetrics({ primitive: 'rankings', brand: null, competitors: ['Beta'], url: null, answers: [] });
    expect(() => computeDelta(compareRun(1, 1), rankings)).toThrow(RangeError);
  });

  describe('sentiment', () => {
    const run = (positive: number, negative: number, other: number) =>
      computeMetrics({
        primitive: 'sentiment',
        brand: 'Acme',
        competitors: [],
        url: null,
        answers: [...repeat(positive, 'Acme is excellent.'), ...repeat(negative, 'Acme is buggy.'), ...repeat(other, 'Beta is fine.')],
      });
    const sentimentDelta = (current: RunMetrics, previous: RunMetrics) => {
      const delta = computeDelta(current, previous) as SentimentDelta;
      expect(RunDelta.parse(delta)).toEqual(delta);
      return delta;
    };

    it('needs 10 mentioning answers in each run, not just 10 analysed answers', () => {
      // 20 analysed answers each, but only 9 mention Acme now.
      const delta = sentimentDelta(run(6, 3, 11), run(5, 5, 10));
      expect(delta.answers).toEqual({ current: 20, previous: 20, change: 0 });
      expect(delta.mentions).toEqual({ current: 9, previous: 10, change: -1 });
      expect(delta.positiveRate).toMatchObject({ change: null, insufficientSample: true });
      expect(delta.netSentiment).toEqual({ current: 0.3333, previous: 0, change: null, insufficientSample: true });
    });

    it('gives changes from 10 mentioning answers in each run', () => {
      const delta = sentimentDelta(run(8, 2, 0), run(5, 5, 0));
      expect(delta.positiveRate).toMatchObject({ current: 0.8, previous: 0.5, change: 30, insufficientSample: false });
      expect(delta.negativeRate).toMatchObject({ current: 0.2, previous: 0.5, change: -30 });
      expect(delta.neutralRate).toMatchObject({ current: 0, previous: 0, change: 0, pValue: 1 });
      expect(delta.netSentiment).toEqual({ current: 0.6, previous: 0, change: 0.6, insufficientSample: false });
    });
  });

  describe('citations', () => {
    const run = (answers: AnalysedAnswer[], url: string | null = 'https://acme.com/') =>
      computeMetrics({ primitive: 'citations', brand: null, competitors: [], url, answers });
    const cite = (n: number, urls: string[]) => Array.from({ length: n }, () => answer('', 'perplexity', urls));
    const citationDelta = (current: RunMetrics, previous: RunMetrics) => {
      const delta = computeDelta(current, previous) as CitationDelta;
      expect(RunDelta.parse(delta)).toEqual(delta);
      return delta;
    };

    it('a domain cited in one run only counts as cited 0 times in the other', () => {
      const delta = citationDelta(run(cite(10, ['https://acme.com/', 'https://new.org/a'])), run(cite(10, ['https://acme.com/', 'https://old.org/a'])));
      expect(delta.domains.map((d) => d.domain)).toEqual(['acme.com', 'new.org', 'old.org']);
      const added = delta.domains[1]!;
      expect(added.citations).toEqual({ current: 10, previous: 0, change: 10 });
      expect(added.share).toMatchObject({ current: 0.5, previous: 0, change: 50, insufficientSample: false, significant: true });
      expect(delta.domains[2]!.share).toMatchObject({ current: 0, previous: 0.5, change: -50 });
      expect(delta.urlCitedRate).toMatchObject({ current: 1, previous: 1, change: 0 });
      expect(delta.citations).toEqual({ current: 20, previous: 20, change: 0 });
    });

    it('a domain not among the listed domains of a run whose list was cut has no values or change there', () => {
      const crowded = Array.from({ length: MAX_LISTED_DOMAINS }, (_, i) => `https://top${i}.example/`);
      const delta = citationDelta(run(cite(10, ['https://new.org/a'])), run([...cite(5, crowded), ...cite(5, [...crowded, 'https://new.org/a'])]));
      const added = delta.domains.find((d) => d.domain === 'new.org')!;
      expect(added.citations).toEqual({ current: 10, previous: null, change: null });
      expect(added.share).toMatchObject({ current: 1, previous: null, change: null, insufficientSample: false });
      expect(delta.domains.find((d) => d.domain === 'top0.example')!.citations).toEqual({ current: 0, previous: 10, change: -10 });
    });

    it('shares need 10 analysed answers in each run', () => {
      const delta = citationDelta(run(cite(9, ['https://acme.com/'])), run(cite(10, ['https://acme.com/'])));
      expect(delta.domains[0]!.share).toMatchObject({ current: 1, previous: 1, change: null, insufficientSample: true });
    });

    it('shares are tested on effective sample sizes: clustered citations weigh less', () => {
      // Now: half the answers cite acme.com five times (different pages) and the others other.org five times.
      const clustered = run([
        ...Array.from({ length: 10 }, (_, i) => answer('', 'perplexity', [1, 2, 3, 4, 5].map((p) => `https://acme.com/${i}/${p}`))),
        ...Array.from({ length: 10 }, (_, i) => answer('', 'perplexity', [1, 2, 3, 4, 5].map((p) => `https://other.org/${i}/${p}`))),
      ]);
      const spread = run(Array.from({ length: 20 }, (_, i) => answer('', 'perplexity', [1, 2, 3, 4, 5].map((p) => (p <= 2 ? `https://acme.com/${i}/${p}` : `https://other.org/${i}/${p}`)))));
      const delta = citationDelta(clustered, spread);
      const acme = delta.domains.find((d) => d.domain === 'acme.com')!;
      expect(acme.share).toMatchObject({ current: 0.5, previous: 0.4, change: 10, insufficientSample: false });
      // 50 vs 40 of 100 citations each would be p ≈ 0.16 if citations were independent; clustering makes it far weaker.
      expect(acme.share.pValue!).toBeGreaterThan(0.3);
      expect((clustered as { domains: { share: { effectiveN: number } }[] }).domains[0]!.share.effectiveN).toBeLessThan(25);
    });

    it('urlCitedRate is null when neither run tracks a URL, and unpaired when one does', () => {
      expect(citationDelta(run(cite(10, []), null), run(cite(10, []), null)).urlCitedRate).toBeNull();
      expect(citationDelta(run(cite(10, ['https://acme.com/'])), run(cite(10, []), null)).urlCitedRate).toEqual({
        current: 1,
        previous: null,
        change: null,
        insufficientSample: false,
        pValue: null,
        significant: null,
      });
    });
  });
});
