import { COMPARE, answers, compareAnswers, finishedRun } from '../../../../test/support/notifier-fixtures';
import { pickHeadline } from './headline';

const headlineOf = (run: ReturnType<typeof finishedRun>) => pickHeadline(run.metrics, run.delta);
const CITATIONS = { primitive: 'citations' as const, brand: null, competitors: [], url: 'https://acme.example/pricing' };
const SENTIMENT = { primitive: 'sentiment' as const, brand: 'Acme', competitors: [], url: null };
const cites = (i: number) => (i < 3 ? ['https://acme.example/pricing', 'https://g2.com/x'] : ['https://g2.com/y']);

// The overview's rule (docs/api.md, Overview): the e-mail states the same figure of the same run.
describe('the figure the overview shows for the run', () => {
  it("compare: the brand's share of voice, not its mention rate", () => {
    const run = finishedRun(COMPARE, compareAnswers(12, 9), compareAnswers(12, 4));
    const acme = run.metrics?.primitive === 'compare' ? run.metrics.brands.find((b) => b.name === 'Acme') : undefined;
    expect(acme?.shareOfVoice).toMatchObject({ count: 9, n: 21 });
    expect(headlineOf(run)).toEqual({
      label: 'Acme share of voice',
      value: '42.9% (9 of 21 mentions of the tracked names)',
      change: expect.stringMatching(/^\+17\.86 percentage points since the previous run \(25% → 42\.9%\); within what chance alone could produce \(p = 0\.\d{4}\)$/),
    });
  });

  it('rankings: the share of voice of the name leading the run', () => {
    const rankings = { primitive: 'rankings' as const, brand: null, competitors: ['Acme', 'HubSpot'], url: null };
    expect(headlineOf(finishedRun(rankings, compareAnswers(12, 2), null))).toEqual({
      label: 'HubSpot share of voice',
      value: '85.7% (12 of 14 mentions of the tracked names)',
      change: 'no earlier comparable run to compare with yet',
    });
  });

  it("sentiment: the share of answers mentioning the brand that read positive, in percentage points", () => {
    const current = answers(12, (i) => (i < 8 ? 'Acme is excellent and reliable.' : 'Acme is terrible and slow.'));
    const previous = answers(12, (i) => (i < 4 ? 'Acme is excellent.' : 'Acme is bad.'));
    expect(headlineOf(finishedRun(SENTIMENT, current, previous))).toEqual({
      label: 'Positive answers about Acme',
      value: '66.7% (8 of 12 answers mentioning Acme)',
      change: expect.stringMatching(/^\+33\.33 percentage points since the previous run \(33\.3% → 66\.7%\)/),
    });
  });

  it('citations: the rate of answers citing the tracked URL', () => {
    const previous = answers(12, () => 'see', (i) => (i < 6 ? ['https://acme.example/pricing'] : []));
    expect(headlineOf(finishedRun(CITATIONS, answers(12, () => 'see', cites), previous))).toMatchObject({
      label: 'Answers citing https://acme.example/pricing',
      value: '25% (3 of 12 answers)',
      change: expect.stringMatching(/^-25 percentage points since the previous run \(50% → 25%\)/),
    });
  });

  it("citations without a URL: the most cited domain's share of citations", () => {
    expect(headlineOf(finishedRun({ ...CITATIONS, url: null }, answers(12, () => 'see', cites), null))).toMatchObject({
      label: 'Share of citations of the most cited domain, g2.com',
      value: '80% (12 of 15 citations)',
    });
  });
});

describe('the change', () => {
  it('writes a tiny p-value as p < 0.0001, never p = 0', () => {
    expect(headlineOf(finishedRun(COMPARE, compareAnswers(40, 40), compareAnswers(40, 0)))?.change).toMatch(/; chance alone would rarely move it this much \(p < 0\.0001\)$/);
  });

  it('says there are not enough answers to compare below 10 in a run', () => {
    expect(headlineOf(finishedRun(COMPARE, compareAnswers(6, 3), compareAnswers(12, 4)))?.change).toBe('not enough answers to compare (each run needs at least 10)');
  });
});

it('says so when nothing was cited', () => {
  expect(headlineOf(finishedRun({ ...CITATIONS, url: null }, answers(12, () => 'no sources'), null))).toEqual({
    label: 'Most cited domain',
    value: 'none: no answer cited a source (12 answers)',
    change: 'no earlier comparable run to compare with yet',
  });
});

it('has no headline when no answer succeeded', () => {
  expect(headlineOf(finishedRun(COMPARE, [], null))).toBeNull();
});
