import { fixtureReply, PEER_API_KEY, startPerplexityPeer, type ProtocolPeer } from '../../../../test/support/peers/providers';
import { createPerplexityClient } from './perplexity';

const signal = () => new AbortController().signal;

describe('perplexity client (chat completions over fetch)', () => {
  let peer: ProtocolPeer;
  beforeEach(async () => {
    peer = await startPerplexityPeer();
  });
  afterEach(() => peer.close());

  const client = () => createPerplexityClient({ apiKey: PEER_API_KEY, baseUrl: peer.baseUrl, model: 'sonar' });

  it('sends the prompt to POST /chat/completions with the bearer key and model', async () => {
    await client().ask('best crm for startups', { signal: signal() });
    const [request] = peer.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/chat/completions' });
    expect(request!.headers.authorization).toBe(`Bearer ${PEER_API_KEY}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({ model: 'sonar', messages: [{ role: 'user', content: 'best crm for startups' }] });
  });

  it("asks the search for a country's results, upper case, and says the answer is localised", async () => {
    const answer = await client().ask('best crm', { signal: signal(), country: 'jp' });
    expect(peer.requests[0]!.body).toEqual({ model: 'sonar', messages: [{ role: 'user', content: 'best crm' }], web_search_options: { user_location: { country: 'JP' } } });
    expect(answer.localised).toBe(true);
    expect((await client().ask('best crm', { signal: signal() })).localised).toBe(false);
  });

  it('reads the text and merges search_results with citations', async () => {
    peer.replyNext({
      status: 200,
      body: JSON.stringify({
        id: 'x',
        model: 'sonar',
        object: 'chat.completion',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Alpha leads [1][2].' } }],
        search_results: [{ title: 'Alpha review', url: 'https://a.example/review', date: null }],
        citations: ['https://a.example/review', 'https://b.example/only-cited'],
      }),
    });
    expect(await client().ask('q', { signal: signal() })).toEqual({
      model: 'sonar',
      text: 'Alpha leads [1][2].',
      citations: [
        { url: 'https://a.example/review', title: 'Alpha review' },
        { url: 'https://a.example/review', title: null },
        { url: 'https://b.example/only-cited', title: null },
      ],
      localised: false,
    });
  });

  describe('published and recorded bodies (test/fixtures/providers/perplexity)', () => {
    it('reads a recorded answer that lists only citations: its whole text and every URL, untitled, in order', async () => {
      peer.replyNext(fixtureReply('perplexity', 'citations-recorded'));
      const answer = await client().ask('q', { signal: signal() });
      expect(answer.text).toBe(
        "The most recent estimates for San Francisco's city population (as of 2024-2026) range from **803,000 to 893,000**, with a consensus around **827,000-844,000** from authoritative U.S. data sources.[2][3][5][7]\n\nRecent figures include:\n- 827,526 (2024 estimate, consistent across Wikipedia, California Demographics, and FRED/St. Louis Fed data).[2][3][5]\n- 844,276 (San Francisco County 2026 projection).[7]\n- 803,876 (2026 city projection, noting a -1.45% annual decline).[6]\n- 893,000 (2026 city estimate from populationstat.com).[1]",
      );
      expect(answer.citations).toEqual(
        [
          'https://populationstat.com/united-states/san-francisco',
          'https://en.wikipedia.org/wiki/San_Francisco',
          'https://www.california-demographics.com/cities_by_population',
          'https://wfin.com/fox-sports/pat-mcafee-says-san-francisco-wasnt-the-s-hole-he-thought-it-may-be-during-super-bowl-week/',
          'https://fred.stlouisfed.org/series/CASANF0POP',
          'https://worldpopulationreview.com/us-cities/california/san-francisco',
          'https://worldpopulationreview.com/us-counties/california/san-francisco-county',
        ].map((url) => ({ url, title: null })),
      );
      // Perplexity reports neither its searches nor the pages it read: the answer says nothing of them.
      expect(answer).not.toHaveProperty('searchQueries');
      expect(answer).not.toHaveProperty('consultedSources');
    });

    it("reads the reference's example: search_results (titled) first, then citations", async () => {
      peer.replyNext(fixtureReply('perplexity', 'search-results-reference'));
      expect(await client().ask('q', { signal: signal() })).toEqual({
        model: '<string>',
        text: '<string>',
        citations: [
          { url: '<string>', title: '<string>' },
          { url: '<string>', title: null },
        ],
        localised: false,
      });
    });
  });

  it('keeps a base URL path prefix', async () => {
    const prefixed = createPerplexityClient({ apiKey: PEER_API_KEY, baseUrl: `${peer.baseUrl}/proxy`, model: 'sonar' });
    await prefixed.ask('q', { signal: signal() }).catch(() => undefined);
    expect(peer.requests[0]!.path).toBe('/proxy/chat/completions');
  });

  it('treats a body it cannot read as a permanent malformed response', async () => {
    peer.replyNext({ status: 200, body: '{"choices": []}' }, { status: 200, body: '<html>gateway</html>' });
    await expect(client().ask('q', { signal: signal() })).rejects.toMatchObject({ kind: 'permanent', code: 'malformed_response' });
    await expect(client().ask('q', { signal: signal() })).rejects.toMatchObject({ kind: 'permanent', code: 'malformed_response' });
  });
});
