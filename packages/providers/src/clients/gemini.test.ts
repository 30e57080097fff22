import { PEER_API_KEY, startGeminiPeer, type ProtocolPeer } from '../../../../test/support/peers/providers';
import { createGeminiClient } from './gemini';

const signal = () => new AbortController().signal;

describe('gemini client (generateContent)', () => {
  let peer: ProtocolPeer;
  beforeEach(async () => {
    peer = await startGeminiPeer();
  });
  afterEach(() => peer.close());

  const client = (webSearch = true) => createGeminiClient({ apiKey: PEER_API_KEY, baseUrl: peer.baseUrl, model: 'gemini-2.5-flash', timeoutMs: 5000, webSearch });

  it('sends the prompt to the model path with x-goog-api-key and Google Search grounding', async () => {
    await client().ask('best crm for startups', { signal: signal() });
    const [request] = peer.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1beta/models/gemini-2.5-flash:generateContent' });
    expect(request!.headers['x-goog-api-key']).toBe(PEER_API_KEY);
    expect(request!.body).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'best crm for startups' }] }], tools: [{ googleSearch: {} }] });
  });

  it('reads the text, the grounding chunks and the model version', async () => {
    const answer = await client().ask('best crm', { signal: signal() });
    expect(answer).toEqual({
      model: 'gemini-2.5-flash',
      text: 'Answer to "best crm":\n1. Alpha is the leader.\n2. Beta is a close second.',
      citations: [
        { url: 'https://www.example.com/best-tools?utm_source=peer', title: 'Best tools' },
        { url: 'https://reviews.example.org/alpha', title: 'Alpha review' },
      ],
      localised: false,
    });
  });

  it('sends no market, which its API cannot take, and says the answer is not localised', async () => {
    const answer = await client().ask('best crm', { signal: signal(), country: 'de' });
    await client().ask('best crm', { signal: signal() });
    expect(peer.requests[0]!.body).toEqual(peer.requests[1]!.body);
    expect(answer.localised).toBe(false);
  });

  it('sends no tools when web search is off, and then has no citations', async () => {
    const answer = await client(false).ask('best crm', { signal: signal() });
    expect(peer.requests[0]!.body).not.toHaveProperty('tools');
    expect(answer.citations).toEqual([]);
  });

  it('treats a candidate without text (e.g. blocked) as a permanent empty answer', async () => {
    peer.replyNext({ status: 200, body: JSON.stringify({ candidates: [{ finishReason: 'SAFETY', index: 0 }], modelVersion: 'gemini-2.5-flash' }) });
    await expect(client().ask('x', { signal: signal() })).rejects.toMatchObject({ kind: 'permanent', code: 'empty_answer', message: expect.stringContaining('SAFETY') });
  });
});
