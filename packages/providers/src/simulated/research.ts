import type { Surface } from '@brandradar/contracts';
import type { Citation, ClientAnswer } from '../answer';
import { resolveNamed, type Mention } from './brands';
import { READ_SOURCES, SOURCES, type Market, type Product } from './catalog';
import { editorialSource, questionOf, type CitableSource } from './compose';
import { jitteredOrder } from './latent';
import { createMixedRng, type Rng } from './prng';

/**
 * What each surface's API reports of its research (api-contract §14): how many searches an answer
 * runs, and how many pages it reads and does not cite per search. Published figures: ChatGPT about
 * 3.5 searches per prompt (1–6); Claude fewer, its web search tool capped at 3 uses (clients/anthropic.ts);
 * Gemini 1–4. Perplexity's and SerpApi's APIs report neither.
 */
const RESEARCH_HABITS: Record<Surface, { searches: [number, number]; uncitedPerSearch: [number, number] } | null> = {
  chatgpt: { searches: [1, 6], uncitedPerSearch: [1, 2] },
  claude: { searches: [1, 3], uncitedPerSearch: [1, 3] },
  gemini: { searches: [1, 4], uncitedPerSearch: [0, 1] },
  perplexity: null,
  google_ai_overview: null,
};

/** The year searches ask about; a constant, since the simulation reads no clock. */
const SEARCH_YEAR = 2026;
/** Longer queries are cut: prompts and the names read from them are untrusted and unbounded. */
const MAX_QUERY_LENGTH = 200;
/** How far a cell's latent places of queries and pages wobble around their kind's base. */
const CELL_WOBBLE = 0.3;
/** How much a query's kind decides its place against each answer's jitter: lower, and more of a cell's searches change between runs. */
const QUERY_SPREAD = 0.75;
/** Words that end a "for …" qualifier: "for startups *or* agencies", "for a team *under* $50". */
const QUALIFIER_ENDS = new Set('or and vs versus than under over with that which who should would can could to in on'.split(' '));

export type Research = Required<Pick<ClientAnswer, 'searchQueries' | 'consultedSources'>>;

/** What one answer searched and read: its cited pages, the cell's uncited candidates, the cell's key. */
export type ResearchInput = { prompt: string; market: Market; named: string[]; mentions: Mention[]; citations: Citation[]; uncited: CitableSource[]; cell: string };

/**
 * An answer's searches and pages read, drawn with `rng` (a stream of its own, so the text and
 * citations draw as they did before). Each cell has a latent pool of queries and of pages, each
 * with a latent place (the kind's base plus the cell's wobble); an answer takes its first few by
 * place plus jitter, so a cell repeats some searches often and others now and then. The pages read
 * are the cited ones and a few more: the cell's uncited candidates, and forums and review sites,
 * placed high, that are read often and never cited.
 */
export function composeResearch(surface: Surface, input: ResearchInput, rng: Rng): Research {
  const habits = RESEARCH_HABITS[surface];
  if (!habits) return { searchQueries: [], consultedSources: null };
  const queries = candidateQueries(input);
  const queryPlace = latentPlace(`query\u0000${input.cell}`, (q: WeightedQuery) => q.query, (q) => q.weight * QUERY_SPREAD);
  const searches = rng.int(...habits.searches);
  const searchQueries = jitteredOrder(queries, queryPlace, rng)
    .slice(0, searches)
    .map((q) => q.query);
  const read = [...input.uncited.map((page) => ({ page, weight: 0.2 })), ...readMostlyPages(input).map((page) => ({ page, weight: 0.7 }))];
  const pagePlace = latentPlace(`read\u0000${input.cell}`, (r: (typeof read)[number]) => r.page.key, (r) => r.weight);
  const uncited = jitteredOrder(read, pagePlace, rng)
    .slice(0, rng.int(searches * habits.uncitedPerSearch[0], searches * habits.uncitedPerSearch[1]))
    .map(({ page }) => ({ url: page.url, title: page.title }));
  const pages = [...input.citations, ...uncited];
  return { searchQueries, consultedSources: rng.sample(pages, pages.length) };
}

/** A cell's latent place of an item: its kind's `weight` plus a wobble fixed for the cell and the item's `key`. */
function latentPlace<T>(scope: string, key: (item: T) => string, weight: (item: T) => number): (item: T) => number {
  return (item) => weight(item) + createMixedRng(`${scope}\u0000${key(item)}`).next() * CELL_WOBBLE;
}

type WeightedQuery = { query: string; weight: number };

/**
 * The searches a surface may run for the prompt, each with its kind's weight: the prompt in its
 * own words, reformulations of the market ("best crm software for startups 2026"), site-specific
 * searches, and searches about the products the prompt names and the market's leaders ("hubspot
 * reviews", "HubSpot vs Salesforce pricing"), named ones weighing more.
 */
function candidateQueries({ prompt, market, named }: ResearchInput): WeightedQuery[] {
  const label = market.label.toLowerCase();
  const audience = forQualifier(prompt);
  const namedProducts = resolveNamed(market, named.slice(0, 3));
  const leaders = market.products.filter((p) => !namedProducts.includes(p)).slice(0, 4 - Math.min(namedProducts.length, 2));
  const products: Array<{ product: Product; named: boolean }> = [
    ...namedProducts.map((product) => ({ product, named: true })),
    ...leaders.map((product) => ({ product, named: false })),
  ];
  const [first, second] = products;
  const sites = market.sources.filter((key) => key !== 'reddit' && key !== 'youtube').slice(0, 2);
  const weighted: WeightedQuery[] = [
    { query: questionOf(prompt.slice(0, MAX_QUERY_LENGTH)).trim(), weight: 1 },
    { query: `best ${label}${audience} ${SEARCH_YEAR}`, weight: 0.9 },
    { query: `best ${label} ${SEARCH_YEAR}`, weight: 0.5 },
    { query: `top ${label}${audience}`, weight: 0.4 },
    { query: `${label} comparison`, weight: 0.3 },
    { query: `best ${label}${audience} reddit`, weight: 0.4 },
    ...sites.map((key) => ({ query: `site:${SOURCES[key].host.replace(/^www\./, '')} ${label}`, weight: 0.2 })),
    ...products.flatMap(({ product, named: isNamed }) => [
      { query: `${product.name} reviews`, weight: isNamed ? 0.8 : 0.4 },
      { query: `${product.name} pricing ${SEARCH_YEAR}`, weight: isNamed ? 0.6 : 0.3 },
      { query: `${product.name} alternatives`, weight: 0.2 },
    ]),
    ...(first && second
      ? [
          { query: `${first.product.name} vs ${second.product.name}`, weight: first.named ? 0.9 : 0.5 },
          { query: `${first.product.name} vs ${second.product.name} pricing`, weight: 0.3 },
        ]
      : []),
  ];
  const seen = new Set<string>();
  return weighted
    .map(({ query, weight }) => ({ query: query.slice(0, MAX_QUERY_LENGTH), weight }))
    .filter(({ query }) => {
      const folded = query.toLowerCase();
      if (!query || seen.has(folded)) return false;
      seen.add(folded);
      return true;
    });
}

/** " for startups" from "What is the best CRM for startups?"; "" when the prompt says for whom nothing. */
function forQualifier(prompt: string): string {
  const words = prompt.slice(0, MAX_QUERY_LENGTH).toLowerCase().split(/\s+/);
  const at = words.indexOf('for');
  const phrase: string[] = [];
  for (const word of at < 0 ? [] : words.slice(at + 1, at + 5)) {
    const bare = word.replace(/[^\p{L}\p{N}$'-]/gu, '');
    if (!bare || QUALIFIER_ENDS.has(bare)) break;
    phrase.push(bare);
    if (bare !== word) break;
  }
  return phrase.length > 0 ? ` for ${phrase.join(' ')}` : '';
}

/** Pages the cell reads and never cites: a Q&A thread, a blog round-up, customer reviews of the products the answer names. */
function readMostlyPages({ prompt, market, mentions, cell }: ResearchInput): CitableSource[] {
  const pages = createMixedRng(`read pages\u0000${cell}`);
  const threads = Object.entries(READ_SOURCES).map(([key, source]) => editorialSource(source, key, prompt.slice(0, MAX_QUERY_LENGTH), market, pages));
  const reviews = mentions.slice(0, 3).map(({ product }) => ({
    key: `trustpilot\u0000${product.name}`,
    url: `https://www.trustpilot.com/review/${product.domain}`,
    title: `${product.name} Reviews | Read Customer Service Reviews of ${product.domain}`,
  }));
  return [...threads, ...reviews];
}
