import { domainOf, GENERIC_MARKET, MARKETS, NAME_ENDINGS, NAME_STEMS, type Market, type Product } from './catalog';
import { createRng, stableFraction, type Rng } from './prng';

/** Capitalised words that open questions or name categories, not products. */
const NOT_BRANDS = new Set(
  (
    'A An The What Which Who Why How When Where Is Are Was Were Do Does Did Can Could Should Would Will I Im My We Our You Your ' +
    'Best Top Good Great Cheap Cheapest Compare Comparison Versus Vs Review Reviews Recommend List Tell Give Find Pick Alternatives ' +
    'For With Without And Or Of In On To From Under Over Between About Any Some Most Better Worth Free New ' +
    'AI API B2B B2C CRM ERP HR IT SaaS SEO SMB SME UK US USA EU VPN PC TV'
  ).split(' '),
);

/** Runs of capitalised words ("Zoho CRM", "HubSpot", "1Password") are read as product names. */
const CAPITALISED_RUN = /\b(?:[A-Z0-9][\w.&'-]*[A-Za-z0-9])(?:\s+[A-Z0-9][\w.&'-]*[A-Za-z0-9])*/g;

export function brandsInPrompt(prompt: string): string[] {
  const found: string[] = [];
  for (const match of prompt.matchAll(CAPITALISED_RUN)) {
    const words = match[0].split(/\s+/);
    while (words.length > 0 && NOT_BRANDS.has(words[0]!.replace(/'s$/, ''))) words.shift();
    const name = words.join(' ').replace(/'s$/, '');
    if (name && !NOT_BRANDS.has(name) && !/^\d+$/.test(name) && !found.some((f) => f.toLowerCase() === name.toLowerCase())) found.push(name);
  }
  return found;
}

/** The known market the prompt is about, or a generic one with invented products for its topic. */
export function marketFor(prompt: string, named: string[]): Market {
  const known = MARKETS.find((m) => m.pattern.test(prompt));
  if (known) return known;
  const topic = topicOf(prompt, named);
  return { ...GENERIC_MARKET, label: topic, products: inventedProducts(topic) };
}

/** Words after which a question stops naming its topic: "grinder *for* espresso", "laptop *should* I buy". */
const TOPIC_ENDS = new Set('for under over to that which with in on vs versus than better worse or and should would can could do does is are i we you my our'.split(' '));

/** "Which espresso grinder should I buy under $300?" → "espresso grinder"; the brands named are no topic. */
function topicOf(prompt: string, named: string[]): string {
  const brandWords = new Set(named.flatMap((n) => n.toLowerCase().split(/\s+/)));
  const words = prompt
    .toLowerCase()
    .replace(/[^a-z0-9\s'-]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !brandWords.has(w));
  while (words.length > 1 && NOT_BRANDS.has(capitalise(words[0]!))) words.shift();
  const end = words.findIndex((w) => TOPIC_ENDS.has(w));
  return words.slice(0, end < 0 ? 4 : Math.min(end, 4)).join(' ') || 'product';
}

/** A stable set of made-up names per topic, so prompts on one topic share a market. */
function inventedProducts(topic: string): Product[] {
  const rng = createRng(`market|${topic}`);
  const names = new Set<string>();
  while (names.size < 8) names.add(rng.pick(NAME_STEMS) + rng.pick(NAME_ENDINGS));
  return [...names].map((name) => ({ name, domain: domainOf(name) }));
}

/** A product an answer mentions; `tone` above 0.25 reads favourable, below -0.1 critical. */
export type Mention = { product: Product; tone: number };

/**
 * The products a fixed answer mentions (SIMULATED_VARIATION=fixed, or no draw given; drawn answers
 * come from latent.ts), best first. Each product has a standing
 * shared by every surface (leaders of a market rank high everywhere), plus a
 * per-surface wobble, so surfaces agree broadly but not exactly. Products the
 * prompt names are nearly always mentioned.
 */
export function lineup(market: Market, named: string[], rng: Rng): Mention[] {
  const namedProducts = resolveNamed(market, named);
  const others = market.products.filter((p) => !namedProducts.includes(p));
  const chosen = [...namedProducts.filter(() => rng.chance(0.85)), ...rng.sample(others.slice(0, 9), rng.int(4, 6))];
  return chosen
    .map((product) => ({ product, tone: toneOf(product, rng), score: standing(market, product) + rng.next() * 0.5 }))
    .sort((a, b) => b.score - a.score)
    .map(({ product, tone }) => ({ product, tone }));
}

/** The market's products the prompt names, and products of their own for names the market lacks. */
export function resolveNamed(market: Market, named: string[]): Product[] {
  return named.map((name) => market.products.find((p) => p.name.toLowerCase() === name.toLowerCase()) ?? { name, domain: domainOf(name) });
}

/** Market leaders (listed first) stand high; unknown names get a fixed middling standing. */
export function standing(market: Market, product: Product): number {
  const index = market.products.indexOf(product);
  if (index < 0) return 0.3 + stableFraction(`standing|${product.name}`) * 0.5;
  return 1 - index / market.products.length;
}

/** Mostly favourable, as AI answers are, with a lasting per-product reputation and some noise. */
export function toneOf(product: Product, rng: Rng): number {
  return stableFraction(`tone|${product.name}`) * 0.9 - 0.3 + (rng.next() - 0.5) * 0.6;
}

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
