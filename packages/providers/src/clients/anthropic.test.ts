import { PEER_API_KEY, startAnthropicPeer, type ProtocolPeer } from '../../../../test/support/peers/providers';
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
    expect(answer.localised).toBe(false);
  });
});
