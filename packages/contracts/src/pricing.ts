import type { Account, RatesInput } from './billing';
import { apiError, type ApiError } from './errors';
import { samplingOf, type TrackerDefinition } from './tracker';

/**
 * One run's cost if every answer succeeds: every prompt asked on every surface `samplesPerPrompt`
 * times (adaptive: the most it may ask), each answer priced at its surface's rate.
 */
export function runCostMicro(d: Pick<TrackerDefinition, 'prompts' | 'models' | 'samplesPerPrompt'>, rates: RatesInput['surfaces']): number {
  return d.prompts.length * samplingOf(d).samplesPerPrompt * d.models.reduce((sum, m) => sum + rates[m], 0);
}

/**
 * Why the account cannot pay for one run of `requiredMicro` now, or null when it can:
 * the balance must cover it and this month's spend plus it must stay within the limit.
 * Asked before a run is accepted (activation, a manual run), so the caller hears a 402 at once.
 */
export function runCoverageRefusal(account: Pick<Account, 'balanceMicro' | 'spendLimitMicroPerMonth' | 'spentThisMonthMicro'>, requiredMicro: number): ApiError | null {
  if (account.balanceMicro < requiredMicro) {
    return apiError('insufficient_credits', 'The balance cannot cover one run.', { balanceMicro: account.balanceMicro, requiredMicro });
  }
  const limit = account.spendLimitMicroPerMonth;
  if (limit !== null && account.spentThisMonthMicro + requiredMicro > limit) {
    return apiError('spend_limit_reached', "One more run would exceed the account's monthly spend limit.", { spendLimitMicro: limit, spentMicro: account.spentThisMonthMicro });
  }
  return null;
}
