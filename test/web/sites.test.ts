import fc from 'fast-check';
import { citationDomain, wilsonInterval } from '@brandradar/analysis';
import type { Run } from '@brandradar/contracts';
import { citedSites, EXAMPLES_PER_SITE, siteOf, wilson } from '../../packages/web/src/sites';
import { runAnswer, type RunAnswer } from '../support/run-answers';

// The cited-sources leaderboard (packages/web/src/sites.ts), in node, with hostile names and URLs.
type Answer = RunAnswer;
const BRAND = '__proto__';
const COMPETITORS = ['monday.com', '$x'];

const answer = (urls: string[], mentioned: string[] | null): Answer =>
  runAnswer({ model: 'perplexity', tracked: [BRAND, ...COMPETITORS], mentioned, citations: urls.map((url, i) => ({ url, title: i === 0 ? `Title of ${url}` : null, domain: citationDomain({ url, title: null }) ?? '' })) });
const runOf = (...answers: Answer[]) => ({ results: [{ prompt: 'constructor', answers }] }) as unknown as Run;

describe('a cited URL\'s site', () => {
  it('is the hostname without www., lower case', () => {
    expect(siteOf('https://WWW.Monday.com/crm?utm_source=chatgpt.com')).toBe('monday.com');
    expect(siteOf('http://blog.acme.co.uk:8080/a#b')).toBe('blog.acme.co.uk');
    expect(siteOf('https://www2.example.org/')).toBe('www2.example.org');
    expect(siteOf('https://🦄.example/')).toBe('xn--3s9h.example');
    expect(siteOf('https://__proto__.example/')).toBe('__proto__.example');
    expect(siteOf('not a url')).toBeNull();
  });
});

describe('the Wilson interval', () => {
  it('is the analysis package\'s, which rounds outward to 4 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, p) => {
        const count = Math.round(n * p);
        const ours = wilson(count, n)!;
        const theirs = wilsonInterval(count, n)!;
        return ours.low >= theirs.low && ours.high <= theirs.high && ours.low - theirs.low < 1e-4 && theirs.high - ours.high < 1e-4;
      }),
    );
    expect(wilson(0, 0)).toBeNull();
    expect(wilson(0, 10)!.low).toBe(0);
    expect(wilson(10, 10)!.high).toBeCloseTo(1, 12);
  });
});

describe('the sites cited', () => {
  const runs = [
    runOf(
      answer(['https://www.g2.com/a', 'https://g2.com/b', 'https://monday.com/'], [BRAND]),
      answer(['https://g2.com/a'], ['monday.com']),
      answer(['https://g2.com/c', 'https://g2.com/d', 'https://g2.com/e'], []),
      answer(['https://g2.com/a'], null), // failed: not counted
    ),
    runOf(answer(['https://monday.com/', 'https://capterra.com/x'], ['$x', BRAND]), answer(['nonsense'], ['$x']), answer([], [])),
  ];

  it('ranks sites by the succeeded answers citing them, each answer once, ties by name', () => {
    const board = citedSites(runs, BRAND);
    expect(board.answers).toBe(6);
    expect(board.sites.map((s) => [s.site, s.answers])).toEqual([
      ['g2.com', 3],
      ['monday.com', 2],
      ['capterra.com', 1],
    ]);
  });

  it('counts the citing answers that mention the brand, and those that mention only competitors', () => {
    const [g2, monday] = citedSites(runs, BRAND).sites;
    expect([g2!.mentionBrand, g2!.onlyCompetitors]).toEqual([1, 1]);
    expect([monday!.mentionBrand, monday!.onlyCompetitors]).toEqual([2, 0]);
    // Without a brand (a tracker with none), every mention is a competitor's.
    expect(citedSites(runs, null).sites[0]!.onlyCompetitors).toBe(2);
  });

  it(`keeps up to ${EXAMPLES_PER_SITE} distinct example URLs per site, with their titles`, () => {
    expect(citedSites(runs, BRAND).sites[0]!.examples).toEqual([
      { url: 'https://www.g2.com/a', title: 'Title of https://www.g2.com/a' },
      { url: 'https://g2.com/b', title: null },
      { url: 'https://g2.com/a', title: 'Title of https://g2.com/a' },
    ]);
  });

  it('is empty without answers', () => {
    expect(citedSites([], BRAND)).toEqual({ answers: 0, sites: [] });
  });
});
