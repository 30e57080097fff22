import { eventually } from './eventually';
import type { HttpClient, TestStack } from './stack';

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

/** An account's side of the ledger once its runs have ended, and what is wrong with it. */
export interface LedgerCheck {
  balanceMicro: number;
  spentThisMonthMicro: number;
  openHolds: number;
  /** Each broken invariant, in words; none when the ledger is exact. */
  problems: string[];
}

/**
 * Checks an account credited `creditsMicro` once every run it paid for has ended and billed
 * `billedMicro` in all (null: not known, so only the holds are checked): the balance plus the bills
 * make the credits, what billing captured this month (`spentThisMonthMicro`) is the bills, and no
 * hold is left open (admin API).
 */
export async function checkLedger(client: HttpClient, account: { accountId: string; apiKey: string }, creditsMicro: number, billedMicro: number | null): Promise<LedgerCheck> {
  const { balanceMicro, spentThisMonthMicro } = (await client.api('GET', '/api/v1/account', { key: account.apiKey })).body.account;
  const problems: string[] = [];
  if (billedMicro !== null && balanceMicro + billedMicro !== creditsMicro) problems.push(`balance ${balanceMicro} + billed ${billedMicro} ≠ credits ${creditsMicro} (a charge without a run, twice, or a hold left open)`);
  // spentThisMonthMicro is billing's sum of the account's captures.
  if (billedMicro !== null && spentThisMonthMicro !== billedMicro) problems.push(`captured (spent this month) ${spentThisMonthMicro} ≠ sum of billedCostMicro ${billedMicro}`);
  const holds = await client.admin('GET', `/admin/v1/accounts/${account.accountId}/holds`);
  let openHolds = 0;
  if (holds.status !== 200) problems.push(`open holds not readable: ${holds.status} ${JSON.stringify(holds.body)}`);
  else if (holds.body.holds.length) {
    openHolds = holds.body.holds.length;
    problems.push(`holds still open: ${JSON.stringify(holds.body.holds)}`);
  }
  return { balanceMicro, spentThisMonthMicro, openHolds, problems };
}
