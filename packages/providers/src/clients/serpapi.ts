import { z } from 'zod';
import { cutAtCodePoint, MAX_ANSWER_TEXT_CHARS } from '@brandradar/contracts';
import type { Citation, ClientAnswer, SurfaceClient } from '../answer';
import { ProviderError } from '../errors';
import { fetchJson, parseResponse, withTrailingSlash } from './http';
import { googleLanguage } from './market';

export type SerpApiClientOptions = { apiKey: string; baseUrl: string };

/** SerpApi reports no model; the engine that produced the block stands in for it. */
const MODEL = 'google_ai_overview';
/** Searches without a market have always been made from the United States, in Google's default language. */
const DEFAULT_COUNTRY = 'us';

/**
 * One text block, read one level at a time: nested `list` and `text_blocks` are
 * read when rendering reaches them, so a deeply nested response never recurses
 * (a recursive schema overflows the stack at about a thousand levels).
 */
const nestedBlocks = z.array(z.unknown()).optional();
const textBlockSchema = z.object({
  type: z.string().optional(),
  title: z.string().optional(),
  snippet: z.string().optional(),
  list: nestedBlocks,
  text_blocks: nestedBlocks,
  table: z.array(z.array(z.coerce.string())).optional(),
});

/** Deeper list items are rendered at this level's indentation. */
const MAX_LIST_DEPTH = 8;
/** Far longer than any AI Overview (a few hundred words); rendering stops there, saying so, rather than building megabytes. */
export const MAX_OVERVIEW_CHARS = MAX_ANSWER_TEXT_CHARS;

const aiOverviewSchema = z.object({
  text_blocks: nestedBlocks,
  references: z.array(z.object({ link: z.string().optional(), title: z.string().nullish() })).optional(),
  /** Present when Google loads the overview separately: fetch it with engine=google_ai_overview. */
  page_token: z.string().optional(),
});
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
        // The token expires within minutes of the search, so it is used at once.
        const followUp = await fetchJson(searchUrl({ engine: 'google_ai_overview', page_token: overview.page_token }), { signal }, searchSchema);
        overview = followUp.ai_overview;
      }
      return { ...readOverview(overview), localised: market !== undefined };
    },
  };
}

function readOverview(overview: z.infer<typeof aiOverviewSchema> | undefined): Omit<ClientAnswer, 'localised'> {
  const { text, truncated } = renderBlocks(overview?.text_blocks ?? []);
  if (!overview || !text) throw new ProviderError({ kind: 'permanent', code: 'no_ai_overview', message: 'Google showed no AI Overview for this query' });
  const citations: Citation[] = (overview.references ?? []).flatMap((r) => (r.link ? [{ url: r.link, title: r.title || null }] : []));
  return { model: MODEL, text, truncated, citations };
}

/** A block still to render: its list depth, and whether it is an item of a list. */
type PendingBlock = { raw: unknown; depth: number; item: boolean };

/**
 * Renders the overview as Google shows it: paragraphs and headings as lines,
 * lists as "- " bullets (indented when nested), tables as rows of " | ".
 * Walks the blocks with a stack of its own, in linear time and at most
 * MAX_OVERVIEW_CHARS of text, however deep or long the response.
 */
function renderBlocks(blocks: unknown[]): { text: string; truncated: boolean } {
  const lines: string[] = [];
  let length = 0;
  const emit = (line: string) => {
    lines.push(line);
    length += line.length + 1;
  };
  const pending: PendingBlock[] = [];
  const later = (raws: unknown[] = [], depth: number, item: boolean) => {
    for (let i = raws.length - 1; i >= 0; i--) pending.push({ raw: raws[i], depth, item });
  };
  later(blocks, 0, false);
  while (pending.length && length < MAX_OVERVIEW_CHARS) {
    const { raw, depth, item } = pending.pop()!;
    const block = parseResponse(textBlockSchema, raw, 'ai_overview text block');
    const indent = '  '.repeat(Math.min(depth, MAX_LIST_DEPTH));
    const lead = [block.title, block.snippet].filter(Boolean).join(': ');
    if (item) {
      if (lead) emit(`${indent}- ${lead}`);
      later(block.list, depth + 1, true);
      continue;
    }
    if (lead) emit(indent + lead);
    if (block.type === 'list') {
      later(block.list, depth, true);
      continue;
    }
    for (const row of block.table ?? []) emit(indent + row.join(' | '));
    later(block.text_blocks, depth, false);
  }
  const text = lines.join('\n');
  return { text: cutAtCodePoint(text, MAX_OVERVIEW_CHARS).trim(), truncated: pending.length > 0 || text.length > MAX_OVERVIEW_CHARS };
}
