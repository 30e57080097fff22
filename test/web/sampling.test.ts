import fc from 'fast-check';
import { DEFAULT_RATES, runCostMicro as apiRunCost, SURFACES, type Run, type Surface } from '@brandradar/contracts';
import { MIN_ANSWERS_FOR_CHANGE as ANALYSIS_MIN_ANSWERS } from '@brandradar/analysis';
import { runAnswer } from '../support/run-answers';
import { answerPlan, cellText, estimateText, mentionCells, MIN_ANSWERS_FOR_CHANGE, runAnswers, runCostMicro, sampleRuleText, stabilityText, quartilesText } from '../../packages/web/src/sampling';

// The web app's pure helpers for samples per prompt (packages/web/src/sampling.ts), in node.
const money = (micro: number) => `$${(micro / 100_000).toFixed(2)}`;

describe('the estimate in the tracker form', () => {
  it('costs a definition as the API does', () => {
    const definition = fc.record({
      prompts: fc.array(fc.string(), { minLength: 1, maxLength: 30 }),
      models: fc.uniqueArray(fc.constantFrom(...SURFACES), { minLength: 1, maxLength: 5 }),
      samplesPerPrompt: fc.integer({ min: 1, max: 10 }),
    });
    const rates = fc.record(Object.fromEntries(SURFACES.map((s) => [s, fc.integer({ min: 0, max: 100_000 })])) as Record<Surface, fc.Arbitrary<number>>);
    fc.assert(fc.property(definition, rates, (d, r) => runCostMicro(d, r) === apiRunCost(d, r)));
  });

  it('says the most a run costs and the answers it asks for, and that adaptive runs usually ask fewer', () => {
    const d = { prompts: ['a', 'b', 'c'], models: ['chatgpt', 'perplexity', 'gemini'] as Surface[], samplesPerPrompt: 5, samplingMode: 'fixed' as const };
    expect(estimateText(d, DEFAULT_RATES.surfaces, money)).toBe('Up to $1.95 per run: 45 answers (3 prompts × 3 surfaces × 5 samples).');
    expect(estimateText({ ...d, samplingMode: 'adaptive' }, DEFAULT_RATES.surfaces, money)).toMatch(/^Up to \$1\.95 per run: 45 answers .*\. Adaptive runs usually ask fewer and bill less\.$/);
    expect(estimateText({ ...d, prompts: ['a'], models: ['claude'], samplesPerPrompt: 1 }, null, money)).toBe('1 answer (1 prompt × 1 surface × 1 sample) per run; the rates could not be read for a cost.');
    expect(answerPlan(1, 2, 1)).toBe('1 prompt × 2 surfaces × 1 sample');
  });
});

describe('the minimum-sample rule in the tracker form', () => {
  const d = (prompts: number, models: Surface[], samplesPerPrompt: number, samplingMode: 'fixed' | 'adaptive' = 'fixed') =>
    sampleRuleText({ prompts: Array.from({ length: prompts }, (_, i) => `prompt ${i}`), models, samplesPerPrompt, samplingMode });

  it('is the analysis rule', () => expect(MIN_ANSWERS_FOR_CHANGE).toBe(ANALYSIS_MIN_ANSWERS));

  it('says a run of fewer than 10 answers cannot state a change, and how many prompts or samples would be enough', () => {
    expect(d(2, ['chatgpt', 'perplexity', 'gemini'], 1)).toEqual({
      short: true,
      text:
        'Too few answers to state a change: a change in percentage points is stated only when each of the two runs compared has at least 10 analysed answers (failed ones do not count), ' +
        'and a run of this tracker asks for 6 answers (2 prompts × 3 surfaces × 1 sample). Add prompts or samples: with 4 prompts or 2 samples per prompt it would be enough.',
    });
    // One prompt on one surface: 10 samples is the most allowed and enough; 11 prompts would not be needed.
    expect(d(1, ['claude'], 1)?.text).toMatch(/with 10 prompts or 10 samples per prompt it would be enough\.$/);
  });

  it('says a run of 10 answers or more is enough', () => {
    expect(d(2, ['chatgpt', 'perplexity'], 3)).toEqual({ short: false, text: expect.stringMatching(/; a run of this tracker asks for 12\.$/) });
    expect(d(10, ['chatgpt'], 1)?.short).toBe(false);
  });

  it('counts the fewest answers of an adaptive run: two samples per cell', () => {
    expect(d(2, ['chatgpt', 'perplexity'], 3, 'adaptive')?.text).toMatch(/an adaptive run of this tracker may ask for as few as 8\. Add prompts or use fixed sampling: with 3 prompts or fixed sampling it would be enough\.$/);
    expect(d(1, ['chatgpt'], 5, 'adaptive')?.text).toMatch(/as few as 2\. Add prompts or surfaces: with 5 prompts it would be enough\.$/);
    expect(d(5, ['chatgpt', 'perplexity'], 4, 'adaptive')).toEqual({ short: false, text: expect.stringMatching(/; an adaptive run of this tracker asks for at least 20\.$/) });
  });

  it('says nothing until there are prompts, surfaces and a sample count in range', () => {
    expect(d(0, ['chatgpt'], 3)).toBeNull();
    expect(d(2, [], 3)).toBeNull();
    expect(d(2, ['chatgpt'], 0)).toBeNull();
    expect(d(2, ['chatgpt'], 11)).toBeNull();
    expect(d(2, ['chatgpt'], 2.5)).toBeNull();
  });
});

describe('a run with samples', () => {
  const answer = (model: Surface, sample: number, mentioned: boolean | null) =>
    runAnswer({ model, sample, tracked: ['Acme'], mentioned: mentioned === null ? null : mentioned ? ['Acme'] : [] });
  const run = {
    models: ['chatgpt', 'gemini'],
    samplesPerPrompt: 3,
    samplingMode: 'adaptive',
    summary: { answers: 10, succeeded: 9, failed: 1 },
    results: [
      { prompt: 'best crm', answers: [answer('chatgpt', 1, true), answer('chatgpt', 2, true), answer('gemini', 1, true), answer('gemini', 2, false), answer('gemini', 3, null)] },
      { prompt: 'top crm', answers: [answer('chatgpt', 1, false), answer('chatgpt', 2, false), answer('gemini', 1, true), answer('gemini', 2, false), answer('gemini', 3, true)] },
    ],
  } as unknown as Run;

  it('counts each prompt × surface cell\'s mentions over its succeeded samples', () => {
    const rows = mentionCells(run, 'Acme');
    expect(rows.map((r) => r.prompt)).toEqual(['best crm', 'top crm']);
    expect(rows.map((r) => r.cells.map(cellText))).toEqual([
      ['mentioned in 2 of 2 samples', 'mentioned in 1 of 2 samples (1 failed)'],
      ['mentioned in 0 of 2 samples', 'mentioned in 2 of 3 samples'],
    ]);
    expect(cellText({ mentioned: 0, succeeded: 0, failed: 2 })).toBe('no answer (2 failed)');
    expect(mentionCells(run, 'Nobody')[0]!.cells.map((c) => c.mentioned)).toEqual([0, 0]);
  });

  it('says what the run asked for, its stability and the spread of places', () => {
    expect(runAnswers(run)).toBe('10 answers (2 prompts × 2 surfaces × up to 3 samples)');
    expect(stabilityText({ cells: 30, agreeing: 27, rate: 0.9, interval: { low: 0.7438, high: 0.9654 } })).toBe('Stable in 27 of 30 cells (90%; 95% interval 74.4%–96.5%)');
    expect(quartilesText({ p25: 1, median: 2, p75: 3.5 })).toBe('Median place 2, middle half 1–3.5');
  });
});
