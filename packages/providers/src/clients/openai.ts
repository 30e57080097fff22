import type { Response, Tool } from 'openai/resources/responses/responses';
import type { Citation, ClientAnswer, ConsultedSource, SurfaceClient } from '../answer';
import { ProviderError } from '../errors';
import { approximateLocation } from './market';
import { onFirstUse } from './on-first-use';
import { reportedQueries, reportedSources } from './reported';
import { fromStainlessError } from './sdk-errors';

export type OpenAIClientOptions = { apiKey: string; baseUrl: string; model: string; timeoutMs: number; webSearch: boolean };

/**
 * chatgpt through the Responses API: OpenAI's recommended API for new work, and
 * the one where the hosted `web_search` tool (how ChatGPT finds and cites
 * sources) works with ordinary models; Chat Completions needs dedicated
 * search-preview models for that. A market is the search tool's `user_location`,
 * so without web search an answer cannot be localised.
 */
export function createOpenAIClient(options: OpenAIClientOptions): SurfaceClient {
  const sdk = onFirstUse(async () => {
    const { default: OpenAI } = await import('openai');
    const client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      // Settings come from our config only: the SDK would otherwise read OPENAI_ORG_ID and OPENAI_PROJECT_ID.
      organization: null,
      project: null,
      maxRetries: 0, // withRetries is the only retry path
      timeout: options.timeoutMs,
    });
    return { client, APIError: OpenAI.APIError };
  });
  return {
    provider: 'openai',
    method: 'api',
    async ask(prompt, { signal, country }) {
      const { client, APIError } = await sdk();
      const location = options.webSearch && country ? approximateLocation(country) : undefined;
      const tools: Tool[] | undefined = options.webSearch ? [{ type: 'web_search', ...(location && { user_location: location }) }] : undefined;
      try {
        // store: false keeps our customers' prompts out of OpenAI's stored responses.
        // The include asks for every page each search read, cited or not (api-contract §14).
        const body = { model: options.model, input: prompt, store: false, ...(tools && { tools, include: ['web_search_call.action.sources' as const] }) };
        const response = await client.responses.create(body, { signal });
        return { ...readResponse(response), localised: location !== undefined };
      } catch (error) {
        throw fromStainlessError(error, APIError);
      }
    },
  };
}

function readResponse(response: Response): Omit<ClientAnswer, 'localised'> {
  const text = response.output_text;
  if (!text) throw new ProviderError({ kind: 'permanent', code: 'empty_answer', message: `openai returned no text (status ${response.status})` });
  return { model: response.model, text, citations: urlCitations(response), ...searchesAndSources(response) };
}

/**
 * Each `web_search_call`'s queries (`action.queries`, else `action.query`), in order, and the pages
 * its `action.sources` list. Sources are null when a search listed none: the include was not honoured.
 */
function searchesAndSources(response: Response): { searchQueries: string[]; consultedSources: ConsultedSource[] | null } {
  const queries: string[] = [];
  const sources: ConsultedSource[] = [];
  let unlisted = false;
  for (const item of response.output) {
    if (item.type !== 'web_search_call') continue;
    const { action } = item;
    // A call without an action (the reference's example) said nothing of what it read either.
    if (!action) unlisted = true;
    if (action?.type !== 'search') continue;
    queries.push(...(action.queries ?? (action.query ? [action.query] : [])));
    if (!action.sources) unlisted = true;
    for (const source of action.sources ?? []) if (source.type === 'url') sources.push({ url: source.url, title: null });
  }
  return { searchQueries: reportedQueries(queries), consultedSources: unlisted ? null : reportedSources(sources) };
}

function urlCitations(response: Response): Citation[] {
  const citations: Citation[] = [];
  for (const item of response.output) {
    if (item.type !== 'message') continue;
    for (const part of item.content) {
      if (part.type !== 'output_text') continue;
      for (const note of part.annotations) if (note.type === 'url_citation') citations.push({ url: note.url, title: note.title || null });
    }
  }
  return citations;
}
