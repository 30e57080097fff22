import { MAX_ANSWER_TEXT_CHARS, MAX_CITATIONS_PER_ANSWER, MAX_CITATION_TITLE_CHARS, MAX_CONSULTED_SOURCES, MAX_SEARCH_QUERIES, MAX_SEARCH_QUERY_CHARS, MAX_URL_CHARS } from '@brandradar/contracts';
import { boundAnswer, boundResearch, cleanText, sourcesOf } from './bounds';

const EMOJI = '\u{1F600}'; // two UTF-16 units

describe('cleanText', () => {
  it('removes control characters but tab, line feed and carriage return', () => {
    expect(cleanText('a\u0000b\u0007c\u001Bd\u007Fe\u0085f\tg\nh\ri')).toBe('abcdef\tg\nh\ri');
  });

  it('replaces lone surrogates and keeps pairs', () => {
    expect(cleanText(`x\uD800y\uDC00z${EMOJI}`)).toBe(`x\uFFFDy\uFFFDz${EMOJI}`);
  });
});

describe('boundAnswer', () => {
  it(`cuts text to ${MAX_ANSWER_TEXT_CHARS} units after cleaning, and says so`, () => {
    const long = boundAnswer(`${'a'.repeat(MAX_ANSWER_TEXT_CHARS - 1)}${EMOJI}tail`, []);
    expect(long).toMatchObject({ text: 'a'.repeat(MAX_ANSWER_TEXT_CHARS - 1), truncated: true });
    const exact = boundAnswer(`${'\u0000'.repeat(10)}${'b'.repeat(MAX_ANSWER_TEXT_CHARS)}`, []);
    expect(exact).toMatchObject({ text: 'b'.repeat(MAX_ANSWER_TEXT_CHARS), truncated: false });
  });

  it(`keeps the first ${MAX_CITATIONS_PER_ANSWER} citations with an absolute http(s) URL of at most ${MAX_URL_CHARS} characters`, () => {
    const invalid = [
      { url: 'ftp://example.com/file', title: 'ftp' },
      { url: '/relative/path', title: 'relative' },
      { url: `https://example.com/${'p'.repeat(MAX_URL_CHARS)}`, title: 'too long' },
      { url: 'https://example.com/a\u0000b', title: 'control character' },
      { url: `https://${'h'.repeat(250)}.com/`, title: 'host longer than DNS allows' },
    ];
    const valid = Array.from({ length: 30 }, (_, i) => ({ url: `https://site${i}.example/page`, title: `Source ${i}` }));
    const { citations } = boundAnswer('text', [...invalid, ...valid]);
    expect(citations).toEqual(valid.slice(0, MAX_CITATIONS_PER_ANSWER).map((c, i) => ({ ...c, domain: `site${i}.example` })));
  });

  it(`cuts titles to ${MAX_CITATION_TITLE_CHARS} units and cleans them`, () => {
    const { citations } = boundAnswer('text', [
      { url: 'https://a.example/', title: `\u0007${'t'.repeat(MAX_CITATION_TITLE_CHARS - 1)}${EMOJI}` },
      { url: 'https://b.example/', title: null },
    ]);
    expect(citations).toEqual([
      { url: 'https://a.example/', title: 't'.repeat(MAX_CITATION_TITLE_CHARS - 1), domain: 'a.example' },
      { url: 'https://b.example/', title: null, domain: 'b.example' },
    ]);
  });
});

describe('boundResearch', () => {
  it(`keeps the first ${MAX_SEARCH_QUERIES} searches, cleaned and cut to ${MAX_SEARCH_QUERY_CHARS} units, without blank ones`, () => {
    const queries = ['  best crm\u0007 2026 ', '', '   ', `${'q'.repeat(MAX_SEARCH_QUERY_CHARS - 1)}${EMOJI}`, ...Array.from({ length: 40 }, (_, i) => `query ${i}`)];
    const { searchQueries } = boundResearch(queries, null);
    expect(searchQueries.slice(0, 3)).toEqual(['best crm 2026', 'q'.repeat(MAX_SEARCH_QUERY_CHARS - 1), 'query 0']);
    expect(searchQueries).toHaveLength(MAX_SEARCH_QUERIES);
  });

  it(`keeps the first ${MAX_CONSULTED_SOURCES} pages read with a citable URL, each with its publisher; null stays null`, () => {
    const read = [{ url: 'javascript:alert(1)', title: 'x' }, { url: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/abc', title: 'g2.com' }, ...Array.from({ length: 60 }, (_, i) => ({ url: `https://s${i}.example/`, title: null }))];
    const { consultedSources } = boundResearch([], read);
    expect(consultedSources![0]).toEqual({ url: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/abc', title: 'g2.com', domain: 'g2.com' });
    expect(consultedSources).toHaveLength(MAX_CONSULTED_SOURCES);
    expect(boundResearch([], null).consultedSources).toBeNull();
    expect(boundResearch([], []).consultedSources).toEqual([]);
  });
});

describe('sourcesOf', () => {
  it('reads an answer stored before searches and domains were recorded as none searched, pages read unknown, domains computed', () => {
    const redirect = 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/abc';
    expect(sourcesOf({ citations: [{ url: redirect, title: 'g2.com' }, { url: 'https://blog.acme.co.uk/a', title: null, domain: 'acme.co.uk' }] })).toEqual({
      citations: [
        { url: redirect, title: 'g2.com', domain: 'g2.com' },
        { url: 'https://blog.acme.co.uk/a', title: null, domain: 'acme.co.uk' },
      ],
      searchQueries: [],
      consultedSources: null,
    });
  });
});
