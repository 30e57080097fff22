import { z } from 'zod';
import { cutAtCodePoint } from '@brandradar/contracts';
import type { ClientAnswer, SurfaceClient } from '../answer';
import { ProviderError } from '../errors';
import { aiOverviewSchema, readAiOverview, type AiOverview } from './ai-overview';
import { fetchJson, withTrailingSlash } from './http';
import { googleLanguage } from './market';

export type SerpApiClientOptions = { apiKey: string; baseUrl: string };

/** SerpApi reports no model; the engine that produced the block stands in for it. */
const MODEL = 'google_ai_overview';
/** Searches without a market have always been made from the United States, in Google's default language. */
const DEFAULT_COUNTRY = 'us';

const searchSchema = z.object({ ai_overview: aiOverviewSchema.optional() });

/**
 * google_ai_overview through SerpApi's Google engine. A query without an AI
 * Overview is a permanent `no_ai_overview` ProviderError rather than an empty
 * answer: there is nothing to analyse, so it must neither be billed nor retried.
 * A market is the search's country (`gl`) and interface language (`hl`); the
 * follow-up by `page_token` continues that search, so it needs neither.
 */
export function createSerpApiClient(options: SerpApiClientOptions): SurfaceClient {
  const searchUrl = (params: Record<string, string>) => {
    const url = new URL('search.json', withTrailingSlash(options.baseUrl));
    for (const [key, value] of Object.entries({ ...params, api_key: options.apiKey })) url.searchParams.set(key, value);
    return url;
  };
  return {
    provider: 'serpapi',
    method: 'serp',
    async ask(prompt, { signal, country }) {
      const market = country ? { gl: country.toLowerCase(), hl: googleLanguage(country) } : undefined;
      const search = await fetchJson(searchUrl({ engine: 'google', q: prompt, ...(market ?? { gl: DEFAULT_COUNTRY }) }), { signal }, searchSchema);
      let overview = search.ai_overview;
      if (overview?.page_token && !overview.text_blocks?.length) {
        // The token expires soon after the search (SerpApi's pages say within one to four minutes), so it is used at once.
        const followUp = await fetchJson(searchUrl({ engine: 'google_ai_overview', page_token: overview.page_token }), { signal }, searchSchema);
        overview = followUp.ai_overview;
      }
      return { ...readOverview(overview), localised: market !== undefined };
    },
  };
}

function readOverview(overview: AiOverview | undefined): Omit<ClientAnswer, 'localised'> {
  const read = overview && readAiOverview(overview);
  if (!read?.text) throw new ProviderError({ kind: 'permanent', code: 'no_ai_overview', message: cutAtCodePoint(overview?.error ?? 'Google showed no AI Overview for this query', 200) });
  return { model: MODEL, ...read };
}
