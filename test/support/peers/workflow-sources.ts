import { json, retryAfter, startPeer, type ProtocolPeer, type RawReply } from './providers';

/**
 * Protocol peers of the two data sources: HTTP servers on 127.0.0.1 that
 * answer like DataForSEO v3 and the YouTube Data API v3 (paths, auth, JSON
 * envelopes, error bodies), so the real clients can be tested without the
 * network. Point `DATAFORSEO_BASE_URL` / `YOUTUBE_BASE_URL` at `peer.baseUrl`.
 */

type Body = Record<string, any>;

// ---------------------------------------------------------------- DataForSEO

export const PEER_DATAFORSEO_LOGIN = 'peer-login';
export const PEER_DATAFORSEO_PASSWORD = 'peer-password';

type PeerKeyword = { keyword: string; searchVolume: number | null; cpc?: number; competition?: number; difficulty?: number; intent?: string };
export type DataForSeoPeerOptions = {
  login?: string;
  password?: string;
  /** The seed's data and the suggestions for a seed keyword. */
  keywords?: (seed: string) => { seed: PeerKeyword | null; suggestions: PeerKeyword[] };
  /** People Also Ask questions (with their snippet's page) and related searches of a results page. */
  serp?: (keyword: string) => { questions: { question: string; url: string; answer: string }[]; related: string[] };
};

function defaultPeerKeywords(seed: string): ReturnType<NonNullable<DataForSeoPeerOptions['keywords']>> {
  return {
    seed: { keyword: seed, searchVolume: 2400, cpc: 4.5, competition: 0.52, difficulty: 48, intent: 'informational' },
    suggestions: [
      { keyword: `best ${seed}`, searchVolume: 1300, cpc: 6.1, competition: 0.71, difficulty: 55, intent: 'commercial' },
      { keyword: `${seed} for beginners`, searchVolume: 590, cpc: 2.2, competition: 0.2, difficulty: 31, intent: 'informational' },
      { keyword: `${seed} checklist`, searchVolume: null },
    ],
  };
}

function defaultPeerSerp(keyword: string): ReturnType<NonNullable<DataForSeoPeerOptions['serp']>> {
  return {
    questions: [
      { question: `What is ${keyword}?`, url: 'https://www.example.com/what-is', answer: `${keyword} is the practice of…` },
      { question: `How do I start with ${keyword}?`, url: 'https://guides.example.org/start', answer: 'Begin with a small pilot…' },
    ],
    related: [`${keyword} examples`, `is ${keyword} worth it`, `${keyword} tools`],
  };
}

/**
 * `POST /v3/dataforseo_labs/google/keyword_suggestions/live` and `POST
 * /v3/serp/google/organic/live/advanced` with HTTP Basic auth. Like the real
 * API, a bad task is HTTP 200 with the task's own status code (40501 for an
 * invalid field); bad credentials are HTTP 401 with status 40100.
 */
export function startDataForSeoPeer(options: DataForSeoPeerOptions = {}): Promise<ProtocolPeer> {
  const expected = `Basic ${Buffer.from(`${options.login ?? PEER_DATAFORSEO_LOGIN}:${options.password ?? PEER_DATAFORSEO_PASSWORD}`).toString('base64')}`;
  const keywords = options.keywords ?? defaultPeerKeywords;
  const serp = options.serp ?? defaultPeerSerp;
  return startPeer({
    authorised: (request) => request.headers.authorization === expected,
    unauthorised: json(401, { status_code: 40100, status_message: 'You are not authorized to access this resource. Please check your login and password.', tasks: null }),
    route(request) {
      const path = request.path.split('/').filter(Boolean);
      const tasks = request.body;
      if (request.method !== 'POST') return json(405, { status_code: 40500, status_message: 'Method Not Allowed.' });
      if (!Array.isArray(tasks) || tasks.length !== 1) return envelopeOf(path, {}, 40503, 'POST Data Is Invalid.', null);
      const task = tasks[0] as Body;
      const invalid = invalidField(task);
      if (invalid) return envelopeOf(path, task, 40501, `Invalid Field: '${invalid}'.`, null);
      if (request.path === '/v3/dataforseo_labs/google/keyword_suggestions/live') return envelopeOf(path, task, 20000, 'Ok.', [suggestionsResult(task, keywords(task.keyword))]);
      if (request.path === '/v3/serp/google/organic/live/advanced') return envelopeOf(path, task, 20000, 'Ok.', [serpResult(task, serp(task.keyword))]);
      return json(404, { status_code: 40400, status_message: 'Not Found.' });
    },
    formatError: (f) => json(f.status, { status_code: f.status * 100, status_message: f.message ?? (f.status >= 500 ? 'Internal Error.' : 'Bad Request.'), tasks: null }, retryAfter(f)),
  });
}

function invalidField(task: Body): string | null {
  if (typeof task.keyword !== 'string' || !task.keyword || task.keyword.length > 80 || task.keyword.split(/\s+/).length > 10) return 'keyword';
  if (!Number.isInteger(task.location_code)) return 'location_code';
  if (typeof task.language_code !== 'string') return 'language_code';
  return null;
}

function envelopeOf(path: string[], task: Body, taskStatus: number, message: string, result: Body[] | null): RawReply {
  const ok = taskStatus === 20000;
  return json(200, {
    version: '0.1.20250101',
    status_code: 20000,
    status_message: 'Ok.',
    time: '0.0500 sec.',
    cost: ok ? 0.01 : 0,
    tasks_count: 1,
    tasks_error: ok ? 0 : 1,
    tasks: [
      {
        id: '01010000-1535-0139-0000-000000000001',
        status_code: taskStatus,
        status_message: message,
        time: '0.0400 sec.',
        cost: ok ? 0.01 : 0,
        result_count: result?.length ?? 0,
        path,
        data: { api: path[1], function: path[path.length - 2], ...task },
        result,
      },
    ],
  });
}

function keywordData(k: PeerKeyword, task: Body): Body {
  return {
    se_type: 'google',
    keyword: k.keyword,
    location_code: task.location_code,
    language_code: task.language_code,
    keyword_info: {
      se_type: 'google',
      last_updated_time: '2026-11-01 00:00:00 +00:00',
      competition: k.competition ?? null,
      competition_level: k.competition === undefined ? null : k.competition < 0.34 ? 'LOW' : k.competition < 0.67 ? 'MEDIUM' : 'HIGH',
      cpc: k.cpc ?? null,
      search_volume: k.searchVolume,
      monthly_searches: k.searchVolume === null ? null : [{ year: 2026, month: 10, search_volume: k.searchVolume }, { year: 2026, month: 9, search_volume: k.searchVolume }],
      search_volume_trend: null,
    },
    clickstream_keyword_info: null,
    keyword_properties: { se_type: 'google', core_keyword: null, keyword_difficulty: k.difficulty ?? null, detected_language: task.language_code, is_another_language: false },
    search_intent_info: k.intent ? { se_type: 'google', main_intent: k.intent, foreign_intent: null } : null,
  };
}

function suggestionsResult(task: Body, data: ReturnType<NonNullable<DataForSeoPeerOptions['keywords']>>): Body {
  const items = data.suggestions.slice(0, task.limit ?? 100).map((k) => keywordData(k, task));
  return {
    se_type: 'google',
    seed_keyword: task.keyword,
    seed_keyword_data: task.include_seed_keyword && data.seed ? keywordData(data.seed, task) : null,
    location_code: task.location_code,
    language_code: task.language_code,
    total_count: items.length,
    items_count: items.length,
    offset: 0,
    offset_token: 'peer-token',
    items,
  };
}

function serpResult(task: Body, data: ReturnType<NonNullable<DataForSeoPeerOptions['serp']>>): Body {
  const organic = { type: 'organic', rank_group: 1, rank_absolute: 1, domain: 'www.example.com', title: 'An organic result', url: 'https://www.example.com/', description: '' };
  return {
    keyword: task.keyword,
    type: 'organic',
    se_domain: 'google.com',
    location_code: task.location_code,
    language_code: task.language_code,
    check_url: `https://www.google.com/search?q=${encodeURIComponent(task.keyword)}`,
    datetime: '2026-11-22 09:00:00 +00:00',
    item_types: ['organic', 'people_also_ask', 'related_searches'],
    items_count: 3,
    items: [
      organic,
      {
        type: 'people_also_ask',
        rank_group: 1,
        rank_absolute: 2,
        items: data.questions.map((q) => ({
          type: 'people_also_ask_element',
          title: q.question,
          seed_question: null,
          xpath: '/html[1]/body[1]',
          expanded_element: [{ type: 'people_also_ask_expanded_element', featured_title: null, url: q.url, domain: new URL(q.url).hostname, title: 'A page', description: q.answer, images: null, timestamp: null, table: null }],
        })),
      },
      { type: 'related_searches', rank_group: 1, rank_absolute: 3, items: data.related },
    ],
  };
}

// ---------------------------------------------------------------- YouTube Data API v3

export const PEER_YOUTUBE_KEY = 'peer-youtube-key';

export type PeerVideo = {
  id: string;
  title: string;
  channelId: string;
  channelTitle: string;
  publishedAt: string;
  description?: string;
  duration: string;
  viewCount: number;
  /** Absent when the channel hides likes. */
  likeCount?: number;
  /** Absent when comments are off. */
  commentCount?: number;
};

/** A small catalogue of recent videos on `topic`, dated relative to `now`. */
export function peerVideos(topic: string, now: Date): PeerVideo[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [
    { id: 'vid00000001', title: `How to Get Started with ${topic} (Step by Step)`, channelId: 'UCchannelA00000000000001', channelTitle: 'Channel A', publishedAt: daysAgo(10), duration: 'PT12M5S', viewCount: 100_000, likeCount: 4_000, commentCount: 300 },
    { id: 'vid00000002', title: `7 ${topic} Mistakes to Avoid`, channelId: 'UCchannelB00000000000002', channelTitle: 'Channel B', publishedAt: daysAgo(4), duration: 'PT8M30S', viewCount: 40_000, commentCount: 800 },
    { id: 'vid00000003', title: `${topic} in 60 seconds #shorts`, channelId: 'UCchannelA00000000000001', channelTitle: 'Channel A', publishedAt: daysAgo(2), duration: 'PT45S', viewCount: 9_000, likeCount: 700, commentCount: 12 },
    { id: 'vid00000004', title: `Old ${topic} talk`, channelId: 'UCchannelC00000000000003', channelTitle: 'Channel C', publishedAt: daysAgo(400), duration: 'PT1H2M', viewCount: 1_000_000, likeCount: 1, commentCount: 1 },
  ];
}

export type YouTubePeerOptions = { apiKey?: string; videos?: (q: string) => PeerVideo[] };

/**
 * `GET /youtube/v3/search` (part=snippet, type=video: filters by
 * `publishedAfter`, orders by `order`, caps at `maxResults`) and `GET
 * /youtube/v3/videos` (part=snippet,contentDetails,statistics, counts as
 * strings, hidden counts absent), authenticated by the `key` parameter.
 * Errors in Google's format: `failNext({status: 403})` is `quotaExceeded`.
 */
export function startYouTubePeer(options: YouTubePeerOptions = {}): Promise<ProtocolPeer> {
  const apiKey = options.apiKey ?? PEER_YOUTUBE_KEY;
  const catalogue = options.videos ?? ((q: string) => peerVideos(q, new Date()));
  const known = new Map<string, PeerVideo>();
  return startPeer({
    basePath: '/youtube/v3',
    authorised: (request) => request.query.key === apiKey,
    unauthorised: googleError(400, 'API key not valid. Please pass a valid API key.', 'global', 'badRequest', 'INVALID_ARGUMENT'),
    route(request) {
      if (request.method !== 'GET') return googleError(405, 'Method not allowed.', 'global', 'httpMethodNotAllowed');
      const q = request.query;
      if (!q.part) return googleError(400, 'Required parameter: part', 'global', 'required');
      if (request.path === '/youtube/v3/search') {
        const after = q.publishedAfter ? Date.parse(q.publishedAfter) : -Infinity;
        if (Number.isNaN(after)) return googleError(400, "Invalid value for 'publishedAfter'.", 'youtube.parameter', 'invalidPublishedAfter');
        const found = catalogue(q.q ?? '').filter((v) => Date.parse(v.publishedAt) > after);
        if (q.order === 'viewCount') found.sort((a, b) => b.viewCount - a.viewCount);
        const page = found.slice(0, Number(q.maxResults ?? 5));
        for (const v of page) known.set(v.id, v);
        return json(200, {
          kind: 'youtube#searchListResponse',
          etag: 'peer-etag',
          regionCode: q.regionCode ?? 'US',
          pageInfo: { totalResults: found.length, resultsPerPage: page.length },
          items: page.map((v) => ({ kind: 'youtube#searchResult', etag: 'peer-etag', id: { kind: 'youtube#video', videoId: v.id }, snippet: snippet(v) })),
        });
      }
      if (request.path === '/youtube/v3/videos') {
        const ids = (q.id ?? '').split(',').filter(Boolean);
        const items = ids.flatMap((id) => {
          const v = known.get(id);
          if (!v) return [];
          return [
            {
              kind: 'youtube#video',
              etag: 'peer-etag',
              id,
              snippet: { ...snippet(v), tags: [], categoryId: '27' },
              contentDetails: { duration: v.duration, dimension: '2d', definition: 'hd', caption: 'false', licensedContent: true, contentRating: {}, projection: 'rectangular' },
              statistics: {
                viewCount: String(v.viewCount),
                ...(v.likeCount !== undefined && { likeCount: String(v.likeCount) }),
                favoriteCount: '0',
                ...(v.commentCount !== undefined && { commentCount: String(v.commentCount) }),
              },
            },
          ];
        });
        return json(200, { kind: 'youtube#videoListResponse', etag: 'peer-etag', items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } });
      }
      return googleError(404, 'Not Found', 'global', 'notFound');
    },
    formatError(f) {
      if (f.status === 403) return googleError(403, f.message ?? 'The request cannot be completed because you have exceeded your quota.', 'youtube.quota', 'quotaExceeded');
      if (f.status === 429) return googleError(429, f.message ?? 'Rate limit exceeded.', 'youtube.quota', 'rateLimitExceeded', 'RESOURCE_EXHAUSTED', retryAfter(f));
      if (f.status >= 500) return googleError(f.status, f.message ?? 'Backend Error', 'global', 'backendError');
      return googleError(f.status, f.message ?? 'Bad Request', 'global', 'badRequest');
    },
  });
}

function snippet(v: PeerVideo): Body {
  const thumb = (size: string, width: number, height: number) => ({ url: `https://i.ytimg.com/vi/${v.id}/${size}.jpg`, width, height });
  return {
    publishedAt: v.publishedAt,
    channelId: v.channelId,
    title: v.title,
    description: v.description ?? `All about ${v.title}.`,
    thumbnails: { default: thumb('default', 120, 90), medium: thumb('mqdefault', 320, 180), high: thumb('hqdefault', 480, 360) },
    channelTitle: v.channelTitle,
    liveBroadcastContent: 'none',
    publishTime: v.publishedAt,
  };
}

function googleError(status: number, message: string, domain: string, reason: string, state?: string, headers?: Record<string, string>): RawReply {
  return json(status, { error: { code: status, message, errors: [{ message, domain, reason }], ...(state && { status: state }) } }, headers);
}
