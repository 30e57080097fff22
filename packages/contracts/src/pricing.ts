import type { Surface } from './common';
import type { Account, RatesInput } from './billing';
import { apiError, type ApiError } from './errors';

/** One run's cost: every prompt is asked on every surface, each answer priced at its surface's rate. */
export function runCostMicro(promptCount: number, models: readonly Surface[], rates: RatesInput['surfaces']): number {
  return promptCount * models.reduce((sum, m) => sum + rates[m], 0);
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
