import { ProviderError } from '@brandradar/providers';
import { eventually } from '../../../../test/support/eventually';
import type { ProtocolPeer } from '../../../../test/support/peers/providers';
import { marketOf } from '../domain/markets';
import { PEER_DATAFORSEO_LOGIN, PEER_DATAFORSEO_PASSWORD, startDataForSeoPeer } from '../../../../test/support/peers/workflow-sources';
import { createDataForSeoSource } from './dataforseo';

let peer: ProtocolPeer;
beforeAll(async () => (peer = await startDataForSeoPeer()));
afterAll(() => peer.close());

const source = (login = PEER_DATAFORSEO_LOGIN) => createDataForSeoSource({ login, password: PEER_DATAFORSEO_PASSWORD, baseUrl: peer.baseUrl, keywordLimit: 2 });
const gb = marketOf('gb')!;
const signal = () => AbortSignal.timeout(5_000);
const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as ProviderError);

describe('DataForSEO keyword demand', () => {
  it('posts one Labs keyword_suggestions task with the market and reads the seed and its suggestions', async () => {
    const found = await source().keywordDemand('crm', gb, signal());
    const request = peer.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v3/dataforseo_labs/google/keyword_suggestions/live' });
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual([{ keyword: 'crm', location_code: 2826, language_code: 'en', include_seed_keyword: true, limit: 2, order_by: ['keyword_info.search_volume,desc'] }]);
    expect(found.seed).toEqual({
      keyword: 'crm',
      searchVolume: 2400,
      cpc: 4.5,
      competition: 0.52,
      competitionLevel: 'MEDIUM',
      keywordDifficulty: 48,
      intent: 'informational',
      monthlySearches: [
        { year: 2026, month: 10, searchVolume: 2400 },
        { year: 2026, month: 9, searchVolume: 2400 },
      ],
    });
    expect(found.keywords.map((k) => k.keyword)).toEqual(['best crm', 'crm for beginners']);
  });

  it('reads a keyword without data as nulls', async () => {
    const sparse = await startDataForSeoPeer({ keywords: () => ({ seed: null, suggestions: [{ keyword: 'crm x', searchVolume: null }] }) });
    try {
      const found = await createDataForSeoSource({ login: PEER_DATAFORSEO_LOGIN, password: PEER_DATAFORSEO_PASSWORD, baseUrl: sparse.baseUrl, keywordLimit: 5 }).keywordDemand('crm', gb, signal());
      expect(found).toEqual({ seed: null, keywords: [{ keyword: 'crm x', searchVolume: null, cpc: null, competition: null, competitionLevel: null, keywordDifficulty: null, intent: null, monthlySearches: [] }] });
    } finally {
      await sparse.close();
    }
  });
});

describe('DataForSEO questions', () => {
  it('reads People Also Ask and related searches from the first results page', async () => {
    const found = await source().searchQuestions('crm', gb, signal());
    expect(peer.requests.at(-1)).toMatchObject({ path: '/v3/serp/google/organic/live/advanced', body: [{ keyword: 'crm', location_code: 2826, language_code: 'en', depth: 10 }] });
    expect(found).toEqual({
      peopleAlsoAsk: [
        { question: 'What is crm?', answer: 'crm is the practice of…', url: 'https://www.example.com/what-is', domain: 'www.example.com' },
        { question: 'How do I start with crm?', answer: 'Begin with a small pilot…', url: 'https://guides.example.org/start', domain: 'guides.example.org' },
      ],
      related: ['crm examples', 'is crm worth it', 'crm tools'],
    });
  });
});

describe('DataForSEO errors', () => {
  it('is a permanent client_error for wrong credentials (HTTP 401, status 40100)', async () => {
    const e = await failure(source('someone-else').keywordDemand('crm', gb, signal()));
    expect(e).toMatchObject({ kind: 'permanent', code: 'client_error', status: 401, message: expect.stringContaining('not authorized') });
  });

  it('reads the status codes inside a 200: a task error is permanent, a 5xxxx or a per-minute limit transient', async () => {
    const reply = (body: unknown) => peer.replyNext({ status: 200, body: JSON.stringify(body) });
    reply({ status_code: 20000, status_message: 'Ok.', tasks: [{ status_code: 40501, status_message: "Invalid Field: 'keyword'.", result: null }] });
    expect(await failure(source().keywordDemand('crm', gb, signal()))).toMatchObject({ kind: 'permanent', code: 'client_error', message: "DataForSEO 40501: Invalid Field: 'keyword'." });
    reply({ status_code: 50000, status_message: 'Internal Error.', tasks: null });
    expect(await failure(source().keywordDemand('crm', gb, signal()))).toMatchObject({ kind: 'transient', code: 'server_error' });
    reply({ status_code: 20000, status_message: 'Ok.', tasks: [{ status_code: 40202, status_message: 'Rate-limit per minute exceeded.', result: null }] });
    expect(await failure(source().searchQuestions('crm', gb, signal()))).toMatchObject({ kind: 'transient', code: 'rate_limited' });
  });

  it('is transient for HTTP 429 and 5xx, keeping Retry-After', async () => {
    peer.failNext({ status: 429, retryAfterSeconds: 3 }, { status: 503 });
    expect(await failure(source().keywordDemand('crm', gb, signal()))).toMatchObject({ kind: 'transient', code: 'rate_limited', retryAfterMs: 3_000 });
    expect(await failure(source().keywordDemand('crm', gb, signal()))).toMatchObject({ kind: 'transient', code: 'server_error' });
  });

  it('is a permanent malformed_response for a body it cannot read', async () => {
    peer.replyNext({ status: 200, body: '<html>gateway</html>' });
    expect(await failure(source().keywordDemand('crm', gb, signal()))).toMatchObject({ kind: 'permanent', code: 'malformed_response' });
  });

  it("gives up with the caller's reason when the caller aborts", async () => {
    peer.replyNext({ status: 200, body: '{}', delayMs: 5_000 });
    const controller = new AbortController();
    const before = peer.requests.length;
    const pending = failure(source().keywordDemand('crm', gb, controller.signal));
    await eventually(async () => peer.requests.length, (n) => n > before); // the call is at the peer, which answers in 5 s
    const reason = new Error('deadline');
    controller.abort(reason);
    expect(await pending).toBe(reason);
  });
});
