import type { Surface } from '@brandradar/contracts';
import type { Citation } from '../answer';
import { capitalise, type Mention } from './brands';
import { SOURCES, type Market } from './catalog';
import type { Rng } from './prng';

type Style = 'numbered' | 'bullets' | 'prose';

/** How each surface tends to write and cite, so that simulated surfaces differ as real ones do. */
const SURFACE_HABITS: Record<Surface, { styles: Record<Style, number>; citations: [number, number]; untitled: number }> = {
  chatgpt: { styles: { numbered: 6, bullets: 2, prose: 2 }, citations: [2, 5], untitled: 0.1 },
  claude: { styles: { numbered: 2, bullets: 4, prose: 4 }, citations: [0, 4], untitled: 0 },
  perplexity: { styles: { numbered: 5, bullets: 2, prose: 3 }, citations: [4, 8], untitled: 0.3 },
  gemini: { styles: { numbered: 3, bullets: 5, prose: 2 }, citations: [2, 5], untitled: 0 },
  google_ai_overview: { styles: { numbered: 0, bullets: 7, prose: 3 }, citations: [3, 6], untitled: 0 },
};

/** Wording by tone: full sentences for prose, and list items that follow the product's name. */
const WORDING = {
  positive: {
    sentence: ['{b} stands out for {s}.', '{b} is a strong pick thanks to {s}.', 'Reviewers consistently praise {b} for {s}.', '{b} is widely recommended for {s}.'],
    item: ['Stands out for {s}.', 'A strong pick thanks to {s}.', 'Praised by reviewers for {s}.', 'Widely recommended for {s}.'],
  },
  neutral: {
    sentence: ['{b} offers {s}, though it suits some buyers better than others.', '{b} is a solid option with {s}.', '{b} is known for {s}, although some mention {w}.'],
    item: ['Offers {s}, though it suits some buyers better than others.', 'A solid option with {s}.', 'Known for {s}, although some mention {w}.'],
  },
  negative: {
    sentence: ['{b} is capable, but users often complain about {w}.', '{b} falls short for many because of {w}.', 'Some reviewers steer away from {b} due to {w}.'],
    item: ['Capable, but users often complain about {w}.', 'Falls short for many because of {w}.', 'Some reviewers steer away from it due to {w}.'],
  },
};

const INTROS = [
  'Here are some of the best {label} options, based on features, pricing and user reviews:',
  'Choosing the right {label} depends on your needs and budget. These come up most often:',
  "There's no single best {label}, but a few options are recommended again and again:",
  'Finding the right {label} depends on your priorities. Here is a breakdown of the main contenders:',
];
const OUTROS = [
  'Ultimately, the best choice depends on your budget, your team and the tools you already use.',
  'Most of these offer free trials or generous return policies, so it is worth testing two or three before committing.',
  'If you share more about your use case, the list can be narrowed down further.',
];

/** What an answer says about a mention, favourable or not as the mention's tone says. */
function describe(mention: Mention, market: Market, form: 'sentence' | 'item', rng: Rng): string {
  const tone = mention.tone > 0.25 ? 'positive' : mention.tone < -0.1 ? 'negative' : 'neutral';
  return rng
    .pick(WORDING[tone][form])
    .replace('{b}', mention.product.name)
    .replace('{s}', rng.pick(market.strengths))
    .replace('{w}', rng.pick(market.weaknesses));
}

export function composeText(surface: Surface, market: Market, mentions: Mention[], rng: Rng): string {
  const style = rng.weighted(SURFACE_HABITS[surface].styles);
  const fill = (t: string) => t.replace('{label}', market.label);
  // Perplexity numbers its sources inline.
  const marker = (i: number) => (surface === 'perplexity' ? `[${(i % 4) + 1}]` : '');
  const body =
    style === 'prose'
      ? proseParagraphs(
          mentions.map((m) => describe(m, market, 'sentence', rng)),
          marker,
        )
      : mentions
          .map((m, i) => {
            const name = surface === 'google_ai_overview' ? m.product.name : `**${m.product.name}**`;
            const bullet = style === 'numbered' ? `${i + 1}.` : '-';
            return `${bullet} ${name}: ${describe(m, market, 'item', rng)}${marker(i)}`;
          })
          .join('\n');
  if (surface === 'google_ai_overview') return `${capitalise(market.label)} options people compare most often include ${names(mentions.slice(0, 3))}.\n${body}`;
  return [fill(rng.pick(INTROS)), body, fill(rng.pick(OUTROS))].join('\n\n');
}

function proseParagraphs(sentences: string[], marker: (i: number) => string): string {
  const withMarkers = sentences.map((s, i) => s.replace(/\.$/, `${marker(i)}.`));
  const half = Math.ceil(withMarkers.length / 2);
  return [withMarkers.slice(0, half).join(' '), withMarkers.slice(half).join(' ')].filter(Boolean).join('\n\n');
}

function names(mentions: Mention[]): string {
  const list = mentions.map((m) => m.product.name);
  return list.length <= 1 ? (list[0] ?? 'several products') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** A page an answer may cite; `key` names its source (an editorial site, or the product). */
export type CitableSource = { key: string; url: string; title: string };

/**
 * How an answer picks what it cites. `pages` makes the editorial pages (which thread, which video);
 * `choose` takes `n` of the candidates. See simulated.ts for the fixed and the drawn way.
 */
export type SourcePicking = { pages: Rng; choose: (candidates: CitableSource[], n: number) => CitableSource[] };

/**
 * Editorial pages, a forum thread, a video and the mentioned products' own
 * sites, written as surfaces write them: chatgpt tags links with
 * `utm_source=chatgpt.com`, hosts appear with and without `www.`, some brand
 * links carry campaign parameters. Normalising URLs is the analysis' job.
 */
export function composeCitations(surface: Surface, prompt: string, market: Market, mentions: Mention[], rng: Rng, picking: SourcePicking): { citations: Citation[]; uncited: CitableSource[] } {
  const habits = SURFACE_HABITS[surface];
  const editorial = market.sources.map((key) => editorialSource(SOURCES[key], key, prompt, market, picking.pages));
  const official = mentions.slice(0, 4).map((m) => officialSite(m, rng));
  const candidates = [...editorial, ...official];
  const chosen = picking.choose(candidates, rng.int(...habits.citations));
  const citations = chosen.map(({ url, title }) => ({
    url: surface === 'chatgpt' && rng.chance(0.7) ? withParam(url, 'utm_source', 'chatgpt.com') : url,
    title: rng.chance(habits.untitled) ? null : title,
  }));
  return { citations, uncited: candidates.filter((c) => !chosen.includes(c)) };
}

/** Where a site keeps its pages about a market: `{slug}`, `{Label}`, `{question}`… are filled in. */
export type PageTemplate = { host: string; path: string; title: string };

/** A page of `source` about the prompt's market; `key` names it among the cell's sources. */
export function editorialSource(source: PageTemplate, key: string, prompt: string, market: Market, rng: Rng): CitableSource {
  const slug = kebab(market.label);
  const question = questionOf(prompt);
  const values: Record<string, string> = {
    slug,
    Label: titleCase(market.label),
    id: String(rng.int(10_000, 99_999_999)),
    subreddit: market.subreddit,
    rid: rng.int(36 ** 5, 36 ** 6 - 1).toString(36),
    question: kebab(question).slice(0, 60).replace(/-+$/, ''),
    Question: capitalise(question),
    vid: randomVideoId(rng),
  };
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
  const host = rng.chance(0.25) ? toggleWww(source.host) : source.host;
  return { key, url: `https://${host}${fill(source.path)}`, title: fill(source.title) };
}

function officialSite(mention: Mention, rng: Rng): CitableSource {
  const page = rng.pick(['/', '/pricing', '/features', '/compare']);
  const host = rng.chance(0.5) ? `www.${mention.product.domain}` : mention.product.domain;
  const url = `https://${host}${page}`;
  const campaign = rng.chance(0.2) ? withParam(withParam(url, 'utm_source', 'review'), 'utm_medium', 'referral') : url;
  return { key: mention.product.name, url: campaign, title: page === '/pricing' ? `${mention.product.name} Pricing & Plans` : `${mention.product.name} | Official Site` };
}

/** The prompt without its closing question or exclamation marks. */
export function questionOf(prompt: string): string {
  // The lookbehind starts a match only at a run's first mark; without it the run is rescanned from each.
  return prompt.replace(/(?<![?!.])[?!.]+$/, '');
}

function withParam(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

function toggleWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : `www.${host}`;
}

function kebab(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function titleCase(text: string): string {
  return text.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

function randomVideoId(rng: Rng): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from({ length: 11 }, () => alphabet[rng.int(0, alphabet.length - 1)]).join('');
}
