import { fixtureReply, PEER_API_KEY, startOpenAIPeer, type ProtocolPeer } from '../../../../test/support/peers/providers';
import { createOpenAIClient } from './openai';

const signal = () => new AbortController().signal;

describe('openai client (Responses API)', () => {
  let peer: ProtocolPeer;
  beforeEach(async () => {
    peer = await startOpenAIPeer();
  });
  afterEach(() => peer.close());

  const client = (webSearch = true, baseUrl = peer.baseUrl) => createOpenAIClient({ apiKey: PEER_API_KEY, baseUrl, model: 'gpt-4o-mini', timeoutMs: 5000, webSearch });

  it('sends the prompt to POST /v1/responses with the key, model and web search tool', async () => {
    await client().ask('best crm for startups', { signal: signal() });
    const [request] = peer.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/responses' });
    expect(request!.headers.authorization).toBe(`Bearer ${PEER_API_KEY}`);
    expect(request!.body).toEqual({ model: 'gpt-4o-mini', input: 'best crm for startups', store: false, tools: [{ type: 'web_search' }], include: ['web_search_call.action.sources'] });
  });

  it('reads the text, the url_citation annotations and the model as returned', async () => {
    const answer = await client().ask('best crm', { signal: signal() });
    expect(answer).toEqual({
      model: 'gpt-4o-mini-2024-07-18',
      text: 'Answer to "best crm":\n1. Alpha is the leader.\n2. Beta is a close second.',
      citations: [
        { url: 'https://www.example.com/best-tools?utm_source=peer', title: 'Best tools' },
        { url: 'https://reviews.example.org/alpha', title: 'Alpha review' },
      ],
      searchQueries: ['best crm'],
      consultedSources: null, // the peer, like the reference, lists no sources
      localised: false,
    });
  });

  describe('published and recorded bodies (test/fixtures/providers/openai)', () => {
    it("reads the reference's Web search example: its text and citations; a search without sources means the pages read are unknown", async () => {
      peer.replyNext(fixtureReply('openai', 'web-search-reference'));
      const dots = { url: 'https://.../?utm_source=chatgpt.com', title: '...' };
      expect(await client().ask('What was a positive news story from today?', { signal: signal() })).toEqual({
        model: 'gpt-4.1-2025-04-14',
        text: 'As of today, March 9, 2025, one notable positive news story...',
        citations: [dots, dots, dots],
        searchQueries: [],
        consultedSources: null,
        localised: false,
      });
    });

    it('reads a recorded answer after two searches: the query reported and every source listed', async () => {
      peer.replyNext(fixtureReply('openai', 'web-search-sources-recorded'));
      const answer = await client().ask('q', { signal: signal() });
      expect(answer.text.startsWith('Last week in San Francisco')).toBe(true);
      expect(answer.citations.map((c) => c.title)).toEqual([
        'Bruce Lee statue to be installed in SF Chinatown',
        'The Bay Area is set to make an office leasing comeback',
        'Where to see spring blooms in the Bay Area',
        'Oceanfront Great Highway park set to open in April',
        "San Francisco's spring seasons are getting warmer",
      ]);
      expect(answer.searchQueries).toEqual(['Vercel AI SDK next version features']);
      expect(answer.consultedSources).toEqual([
        { url: 'https://vercel.com/blog', title: null },
        { url: 'https://github.com/vercel/ai', title: null },
        { url: 'https://vercel.com/ai', title: null },
      ]);
    });

    it('reads an answer without web search: no searches, no pages read', async () => {
      peer.replyNext(fixtureReply('openai', 'no-web-search-reference'));
      expect(await client(false).ask('q', { signal: signal() })).toEqual({
        model: 'o1-2024-12-17',
        text: 'The classic tongue twister...',
        citations: [],
        searchQueries: [],
        consultedSources: [],
        localised: false,
      });
    });
  });

  it("gives the web search tool a country's approximate location, upper case, and says the answer is localised", async () => {
    const answer = await client().ask('best crm', { signal: signal(), country: 'de' });
    expect((peer.requests[0]!.body as { tools: unknown }).tools).toEqual([{ type: 'web_search', user_location: { type: 'approximate', country: 'DE' } }]);
    expect(answer.localised).toBe(true);
  });

  it('omits the tool when web search is off, and then has no citations and cannot localise', async () => {
    const answer = await client(false).ask('best crm', { signal: signal(), country: 'de' });
    expect(peer.requests[0]!.body).toEqual({ model: 'gpt-4o-mini', input: 'best crm', store: false });
    expect(answer.citations).toEqual([]);
    expect(answer.localised).toBe(false);
  });

  it('meets the failures the peer chooses by prompt as classified provider errors', async () => {
    const failing = await startOpenAIPeer({ fail: (prompt) => (prompt === 'refused' ? { status: 400 } : prompt === 'unavailable' ? { status: 500 } : undefined) });
    const ask = (prompt: string) => client(true, failing.baseUrl).ask(prompt, { signal: signal() });
    try {
      await expect(ask('refused')).rejects.toMatchObject({ kind: 'permanent', code: 'client_error', status: 400 });
      await expect(ask('unavailable')).rejects.toMatchObject({ kind: 'transient', code: 'server_error', status: 500 });
      await expect(ask('best crm')).resolves.toMatchObject({ text: expect.stringContaining('Alpha') });
    } finally {
      await failing.close();
    }
  });
});
