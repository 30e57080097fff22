import { WORKFLOW_STEPS, type RatesInput, type Surface, type WorkflowStep } from '@brandradar/contracts';

/** The most a call can cost: every step succeeds and every surface asked answers. It is held before any step runs. */
export function maxChargeMicro(rates: RatesInput, surfaces: readonly Surface[]): number {
  return chargeMicro(rates, WORKFLOW_STEPS, surfaces);
}

/**
 * What a call costs (api-contract §6): each succeeded step's rate plus the
 * surface rate of each surface that answered. Failed steps cost nothing.
 */
export function chargeMicro(rates: RatesInput, succeededSteps: readonly WorkflowStep[], answeredSurfaces: readonly Surface[]): number {
  const steps = succeededSteps.reduce((sum, step) => sum + rates.workflowSteps[step], 0);
  const surfaces = answeredSurfaces.reduce((sum, surface) => sum + rates.surfaces[surface], 0);
  return steps + surfaces;
}
