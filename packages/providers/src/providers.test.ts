import { SURFACES } from '@brandradar/contracts';
import { Answer } from './answer';
import { providersConfigSchema } from './config';
import { createProviders } from './providers';
import { simulateAnswer } from './simulated/simulated';
import { eventually } from '../../../test/support/eventually';
import { startGroundingRedirectPeer, type GroundingRedirectPeer } from '../../../test/support/peers/grounding-redirects';
import { fixtureReply, PEER_API_KEY, startGeminiPeer, startOpenAIPeer, startSerpApiPeer, type ProtocolPeer } from '../../../test/support/peers/providers';

const NOW = new Date('2026-03-02T09:00:00.000Z');
const config = (env: Record<string, string> = {}) => providersConfigSchema.parse(env);

describe('createProviders', () => {
  it('simulates every surface whose key is missing, labelled as such', async () => {
    const providers = createProviders(config(), { clock: () => NOW });
    expect(providers.providerOf).toEqual(Object.fromEntries(SURFACES.map((s) => [s, 'simulated'])));
    const answer = await providers.askSurface('perplexity', 'best crm for startups', { account: 'a' });
    expect(answer).toEqual({
      surface: 'perplexity',
      provider: 'simulated',
      method: 'api',
      ...simulateAnswer('perplexity', 'best crm for startups'),
      truncated: false,
      fetchedAt: '2026-03-02T09:00:00.000Z',
    });
    expect(Answer.parse(answer)).toEqual(answer);
    expect(await providers.askSurface('google_ai_overview', 'best crm', { account: 'a' })).toMatchObject({ provider: 'simulated', method: 'serp', model: 'simulated-google_ai_overview' });
  });

  it("passes a run's draw to the simulation, which SIMULATED_VARIATION=fixed ignores", async () => {
    const draw = { runId: 'run-1', sample: 2 };
    const drawn = await createProviders(config(), { clock: () => NOW }).askSurface('claude', 'best crm', { account: 'a', draw });
    expect(drawn).toMatchObject(simulateAnswer('claude', 'best crm', draw));
    const fixed = await createProviders(config({ SIMULATED_VARIATION: 'fixed' }), { clock: () => NOW }).askSurface('claude', 'best crm', { account: 'a', draw });
    expect(fixed).toMatchObject(simulateAnswer('claude', 'best crm'));
  });

  describe('with keys set', () => {
    let openai: ProtocolPeer;
    let serpapi: ProtocolPeer;
    beforeEach(async () => {
      openai = await startOpenAIPeer();
      serpapi = await startSerpApiPeer();
    });
    afterEach(async () => {
      await openai.close();
      await serpapi.close();
    });

    const liveConfig = (extra: Record<string, string> = {}) =>
      config({ OPENAI_API_KEY: PEER_API_KEY, OPENAI_BASE_URL: openai.baseUrl, SERPAPI_API_KEY: PEER_API_KEY, SERPAPI_BASE_URL: serpapi.baseUrl, ...extra });

    it('uses the real client for those surfaces only, through the configured base URLs', async () => {
      const providers = createProviders(liveConfig({ OPENAI_MODEL: 'gpt-4.1-mini' }), { clock: () => NOW });
      expect(providers.providerOf).toEqual({ chatgpt: 'openai', claude: 'simulated', perplexity: 'simulated', gemini: 'simulated', google_ai_overview: 'serpapi' });
      const answer = await providers.askSurface('chatgpt', 'best crm', { account: 'a' });
      expect(answer).toMatchObject({ surface: 'chatgpt', provider: 'openai', method: 'api', model: 'gpt-4.1-mini-2024-07-18', fetchedAt: '2026-03-02T09:00:00.000Z' });
      expect(openai.requests[0]!.body).toMatchObject({ model: 'gpt-4.1-mini' });
    });

    it('passes the country to SerpApi and labels its answer serp, localised', async () => {
      const providers = createProviders(liveConfig());
      const answer = await providers.askSurface('google_ai_overview', 'best crm', { account: 'a', country: 'fr' });
      expect(answer).toMatchObject({ provider: 'serpapi', method: 'serp', model: 'google_ai_overview', localised: true });
      expect(serpapi.requests[0]!.query).toMatchObject({ gl: 'fr', hl: 'fr' });
    });

    it('labels each answer with what its client says it sent: a country to the live and simulated surfaces that localise', async () => {
      const providers = createProviders(liveConfig());
      const localised = async (country?: string) =>
        Object.fromEntries(await Promise.all(SURFACES.map(async (s) => [s, (await providers.askSurface(s, 'best crm', { account: 'a', country })).localised])));
      expect(await localised('de')).toEqual({ chatgpt: true, claude: true, perplexity: true, gemini: false, google_ai_overview: true });
      expect(await localised()).toEqual({ chatgpt: false, claude: false, perplexity: false, gemini: false, google_ai_overview: false });
      expect((openai.requests[0]!.body as { tools: unknown }).tools).toEqual([{ type: 'web_search', user_location: { type: 'approximate', country: 'DE' } }]);
      expect((openai.requests[1]!.body as { tools: unknown }).tools).toEqual([{ type: 'web_search' }]);
    });

    it('leaves a live answer unlocalised when web search, which carries the location, is off', async () => {
      const answer = await createProviders(liveConfig({ PROVIDER_WEB_SEARCH: 'false' })).askSurface('chatgpt', 'best crm', { account: 'a', country: 'de' });
      expect(answer.localised).toBe(false);
      expect(openai.requests[0]!.body).not.toHaveProperty('tools');
    });

    it('drops repeated citation URLs', async () => {
      openai.replyNext({
        status: 200,
        body: JSON.stringify({
          id: 'r',
          object: 'response',
          status: 'completed',
          model: 'gpt-4o-mini',
          output: [
            {
              type: 'message',
              id: 'm',
              role: 'assistant',
              status: 'completed',
              content: [
                {
                  type: 'output_text',
                  text: 'Alpha.',
                  annotations: [
                    { type: 'url_citation', start_index: 0, end_index: 3, url: 'https://a.example/', title: 'A' },
                    { type: 'url_citation', start_index: 3, end_index: 6, url: 'https://a.example/', title: 'A again' },
                  ],
                },
              ],
            },
          ],
        }),
      });
      const answer = await createProviders(liveConfig()).askSurface('chatgpt', 'q', { account: 'a' });
      expect(answer.citations).toEqual([{ url: 'https://a.example/', title: 'A' }]);
    });

    it('fails a call that outlasts PROVIDER_TIMEOUT_MS as a transient timeout', async () => {
      const providers = createProviders(liveConfig({ PROVIDER_TIMEOUT_MS: '100' }));
      openai.replyNext({ status: 200, body: '{}', delayMs: 2000 });
      await expect(providers.askSurface('chatgpt', 'q', { account: 'a' })).rejects.toMatchObject({ kind: 'transient', code: 'timeout' });
    });

    it("stops at once when the caller's signal aborts", async () => {
      const providers = createProviders(liveConfig());
      openai.replyNext({ status: 200, body: '{}', delayMs: 2000 });
      const controller = new AbortController();
      const pending = providers.askSurface('chatgpt', 'q', { account: 'a', signal: controller.signal });
      await eventually(async () => openai.requests.length, (n) => n === 1); // the call is at the peer, which answers in 2 s
      controller.abort(new Error('shutting down'));
      await expect(pending).rejects.toThrow('shutting down');
    });

    it('runs at most PROVIDER_CONCURRENCY calls per surface at once', async () => {
      const providers = createProviders(liveConfig({ PROVIDER_CONCURRENCY: '1' }));
      openai.replyNext({ status: 500, body: '{}', delayMs: 150 });
      const first = providers.askSurface('chatgpt', 'first', { account: 'a' }).catch(() => undefined);
      const second = providers.askSurface('chatgpt', 'second', { account: 'b' });
      await first;
      // The first call took 150 ms: without the limit, the second would have reached the peer by now.
      expect(openai.requests).toHaveLength(1);
      await expect(second).resolves.toMatchObject({ provider: 'openai' });
      expect(openai.requests.map((r) => (r.body as { input: string }).input)).toEqual(['first', 'second']);
    });
  });

  describe("gemini's grounding redirects", () => {
    let gemini: ProtocolPeer;
    let redirectHost: GroundingRedirectPeer;
    beforeEach(async () => {
      [gemini, redirectHost] = await Promise.all([startGeminiPeer(), startGroundingRedirectPeer(() => ({ redirect: 'https://www.tradingview.com/symbols/NASDAQ-GOOG/' }))]);
      gemini.replyNext(fixtureReply('gemini', 'grounded-cookbook'));
    });
    afterEach(() => Promise.all([gemini.close(), redirectHost.close()]));

    const geminiConfig = (extra: Record<string, string> = {}) => config({ GEMINI_API_KEY: PEER_API_KEY, GEMINI_BASE_URL: gemini.baseUrl, GEMINI_REDIRECT_BASE_URL: redirectHost.origin, ...extra });

    it('asks GEMINI_REDIRECT_BASE_URL for their targets, and keeps a target only on the publisher the title names', async () => {
      const answer = await createProviders(geminiConfig()).askSurface('gemini', 'q', { account: 'a' });
      expect(answer.citations).toEqual([
        { url: 'https://www.tradingview.com/symbols/NASDAQ-GOOG/', title: 'tradingview.com' },
        { url: expect.stringMatching(/^https:\/\/vertexaisearch\.cloud\.google\.com\/grounding-api-redirect\//), title: 'angelone.in' },
      ]);
      expect(redirectHost.requests).toHaveLength(2);
    });

    it('keeps them, asking nothing, with GEMINI_RESOLVE_REDIRECTS=false', async () => {
      const answer = await createProviders(geminiConfig({ GEMINI_RESOLVE_REDIRECTS: 'false' })).askSurface('gemini', 'q', { account: 'a' });
      expect(answer.citations.map((c) => new URL(c.url).hostname)).toEqual(['vertexaisearch.cloud.google.com', 'vertexaisearch.cloud.google.com']);
      expect(redirectHost.requests).toEqual([]);
    });
  });
});
