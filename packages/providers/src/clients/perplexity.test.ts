import { PEER_API_KEY, startPerplexityPeer, type ProtocolPeer } from '../../../../test/support/peers/providers';
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
