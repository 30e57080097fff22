import type { ContentBlock, Message, TextBlock, ToolUnion } from '@anthropic-ai/sdk/resources/messages/messages';
import { z } from 'zod';
import type { Citation, ClientAnswer, ConsultedSource, SurfaceClient } from '../answer';
import { ProviderError } from '../errors';
import { approximateLocation } from './market';
import { onFirstUse } from './on-first-use';
import { reportedQueries, reportedSources } from './reported';
import { fromStainlessError } from './sdk-errors';

export type AnthropicClientOptions = { apiKey: string; baseUrl: string; model: string; timeoutMs: number; webSearch: boolean };

/** Room for a full list answer; the Messages API requires a limit. */
const MAX_TOKENS = 2048;
/** Searches Claude may run for one answer; each is billed. */
const MAX_SEARCHES = 3;

/**
 * claude through the Messages API, optionally with Anthropic's server-side web search tool. A
 * market is that tool's `user_location`, so without web search an answer cannot be localised.
 */
export function createAnthropicClient(options: AnthropicClientOptions): SurfaceClient {
  const sdk = onFirstUse(async () => {
    const { default: Anthropic } = await import('@anthropic-ai/sdk');
    const client = new Anthropic({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      authToken: null, // settings come from our config only, not from ANTHROPIC_AUTH_TOKEN
      maxRetries: 0, // withRetries is the only retry path
      timeout: options.timeoutMs,
    });
    return { client, APIError: Anthropic.APIError };
  });
  return {
    provider: 'anthropic',
    method: 'api',
    async ask(prompt, { signal, country }) {
      const { client, APIError } = await sdk();
      const location = options.webSearch && country ? approximateLocation(country) : undefined;
      const tools: ToolUnion[] | undefined = options.webSearch
        ? [{ type: 'web_search_20250305', name: 'web_search', max_uses: MAX_SEARCHES, ...(location && { user_location: location }) }]
        : undefined;
      try {
        const body = { model: options.model, max_tokens: MAX_TOKENS, messages: [{ role: 'user' as const, content: prompt }], ...(tools && { tools }) };
        return { ...readMessage(await client.messages.create(body, { signal }), options.model), localised: location !== undefined };
      } catch (error) {
        throw fromStainlessError(error, APIError);
      }
    },
  };
}

/** `requestedModel`: the API's own reference example answers without `model`, so its absence is no reason to refuse the answer. */
function readMessage(message: Message, requestedModel: string): Omit<ClientAnswer, 'localised'> {
  const blocks = answerBlocks(message.content);
  // With citations the answer arrives split into many text blocks, one per cited span: they join without separators.
  const text = blocks.map((b) => b.text).join('');
  if (!text.trim()) throw new ProviderError({ kind: 'permanent', code: 'empty_answer', message: `anthropic returned no text (stop_reason ${message.stop_reason})` });
  const citations: Citation[] = blocks.flatMap((b) =>
    (b.citations ?? []).flatMap((c) => (c.type === 'web_search_result_location' ? [{ url: c.url, title: c.title || null }] : [])),
  );
  return { model: message.model || requestedModel, text, citations, ...searchesAndResults(message.content) };
}

/** The tool's input is the model's own JSON: read, not trusted. */
const searchInputSchema = z.object({ query: z.string() });

/**
 * The `web_search` calls Claude made (`server_tool_use`, in order) and every page their results
 * listed (`web_search_tool_result`; an error result lists none). Without web search: none of either.
 */
function searchesAndResults(content: ContentBlock[]): { searchQueries: string[]; consultedSources: ConsultedSource[] } {
  const queries: string[] = [];
  const sources: ConsultedSource[] = [];
  for (const block of content) {
    if (block.type === 'server_tool_use' && block.name === 'web_search') {
      const input = searchInputSchema.safeParse(block.input);
      if (input.success) queries.push(input.data.query);
    }
    if (block.type === 'web_search_tool_result' && Array.isArray(block.content)) {
      for (const result of block.content) if (result.type === 'web_search_result' && result.url) sources.push({ url: result.url, title: result.title || null });
    }
  }
  return { searchQueries: reportedQueries(queries), consultedSources: reportedSources(sources) };
}

/** The text after the last search result: what Claude writes before searching ("I'll look that up") is narration. */
function answerBlocks(content: ContentBlock[]): TextBlock[] {
  let start = 0;
  content.forEach((block, i) => {
    if (block.type === 'web_search_tool_result') start = i + 1;
  });
  return content.slice(start).filter((b): b is TextBlock => b.type === 'text');
}
