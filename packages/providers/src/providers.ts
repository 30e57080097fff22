import { SURFACES, type Surface } from '@brandradar/contracts';
import { Answer, uniqueCitations, type AskSurface, type ProviderName, type SurfaceClient } from './answer';
import { createAnthropicClient } from './clients/anthropic';
import { createGeminiClient } from './clients/gemini';
import type { GroundingRedirectSettings } from './clients/grounding-redirects';
import { createOpenAIClient } from './clients/openai';
import { createPerplexityClient } from './clients/perplexity';
import { createSerpApiClient } from './clients/serpapi';
import { accountConcurrency, type ProvidersConfig } from './config';
import { malformedResponse } from './errors';
import { createFairLimiter } from './limiter';
import { createSimulatedClient } from './simulated/simulated';
import { assertSimulationAllowed, isBilled } from './simulation';
import { withTimeout } from './timeout';

export type Providers = {
  /**
   * Asks one surface once, within the per-surface concurrency limit (shared
   * fairly between accounts) and the per-call timeout. Failures are ProviderErrors; retrying is the caller's
   * choice (withRetries), as is how long a run may wait.
   */
  askSurface: AskSurface;
  /** Which provider answers each surface, e.g. to log at start which surfaces are live. */
  providerOf: Readonly<Record<Surface, ProviderName>>;
  /**
   * Whether the surface's answers are billed: live ones always, simulated ones only with
   * SIMULATED_ANSWERS=bill. `simulated`: asked as a simulated account's, which the simulation answers.
   */
  billed: (surface: Surface, simulated?: boolean) => boolean;
};

export type ProvidersOptions = { clock?: () => Date };

export function createProviders(config: ProvidersConfig, options: ProvidersOptions = {}): Providers {
  const clock = options.clock ?? (() => new Date());
  const clients = perSurface((s) => clientFor(s, config));
  // What a simulated account is answered by, whatever keys are set.
  const simulations = perSurface((s) => createSimulatedClient(s, config.SIMULATED_VARIATION));
  assertSimulationAllowed(
    config.SIMULATED_ANSWERS,
    SURFACES.filter((s) => clients[s].provider === 'simulated'),
  );
  const limiters = perSurface(() => createFairLimiter(config.PROVIDER_CONCURRENCY, accountConcurrency(config)));

  const askSurface: AskSurface = (surface, prompt, { signal, country, draw, account, simulated }) =>
    limiters[surface].run(account, async () => {
      const client = simulated ? simulations[surface] : clients[surface];
      const answer = await withTimeout((callSignal) => client.ask(prompt, { signal: callSignal, country, draw }), { timeoutMs: config.PROVIDER_TIMEOUT_MS, signal });
      const labelled = { ...answer, surface, provider: client.provider, method: client.method, citations: uniqueCitations(answer.citations), fetchedAt: clock().toISOString() };
      const parsed = Answer.safeParse(labelled);
      if (!parsed.success) throw malformedResponse(`${client.provider} answer does not fit the Answer schema`, parsed.error);
      return parsed.data;
    }, signal);

  return { askSurface, providerOf: perSurface((s) => clients[s].provider), billed: (s, simulated) => isBilled(config.SIMULATED_ANSWERS, (simulated ? simulations : clients)[s].provider) };
}

function perSurface<T>(make: (surface: Surface) => T): Record<Surface, T> {
  return Object.fromEntries(SURFACES.map((s) => [s, make(s)])) as Record<Surface, T>;
}

type LiveOptions = { timeoutMs: number; webSearch: ProvidersConfig['PROVIDER_WEB_SEARCH'] };

/** Each surface's real client, made only when its key is set. */
const LIVE_CLIENTS: Record<Surface, (config: ProvidersConfig, common: LiveOptions) => SurfaceClient | undefined> = {
  chatgpt: (c, common) => (c.OPENAI_API_KEY ? createOpenAIClient({ ...common, apiKey: c.OPENAI_API_KEY, baseUrl: c.OPENAI_BASE_URL, model: c.OPENAI_MODEL }) : undefined),
  claude: (c, common) => (c.ANTHROPIC_API_KEY ? createAnthropicClient({ ...common, apiKey: c.ANTHROPIC_API_KEY, baseUrl: c.ANTHROPIC_BASE_URL, model: c.ANTHROPIC_MODEL }) : undefined),
  gemini: (c, common) => (c.GEMINI_API_KEY ? createGeminiClient({ ...common, apiKey: c.GEMINI_API_KEY, baseUrl: c.GEMINI_BASE_URL, model: c.GEMINI_MODEL, redirects: groundingRedirects(c) }) : undefined),
  perplexity: (c) => (c.PERPLEXITY_API_KEY ? createPerplexityClient({ apiKey: c.PERPLEXITY_API_KEY, baseUrl: c.PERPLEXITY_BASE_URL, model: c.PERPLEXITY_MODEL }) : undefined),
  google_ai_overview: (c) => (c.SERPAPI_API_KEY ? createSerpApiClient({ apiKey: c.SERPAPI_API_KEY, baseUrl: c.SERPAPI_BASE_URL }) : undefined),
};

const groundingRedirects = (c: ProvidersConfig): GroundingRedirectSettings => ({
  enabled: c.GEMINI_RESOLVE_REDIRECTS,
  origin: c.GEMINI_REDIRECT_BASE_URL,
  timeoutMs: c.GEMINI_REDIRECT_TIMEOUT_MS,
  budgetMs: c.GEMINI_REDIRECT_BUDGET_MS,
});

/** The real client when the surface's key is set, the simulation otherwise. */
function clientFor(surface: Surface, config: ProvidersConfig): SurfaceClient {
  const common = { timeoutMs: config.PROVIDER_TIMEOUT_MS, webSearch: config.PROVIDER_WEB_SEARCH };
  return LIVE_CLIENTS[surface](config, common) ?? createSimulatedClient(surface, config.SIMULATED_VARIATION);
}
