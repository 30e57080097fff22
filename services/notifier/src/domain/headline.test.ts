import { COMPARE, answers, compareAnswers, finishedRun } from '../../../../test/support/notifier-fixtures';
import { pickHeadline } from './headline';

const headlineOf = (run: ReturnType<typeof finishedRun>) => pickHeadline(run.metrics, run.delta);
const CITATIONS = { primitive: 'citations' as const, brand: null, competitors: [], url: 'https://acme.example/pricing' };
const cites = (i: number) => (i < 3 ? ['https://acme.example/pricing', 'https://g2.com/x'] : ['https://g2.com/y']);

describe('rankings and compare: the mention rate of the brand, or of the first competitor', () => {
  it("gives the brand's rate and its change in percentage points when both runs have 10 answers or more", () => {
    expect(headlineOf(finishedRun(COMPARE, compareAnswers(12, 9), compareAnswers(12, 4)))).toEqual({
      label: 'Acme mention rate',
      value: '75% (mentioned in 9 of 12 answers)',
      change: expect.stringMatching(/^\+41\.67 percentage points since the previous run \(33\.3% → 75%\); within what chance alone could produce \(p = 0\.0995\)$/),
    });
  });

  it('writes a tiny p-value as p < 0.0001, never p = 0', () => {
    expect(headlineOf(finishedRun(COMPARE, compareAnswers(40, 40), compareAnswers(40, 0)))?.change).toMatch(/; chance alone would rarely move it this much \(p < 0\.0001\)$/);
  });

  it('says there are not enough answers to compare below 10 in a run', () => {
    expect(headlineOf(finishedRun(COMPARE, compareAnswers(6, 3), compareAnswers(12, 4)))?.change).toBe('not enough answers to compare (each run needs at least 10)');
  });

  it('says when there is no earlier run', () => {
    expect(headlineOf(finishedRun(COMPARE, compareAnswers(12, 9), null))?.change).toBe('no earlier comparable run to compare with yet');
  });

  it('leads with the first competitor in a rankings tracker, which has no brand', () => {
    const rankings = { primitive: 'rankings' as const, brand: null, competitors: ['HubSpot', 'Acme'], url: null };
    expect(headlineOf(finishedRun(rankings, compareAnswers(12, 2), compareAnswers(12, 3)))).toMatchObject({ label: 'HubSpot mention rate', value: '100% (mentioned in 12 of 12 answers)', change: expect.stringMatching(/^0 percentage points/) });
  });
});

describe('citations', () => {
  it('leads with the rate of answers citing the tracked URL', () => {
    const previous = answers(12, () => 'see', (i) => (i < 6 ? ['https://acme.example/pricing'] : []));
    expect(headlineOf(finishedRun(CITATIONS, answers(12, () => 'see', cites), previous))).toMatchObject({
      label: 'Answers citing https://acme.example/pricing',
      value: '25% (3 of 12 answers)',
      change: expect.stringMatching(/^-25 percentage points since the previous run \(50% → 25%\)/),
    });
  });

  it("leads with the most cited domain's share without a URL", () => {
    expect(headlineOf(finishedRun({ ...CITATIONS, url: null }, answers(12, () => 'see', cites), null))).toMatchObject({
      label: 'Share of citations of the most cited domain, g2.com',
      value: '80% (12 of 15 citations)',
    });
  });

  it('says so when nothing was cited', () => {
    expect(headlineOf(finishedRun({ ...CITATIONS, url: null }, answers(12, () => 'no sources'), null))?.value).toBe('none: no answer cited a source (12 answers)');
  });
});

it('sentiment: leads with net sentiment and its change in its own unit', () => {
  const SENTIMENT = { primitive: 'sentiment' as const, brand: 'Acme', competitors: [], url: null };
  const current = answers(12, (i) => (i < 8 ? 'Acme is excellent and reliable.' : 'Acme is terrible and slow.'));
  const previous = answers(12, (i) => (i < 4 ? 'Acme is excellent.' : 'Acme is bad.'));
  expect(headlineOf(finishedRun(SENTIMENT, current, previous))).toEqual({
    label: 'Net sentiment about Acme',
    value: '+0.33 on a scale from -1 to +1 (over 12 answers mentioning Acme)',
    change: '+0.67 since the previous run (-0.33 → +0.33)',
  });
});

it('has no headline when no answer succeeded', () => {
  expect(headlineOf(finishedRun(COMPARE, [], null))).toBeNull();
});
