import { z } from 'zod';
import type { WorkflowStep } from './billing';
import { charCount, COUNTRY_CODE_ENUM, CountryCode, DEFAULT_SURFACES, Micro, nonBlankText, SURFACES, Surface, Timestamp, withoutRepeats } from './common';
import { defineQuery, versioned } from './messaging';

/** Length limits of the content-brief request (spec §4.6, §8; the optional texts' limits are ours). */
const CONTENT_BRIEF_LIMITS = {
  topic: 2000,
  /** Google AI Overviews accepts shorter queries. */
  topicGoogleAiOverview: 700,
  audience: 500,
  brand: 200,
  goal: 500,
} as const;

/** No step may be given a longer deadline; the gateway waits this long plus a margin for billing and storage. */
export const WORKFLOW_MAX_DEADLINE_MS = 120_000;
export const WORKFLOW_QUERY_TIMEOUT_MS = WORKFLOW_MAX_DEADLINE_MS + 30_000;


/**
 * The `Idempotency-Key` request header: printable ASCII, 1–200 characters. A
 * retry with the same key returns the stored response without a new charge.
 */
export const IdempotencyKey = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x20-\x7E]+$/, 'The Idempotency-Key header must consist of printable ASCII characters.');

// ---------------------------------------------------------------- request


const requestShape = {
  topic: nonBlankText(CONTENT_BRIEF_LIMITS.topic).meta({
    description: 'The topic, keyword or content idea, asked verbatim of the AI surfaces. 1–2000 characters; 1–700 when `google_ai_overview` is queried.',
  }),
  audience: nonBlankText(CONTENT_BRIEF_LIMITS.audience).meta({ description: 'Target audience or ICP, 1–500 characters.' }),
  brand: nonBlankText(CONTENT_BRIEF_LIMITS.brand).meta({ description: 'The brand or domain the brief is for, 1–200 characters; the answers and citations are checked for it.' }),
  goal: nonBlankText(CONTENT_BRIEF_LIMITS.goal).meta({ description: 'The content goal, e.g. rank, earn citations, convert, educate; 1–500 characters.' }),
  country: CountryCode.meta({
    description: 'ISO 3166-1 alpha-2 code localising keyword data, questions, videos and the answers of the AI surfaces that take a market; case-insensitive (the list names each in lower and upper case), default `us`, echoed lower-case.',
    enum: COUNTRY_CODE_ENUM,
  }),
  models: withoutRepeats(z.array(Surface).min(1, 'Choose between 1 and 5 surfaces.').max(5, 'Choose between 1 and 5 surfaces.'), 'Choose each surface once.').meta({ description: '1–5 unique AI surfaces to ask, each billed at its rate; omit for chatgpt, perplexity, gemini. Takes precedence over `fullSweep`.' }),
  fullSweep: z.boolean().meta({ description: '`true` asks all five surfaces (at their higher total rate) unless `models` is given.' }),
};

/** The surfaces a request asks: `models` when given, all five on a full sweep, otherwise the three defaults. */
export function resolveSurfaces(input: { models?: readonly Surface[]; fullSweep?: boolean }): Surface[] {
  if (input.models) return [...input.models];
  return input.fullSweep ? [...SURFACES] : [...DEFAULT_SURFACES];
}

/** The longest topic the surfaces asked can take. */
function maxTopicLength(surfaces: readonly Surface[]): number {
  return surfaces.includes('google_ai_overview') ? CONTENT_BRIEF_LIMITS.topicGoogleAiOverview : CONTENT_BRIEF_LIMITS.topic;
}

/** `POST /api/v1/workflows/content-brief`. Unknown fields are rejected. */
export const ContentBriefInput = z
  .object({
    topic: requestShape.topic,
    audience: requestShape.audience.optional(),
    brand: requestShape.brand.optional(),
    goal: requestShape.goal.optional(),
    country: requestShape.country.optional(),
    models: requestShape.models.optional(),
    fullSweep: requestShape.fullSweep.optional(),
  })
  .strict()
  .superRefine((d, ctx) => {
    // Over 2000 characters the field's own limit has already said so.
    const max = maxTopicLength(resolveSurfaces(d));
    const length = typeof d.topic === 'string' ? charCount(d.topic) : 0;
    if (length > max && length <= CONTENT_BRIEF_LIMITS.topic) {
      ctx.addIssue({ code: 'custom', path: ['topic'], message: `Topic must be at most ${max} characters when Google AI Overviews is asked.` });
    }
  })
  .meta({
    id: 'ContentBriefInput',
    // The shorter topic limit, for the document: when google_ai_overview is among `models`, or all five are asked.
    if: {
      anyOf: [
        { required: ['models'], properties: { models: { contains: { const: 'google_ai_overview' } } } },
        { not: { required: ['models'] }, required: ['fullSweep'], properties: { fullSweep: { const: true } } },
      ],
    },
    then: { properties: { topic: { maxLength: CONTENT_BRIEF_LIMITS.topicGoogleAiOverview } } },
    example: { topic: 'how to choose a CRM for a small business', audience: 'founders of 5–50 person companies', brand: 'acmecrm.com', goal: 'earn citations', country: 'us' },
  });
export type ContentBriefInput = z.infer<typeof ContentBriefInput>;

/** `input` of the response: the submitted fields, with `country` (lower-case) and `models` always filled in. */
export const ContentBriefEcho = z
  .object({
    topic: z.string(),
    audience: z.string().optional(),
    brand: z.string().optional(),
    goal: z.string().optional(),
    country: z.string().meta({ description: 'Lower-case; `us` unless sent.' }),
    models: z.array(Surface).meta({ description: 'The surfaces asked.' }),
    fullSweep: z.boolean().optional(),
  })
  .meta({ id: 'ContentBriefEcho' });
export type ContentBriefEcho = z.infer<typeof ContentBriefEcho>;

// ---------------------------------------------------------------- steps

/** The primitives of the workflow, in the order of `results` (api-contract §6). */
export const CONTENT_BRIEF_STEPS = [
  { step: 'answers', endpoint: '/v1/ai/answers', tool: 'service_ai_answers' },
  { step: 'citations', endpoint: '/v1/ai/citations', tool: 'service_ai_citations' },
  { step: 'keyword_demand', endpoint: '/v1/keywords/demand', tool: 'service_keyword_demand' },
  { step: 'questions', endpoint: '/v1/questions', tool: 'service_questions' },
  { step: 'video_trends', endpoint: '/v1/video/trends', tool: 'service_video_trends' },
] as const satisfies readonly { step: WorkflowStep; endpoint: string; tool: string }[];

type StepInfo = (typeof CONTENT_BRIEF_STEPS)[number];
export type StepEndpoint = StepInfo['endpoint'];
export type StepTool = StepInfo['tool'];

export const WorkflowStepError = z
  .object({
    code: z.string().meta({ description: 'Stable snake_case, e.g. `deadline_exceeded`, `rate_limited`, `server_error`, `client_error`, `no_answers`, `unsupported_country`, `no_search_keyword`.' }),
    message: z.string(),
  })
  .meta({ id: 'WorkflowStepError', example: { code: 'deadline_exceeded', message: 'No result within 20000 ms.' } });
export type WorkflowStepError = z.infer<typeof WorkflowStepError>;

const Count = z.int().min(0);
const sourceProvider = (live: string) => z.enum([live, 'simulated']).meta({ description: `\`${live}\` when its credentials are set; \`simulated\` (deterministic) otherwise.` });

// --- /v1/ai/answers

export const WorkflowAnswer = z
  .object({
    surface: Surface,
    status: z.enum(['succeeded', 'failed']),
    provider: z.string().meta({ description: 'Who answered: openai, anthropic, google, perplexity, serpapi, or simulated.' }),
    model: z.string().nullable().meta({ description: "The provider's model id; null when the surface failed." }),
    method: z.enum(['api', 'serp']).nullable().meta({ description: 'A model API, or a search engine results page.' }),
    text: z.string().nullable(),
    citations: z.array(z.object({ url: z.string(), title: z.string().nullable() })),
    brandMentioned: z.boolean().nullable().meta({ description: 'Whether the answer names `brand`; null without a brand or an answer.' }),
    fetchedAt: Timestamp.nullable(),
    error: WorkflowStepError.nullable(),
  })
  .meta({ id: 'WorkflowAnswer' });
export type WorkflowAnswer = z.infer<typeof WorkflowAnswer>;

export const AiAnswersData = z
  .object({
    provider: z.enum(['ai_surfaces', 'simulated']).optional().meta({
      description:
        '`simulated` when every surface asked is simulated (api-contract §9); `ai_surfaces` otherwise. Each answer names its own provider. Absent only in a replay of a brief stored before it was added.',
    }),
    query: z.string().meta({ description: 'What each surface was asked: the topic, verbatim.' }),
    country: z.string(),
    surfaces: z.array(Surface),
    answered: Count,
    failed: Count,
    answers: z.array(WorkflowAnswer).meta({ description: 'One per surface, in the order asked. Only answered surfaces are billed.' }),
  })
  .meta({
    id: 'AiAnswersData',
    example: {
      provider: 'ai_surfaces',
      query: 'how to choose a CRM for a small business',
      country: 'us',
      surfaces: ['chatgpt'],
      answered: 1,
      failed: 0,
      answers: [
        {
          surface: 'chatgpt',
          status: 'succeeded',
          provider: 'openai',
          model: 'gpt-4o-mini-2024-07-18',
          method: 'api',
          text: 'Start from your sales process…',
          citations: [{ url: 'https://www.example.com/crm-guide', title: 'CRM buying guide' }],
          brandMentioned: false,
          fetchedAt: '2026-11-22T09:00:00.000Z',
          error: null,
        },
      ],
    },
  });
export type AiAnswersData = z.infer<typeof AiAnswersData>;

// --- /v1/ai/citations

const CitedDomain = z.object({
  domain: z.string().meta({ description: 'Registrable domain (Public Suffix List), e.g. `example.co.uk`.' }),
  citations: Count.meta({ description: 'Distinct normalised URLs of the domain per answer, summed over answers.' }),
  share: z.number().min(0).max(1).meta({ description: "The domain's citations / all citations, 4 decimals." }),
  surfaces: z.array(Surface).meta({ description: 'Surfaces that cited it.' }),
  urls: z.array(z.string()).meta({ description: 'Its cited pages, normalised, most cited first (at most 5).' }),
});

const CitedUrl = z.object({
  url: z.string().meta({ description: 'Normalised: lower-case host without `www.`, no tracking parameters, fragment or trailing slash.' }),
  title: z.string().nullable(),
  domain: z.string(),
  citations: Count.meta({ description: 'Answers citing it.' }),
  surfaces: z.array(Surface),
});

export const CitedSourcesData = z
  .object({
    provider: z.enum(['ai_answers', 'simulated']).meta({ description: '`simulated` when every answer aggregated was simulated; `ai_answers` otherwise.' }),
    answersAnalysed: Count,
    totalCitations: Count,
    domains: z.array(CitedDomain).meta({ description: 'Most cited first (ties by name); at most 20.' }),
    urls: z.array(CitedUrl).meta({ description: 'Most cited first; at most 20.' }),
    brand: z
      .object({
        name: z.string(),
        cited: z.boolean(),
        citations: Count,
        domains: z.array(z.string()).meta({ description: "Cited domains matching the brand: its own domain, or a domain whose name is the brand's letters and digits." }),
      })
      .nullable()
      .meta({ description: 'Whether the brand’s own site is among the sources; null without a brand.' }),
  })
  .meta({
    id: 'CitedSourcesData',
    example: {
      provider: 'ai_answers',
      answersAnalysed: 3,
      totalCitations: 7,
      domains: [{ domain: 'example.com', citations: 3, share: 0.4286, surfaces: ['chatgpt', 'perplexity'], urls: ['https://example.com/crm-guide'] }],
      urls: [{ url: 'https://example.com/crm-guide', title: 'CRM buying guide', domain: 'example.com', citations: 2, surfaces: ['chatgpt', 'perplexity'] }],
      brand: { name: 'acmecrm.com', cited: false, citations: 0, domains: [] },
    },
  });
export type CitedSourcesData = z.infer<typeof CitedSourcesData>;

// --- /v1/keywords/demand

export const KeywordMetric = z
  .object({
    keyword: z.string(),
    searchVolume: Count.nullable().meta({ description: 'Average monthly Google searches in the country; null when too low to report.' }),
    cpc: z.number().min(0).nullable().meta({ description: 'Average cost per click in USD.' }),
    competition: z.number().min(0).max(1).nullable().meta({ description: 'Paid-search competition, 0–1.' }),
    competitionLevel: z.enum(['LOW', 'MEDIUM', 'HIGH']).nullable(),
    keywordDifficulty: z.int().min(0).max(100).nullable().meta({ description: 'How hard it is to rank in the top 10 organically, 0–100.' }),
    intent: z.string().nullable().meta({ description: 'Main search intent: informational, navigational, commercial or transactional.' }),
    monthlySearches: z.array(z.object({ year: z.int(), month: z.int().min(1).max(12), searchVolume: Count.nullable() })).meta({ description: 'Newest first, up to 12 months.' }),
  })
  .meta({ id: 'KeywordMetric' });
export type KeywordMetric = z.infer<typeof KeywordMetric>;

export const KeywordDemandData = z
  .object({
    provider: sourceProvider('dataforseo'),
    seedKeyword: z.string().meta({ description: 'The keyword looked up: the topic itself when it fits (80 characters, 10 words), else its leading words without stop words.' }),
    country: z.string(),
    locationCode: z.int().meta({ description: "DataForSEO's (Google Ads) location code of the country." }),
    languageCode: z.string(),
    seed: KeywordMetric.nullable().meta({ description: "The seed keyword's own metrics; null when it has no data." }),
    keywords: z.array(KeywordMetric).meta({ description: 'Longer searches containing the seed, highest volume first.' }),
    totalSearchVolume: Count.meta({ description: 'Monthly searches of the seed and the keywords listed, summed.' }),
    fetchedAt: Timestamp,
  })
  .meta({
    id: 'KeywordDemandData',
    example: {
      provider: 'dataforseo',
      seedKeyword: 'crm for small business',
      country: 'us',
      locationCode: 2840,
      languageCode: 'en',
      seed: { keyword: 'crm for small business', searchVolume: 5400, cpc: 31.2, competition: 0.42, competitionLevel: 'MEDIUM', keywordDifficulty: 61, intent: 'commercial', monthlySearches: [{ year: 2026, month: 10, searchVolume: 5400 }] },
      keywords: [],
      totalSearchVolume: 5400,
      fetchedAt: '2026-11-22T09:00:00.000Z',
    },
  });
export type KeywordDemandData = z.infer<typeof KeywordDemandData>;

// --- /v1/questions

const SearchQuestion = z.object({
  question: z.string(),
  source: z.enum(['people_also_ask', 'related_searches']).meta({ description: "Google's People Also Ask box, or a related search phrased as a question." }),
  answer: z.string().nullable().meta({ description: 'The snippet Google shows under the question, when it shows one.' }),
  url: z.string().nullable().meta({ description: 'The page that snippet comes from.' }),
  domain: z.string().nullable(),
});

export const QuestionsData = z
  .object({
    provider: sourceProvider('dataforseo'),
    query: z.string().meta({ description: 'The search made: the seed keyword (see keyword demand).' }),
    country: z.string(),
    locationCode: z.int(),
    languageCode: z.string(),
    questions: z.array(SearchQuestion).meta({ description: 'In the order Google shows them; each question once.' }),
    relatedSearches: z.array(z.string()).meta({ description: 'The other searches Google relates to the query.' }),
    fetchedAt: Timestamp,
  })
  .meta({
    id: 'QuestionsData',
    example: {
      provider: 'dataforseo',
      query: 'crm for small business',
      country: 'us',
      locationCode: 2840,
      languageCode: 'en',
      questions: [{ question: 'What is the easiest CRM to use?', source: 'people_also_ask', answer: 'Most reviewers name…', url: 'https://www.example.com/easy-crm', domain: 'example.com' }],
      relatedSearches: ['free crm for small business'],
      fetchedAt: '2026-11-22T09:00:00.000Z',
    },
  });
export type QuestionsData = z.infer<typeof QuestionsData>;

// --- /v1/video/trends (spec §4.6, every field as listed there)

export const RisingVideo = z.object({
  videoId: z.string(),
  title: z.string(),
  channelTitle: z.string(),
  channelId: z.string(),
  url: z.string(),
  publishedAt: Timestamp,
  descriptionSnippet: z.string().meta({ description: 'The first 200 characters of the description.' }),
  thumbnailUrl: z.string(),
  duration: z.string().meta({ description: 'ISO 8601 duration, e.g. `PT12M5S`.' }),
  viewCount: Count,
  likeCount: Count.meta({ description: '0 when the channel hides it.' }),
  commentCount: Count.meta({ description: '0 when comments are off.' }),
  viewsPerDay: Count.meta({ description: 'viewCount / days since publishing (at least 1), rounded down.' }),
});
export type RisingVideo = z.infer<typeof RisingVideo>;

export const VideoTrendsData = z
  .object({
    topic: z.string().meta({ description: 'The YouTube search made: the seed keyword (see keyword demand).' }),
    region: z.string().meta({ description: 'The YouTube region code searched (upper-case ISO 3166-1).' }),
    timeframe: z.string().meta({ description: 'The window searched, e.g. `last_30_days`.' }),
    provider: sourceProvider('youtube'),
    publishedAfter: Timestamp,
    fetchedAt: Timestamp,
    risingVideos: z.array(RisingVideo).meta({ description: 'Fastest-growing first (viewsPerDay).' }),
    titlePatterns: z.array(z.object({ pattern: z.string(), count: Count, examples: z.array(z.string()) })).meta({ description: 'How the titles are built, most common first.' }),
    creatorAngles: z.array(z.object({ angle: z.string(), why: z.string(), examples: z.array(z.string()) })).meta({ description: 'The angles creators take, best-performing first.' }),
    channelBreakdown: z.array(z.object({ channelTitle: z.string(), videos: Count, totalViews: Count, totalComments: Count })).meta({ description: 'Most viewed first.' }),
    formatIdeas: z.array(z.string()),
    sourceUrls: z.array(z.string()),
  })
  .meta({
    id: 'VideoTrendsData',
    example: {
      topic: 'crm for small business',
      region: 'US',
      timeframe: 'last_30_days',
      provider: 'youtube',
      publishedAfter: '2026-10-23T09:00:00.000Z',
      fetchedAt: '2026-11-22T09:00:00.000Z',
      risingVideos: [
        {
          videoId: 'dQw4w9WgXcQ',
          title: 'How to Choose a CRM in 2026 (Step by Step)',
          channelTitle: 'Sales Ops Weekly',
          channelId: 'UC1234567890abcdefghij',
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          publishedAt: '2026-11-12T15:00:00.000Z',
          descriptionSnippet: 'Picking a CRM? Here is the checklist we use…',
          thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
          duration: 'PT12M5S',
          viewCount: 48210,
          likeCount: 1904,
          commentCount: 212,
          viewsPerDay: 4821,
        },
      ],
      titlePatterns: [{ pattern: 'How-to', count: 1, examples: ['How to Choose a CRM in 2026 (Step by Step)'] }],
      creatorAngles: [{ angle: 'Step-by-step tutorial', why: '1 of 1 rising videos, 4,821 views/day on average.', examples: ['How to Choose a CRM in 2026 (Step by Step)'] }],
      channelBreakdown: [{ channelTitle: 'Sales Ops Weekly', videos: 1, totalViews: 48210, totalComments: 212 }],
      formatIdeas: ['A 12-minute long-form walkthrough: the typical length of the rising videos.'],
      sourceUrls: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    },
  });
export type VideoTrendsData = z.infer<typeof VideoTrendsData>;

// ---------------------------------------------------------------- results

const why = z.string().meta({ description: 'What this primitive contributes to the brief.' });
const succeeded = <E extends StepEndpoint, T extends StepTool, D extends z.ZodType>(endpoint: E, tool: T, data: D) =>
  z.object({ endpoint: z.literal(endpoint), tool: z.literal(tool), why, ok: z.literal(true), data });

const WorkflowFailedStep = z
  .object({
    endpoint: z.enum(CONTENT_BRIEF_STEPS.map((s) => s.endpoint) as [StepEndpoint, ...StepEndpoint[]]),
    tool: z.enum(CONTENT_BRIEF_STEPS.map((s) => s.tool) as [StepTool, ...StepTool[]]),
    why,
    ok: z.literal(false),
    data: z.object({ error: WorkflowStepError }),
  })
  .meta({ id: 'WorkflowFailedStep', description: 'A step that failed or missed its deadline; it is not charged.' });

export const WorkflowStepResult = z
  .union([
    succeeded('/v1/ai/answers', 'service_ai_answers', AiAnswersData),
    succeeded('/v1/ai/citations', 'service_ai_citations', CitedSourcesData),
    succeeded('/v1/keywords/demand', 'service_keyword_demand', KeywordDemandData),
    succeeded('/v1/questions', 'service_questions', QuestionsData),
    succeeded('/v1/video/trends', 'service_video_trends', VideoTrendsData),
    WorkflowFailedStep,
  ])
  .meta({ id: 'WorkflowStepResult' });
export type WorkflowStepResult = z.infer<typeof WorkflowStepResult>;

export const ContentBriefResult = z
  .object({
    status: z.literal('workflow_result'),
    workflow: z.literal('generate_content_brief'),
    summary: z.string().meta({ description: 'What the steps found, in a few sentences.' }),
    input: ContentBriefEcho,
    results: z
      .array(WorkflowStepResult)
      .length(CONTENT_BRIEF_STEPS.length)
      .meta({ description: 'Exactly five, in this order: /v1/ai/answers, /v1/ai/citations, /v1/keywords/demand, /v1/questions, /v1/video/trends.' }),
    suggestedPrompt: z.string().meta({ description: 'A prompt, built from the findings, to paste into any LLM to draft the article.' }),
    billedCostMicro: Micro.meta({ description: "Charged: each succeeded step's rate plus the rate of each surface that answered." }),
  })
  .meta({ id: 'ContentBriefResult' });
export type ContentBriefResult = z.infer<typeof ContentBriefResult>;

/** Queries answered by the workflow service. */
export const WorkflowQueries = {
  /**
   * Runs a content brief to its end and answers with it. A known
   * `idempotencyKey` of the account answers the stored result (`replayed`),
   * or `idempotency_key_conflict` when it came with another body or is still
   * running. Refusals before any step runs: `insufficient_credits`,
   * `spend_limit_reached`, `account_closed`.
   */
  runContentBrief: defineQuery(
    'workflows.content-brief.run.v1',
    versioned({ accountId: z.uuid(), idempotencyKey: IdempotencyKey.nullable(), input: ContentBriefInput }),
    z.object({ result: ContentBriefResult, replayed: z.boolean() }),
  ),
};
