import { fixtureReply, PEER_API_KEY, startAnthropicPeer, type ProtocolPeer } from '../../../../test/support/peers/providers';
import { createAnthropicClient } from './anthropic';

const signal = () => new AbortController().signal;

describe('anthropic client (Messages API)', () => {
  let peer: ProtocolPeer;
  beforeEach(async () => {
    peer = await startAnthropicPeer();
  });
  afterEach(() => peer.close());

  const client = (webSearch = true) => createAnthropicClient({ apiKey: PEER_API_KEY, baseUrl: peer.baseUrl, model: 'claude-haiku-4-5', timeoutMs: 5000, webSearch });

  it('sends the prompt to POST /v1/messages with the key, version header, model and web search tool', async () => {
    await client().ask('best crm for startups', { signal: signal() });
    const [request] = peer.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(request!.headers.authorization).toBe(`Bearer ${PEER_API_KEY}`); // SDK 1.x; 0.x sent x-api-key
    expect(request!.headers['anthropic-version']).toBeDefined();
    expect(request!.body).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: 2048,
      messages: [{ role: 'user', content: 'best crm for startups' }],
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }],
    });
  });

  it('keeps the answer after the search, joined across cited blocks, with its web citations', async () => {
    const answer = await client().ask('best crm', { signal: signal() });
    expect(answer).toEqual({
      model: 'claude-haiku-4-5',
      text: 'Answer to "best crm":\n1. Alpha is the leader.\n2. Beta is a close second.',
      citations: [
        { url: 'https://www.example.com/best-tools?utm_source=peer', title: 'Best tools' },
        { url: 'https://reviews.example.org/alpha', title: 'Alpha review' },
      ],
      searchQueries: ['best crm'],
      consultedSources: [
        { url: 'https://www.example.com/best-tools?utm_source=peer', title: 'Best tools' },
        { url: 'https://reviews.example.org/alpha', title: 'Alpha review' },
      ],
      localised: false,
    });
  });

  it("gives the web search tool a country's approximate location, upper case, and says the answer is localised", async () => {
    const answer = await client().ask('best crm', { signal: signal(), country: 'fr' });
    expect((peer.requests[0]!.body as { tools: unknown }).tools).toEqual([
      { type: 'web_search_20250305', name: 'web_search', max_uses: 3, user_location: { type: 'approximate', country: 'FR' } },
    ]);
    expect(answer.localised).toBe(true);
  });

  it('reads a plain text answer when web search is off, which cannot localise', async () => {
    const answer = await client(false).ask('best crm', { signal: signal(), country: 'fr' });
    expect(peer.requests[0]!.body).toEqual({ model: 'claude-haiku-4-5', max_tokens: 2048, messages: [{ role: 'user', content: 'best crm' }] });
    expect(answer.text).toContain('Alpha is the leader');
    expect(answer.citations).toEqual([]);
    expect(answer).toMatchObject({ searchQueries: [], consultedSources: [], localised: false });
  });

  describe('published and recorded bodies (test/fixtures/providers/anthropic)', () => {
    it("reads the reference's web search response, which names no model, as an answer of the model requested", async () => {
      peer.replyNext(fixtureReply('anthropic', 'web-search-reference'));
      expect(await client().ask('When was Claude Shannon born?', { signal: signal() })).toEqual({
        model: 'claude-haiku-4-5',
        text: 'Based on the search results, Claude Shannon was born on April 30, 1916, in Petoskey, Michigan',
        citations: [{ url: 'https://en.wikipedia.org/wiki/Claude_Shannon', title: 'Claude Shannon - Wikipedia' }],
        searchQueries: ['claude shannon birth date'],
        consultedSources: [{ url: 'https://en.wikipedia.org/wiki/Claude_Shannon', title: 'Claude Shannon - Wikipedia' }],
        localised: false,
      });
    });

    it('reads a recorded answer after two searches: the text after the last results, every citation, both searches and the ten pages the first one listed', async () => {
      peer.replyNext(fixtureReply('anthropic', 'two-searches-recorded'));
      const answer = await client().ask('tech news today', { signal: signal() });
      const crescendo = { url: 'https://www.crescendo.ai/news/latest-ai-news-and-updates', title: 'The Latest AI News and AI Breakthroughs that Matter Most: 2025 | News' };
      expect(answer.model).toBe('claude-sonnet-4-20250514');
      expect(answer.text).toBe(
        'Based on the search results, here are the key tech news highlights for today, September 26, 2024:\n\n## Major Tech News for September 26, 2024\n\n**FTX Case Update:**\n' +
          "Caroline Ellison, Sam Bankman-Fried's right-hand woman in the FTX kerfuffle, has been sentenced to two years in prison for her part in the fuffling and ordered to pay $11 billion in restitution." +
          "\n\nUnfortunately, the search results don't show many other specific breaking tech news stories from today, September 26, 2024. However, here are some broader tech trends and recent developments that have been making headlines:\n\n## Recent AI Developments:\n- " +
          "Anthropic has launched a Chrome extension enabling its Claude AI agent to interact directly with the browser, manipulating webpages, retrieving content, and automating tasks. This marks the company's first move toward agentic AI with real-time web control." +
          '\n\n- ' +
          'Chinese AI firm DeepSeek has unveiled its R1 model, a significant leap in AI performance trained at a cost 70% lower than comparable U.S. models. The company attributes its efficiency to custom hardware, proprietary optimization techniques, and low energy costs in China. Analysts see this as a direct challenge to Western dominance in large language models, especially OpenAI and Anthropic.' +
          "\n\n## Technology Industry Context:\nThe tech industry continues to be dominated by AI developments, with companies making significant investments and breakthroughs in artificial intelligence capabilities. The FTX case sentencing represents ongoing fallout from the cryptocurrency sector's challenges.\n\nFor the most current breaking tech news today, I'd recommend checking major tech news sources directly, as my search results primarily showed more general or older tech news rather than specific breaking stories from September 26, 2024.",
      );
      expect(answer.citations).toEqual([{ url: 'https://acecomments.mu.nu/?post=411647', title: 'Daily Tech News 26 September 2024' }, crescendo, crescendo]);
      expect(answer.searchQueries).toEqual(['tech news today September 26 2024', '"September 26 2024" tech news breaking']);
      expect(answer.consultedSources).toEqual([
        { url: 'https://developer.apple.com/news/', title: 'Latest News - Apple Developer' },
        { url: 'https://acecomments.mu.nu/?post=411647', title: 'Daily Tech News 26 September 2024' },
        { url: 'https://www.weforum.org/stories/2024/12/top-technology-stories-from-2024/', title: 'The top technology stories in 2024 from the World Economic Forum | World Economic Forum' },
        { url: 'https://scitechdaily.com/', title: 'SciTechDaily - Science, Space and Technology News 2025' },
        crescendo,
        { url: 'https://www.cnbc.com/technology/', title: 'Technology News' },
        { url: 'https://www.sciencedaily.com/news/matter_energy/technology/', title: 'Technology News -- ScienceDaily' },
        { url: 'https://www.technologyreview.com/', title: 'MIT Technology Review' },
        { url: 'https://techstartups.com/2024/12/30/top-tech-news-stories-of-2024/', title: 'Top Tech News Stories of 2024 - Tech Startups' },
        { url: 'https://www.techedt.com/year-in-review-30-top-tech-news-in-2024-that-mattered', title: 'Year-In-Review: 30 top tech news in 2024 that mattered - Tech Edition' },
      ]);
    });

    it('reads a recorded answer without web search: its text, no searches, no pages read', async () => {
      peer.replyNext(fixtureReply('anthropic', 'no-web-search-recorded'));
      expect(await client(false).ask('hi', { signal: signal() })).toEqual({
        model: 'claude-opus-4-7',
        text: 'Hello!',
        citations: [],
        searchQueries: [],
        consultedSources: [],
        localised: false,
      });
    });

    it('counts a search whose result is the documented error as run, with nothing read', async () => {
      const body = JSON.parse(fixtureReply('anthropic', 'web-search-reference').body) as { content: object[] };
      body.content.splice(2, 1, { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE', content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' } });
      peer.replyNext({ status: 200, body: JSON.stringify(body) });
      expect(await client().ask('q', { signal: signal() })).toMatchObject({ searchQueries: ['claude shannon birth date'], consultedSources: [] });
    });
  });
});
