import type { Surface } from '@brandradar/contracts';
import type { AnswerDraw, ClientAnswer, SurfaceClient } from '../answer';
import type { SimulatedVariation } from '../simulation';
import { brandsInPrompt, lineup, marketFor } from './brands';
import { composeCitations, composeText } from './compose';
import { cellKey, drawMentions, drawnSourcePicking, drawSeed, latentLineup } from './latent';
import { createMixedRng, createRng } from './prng';
import { composeResearch, type Research } from './research';

/**
 * Whether each surface's real API is asked for a market (docs/api.md, Markets): SerpApi's `gl` and
 * `hl`, the `user_location` of ChatGPT's and Claude's web search tools (the simulation stands for
 * them with web search on, as its citations show), Perplexity's `web_search_options`. Gemini's
 * API takes no market.
 */
const LOCALISES: Record<Surface, boolean> = { chatgpt: true, claude: true, perplexity: true, gemini: false, google_ai_overview: true };

/**
 * A stand-in for a surface whose key is not set (api-contract §9, §10). Answers rank the products
 * the prompt names among plausible rivals, with favourable and critical wording and realistic
 * citations, so trackers produce meaningful results locally. With a `draw` (the run and sample),
 * the answer is drawn from the cell's latent model (latent.ts): the same draw always gives the same
 * answer, and other draws differ as a real surface's answers do. Without one, the surface and
 * prompt alone decide the answer: the fixed answer. A `country` is honoured as the real surface
 * would (LOCALISES): the answer says `localised`, and a drawn one comes from the market's own
 * cell; the fixed answer is the same in every market, since tests pin it. Where the real API
 * reports them, the answer carries the searches it ran and the pages it read (research.ts).
 */
export function simulateAnswer(surface: Surface, prompt: string, draw?: AnswerDraw, country?: string): ClientAnswer & Research {
  const named = brandsInPrompt(prompt);
  const market = marketFor(prompt, named);
  const localisedTo = country && LOCALISES[surface] ? country.toLowerCase() : undefined;
  const cell = cellKey(surface, prompt, localisedTo);
  const rng = draw ? createMixedRng(drawSeed(surface, prompt, draw)) : createRng(cellKey(surface, prompt));
  const mentions = draw ? drawMentions(latentLineup(market, named, cell), rng) : lineup(market, named, rng);
  // A fixed answer makes its pages and samples its sources with its own generator, as it always has.
  const picking = draw ? drawnSourcePicking(cell, rng) : { pages: rng, choose: rng.sample };
  const text = composeText(surface, market, mentions, rng);
  const { citations, uncited } = composeCitations(surface, prompt, market, mentions, rng, picking);
  // Searches and pages read come from a stream of their own, so text and citations draw as they always have.
  const researchCell = draw ? cell : cellKey(surface, prompt);
  const research = createMixedRng(`research\u0000${draw ? drawSeed(surface, prompt, draw) : researchCell}`);
  return {
    model: `simulated-${surface}`,
    text,
    citations,
    ...composeResearch(surface, { prompt, market, named, mentions, citations, uncited, cell: researchCell }, research),
    localised: localisedTo !== undefined,
  };
}

/** `variation`: `fixed` answers every draw with the fixed answer (SIMULATED_VARIATION, for tests that pin answers). */
export function createSimulatedClient(surface: Surface, variation: SimulatedVariation): SurfaceClient {
  return {
    provider: 'simulated',
    method: surface === 'google_ai_overview' ? 'serp' : 'api',
    ask: async (prompt, { signal, draw, country }) => {
      signal.throwIfAborted();
      return simulateAnswer(surface, prompt, variation === 'drawn' ? draw : undefined, country);
    },
  };
}
