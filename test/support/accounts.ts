import { eventually } from './eventually';
import type { TestStack } from './stack';

/**
 * The account once it shows `expected` (fails with what it shows otherwise): a runner ends a run
 * and then captures or releases its hold with billing, so a read the instant a run ends may still
 * show the hold taken from the balance.
 */
export function accountSettlesAt(stack: Pick<TestStack, 'api'>, key: string, expected: { balanceMicro: number; spentThisMonthMicro: number }) {
  return eventually(
    async () => (await stack.api('GET', '/api/v1/account', { key })).body.account,
    (a) => a?.balanceMicro === expected.balanceMicro && a?.spentThisMonthMicro === expected.spentThisMonthMicro,
  );
}
