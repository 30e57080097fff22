import { z } from 'zod';
import type { Citation, ClientAnswer, SurfaceClient } from '../answer';
import { ProviderError } from '../errors';
import { fetchJson, withTrailingSlash } from './http';

export type SerpApiClientOptions = { apiKey: string; baseUrl: string };

/** SerpApi reports no model; the engine that produced the block stands in for it. */
const MODEL = 'google_ai_overview';
const DEFAULT_COUNTRY = 'us';

type TextBlock = {
  type?: string;
  title?: string;
  snippet?: string;
  list?: TextBlock[];
  text_blocks?: TextBlock[];
  table?: string[][];
};
const textBlockSchema: z.ZodType<TextBlock> = z.lazy(() =>
  z.object({
    type: z.string().optional(),
    title: z.string().optional(),
    snippet: z.string().optional(),
    list: z.array(textBlockSchema).optional(),
    text_blocks: z.array(textBlockSchema).optional(),
    table: z.array(z.array(z.coerce.string())).optional(),
  }),
);

const aiOverviewSchema = z.object({
  text_blocks: z.array(textBlockSchema).optional(),
  references: z.array(z.object({ link: z.string().optional(), title: z.string().nullish() })).optional(),
  /** Present when Google loads the overview separately: fetch it with engine=google_ai_overview. */
  page_token: z.string().optional(),
});
const searchSchema = z.object({ ai_overview: aiOverviewSchema.optional() });

/**
 * google_ai_overview through SerpApi's Google engine. A query without an AI
 * Overview is a permanent `no_ai_overview` ProviderError rather than an empty
 * answer: there is nothing to analyse, so it must neither be billed nor retried.
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
      const gl = (country ?? DEFAULT_COUNTRY).toLowerCase();
      const search = await fetchJson(searchUrl({ engine: 'google', q: prompt, gl }), { signal }, searchSchema);
      let overview = search.ai_overview;
      if (overview?.page_token && !overview.text_blocks?.length) {
        // The token expires within minutes of the search, so it is used at once.
        const followUp = await fetchJson(searchUrl({ engine: 'google_ai_overview', page_token: overview.page_token }), { signal }, searchSchema);
        overview = followUp.ai_overview;
      }
      return readOverview(overview);
    },
  };
}

function readOverview(overview: z.infer<typeof aiOverviewSchema> | undefined): ClientAnswer {
  const text = renderBlocks(overview?.text_blocks ?? [], '').join('\n').trim();
  if (!overview || !text) throw new ProviderError({ kind: 'permanent', code: 'no_ai_overview', message: 'Google showed no AI Overview for this query' });
  const citations: Citation[] = (overview.references ?? []).flatMap((r) => (r.link ? [{ url: r.link, title: r.title || null }] : []));
  return { model: MODEL, text, citations };
}

/**
 * Renders the overview as Google shows it: paragraphs and headings as lines,
 * lists as "- " bullets (indented when nested), tables as rows of " | ".
 */
function renderBlocks(blocks: TextBlock[], indent: string): string[] {
  return blocks.flatMap((block) => {
    const lines: string[] = [];
    const lead = [block.title, block.snippet].filter(Boolean).join(': ');
    if (block.type === 'list') {
      for (const item of block.list ?? []) lines.push(...renderListItem(item, indent));
      return lead ? [indent + lead, ...lines] : lines;
    }
    if (lead) lines.push(indent + lead);
    for (const row of block.table ?? []) lines.push(indent + row.join(' | '));
    lines.push(...renderBlocks(block.text_blocks ?? [], indent));
    return lines;
  });
}

function renderListItem(item: TextBlock, indent: string): string[] {
  const lead = [item.title, item.snippet].filter(Boolean).join(': ');
  const nested = (item.list ?? []).flatMap((child) => renderListItem(child, `${indent}  `));
  return [...(lead ? [`${indent}- ${lead}`] : []), ...nested];
}
