import type { Surface } from '@brandradar/contracts';
import type { AnswerDraw } from '../answer';
import { resolveNamed, standing, toneOf, type Mention } from './brands';
import type { Market, Product } from './catalog';
import type { CitableSource, SourcePicking } from './compose';
import { createMixedRng, type Rng } from './prng';

/**
 * The latent model of a prompt × surface cell (api-contract §10): what the surface "believes" about
 * each product, stable across runs, while each answer is a draw from it. Real surfaces behave so:
 * asked one prompt ~3,000 times, fewer than 1 in 100 answers named the same brands and ~1 in 1,000
 * in the same order, yet the leading brands appeared in 55–77% of them (SparkToro/Gumshoe, Jan 2026).
 */
export type LatentProduct = {
  product: Product;
  /** Share of the cell's answers that mention it. */
  probability: number;
  /** Higher comes earlier; each answer adds its own jitter, so neighbours swap now and then. */
  place: number;
};

/** How far an answer's order strays from the latent places (places span about 1.5). */
const PLACE_JITTER = 0.8;

/**
 * Key of a cell; the fixed answer is seeded with it too. A drawn answer's market (`country`, on a
 * surface that localises) makes a cell of its own, as a surface asked for another market believes
 * other things; without one the key is what it always was, so stored runs replay as they were.
 */
export const cellKey = (surface: Surface, prompt: string, country?: string): string =>
  country ? `${surface}\u0000${prompt}\u0000${country}` : `${surface}\u0000${prompt}`;

/** The seed of one answer: the same run, prompt, surface and sample always draw the same answer. */
export const drawSeed = (surface: Surface, prompt: string, draw: AnswerDraw): string => `${draw.runId}\u0000${prompt}\u0000${surface}\u0000${draw.sample}`;

/**
 * Every product an answer of the cell (its {@link cellKey}) may name, with its latent probability
 * and place. A product the prompt names is nearly always discussed (0.75–0.95); the market's
 * products fall off with their rank (the leader ~0.68, the tenth ~0.22), each cell wobbling ±0.1
 * around that, so surfaces and prompts agree broadly but not exactly. Derived from the cell alone,
 * never from the run.
 */
export function latentLineup(market: Market, named: string[], cell: string): LatentProduct[] {
  const namedProducts = resolveNamed(market, named);
  const others = market.products.filter((p) => !namedProducts.includes(p));
  const latent = (product: Product, baseProbability: (wobble: number) => number): LatentProduct => {
    const belief = createMixedRng(`latent\u0000${cell}\u0000${product.name}`);
    return { product, probability: clamp(baseProbability(belief.next()), 0.02, 0.95), place: standing(market, product) + belief.next() * 0.5 };
  };
  return [
    ...namedProducts.map((p) => latent(p, (w) => 0.75 + w * 0.2)),
    ...others.map((p, rank) => latent(p, (w) => 0.04 + 0.64 * 0.87 ** rank + (w - 0.5) * 0.2)),
  ];
}

/**
 * One answer's products, best first: each is named with its latent probability and placed by its
 * latent place plus jitter. An answer names at least one product: when the draw leaves none, the
 * likeliest (about 1 answer in 200; 1 in 100 in the smallest market, of 7 products).
 */
export function drawMentions(lineup: readonly LatentProduct[], rng: Rng): Mention[] {
  const drawn = lineup.filter((l) => rng.chance(l.probability));
  const named = drawn.length > 0 ? drawn : [lineup.reduce((a, b) => (b.probability > a.probability ? b : a))];
  return jitteredOrder(named, (l) => l.place, rng).map(({ product }) => ({ product, tone: toneOf(product, rng) }));
}

/**
 * How a drawn answer picks what it cites: the cell cites the same pages in every answer (one
 * forum thread, one video), each source has a latent place in the cell, and each answer takes the
 * first few by place plus jitter, so a cell's usual sources are cited often and the rest now and then.
 */
export function drawnSourcePicking(cell: string, rng: Rng): SourcePicking {
  const sourcePlace = (source: CitableSource) => createMixedRng(`source\u0000${cell}\u0000${source.key}`).next();
  return { pages: createMixedRng(`pages\u0000${cell}`), choose: (candidates, n) => jitteredOrder(candidates, sourcePlace, rng).slice(0, n) };
}

/** `items` ordered by `place` (highest first) plus a jitter of up to PLACE_JITTER each. */
export function jitteredOrder<T>(items: readonly T[], place: (item: T) => number, rng: Rng): T[] {
  return items
    .map((item) => ({ item, score: place(item) + rng.next() * PLACE_JITTER }))
    .sort((a, b) => b.score - a.score)
    .map(({ item }) => item);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
