import type { Surface } from '@brandradar/contracts';
import type { ClientAnswer, SurfaceClient } from '../answer';
import { brandsInPrompt, lineup, marketFor } from './brands';
import { composeCitations, composeText } from './compose';
import { createRng } from './prng';

/**
 * A deterministic stand-in for a surface whose key is not set (api-contract §9):
 * the same surface and prompt always give the same answer. Answers rank the
 * products the prompt names among plausible rivals, with favourable and critical
 * wording and realistic citations, so trackers produce meaningful results locally.
 */
export function simulateAnswer(surface: Surface, prompt: string): ClientAnswer {
  const rng = createRng(`${surface}\u0000${prompt}`);
  const named = brandsInPrompt(prompt);
  const market = marketFor(prompt, named);
  const mentions = lineup(market, named, rng);
  return {
    model: `simulated-${surface}`,
    text: composeText(surface, market, mentions, rng),
    citations: composeCitations(surface, prompt, market, mentions, rng),
  };
}

export function createSimulatedClient(surface: Surface): SurfaceClient {
  return {
    provider: 'simulated',
    method: surface === 'google_ai_overview' ? 'serp' : 'api',
    ask: async (prompt, { signal }) => {
      signal.throwIfAborted();
      return simulateAnswer(surface, prompt);
    },
  };
}
