import { PROVIDER_ERROR_MESSAGES } from '@brandradar/providers';
import { PEER_API_KEY, startAnthropicPeer, startGeminiPeer, startOpenAIPeer, startPerplexityPeer, startSerpApiPeer, type ProtocolPeer } from '../support/peers/providers';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { workflowService } from '../../services/workflow/src/service';
import { PEER_DATAFORSEO_LOGIN, PEER_DATAFORSEO_PASSWORD, PEER_YOUTUBE_KEY, startDataForSeoPeer, startYouTubePeer } from '../support/peers/workflow-sources';
import { eventually } from '../support/eventually';
import { startStack, type TestStack } from '../support/stack';

// The whole path: gateway → NATS → workflow service → the real provider and
// data-source clients → local protocol peers; billing settles over NATS too.

const PATH = '/api/v1/workflows/content-brief';
const VIDEO_DEADLINE_MS = 3_000;
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const ISO_DURATION = /^P(?!$)(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const DAY_MS = 86_400_000;

let stack: TestStack;
const peers = {} as Record<'openai' | 'anthropic' | 'gemini' | 'perplexity' | 'serpapi' | 'dataforseo' | 'youtube', ProtocolPeer>;

beforeAll(async () => {
  Object.assign(peers, {
    openai: await startOpenAIPeer(),
    anthropic: await startAnthropicPeer(),
    gemini: await startGeminiPeer(),
    perplexity: await startPerplexityPeer(),
    serpapi: await startSerpApiPeer(),
    dataforseo: await startDataForSeoPeer(),
    youtube: await startYouTubePeer(),
  });
  stack = await startStack([billingService, workflowService, gatewayService], {
    OPENAI_API_KEY: PEER_API_KEY,
    OPENAI_BASE_URL: peers.openai.baseUrl,
    ANTHROPIC_API_KEY: PEER_API_KEY,
    ANTHROPIC_BASE_URL: peers.anthropic.baseUrl,
    GEMINI_API_KEY: PEER_API_KEY,
    GEMINI_BASE_URL: peers.gemini.baseUrl,
    PERPLEXITY_API_KEY: PEER_API_KEY,
    PERPLEXITY_BASE_URL: peers.perplexity.baseUrl,
    SERPAPI_API_KEY: PEER_API_KEY,
    SERPAPI_BASE_URL: peers.serpapi.baseUrl,
    DATAFORSEO_LOGIN: PEER_DATAFORSEO_LOGIN,
    DATAFORSEO_PASSWORD: PEER_DATAFORSEO_PASSWORD,
    DATAFORSEO_BASE_URL: peers.dataforseo.baseUrl,
    YOUTUBE_API_KEY: PEER_YOUTUBE_KEY,
    YOUTUBE_BASE_URL: peers.youtube.baseUrl,
    WORKFLOW_VIDEO_DEADLINE_MS: String(VIDEO_DEADLINE_MS),
    PROVIDER_RETRY_BASE_MS: '10',
    PROVIDER_RETRY_MAX_MS: '200',
  });
});
afterAll(async () => {
  await stack.stop();
  await Promise.all(Object.values(peers).map((p) => p.close()));
});

/** How many requests each peer has received so far, to tell which a call reached. */
const requestCounts = () => Object.fromEntries(Object.entries(peers).map(([name, p]) => [name, p.requests.length]));
const newRequests = (peer: ProtocolPeer, before: number) => peer.requests.slice(before);

async function balanceOf(key: string): Promise<number> {
  const res = await stack.api('GET', '/api/v1/account', { key });
  expect(res.status).toBe(200);
  return res.body.account.balanceMicro;
}

const brief = (key: string, body: unknown, headers?: Record<string, string>) => stack.api('POST', PATH, { key, body, headers });
const stepOf = (body: any, endpoint: string) => body.results.find((r: any) => r.endpoint === endpoint);

describe('a default call against live clients', () => {
  let key: string;
  let res: Awaited<ReturnType<typeof brief>>;
  let before: Record<string, number>;
  const input = { topic: 'Project Management Software', audience: 'agency owners', brand: 'example.com', goal: 'earn citations and rank' };

  beforeAll(async () => {
    ({ apiKey: key } = await stack.account(1_000_000));
    before = requestCounts();
    res = await brief(key, input);
  });

  it('answers 200 with the spec body, the results in the contract order, and charges exactly 82,000', async () => {
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['status', 'workflow', 'summary', 'input', 'results', 'suggestedPrompt', 'billedCostMicro']);
    expect(res.body).toMatchObject({ status: 'workflow_result', workflow: 'generate_content_brief', billedCostMicro: 82_000 });
    expect(res.body.input).toEqual({ ...input, country: 'us', models: ['chatgpt', 'perplexity', 'gemini'] });
    expect(res.body.results.map((r: any) => [r.endpoint, r.tool, r.ok])).toEqual([
      ['/v1/ai/answers', 'service_ai_answers', true],
      ['/v1/ai/citations', 'service_ai_citations', true],
      ['/v1/keywords/demand', 'service_keyword_demand', true],
      ['/v1/questions', 'service_questions', true],
      ['/v1/video/trends', 'service_video_trends', true],
    ]);
    for (const r of res.body.results) expect(Object.keys(r)).toEqual(['endpoint', 'tool', 'why', 'ok', 'data']);
    for (const r of res.body.results) expect(r.why.length).toBeGreaterThan(20);
    expect(await balanceOf(key)).toBe(1_000_000 - 82_000);
  });

  it('asks the three default surfaces the topic verbatim, and reports their answers with the brand check', () => {
    const answers = stepOf(res.body, '/v1/ai/answers').data;
    expect(answers).toMatchObject({ query: input.topic, country: 'us', surfaces: ['chatgpt', 'perplexity', 'gemini'], answered: 3, failed: 0 });
    expect(answers.answers.map((a: any) => [a.surface, a.status, a.provider, a.method])).toEqual([
      ['chatgpt', 'succeeded', 'openai', 'api'],
      ['perplexity', 'succeeded', 'perplexity', 'api'],
      ['gemini', 'succeeded', 'google', 'api'],
    ]);
    for (const a of answers.answers) {
      expect(a).toMatchObject({ text: expect.stringContaining(input.topic), brandMentioned: false, error: null, fetchedAt: expect.stringMatching(TIMESTAMP) });
      expect(a.citations.length).toBe(2);
    }
    expect(newRequests(peers.openai, before.openai!).map((r) => (r.body as any).input)).toEqual([input.topic]);
    expect(newRequests(peers.anthropic, before.anthropic!)).toEqual([]);
    expect(newRequests(peers.serpapi, before.serpapi!)).toEqual([]);
  });

  it('aggregates the cited sources by normalised page and registrable domain, and finds the brand’s own site', () => {
    const sources = stepOf(res.body, '/v1/ai/citations').data;
    expect(sources).toEqual({
      provider: 'ai_answers',
      answersAnalysed: 3,
      totalCitations: 6,
      domains: [
        { domain: 'example.com', citations: 3, share: 0.5, surfaces: ['chatgpt', 'perplexity', 'gemini'], urls: ['https://example.com/best-tools'] },
        { domain: 'example.org', citations: 3, share: 0.5, surfaces: ['chatgpt', 'perplexity', 'gemini'], urls: ['https://reviews.example.org/alpha'] },
      ],
      urls: [
        { url: 'https://example.com/best-tools', title: 'Best tools', domain: 'example.com', citations: 3, surfaces: ['chatgpt', 'perplexity', 'gemini'] },
        { url: 'https://reviews.example.org/alpha', title: 'Alpha review', domain: 'example.org', citations: 3, surfaces: ['chatgpt', 'perplexity', 'gemini'] },
      ],
      brand: { name: 'example.com', cited: true, citations: 3, domains: ['example.com'] },
    });
  });

  it('reads keyword demand from DataForSEO Labs with Basic auth, localised to the US', () => {
    const [call] = newRequests(peers.dataforseo, before.dataforseo!).filter((r) => r.path.includes('keyword_suggestions'));
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe('/v3/dataforseo_labs/google/keyword_suggestions/live');
    expect(call!.headers.authorization).toBe(`Basic ${Buffer.from(`${PEER_DATAFORSEO_LOGIN}:${PEER_DATAFORSEO_PASSWORD}`).toString('base64')}`);
    expect(call!.body).toEqual([
      { keyword: 'project management software', location_code: 2840, language_code: 'en', include_seed_keyword: true, limit: 20, order_by: ['keyword_info.search_volume,desc'] },
    ]);
    const demand = stepOf(res.body, '/v1/keywords/demand').data;
    expect(demand).toMatchObject({ provider: 'dataforseo', seedKeyword: 'project management software', country: 'us', locationCode: 2840, languageCode: 'en', totalSearchVolume: 2400 + 1300 + 590 });
    expect(demand.seed).toEqual({
      keyword: 'project management software',
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
    expect(demand.keywords.map((k: any) => [k.keyword, k.searchVolume])).toEqual([
      ['best project management software', 1300],
      ['project management software for beginners', 590],
      ['project management software checklist', null],
    ]);
  });

  it('reads People Also Ask and related searches from the SERP, turning question-like searches into questions', () => {
    const [call] = newRequests(peers.dataforseo, before.dataforseo!).filter((r) => r.path.includes('serp'));
    expect(call!.path).toBe('/v3/serp/google/organic/live/advanced');
    expect(call!.body).toEqual([{ keyword: 'project management software', location_code: 2840, language_code: 'en', depth: 10 }]);
    const questions = stepOf(res.body, '/v1/questions').data;
    expect(questions).toMatchObject({ provider: 'dataforseo', query: 'project management software', locationCode: 2840, languageCode: 'en', fetchedAt: expect.stringMatching(TIMESTAMP) });
    expect(questions.questions).toEqual([
      { question: 'What is project management software?', source: 'people_also_ask', answer: 'project management software is the practice of…', url: 'https://www.example.com/what-is', domain: 'www.example.com' },
      { question: 'How do I start with project management software?', source: 'people_also_ask', answer: 'Begin with a small pilot…', url: 'https://guides.example.org/start', domain: 'guides.example.org' },
      { question: 'is project management software worth it', source: 'related_searches', answer: null, url: null, domain: null },
    ]);
    expect(questions.relatedSearches).toEqual(['project management software examples', 'project management software tools']);
  });

  it('searches YouTube for recent videos in the region, then reads their statistics and durations', () => {
    const calls = newRequests(peers.youtube, before.youtube!);
    expect(calls.map((c) => c.path)).toEqual(['/youtube/v3/search', '/youtube/v3/videos']);
    const search = calls[0]!.query;
    expect(search).toMatchObject({ part: 'snippet', type: 'video', q: 'project management software', order: 'viewCount', regionCode: 'US', maxResults: '15', key: PEER_YOUTUBE_KEY });
    expect(Date.now() - Date.parse(search.publishedAfter!)).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(Date.now() - Date.parse(search.publishedAfter!)).toBeLessThan(30 * DAY_MS + 60_000);
    expect(calls[1]!.query).toMatchObject({ part: 'snippet,contentDetails,statistics', id: 'vid00000001,vid00000002,vid00000003', key: PEER_YOUTUBE_KEY });
  });

  it('gives video trends every field the spec lists, with its types', () => {
    const trends = stepOf(res.body, '/v1/video/trends').data;
    expect(Object.keys(trends).sort()).toEqual(
      ['topic', 'region', 'timeframe', 'provider', 'publishedAfter', 'fetchedAt', 'risingVideos', 'titlePatterns', 'creatorAngles', 'channelBreakdown', 'formatIdeas', 'sourceUrls'].sort(),
    );
    expect(trends).toMatchObject({ topic: 'project management software', region: 'US', timeframe: 'last_30_days', provider: 'youtube' });
    expect(trends.publishedAfter).toMatch(TIMESTAMP);
    expect(trends.fetchedAt).toMatch(TIMESTAMP);
    const fields = ['videoId', 'title', 'channelTitle', 'channelId', 'url', 'publishedAt', 'descriptionSnippet', 'thumbnailUrl', 'duration', 'viewCount', 'likeCount', 'commentCount', 'viewsPerDay'];
    expect(trends.risingVideos).toHaveLength(3);
    for (const v of trends.risingVideos) {
      expect(Object.keys(v)).toEqual(fields);
      for (const count of ['viewCount', 'likeCount', 'commentCount', 'viewsPerDay']) expect(Number.isInteger(v[count])).toBe(true);
      for (const text of ['videoId', 'title', 'channelTitle', 'channelId', 'url', 'descriptionSnippet', 'thumbnailUrl']) expect(typeof v[text]).toBe('string');
      expect(v.publishedAt).toMatch(TIMESTAMP);
      expect(v.duration).toMatch(ISO_DURATION);
      expect(v.url).toBe(`https://www.youtube.com/watch?v=${v.videoId}`);
      const days = Math.max(1, (Date.parse(trends.fetchedAt) - Date.parse(v.publishedAt)) / DAY_MS);
      expect(v.viewsPerDay).toBe(Math.floor(v.viewCount / days));
    }
    // Fastest-growing first: 100,000 views in 10 days, 40,000 in 4, 9,000 in 2.
    expect(trends.risingVideos.map((v: any) => [v.videoId, v.duration, v.viewCount, v.likeCount, v.commentCount])).toEqual([
      ['vid00000001', 'PT12M5S', 100_000, 4_000, 300],
      ['vid00000002', 'PT8M30S', 40_000, 0, 800],
      ['vid00000003', 'PT45S', 9_000, 700, 12],
    ]);
    expect(trends.risingVideos[0].thumbnailUrl).toBe('https://i.ytimg.com/vi/vid00000001/hqdefault.jpg');
    expect(trends.channelBreakdown).toEqual([
      { channelTitle: 'Channel A', videos: 2, totalViews: 109_000, totalComments: 312 },
      { channelTitle: 'Channel B', videos: 1, totalViews: 40_000, totalComments: 800 },
    ]);
    for (const p of trends.titlePatterns) expect(p).toEqual({ pattern: expect.any(String), count: expect.any(Number), examples: expect.any(Array) });
    expect(trends.titlePatterns.find((p: any) => p.pattern === 'How-to')).toEqual({ pattern: 'How-to', count: 1, examples: ['How to Get Started with project management software (Step by Step)'] });
    for (const a of trends.creatorAngles) expect(a).toEqual({ angle: expect.any(String), why: expect.any(String), examples: expect.any(Array) });
    expect(trends.formatIdeas.length).toBeGreaterThan(2);
    expect(trends.sourceUrls).toEqual(trends.risingVideos.map((v: any) => v.url));
  });

  it('composes the summary and the suggested prompt from what the steps found', () => {
    const { summary, suggestedPrompt } = res.body;
    expect(summary).toContain('“project management software” is searched about 2,400 times a month');
    expect(summary).toContain('What is project management software?');
    expect(summary).toContain('3 of 3 AI surfaces answered');
    expect(summary).toContain('example.com (3)');
    expect(summary).toContain('How to Get Started with project management software (Step by Step)');
    expect(suggestedPrompt).toContain('Project Management Software');
    expect(suggestedPrompt).toContain('agency owners');
    expect(suggestedPrompt).toContain('published by example.com');
    expect(suggestedPrompt).toContain('“best project management software” (1,300, commercial, difficulty 55/100)');
    expect(suggestedPrompt).toContain('- How do I start with project management software?');
    expect(suggestedPrompt).toContain('- example.org (cited 3×');
    expect(suggestedPrompt).toMatch(/quotable/);
    expect(suggestedPrompt).toMatch(/primary keyword in the title/);
  });
});

describe('failures are returned per step and not charged', () => {
  it('returns the other steps when YouTube refuses (quota), and charges 82,000 − 16,000', async () => {
    const { apiKey } = await stack.account(1_000_000);
    peers.youtube.failNext({ status: 403 });
    const res = await brief(apiKey, { topic: 'crm for startups' });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.ok)).toEqual([true, true, true, true, false]);
    expect(stepOf(res.body, '/v1/video/trends')).toEqual({
      endpoint: '/v1/video/trends',
      tool: 'service_video_trends',
      why: expect.any(String),
      ok: false,
      data: { error: { code: 'client_error', message: PROVIDER_ERROR_MESSAGES.client_error } },
    });
    expect(res.body.summary).toMatch(/Not available: video trends \(The provider refused the request\); those steps were not charged\./);
    expect(res.body.billedCostMicro).toBe(66_000);
    expect(await balanceOf(apiKey)).toBe(1_000_000 - 66_000);
  });

  it('retries transient DataForSEO failures (an HTTP 500, a 50000 envelope) and succeeds', async () => {
    const { apiKey } = await stack.account(1_000_000);
    const before = peers.dataforseo.requests.length;
    peers.dataforseo.failNext({ status: 500 });
    peers.dataforseo.replyNext({ status: 200, body: JSON.stringify({ status_code: 50000, status_message: 'Internal Error.', tasks: null }) });
    const res = await brief(apiKey, { topic: 'crm for startups', models: ['chatgpt'] });
    expect(res.status).toBe(200);
    expect(res.body.results.every((r: any) => r.ok)).toBe(true);
    expect(peers.dataforseo.requests.length).toBe(before + 4);
    expect(res.body.billedCostMicro).toBe(69_000 + 5_000);
  });

  it('fails a DataForSEO step on a task-level error (40501) without retrying it, charging the rest', async () => {
    const { apiKey } = await stack.account(1_000_000);
    const before = peers.dataforseo.requests.length;
    const invalid = { status: 200, body: JSON.stringify({ status_code: 20000, status_message: 'Ok.', tasks: [{ status_code: 40501, status_message: "Invalid Field: 'keyword'.", result: null }] }) };
    // Keyword demand and questions ask at the same time: fail whichever comes first, then look which it was.
    peers.dataforseo.replyNext(invalid);
    const res = await brief(apiKey, { topic: 'crm for startups', models: ['chatgpt'] });
    const failedPath = peers.dataforseo.requests[before]!.path;
    const failed = failedPath.includes('serp') ? '/v1/questions' : '/v1/keywords/demand';
    expect(stepOf(res.body, failed)).toMatchObject({ ok: false, data: { error: { code: 'client_error', message: PROVIDER_ERROR_MESSAGES.client_error } } });
    expect(peers.dataforseo.requests.length).toBe(before + 2);
    const price = failed === '/v1/questions' ? 10_000 : 16_000;
    expect(res.body.billedCostMicro).toBe(69_000 - price + 5_000);
  });

  it('does not charge a surface that failed, only those that answered', async () => {
    const { apiKey } = await stack.account(1_000_000);
    peers.openai.failNext({ status: 400, message: 'Invalid model.' });
    const res = await brief(apiKey, { topic: 'crm for startups' });
    const answers = stepOf(res.body, '/v1/ai/answers').data;
    expect(answers).toMatchObject({ answered: 2, failed: 1 });
    expect(answers.answers[0]).toMatchObject({ surface: 'chatgpt', status: 'failed', provider: 'openai', text: null, error: { code: 'client_error', message: PROVIDER_ERROR_MESSAGES.client_error } });
    expect(res.body.billedCostMicro).toBe(82_000 - 5_000);
    expect(await balanceOf(apiKey)).toBe(1_000_000 - 77_000);
  });

  it('fails the answers and cited-sources steps when no surface answers', async () => {
    const { apiKey } = await stack.account(1_000_000);
    peers.anthropic.failNext({ status: 401 });
    const res = await brief(apiKey, { topic: 'crm for startups', models: ['claude'] });
    expect(res.body.results.map((r: any) => r.ok)).toEqual([false, false, true, true, true]);
    expect(stepOf(res.body, '/v1/ai/answers').data.error).toEqual({ code: 'no_answers', message: 'No AI surface answered (claude: client_error).' });
    expect(stepOf(res.body, '/v1/ai/citations').data.error.code).toBe('no_answers');
    expect(res.body.billedCostMicro).toBe(16_000 + 10_000 + 16_000);
  });

  it('gives a step that misses its deadline deadline_exceeded, without waiting for it', async () => {
    const { apiKey } = await stack.account(1_000_000);
    peers.youtube.replyNext({ status: 200, body: JSON.stringify({ items: [] }), delayMs: 4 * VIDEO_DEADLINE_MS });
    const started = Date.now();
    const res = await brief(apiKey, { topic: 'crm for startups', models: ['chatgpt'] });
    expect(Date.now() - started).toBeLessThan(3 * VIDEO_DEADLINE_MS);
    expect(stepOf(res.body, '/v1/video/trends').data).toEqual({ error: { code: 'deadline_exceeded', message: `No result within ${VIDEO_DEADLINE_MS} ms.` } });
    expect(res.body.billedCostMicro).toBe(69_000 - 16_000 + 5_000);
  });
});

describe('surfaces', () => {
  it('asks all five with fullSweep and charges every one that answered', async () => {
    const { apiKey } = await stack.account(1_000_000);
    const before = requestCounts();
    const res = await brief(apiKey, { topic: 'crm for startups', fullSweep: true });
    expect(res.status).toBe(200);
    expect(res.body.input).toEqual({ topic: 'crm for startups', country: 'us', models: ['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview'], fullSweep: true });
    const answers = stepOf(res.body, '/v1/ai/answers').data;
    expect(answers.answers.map((a: any) => [a.surface, a.provider, a.status])).toEqual([
      ['chatgpt', 'openai', 'succeeded'],
      ['claude', 'anthropic', 'succeeded'],
      ['perplexity', 'perplexity', 'succeeded'],
      ['gemini', 'google', 'succeeded'],
      ['google_ai_overview', 'serpapi', 'succeeded'],
    ]);
    for (const name of ['openai', 'anthropic', 'perplexity', 'gemini', 'serpapi'] as const) expect(peers[name].requests.length).toBe(before[name]! + 1);
    expect(newRequests(peers.serpapi, before.serpapi!)[0]!.query).toMatchObject({ engine: 'google', q: 'crm for startups', gl: 'us' });
    expect(res.body.billedCostMicro).toBe(69_000 + 5_000 + 5_000 + 4_000 + 4_000 + 6_000);
  });

  it('lets models override fullSweep', async () => {
    const { apiKey } = await stack.account(1_000_000);
    const before = requestCounts();
    const res = await brief(apiKey, { topic: 'crm for startups', models: ['claude'], fullSweep: true });
    expect(res.status).toBe(200);
    expect(res.body.input).toEqual({ topic: 'crm for startups', country: 'us', models: ['claude'], fullSweep: true });
    expect(stepOf(res.body, '/v1/ai/answers').data.surfaces).toEqual(['claude']);
    expect(requestCounts()).toMatchObject({ anthropic: before.anthropic! + 1, openai: before.openai, gemini: before.gemini, perplexity: before.perplexity, serpapi: before.serpapi });
    expect(res.body.billedCostMicro).toBe(69_000 + 5_000);
  });
});

describe('validation', () => {
  let key: string;
  beforeAll(async () => ({ apiKey: key } = await stack.account(5_000_000)));

  it.each([
    ['700 characters with google_ai_overview', 200, { topic: 'a'.repeat(700), models: ['google_ai_overview'] }],
    ['701 characters with google_ai_overview', 400, { topic: 'a'.repeat(701), models: ['google_ai_overview'] }],
    ['701 characters on a full sweep (which asks google_ai_overview)', 400, { topic: 'a'.repeat(701), fullSweep: true }],
    ['2000 characters without it', 200, { topic: `${'word '.repeat(399)}words`, models: ['chatgpt'] }],
    ['2001 characters without it', 400, { topic: 'a'.repeat(2001), models: ['chatgpt'] }],
    // Characters are code points: each emoji is one, although it takes two UTF-16 units.
    ['700 characters (696 emoji) with google_ai_overview', 200, { topic: `crm ${'\u{1F600}'.repeat(696)}`, models: ['google_ai_overview'] }],
    ['701 characters (all emoji) with google_ai_overview', 400, { topic: '\u{1F600}'.repeat(701), models: ['google_ai_overview'] }],
    ['1500 characters (all emoji) with google_ai_overview', 400, { topic: '\u{1F600}'.repeat(1500), models: ['google_ai_overview'] }],
    ['2000 characters (1000 emoji) without it', 200, { topic: `${'crm '.repeat(250)}${'\u{1F600}'.repeat(1000)}`, models: ['chatgpt'] }],
    ['2001 characters (all emoji) without it', 400, { topic: '\u{1F600}'.repeat(2001), models: ['chatgpt'] }],
  ])('a topic of %s answers %i', async (name, status, body) => {
    const limit = 'fullSweep' in body || ('models' in body && body.models.includes('google_ai_overview')) ? 700 : 2000;
    expect([...body.topic].length).toBe(Number(/^\d+/.exec(name)![0]));
    const balance = await balanceOf(key);
    const res = await brief(key, body);
    expect(res.status).toBe(status);
    if (status === 400) {
      const message = limit === 700 ? 'Topic must be at most 700 characters when Google AI Overviews is asked.' : 'Topic must be at most 2000 characters.';
      expect(res.body.error).toEqual({ code: 'validation_error', message: expect.any(String), issues: [{ path: 'topic', message }] });
      expect(await balanceOf(key)).toBe(balance);
    }
  });

  it.each([
    ['an unknown field', { topic: 'crm', tone: 'friendly' }, 'tone'],
    ['a read-only field', { topic: 'crm', status: 'workflow_result' }, 'status'],
    ['no topic', { country: 'us' }, 'topic'],
    ['an empty topic', { topic: '' }, 'topic'],
    ['a three-letter country', { topic: 'crm', country: 'usa' }, 'country'],
    ['uk for the United Kingdom', { topic: 'crm', country: 'uk' }, 'country'],
    ['a repeated surface', { topic: 'crm', models: ['chatgpt', 'chatgpt'] }, 'models'],
    ['an unknown surface', { topic: 'crm', models: ['bing'] }, 'models.0'],
    ['no surfaces', { topic: 'crm', models: [] }, 'models'],
    ['a non-boolean fullSweep', { topic: 'crm', fullSweep: 'yes' }, 'fullSweep'],
    ['an audience over 500 characters', { topic: 'crm', audience: 'a'.repeat(501) }, 'audience'],
    ['a lone surrogate in the topic', { topic: 'crm \uD83D' }, 'topic'],
    ['a lone surrogate in the audience', { topic: 'crm', audience: '\uDE00 founders' }, 'audience'],
    ['a lone surrogate in the brand', { topic: 'crm', brand: 'acme\uD800crm.com' }, 'brand'],
    ['a lone surrogate in the goal', { topic: 'crm', goal: 'rank\uDFFF' }, 'goal'],
  ])('refuses %s with 400 naming the field, charging nothing', async (_name, body, path) => {
    const balance = await balanceOf(key);
    const res = await brief(key, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.issues.map((i: any) => i.path)).toContain(path);
    expect(await balanceOf(key)).toBe(balance);
  });

  it('takes the country in any case, echoes it lower-case and localises every source by it', async () => {
    const before = requestCounts();
    const res = await brief(key, { topic: 'crm software', country: 'DE', models: ['chatgpt'] });
    expect(res.status).toBe(200);
    expect(res.body.input.country).toBe('de');
    expect(stepOf(res.body, '/v1/keywords/demand').data).toMatchObject({ country: 'de', locationCode: 2276, languageCode: 'de' });
    expect(newRequests(peers.dataforseo, before.dataforseo!).map((r) => (r.body as any)[0].location_code)).toEqual([2276, 2276]);
    expect(newRequests(peers.youtube, before.youtube!)[0]!.query.regionCode).toBe('DE');
    expect(stepOf(res.body, '/v1/video/trends').data.region).toBe('DE');
  });

  it('refuses a malformed Idempotency-Key with 400 naming the header', async () => {
    for (const bad of ['k'.repeat(201), 'ünïcode']) {
      const res = await fetch(stack.gatewayUrl + PATH, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': Buffer.from(bad, 'utf8').toString('latin1') },
        body: JSON.stringify({ topic: 'crm' }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'validation_error', issues: [{ path: 'Idempotency-Key' }] } });
    }
  });
});

describe('billing before anything runs', () => {
  it('answers 402 when the balance cannot cover the maximum charge; nothing runs and nothing is charged', async () => {
    const { apiKey } = await stack.account(81_999);
    const before = requestCounts();
    const res = await brief(apiKey, { topic: 'crm for startups' });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: { code: 'insufficient_credits', message: expect.any(String), balanceMicro: 81_999, requiredMicro: 82_000 } });
    expect(requestCounts()).toEqual(before);
    expect(await balanceOf(apiKey)).toBe(81_999);
  });

  it('holds the maximum of a full sweep: 93,000', async () => {
    const { apiKey } = await stack.account(92_999);
    const res = await brief(apiKey, { topic: 'crm for startups', fullSweep: true });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ balanceMicro: 92_999, requiredMicro: 93_000 });
  });

  it('refuses a closed account with 403 before anything runs', async () => {
    const { apiKey, accountId } = await stack.account(1_000_000);
    await stack.admin('POST', `/admin/v1/accounts/${accountId}/close`);
    const res = await brief(apiKey, { topic: 'crm for startups' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('account_closed');
  });
});

describe('Idempotency-Key', () => {
  it('returns the stored response for a retry with the same key and body, charging once', async () => {
    const { apiKey } = await stack.account(1_000_000);
    const headers = { 'Idempotency-Key': 'brief-2026-11-22' };
    const first = await brief(apiKey, { topic: 'crm for startups', country: 'gb' }, headers);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const before = requestCounts();
    const again = await brief(apiKey, { country: 'gb', topic: 'crm for startups' }, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(requestCounts()).toEqual(before);
    expect(await balanceOf(apiKey)).toBe(1_000_000 - 82_000);
  });

  it('refuses the same key with a different body with 409', async () => {
    const { apiKey } = await stack.account(1_000_000);
    const headers = { 'Idempotency-Key': 'reused' };
    expect((await brief(apiKey, { topic: 'crm for startups' }, headers)).status).toBe(200);
    const res = await brief(apiKey, { topic: 'crm for agencies' }, headers);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'idempotency_key_conflict', message: expect.stringContaining('different request body') });
    expect(await balanceOf(apiKey)).toBe(1_000_000 - 82_000);
  });

  it('keeps keys per account: another account may use the same key', async () => {
    const [a, b] = [await stack.account(1_000_000), await stack.account(1_000_000)];
    const headers = { 'Idempotency-Key': 'shared-key' };
    expect((await brief(a.apiKey, { topic: 'crm for startups', models: ['chatgpt'] }, headers)).headers.get('idempotent-replayed')).toBeNull();
    expect((await brief(b.apiKey, { topic: 'crm for startups', models: ['chatgpt'] }, headers)).headers.get('idempotent-replayed')).toBeNull();
    expect(await balanceOf(b.apiKey)).toBe(1_000_000 - 74_000);
  });

  it('runs a concurrent duplicate once: the retry while running gets 409 with Retry-After, then the stored response', async () => {
    const { apiKey } = await stack.account(1_000_000);
    const headers = { 'Idempotency-Key': 'concurrent' };
    const body = { topic: 'crm for startups', models: ['chatgpt'] };
    const searches = peers.youtube.requests.length;
    peers.youtube.replyNext({ status: 200, body: JSON.stringify({ items: [] }), delayMs: 1_000 });
    const first = brief(apiKey, body, headers);
    await eventually(async () => peers.youtube.requests.length, (n) => n > searches);
    const duplicate = await brief(apiKey, body, headers);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('idempotency_key_conflict');
    expect(Number(duplicate.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const done = await first;
    expect(done.status).toBe(200);
    expect(stepOf(done.body, '/v1/video/trends').data.risingVideos).toEqual([]);
    const retry = await brief(apiKey, body, headers);
    expect(retry.body).toEqual(done.body);
    expect(await balanceOf(apiKey)).toBe(1_000_000 - 74_000);
  });

  it('stores nothing for a call refused with 402, so the key works once the balance is topped up', async () => {
    const { apiKey, accountId } = await stack.account(10_000);
    const headers = { 'Idempotency-Key': 'after-top-up' };
    expect((await brief(apiKey, { topic: 'crm for startups' }, headers)).status).toBe(402);
    await stack.admin('POST', `/admin/v1/accounts/${accountId}/credits`, { amountMicro: 100_000, reference: 'top-up-1' });
    const res = await brief(apiKey, { topic: 'crm for startups' }, headers);
    expect(res.status).toBe(200);
    expect(await balanceOf(apiKey)).toBe(110_000 - 82_000);
  });
});

describe('the alias path', () => {
  it('serves POST /v1/workflows/content-brief the same way, behind the same authentication', async () => {
    const { apiKey } = await stack.account(1_000_000);
    expect((await stack.api('POST', '/v1/workflows/content-brief', { body: { topic: 'crm' } })).status).toBe(401);
    const res = await stack.api('POST', '/v1/workflows/content-brief', { key: apiKey, body: { topic: 'crm for startups', models: ['gemini'] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'workflow_result', workflow: 'generate_content_brief', billedCostMicro: 69_000 + 4_000 });
    const invalid = await stack.api('POST', '/v1/workflows/content-brief', { key: apiKey, body: { topic: 'crm', extra: 1 } });
    expect(invalid.status).toBe(400);
  });
});
