import type { Surface } from './common';
import type { RatesInput } from './billing';

/** One run's cost: every prompt is asked on every surface, each answer priced at its surface's rate. */
export function runCostMicro(promptCount: number, models: readonly Surface[], rates: RatesInput['surfaces']): number {
  return promptCount * models.reduce((sum, m) => sum + rates[m], 0);
}
