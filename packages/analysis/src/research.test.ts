import { RESEARCH_LISTS, researchInsights, searchKey, type ResearchAnswer } from './research';

const page = (url: string) => ({ url, title: null });
const answer = (over: Partial<ResearchAnswer>): ResearchAnswer => ({ prompt: 'best crm', surface: 'chatgpt', citations: [], searchQueries: [], consultedSources: [], ...over });

describe('researchInsights', () => {
  const answers = [
    answer({ searchQueries: ['Best  CRM 2026', 'hubspot pricing', 'best crm 2026'], citations: [page('https://g2.com/crm')], consultedSources: [page('https://g2.com/crm'), page('https://www.reddit.com/r/crm'), page('https://trustpilot.com/hubspot')] }),
    answer({ surface: 'claude', searchQueries: ['best crm 2026'], citations: [page('https://reddit.com/r/crm/x')], consultedSources: [page('https://reddit.com/r/crm/x'), page('https://trustpilot.com/hubspot')] }),
    answer({ prompt: '__proto__', surface: 'gemini', searchQueries: ['$x', '__proto__'], consultedSources: [{ url: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/a', title: 'trustpilot.com' }] }),
    // Surfaces that do not report what they read are not in the sample, whatever they cite.
    answer({ surface: 'perplexity', searchQueries: [], citations: [page('https://trustpilot.com/x')], consultedSources: null }),
    answer({ surface: 'google_ai_overview', consultedSources: undefined }),
  ];
  const { searches, consultedNotCited } = researchInsights(answers);

  it('counts each search once per answer, case and spacing folded, over the answers that report their research', () => {
    expect(searches.map((s) => [s.query, s.answers, s.n, s.rate, s.surfaces])).toEqual([
      ['Best CRM 2026', 2, 3, 0.6667, ['chatgpt', 'claude']],
      ['$x', 1, 3, 0.3333, ['gemini']],
      ['__proto__', 1, 3, 0.3333, ['gemini']],
      ['hubspot pricing', 1, 3, 0.3333, ['chatgpt']],
    ]);
    expect(searches[0]!.clusters).toBe(3);
    expect(searches[0]!.interval).not.toBeNull();
  });

  it('lists the domains read more often than cited, by publisher, most consulted first', () => {
    expect(consultedNotCited.map((d) => [d.domain, d.consulted, d.cited, d.answers])).toEqual([
      ['trustpilot.com', 3, 0, 3],
      ['reddit.com', 2, 1, 1],
    ]);
  });

  it('is empty with no reporting answers', () => {
    expect(researchInsights([answer({ consultedSources: null, searchQueries: ['x'] })])).toEqual({ searches: [], consultedNotCited: [] });
  });

  it(`lists at most ${RESEARCH_LISTS.searches} searches`, () => {
    const many = researchInsights([answer({ searchQueries: Array.from({ length: 80 }, (_, i) => `query ${i}`) })]);
    expect(many.searches).toHaveLength(RESEARCH_LISTS.searches);
  });
});

describe('searchKey', () => {
  it('folds case and spacing, keeps the words', () => {
    expect([searchKey('  Best\tCRM  2026 '), searchKey('ＣＲＭ'), searchKey('   ')]).toEqual(['best crm 2026', 'crm', '']);
  });
});
