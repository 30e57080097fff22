import { z } from 'zod';
import type { Citation, SurfaceClient } from '../answer';
import { ProviderError } from '../errors';
import { fetchJson, withTrailingSlash } from './http';

export type PerplexityClientOptions = { apiKey: string; baseUrl: string; model: string };

/** The fields we read from Perplexity's OpenAI-compatible chat completion. */
const completionSchema = z.object({
  model: z.string().min(1),
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })).min(1),
  /** Newer responses: the sources with their titles. */
  search_results: z.array(z.object({ url: z.string().min(1), title: z.string().nullish() })).nullish(),
  /** Older field: the source URLs only, numbered as the answer's [1], [2]… markers. */
  citations: z.array(z.string().min(1)).nullish(),
});

/**
 * perplexity through `POST /chat/completions` over plain fetch: one endpoint does not justify an
 * SDK. Sonar always searches; a market is its `web_search_options.user_location.country`.
 */
export function createPerplexityClient(options: PerplexityClientOptions): SurfaceClient {
  const url = new URL('chat/completions', withTrailingSlash(options.baseUrl));
  return {
    provider: 'perplexity',
    method: 'api',
    async ask(prompt, { signal, country }) {
      const location = country ? { country: country.toUpperCase() } : undefined;
      const body = JSON.stringify({ model: options.model, messages: [{ role: 'user', content: prompt }], ...(location && { web_search_options: { user_location: location } }) });
      const init = { method: 'POST', body, signal, headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', accept: 'application/json' } };
      const completion = await fetchJson(url, init, completionSchema);
      const text = completion.choices[0]?.message.content ?? '';
      if (!text.trim()) throw new ProviderError({ kind: 'permanent', code: 'empty_answer', message: 'perplexity returned no text' });
      return { model: completion.model, text, citations: sources(completion), localised: location !== undefined };
    },
  };
}

/** Titled search results first; URLs only listed in `citations` follow without a title. */
function sources(completion: z.infer<typeof completionSchema>): Citation[] {
  const titled = (completion.search_results ?? []).map((r) => ({ url: r.url, title: r.title || null }));
  const bare = (completion.citations ?? []).map((url) => ({ url, title: null }));
  return [...titled, ...bare];
}
