import { ConfigError } from '@brandradar/platform';

/**
 * What a service does about a surface or data source that has no key:
 * - `refuse`: stop at start, naming what is missing (production);
 * - `free` (the default): simulate it, and never bill a simulated answer or step;
 * - `bill`: simulate it and bill it at the card's rates, as if it were live (an explicit choice for
 *   local demos and tests, so numbers look like production's).
 */
export const SIMULATION_POLICIES = ['refuse', 'free', 'bill'] as const;
export type SimulationPolicy = (typeof SIMULATION_POLICIES)[number];

/**
 * How simulated answers vary (api-contract §10):
 * - `drawn` (the default): each answer of a run is drawn from the prompt × surface cell's latent
 *   model, reproducibly from the run id and sample, so runs and samples disagree as real ones do;
 * - `fixed`: every answer to a prompt on a surface is the same, for tests that pin answer content.
 */
export const SIMULATED_VARIATIONS = ['drawn', 'fixed'] as const;
export type SimulatedVariation = (typeof SIMULATED_VARIATIONS)[number];

/** Stops the service when `policy` refuses simulation and something would be simulated. */
export function assertSimulationAllowed(policy: SimulationPolicy, simulated: readonly string[]): void {
  if (policy !== 'refuse' || simulated.length === 0) return;
  throw new ConfigError(
    `No credentials for ${simulated.join(', ')}, and SIMULATED_ANSWERS=refuse. Set the keys, or allow simulated answers explicitly with SIMULATED_ANSWERS=free (never billed) or SIMULATED_ANSWERS=bill (billed at the card's rates).`,
  );
}

/** Whether an answer or step from `provider` is billed under `policy`. */
export function isBilled(policy: SimulationPolicy, provider: string): boolean {
  return provider !== 'simulated' || policy === 'bill';
}
