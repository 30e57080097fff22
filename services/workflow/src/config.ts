import { z } from 'zod';
import { WORKFLOW_MAX_DEADLINE_MS } from '@brandradar/contracts';
import { baseConfigSchema, mongoConfigSchema, outboxConfigSchema } from '@brandradar/platform';
import { providersConfigSchema } from '@brandradar/providers';

/** An unset and an empty variable mean the same: `YOUTUBE_API_KEY=` keeps the simulation. */
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const secret = z.preprocess(blankAsUnset, z.string().trim().optional());
const baseUrl = (fallback: string) => z.preprocess(blankAsUnset, z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(fallback));
const deadline = (fallback: number) => z.coerce.number().int().min(100).max(WORKFLOW_MAX_DEADLINE_MS).default(fallback);

/**
 * The workflow service: its database, the AI surfaces (providers package), the
 * two data sources (api-contract §9: live when their credentials are set,
 * simulated otherwise) and each step's deadline, counted from the start of the
 * call. Every deadline is at most WORKFLOW_MAX_DEADLINE_MS, which the gateway
 * waits for.
 */
export const workflowConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(outboxConfigSchema.shape)
  .extend(providersConfigSchema.shape)
  .extend({
    DATAFORSEO_LOGIN: secret,
    DATAFORSEO_PASSWORD: secret,
    DATAFORSEO_BASE_URL: baseUrl('https://api.dataforseo.com'),
    YOUTUBE_API_KEY: secret,
    YOUTUBE_BASE_URL: baseUrl('https://www.googleapis.com/youtube/v3'),
    /** AI answers with web search commonly take 10–40 s; one retry must fit. */
    WORKFLOW_ANSWERS_DEADLINE_MS: deadline(60_000),
    /** Cited sources are read from the answers, so this deadline covers waiting for them. */
    WORKFLOW_CITATIONS_DEADLINE_MS: deadline(65_000),
    WORKFLOW_KEYWORDS_DEADLINE_MS: deadline(30_000),
    WORKFLOW_QUESTIONS_DEADLINE_MS: deadline(30_000),
    WORKFLOW_VIDEO_DEADLINE_MS: deadline(20_000),
    /** Tries per AI surface or data source call, the first included; only transient errors are retried. */
    PROVIDER_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
    PROVIDER_RETRY_BASE_MS: z.coerce.number().int().min(1).default(500),
    PROVIDER_RETRY_MAX_MS: z.coerce.number().int().min(1).default(10_000),
    /** How far back YouTube is searched for rising videos. */
    VIDEO_LOOKBACK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Videos read from YouTube (search.list maxResults, at most 50). */
    VIDEO_MAX_RESULTS: z.coerce.number().int().min(1).max(50).default(15),
    /** `viewCount` finds what is taking off; `relevance` what YouTube matches best. */
    VIDEO_ORDER: z.enum(['viewCount', 'relevance']).default('viewCount'),
    /**
     * Content briefs one account may have running at once, across every workflow replica; one more
     * is refused with 429 `brief_limit_reached`. A slot held by a replica that died frees itself
     * when its lease (the longest step deadline plus 30 s) ends.
     */
    BRIEFS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(3),
    /** Related keywords asked of DataForSEO. */
    KEYWORD_SUGGESTIONS_LIMIT: z.coerce.number().int().min(1).max(100).default(20),
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.DATAFORSEO_LOGIN) !== Boolean(c.DATAFORSEO_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: [c.DATAFORSEO_LOGIN ? 'DATAFORSEO_PASSWORD' : 'DATAFORSEO_LOGIN'], message: 'DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD go together: set both or neither' });
    }
    if (c.WORKFLOW_CITATIONS_DEADLINE_MS < c.WORKFLOW_ANSWERS_DEADLINE_MS) {
      ctx.addIssue({ code: 'custom', path: ['WORKFLOW_CITATIONS_DEADLINE_MS'], message: 'must be at least WORKFLOW_ANSWERS_DEADLINE_MS: cited sources wait for the answers' });
    }
  });
export type WorkflowConfig = z.infer<typeof workflowConfigSchema>;
