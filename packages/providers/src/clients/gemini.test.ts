import { fixtureReply, PEER_API_KEY, startGeminiPeer, type ProtocolPeer } from '../../../../test/support/peers/providers';
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
      searchQueries: ['best crm'],
      consultedSources: [
        { url: 'https://www.example.com/best-tools?utm_source=peer', title: 'Best tools' },
        { url: 'https://reviews.example.org/alpha', title: 'Alpha review' },
      ],
      localised: false,
    });
  });

  describe('published and recorded bodies (test/fixtures/providers/gemini)', () => {
    const tradingview = { url: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUBnsYvCJxuNIWBDoRknIAxxifZXpHRRWw2EYq_3wLZYeXplhyBxyEXA8VR2gftuCOHw7l0DYe9vQXwt860nKn9EJJpfOItiUBUhDM64uXio5y-9r025--_HNVv_yGP4YXz3JoXg3iUZLNZUiOjI4g==', title: 'tradingview.com' };
    const angelone = { url: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUBnsYtewfAk1Th37hwCctYVIoy0TYS730BK8s4DRGZC349rRb7N2GXSh38AeOZ83yPSJRD_Upz9SC-iQeV2BYc6VR0AcFtldLQwyGTEMu80nZqpw-OyFPJCCHNYBVANjiBcGrYt_GiSMpGveP6xAakM_w3kPsqfzd9EEjw=', title: 'angelone.in' };

    it("reads the cookbook's grounded answer: its text, the chunks its supports cite (titles kept: the publishers), its search", async () => {
      peer.replyNext(fixtureReply('gemini', 'grounded-cookbook'));
      expect(await client().ask('What is the current Google stock price?', { signal: signal() })).toEqual({
        model: 'gemini-2.5-flash',
        text: 'Here are the current prices for Google stock, as of February 12, 2025:\n\n*   **GOOG (Alphabet Inc Class C):** $187.07\n*   **GOOGL (Alphabet Inc Class A):** $185.37\n',
        citations: [tradingview, angelone],
        searchQueries: ['current Google stock price'],
        consultedSources: [tradingview, angelone],
        localised: false,
      });
    });

    it('cites only the chunks a support points at; every chunk counts as read', async () => {
      const body = JSON.parse(fixtureReply('gemini', 'grounded-cookbook').body) as { candidates: [{ groundingMetadata: { groundingSupports: unknown[] } }] };
      body.candidates[0].groundingMetadata.groundingSupports.pop();
      peer.replyNext({ status: 200, body: JSON.stringify(body) });
      expect(await client().ask('q', { signal: signal() })).toMatchObject({ citations: [tradingview], consultedSources: [tradingview, angelone] });
    });

    it("reads the docs' example with two searches", async () => {
      peer.replyNext(fixtureReply('gemini', 'two-searches-reference'));
      const answer = await client().ask('Who won the euro 2024?', { signal: signal() });
      const chunks = [
        { url: 'https://vertexaisearch.cloud.google.com.....', title: 'aljazeera.com' },
        { url: 'https://vertexaisearch.cloud.google.com.....', title: 'uefa.com' },
      ];
      expect(answer).toEqual({
        model: 'gemini-2.5-flash',
        text: "Spain won Euro 2024, defeating England 2-1 in the final. This victory marks Spain's record fourth European Championship title.",
        citations: chunks,
        searchQueries: ['UEFA Euro 2024 winner', 'who won euro 2024'],
        consultedSources: chunks,
        localised: false,
      });
    });

    it('reads a recorded answer without grounding: no searches, nothing read', async () => {
      peer.replyNext(fixtureReply('gemini', 'no-web-search-recorded'));
      expect(await client(false).ask('q', { signal: signal() })).toEqual({
        model: 'gemini-3-pro-preview',
        text: "There are **3** r's in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.",
        citations: [],
        searchQueries: [],
        consultedSources: [],
        localised: false,
      });
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
