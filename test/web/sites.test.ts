import fc from 'fast-check';
import { citationDomain, wilsonInterval } from '@brandradar/analysis';
import type { Run } from '@brandradar/contracts';
import { citedSites, EXAMPLES_PER_SITE, wilson } from '../../packages/web/src/sites';
import { runAnswer, type RunAnswer } from '../support/run-answers';

// The cited-sources leaderboard (packages/web/src/sites.ts), in node, with hostile names and URLs.
type Answer = RunAnswer;
const BRAND = '__proto__';
const COMPETITORS = ['monday.com', '$x'];

const answer = (urls: string[], mentioned: string[] | null): Answer =>
  runAnswer({ model: 'perplexity', tracked: [BRAND, ...COMPETITORS], mentioned, // As the API lists them: only http(s) URLs are kept, each with its publisher.
    citations: urls.flatMap((url, i) => {
      const domain = citationDomain({ url, title: null });
      return domain === null ? [] : [{ url, title: i === 0 ? `Title of ${url}` : null, domain }];
    }),
  });
const runOf = (...answers: Answer[]) => ({ results: [{ prompt: 'constructor', answers }] }) as unknown as Run;

describe('a cited URL\'s site', () => {
  it("is the publisher the API names: a grounding redirect's title, not google.com", () => {
    const grounded = runAnswer({ model: 'gemini', tracked: [BRAND], mentioned: [], citations: [{ url: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/abc', title: 'g2.com', domain: 'g2.com' }] });
    expect(citedSites([runOf(grounded)], BRAND).sites.map((s) => s.site)).toEqual(['g2.com']);
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
