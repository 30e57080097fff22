import { SURFACES } from '@brandradar/contracts';
import { listText, noneReadNotCitedText, noSearchesText, pagesReadNotCited, REPORTING_SURFACES, silentSurfaces } from '../../packages/web/src/research';

// What the app says about the surfaces' searches and pages read (packages/web/src/research.ts), in node.
describe('which surfaces report what they searched and read', () => {
  it('are ChatGPT, Claude and Gemini; the others are named as users know them', () => {
    expect(SURFACES.filter((s) => REPORTING_SURFACES.includes(s))).toEqual(['chatgpt', 'claude', 'gemini']);
    expect(silentSurfaces(SURFACES)).toBe('Perplexity and Google AI Overviews');
    expect(silentSurfaces(['chatgpt', 'gemini'])).toBe('');
    expect([listText([]), listText(['a']), listText(['a', 'b', 'c'])]).toEqual(['', 'a', 'a, b and c']);
  });
  it('says why a list is empty: no surface of the tracker reports it, or none of its answers did', () => {
    expect(noSearchesText(['perplexity', 'google_ai_overview'])).toBe('None reported: Perplexity and Google AI Overviews do not report their searches. ChatGPT, Claude and Gemini do.');
    expect(noSearchesText(['perplexity'])).toBe('None reported: Perplexity does not report its searches. ChatGPT, Claude and Gemini do.');
    expect(noSearchesText(['perplexity', 'claude'])).toMatch(/^None reported: the answers read ran no web search, or were stored before brandradar recorded searches\.$/);
    expect(noneReadNotCitedText(['google_ai_overview'])).toBe('None reported: Google AI Overviews does not report its pages read. ChatGPT, Claude and Gemini do.');
    expect(noneReadNotCitedText(['chatgpt'])).toMatch(/^None: no site was read in more answers than it was cited in/);
  });
});

describe('the pages an answer read but did not cite', () => {
  const page = (url: string, domain: string) => ({ url, title: null, domain });
  it('are those of sites it cites nowhere, in the order read, each once', () => {
    const answer = {
      citations: [page('https://www.g2.com/crm', 'g2.com')],
      consultedSources: [page('https://www.g2.com/other', 'g2.com'), page('https://reddit.com/r/crm', 'reddit.com'), page('https://monday.com/crm', 'monday.com'), page('https://reddit.com/r/crm', 'reddit.com')],
    };
    expect(pagesReadNotCited(answer)?.map((p) => p.url)).toEqual(['https://reddit.com/r/crm', 'https://monday.com/crm']);
  });
  it('are unknown (null) when the surface does not say what it read, and none when it cites every site it read', () => {
    expect(pagesReadNotCited({ citations: [], consultedSources: null })).toBeNull();
    expect(pagesReadNotCited({ citations: [page('https://g2.com/a', 'g2.com')], consultedSources: [page('https://g2.com/b', 'g2.com')] })).toEqual([]);
  });
});
