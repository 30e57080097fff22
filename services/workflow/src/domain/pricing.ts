import { SURFACES, WORKFLOW_STEPS, type RatesInput, type Surface, type WorkflowStep } from '@brandradar/contracts';

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

/**
 * The rates a call is charged at: the card's, with nothing for what is simulated and not billed
 * (SIMULATED_ANSWERS). The answers and citations steps are our analysis over the surfaces: free only
 * when no surface at all is billed.
 */
export function billedRates(rates: RatesInput, billed: { surface(s: Surface): boolean; step(step: WorkflowStep): boolean }): RatesInput {
  const anySurfaceBilled = SURFACES.some((s) => billed.surface(s));
  const stepBilled = (step: WorkflowStep) => (step === 'answers' || step === 'citations' ? anySurfaceBilled : billed.step(step));
  return {
    surfaces: Object.fromEntries(SURFACES.map((s) => [s, billed.surface(s) ? rates.surfaces[s] : 0])) as RatesInput['surfaces'],
    workflowSteps: Object.fromEntries(WORKFLOW_STEPS.map((step) => [step, stepBilled(step) ? rates.workflowSteps[step] : 0])) as RatesInput['workflowSteps'],
  };
}
