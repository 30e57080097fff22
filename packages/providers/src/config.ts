import { z } from 'zod';
import { SIMULATED_VARIATIONS, SIMULATION_POLICIES } from './simulation';

/** An unset and an empty variable mean the same: `OPENAI_API_KEY=` keeps the simulation. */
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const secret = z.preprocess(blankAsUnset, z.string().trim().optional());
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const baseUrl = (fallback: string) => z.preprocess(blankAsUnset, httpUrl.default(fallback));
const model = (fallback: string) => z.preprocess(blankAsUnset, z.string().trim().min(1).default(fallback));

const envBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Provider settings (api-contract §9). A surface is live when its key is set and
 * simulated otherwise. Base URLs default to the public APIs and are overridden to
 * point the clients at local protocol peers. Services extend their own config
 * schema with this one's shape and pass the parsed object to `createProviders`.
 */
export const providersConfigSchema = z.object({
  OPENAI_API_KEY: secret,
  OPENAI_BASE_URL: baseUrl('https://api.openai.com/v1'),
  OPENAI_MODEL: model('gpt-4o-mini'),
  ANTHROPIC_API_KEY: secret,
  ANTHROPIC_BASE_URL: baseUrl('https://api.anthropic.com'),
  ANTHROPIC_MODEL: model('claude-haiku-4-5'),
  GEMINI_API_KEY: secret,
  GEMINI_BASE_URL: baseUrl('https://generativelanguage.googleapis.com'),
  GEMINI_MODEL: model('gemini-2.5-flash'),
  /**
   * Gemini cites pages by Google redirects: `true` asks the redirect's host for each one's target
   * (one HEAD request, cached), `false` keeps the redirects as the URLs (the domain still comes
   * from the title). The only request to a host that is not a provider's API.
   */
  GEMINI_RESOLVE_REDIRECTS: z.preprocess(blankAsUnset, envBoolean.default(true)),
  GEMINI_REDIRECT_BASE_URL: baseUrl('https://vertexaisearch.cloud.google.com'),
  /** One redirect's request. */
  GEMINI_REDIRECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1_500),
  /** All of one answer's redirects, however many: those not looked up by then are kept. */
  GEMINI_REDIRECT_BUDGET_MS: z.coerce.number().int().min(100).max(30_000).default(2_500),
  PERPLEXITY_API_KEY: secret,
  PERPLEXITY_BASE_URL: baseUrl('https://api.perplexity.ai'),
  PERPLEXITY_MODEL: model('sonar'),
  SERPAPI_API_KEY: secret,
  SERPAPI_BASE_URL: baseUrl('https://serpapi.com'),
  /**
   * Deadline of one provider call; AI answers with web search commonly take 10–40 s.
   * At most 5 minutes, undici's own header timeout.
   */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(90_000),
  /** Calls in flight per surface, per process. */
  PROVIDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Of those, at most this many for one account (`accountConcurrency`: never more than
   * PROVIDER_CONCURRENCY), so other accounts always find a slot; a freed slot goes to the waiting
   * account with the fewest calls in flight (limiter.ts).
   */
  PROVIDER_CONCURRENCY_PER_ACCOUNT: z.coerce.number().int().min(1).max(64).default(3),
  /**
   * Lets chatgpt, claude and gemini search the web, as their consumer apps do, so
   * that their answers carry citations. Turn off to save the search fees or when
   * the Anthropic organisation has not enabled web search.
   */
  PROVIDER_WEB_SEARCH: z.preprocess(blankAsUnset, envBoolean.default(true)),
  /** A surface or data source without a key: `refuse` to start, simulate it `free`, or simulate and `bill` it (see simulation.ts). */
  SIMULATED_ANSWERS: z.preprocess(blankAsUnset, z.enum(SIMULATION_POLICIES).default('free')),
  /** Simulated answers `drawn` per run and sample, as real ones vary, or `fixed` per prompt and surface (see simulation.ts). */
  SIMULATED_VARIATION: z.preprocess(blankAsUnset, z.enum(SIMULATED_VARIATIONS).default('drawn')),
});

export type ProvidersConfig = z.infer<typeof providersConfigSchema>;

/** Calls in flight per surface for one account, per process. */
export const accountConcurrency = (c: Pick<ProvidersConfig, 'PROVIDER_CONCURRENCY' | 'PROVIDER_CONCURRENCY_PER_ACCOUNT'>): number =>
  Math.min(c.PROVIDER_CONCURRENCY, c.PROVIDER_CONCURRENCY_PER_ACCOUNT);
