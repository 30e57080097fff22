import { startGroundingRedirectPeer, type GroundingRedirectPeer, type RedirectPeerReply } from '../../../../test/support/peers/grounding-redirects';
import { fixtureReply, PEER_API_KEY, startGeminiPeer, type ProtocolPeer } from '../../../../test/support/peers/providers';
import { createGeminiClient } from './gemini';

const signal = () => new AbortController().signal;

describe('gemini client (generateContent)', () => {
  let peer: ProtocolPeer;
  /** Stands in for vertexaisearch.cloud.google.com; answers 404 unless a test scripts a path. */
  let redirectHost: GroundingRedirectPeer;
  let redirectReplies: Record<string, RedirectPeerReply>;
  beforeEach(async () => {
    redirectReplies = {};
    [peer, redirectHost] = await Promise.all([startGeminiPeer(), startGroundingRedirectPeer((path) => redirectReplies[path] ?? { status: 404 })]);
  });
  afterEach(() => Promise.all([peer.close(), redirectHost.close()]));

  const client = (webSearch = true, redirectTimeoutMs = 1500) =>
    createGeminiClient({
      apiKey: PEER_API_KEY,
      baseUrl: peer.baseUrl,
      model: 'gemini-2.5-flash',
      timeoutMs: 5000,
      webSearch,
      redirects: { enabled: true, origin: redirectHost.origin, timeoutMs: redirectTimeoutMs, budgetMs: 2500 },
    });

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

    const cookbookText = 'Here are the current prices for Google stock, as of February 12, 2025:\n\n*   **GOOG (Alphabet Inc Class C):** $187.07\n*   **GOOGL (Alphabet Inc Class A):** $185.37\n';
    const pathOf = (redirect: string) => new URL(redirect).pathname;
    const publishers = { tradingview: 'https://www.tradingview.com/symbols/NASDAQ-GOOG/', angelone: 'https://www.angelone.in/stocks/alphabet-inc-class-c' };

    it("reads the cookbook's grounded answer: its text, the chunks its supports cite as their publishers' pages (titles kept), its search", async () => {
      redirectReplies[pathOf(tradingview.url)] = { redirect: publishers.tradingview };
      redirectReplies[pathOf(angelone.url)] = { redirect: publishers.angelone };
      peer.replyNext(fixtureReply('gemini', 'grounded-cookbook'));
      const cited = [
        { url: publishers.tradingview, title: 'tradingview.com' },
        { url: publishers.angelone, title: 'angelone.in' },
      ];
      expect(await client().ask('What is the current Google stock price?', { signal: signal() })).toEqual({
        model: 'gemini-2.5-flash',
        text: cookbookText,
        citations: cited,
        searchQueries: ['current Google stock price'],
        consultedSources: cited,
        localised: false,
      });
      expect(redirectHost.requests.map((r) => r.method)).toEqual(['HEAD', 'HEAD']);
    });

    it('asks once per redirect: a second answer citing the same pages makes no request', async () => {
      redirectReplies[pathOf(tradingview.url)] = { redirect: publishers.tradingview };
      peer.replyNext(fixtureReply('gemini', 'grounded-cookbook'), fixtureReply('gemini', 'grounded-cookbook'));
      const gemini = client();
      const first = await gemini.ask('q', { signal: signal() });
      const second = await gemini.ask('q', { signal: signal() });
      expect(second).toEqual(first);
      expect(first.citations).toEqual([{ url: publishers.tradingview, title: 'tradingview.com' }, angelone]); // angelone's 404 is remembered too
      expect(redirectHost.requests).toHaveLength(2);
    });

    it.each<[string, RedirectPeerReply]>([
      ['answers 404', { status: 404 }],
      ['hangs past the timeout', { hang: true }],
      ['sends a relative Location', { redirect: '/elsewhere' }],
      ['sends a javascript: Location', { redirect: 'javascript:alert(1)' }],
    ])('keeps the redirects, and the answer still arrives, when their host %s', async (_, reply) => {
      redirectReplies[pathOf(tradingview.url)] = reply;
      redirectReplies[pathOf(angelone.url)] = reply;
      peer.replyNext(fixtureReply('gemini', 'grounded-cookbook'));
      expect(await client(true, 200).ask('q', { signal: signal() })).toMatchObject({ text: cookbookText, citations: [tradingview, angelone], consultedSources: [tradingview, angelone] });
      expect(redirectHost.requests).toHaveLength(2);
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
      expect(redirectHost.requests).toEqual([]); // the docs' elided URIs are no redirects to ask about
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
