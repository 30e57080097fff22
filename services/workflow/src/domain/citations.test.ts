import type { Surface, WorkflowAnswer } from '@brandradar/contracts';
import { aggregateCitations, isBrandDomain } from './citations';

const answer = (surface: Surface, citations: [string, string | null][], provider = 'openai'): WorkflowAnswer => ({
  surface,
  status: 'succeeded',
  provider,
  model: 'm',
  method: 'api',
  text: 'text',
  citations: citations.map(([url, title]) => ({ url, title })),
  brandMentioned: null,
  fetchedAt: '2026-11-22T09:00:00.000Z',
  error: null,
});
const failed = (surface: Surface): WorkflowAnswer => ({ ...answer(surface, []), status: 'failed', text: null, error: { code: 'server_error', message: 'HTTP 500' } });

describe('aggregateCitations', () => {
  it('counts each normalised page once per answer, and a site by its distinct pages per answer', () => {
    const data = aggregateCitations(
      [
        answer('chatgpt', [
          ['https://www.Example.com/guide/?utm_source=chatgpt', 'Guide'],
          ['https://example.com/guide#section', 'Guide again'],
          ['https://blog.example.com/post', null],
        ]),
        answer('perplexity', [
          ['http://example.com/guide', 'Guide (http)'],
          ['https://other.co.uk/a', 'Other'],
        ]),
        failed('gemini'),
      ],
      null,
    );
    expect(data).toEqual({
      provider: 'ai_answers',
      answersAnalysed: 2,
      totalCitations: 4,
      domains: [
        { domain: 'example.com', citations: 3, share: 0.75, surfaces: ['chatgpt', 'perplexity'], urls: ['http://example.com/guide', 'https://blog.example.com/post', 'https://example.com/guide'] },
        { domain: 'other.co.uk', citations: 1, share: 0.25, surfaces: ['perplexity'], urls: ['https://other.co.uk/a'] },
      ],
      urls: [
        { url: 'http://example.com/guide', title: 'Guide (http)', domain: 'example.com', citations: 1, surfaces: ['perplexity'] },
        { url: 'https://blog.example.com/post', title: null, domain: 'example.com', citations: 1, surfaces: ['chatgpt'] },
        { url: 'https://example.com/guide', title: 'Guide', domain: 'example.com', citations: 1, surfaces: ['chatgpt'] },
        { url: 'https://other.co.uk/a', title: 'Other', domain: 'other.co.uk', citations: 1, surfaces: ['perplexity'] },
      ],
      brand: null,
    });
  });

  it('ranks by citations, ties by name, and keeps the top 20 sites and pages', () => {
    const many = Array.from({ length: 25 }, (_, i) => [`https://site${String(i).padStart(2, '0')}.com/`, null] as [string, null]);
    const data = aggregateCitations([answer('chatgpt', many), answer('claude', [['https://site24.com/', null]])], null);
    expect(data.domains).toHaveLength(20);
    expect(data.urls).toHaveLength(20);
    expect(data.domains[0]).toMatchObject({ domain: 'site24.com', citations: 2, share: 0.0769 });
    expect(data.domains.slice(1, 3).map((d) => d.domain)).toEqual(['site00.com', 'site01.com']);
  });

  it('skips citations that are no http(s) URL', () => {
    const data = aggregateCitations([answer('chatgpt', [['not a url', null], ['ftp://files.example.com/x', null]])], null);
    expect(data).toMatchObject({ answersAnalysed: 1, totalCitations: 0, domains: [], urls: [] });
  });

  it('labels sources from simulated answers only as simulated', () => {
    expect(aggregateCitations([answer('chatgpt', [], 'simulated')], null).provider).toBe('simulated');
    expect(aggregateCitations([answer('chatgpt', [], 'simulated'), answer('claude', [], 'anthropic')], null).provider).toBe('ai_answers');
  });

  it("reports whether the brand's own site is cited", () => {
    const answers = [answer('chatgpt', [['https://www.acmecrm.com/pricing', null], ['https://docs.acmecrm.com/', null], ['https://g2.com/acme', null]])];
    expect(aggregateCitations(answers, 'Acme CRM').brand).toEqual({ name: 'Acme CRM', cited: true, citations: 2, domains: ['acmecrm.com'] });
    expect(aggregateCitations(answers, 'https://acmecrm.com').brand).toMatchObject({ cited: true, domains: ['acmecrm.com'] });
    expect(aggregateCitations(answers, 'Globex').brand).toEqual({ name: 'Globex', cited: false, citations: 0, domains: [] });
  });
});

describe('isBrandDomain', () => {
  it.each([
    ['acme.co.uk', 'acme.co.uk', true],
    ['acme.co.uk', 'www.acme.co.uk', true],
    ['acme.co.uk', 'https://shop.acme.co.uk/x', true],
    ['acme.com', 'acme.co.uk', false],
    ['acmecrm.com', 'Acme CRM', true],
    ['acme.com', 'Acmé', true],
    ['notacme.com', 'Acme', false],
    ['example.com', '', false],
  ])('%s is the site of brand %p: %p', (domain, brand, expected) => {
    expect(isBrandDomain(domain, brand)).toBe(expected);
  });
});
