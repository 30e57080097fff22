import { PEER_API_KEY, startOpenAIPeer, type ProtocolPeer } from '../../../../test/support/peers/providers';
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
    expect(request!.body).toEqual({ model: 'gpt-4o-mini', input: 'best crm for startups', store: false, tools: [{ type: 'web_search' }] });
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
      localised: false,
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
