import { apiError, notFound } from '@brandradar/contracts';
import { DomainError } from '@brandradar/platform';
import { monthOf, monthsBefore, spentThisMonth, type AccountState, type Change, type SettledHold } from './accounts';

export interface HoldRequest {
  holdKey: string;
  amountMicro: number;
}

/** Where a hold stands: `capturedMicro` is null until it is captured. */
export interface HoldStanding {
  holdKey: string;
  heldMicro: number;
  capturedMicro: number | null;
}

/**
 * Reserves `amountMicro` of the balance under `holdKey`. A key the account
 * already knows (open or settled) changes nothing, so a retried run start
 * never reserves twice. `ledgerHasHold` tells that the ledger recorded this
 * key once: if the account no longer knows it, it was settled so long ago that
 * its record was dropped, and placing it again would charge twice.
 */
export function placeHold(account: AccountState, req: HoldRequest, now: Date, ledgerHasHold: boolean): Change<AccountState> {
  assertMicro(req.amountMicro);
  if (knowsHold(account, req.holdKey)) return { state: account, applied: false };
  if (ledgerHasHold) throw DomainError.of('idempotency_key_conflict', 'This hold key was used and settled long ago; use a new key.');
  if (account.status === 'closed') throw DomainError.of('account_closed', 'The account is closed.');
  if (account.balanceMicro < req.amountMicro) {
    throw DomainError.of('insufficient_credits', 'The balance does not cover this charge.', { balanceMicro: account.balanceMicro, requiredMicro: req.amountMicro });
  }
  refuseAboveSpendLimit(account, req.amountMicro, now);
  return {
    state: {
      ...account,
      balanceMicro: account.balanceMicro - req.amountMicro,
      holds: { ...account.holds, [req.holdKey]: { amountMicro: req.amountMicro, placedAt: now } },
      settledHolds: keepRecentSettlements(account.settledHolds, now),
    },
    applied: true,
  };
}

/**
 * Charges `amountMicro` of an open hold and returns the rest of it to the
 * balance; the charge counts towards the spend of the month it is captured in.
 * A settled key changes nothing, so a retried settlement never charges twice.
 */
export function captureHold(account: AccountState, req: HoldRequest, now: Date): Change<AccountState> {
  assertMicro(req.amountMicro);
  if (Object.hasOwn(account.settledHolds, req.holdKey)) return { state: account, applied: false };
  if (!Object.hasOwn(account.holds, req.holdKey)) throw new DomainError(notFound());
  const held = account.holds[req.holdKey]!.amountMicro;
  if (req.amountMicro > held) {
    throw new DomainError(apiError('invalid_state', 'A capture cannot exceed the amount held.', { heldMicro: held, requestedMicro: req.amountMicro }));
  }
  const { [req.holdKey]: _captured, ...stillOpen } = account.holds;
  const settled: SettledHold = { heldMicro: held, capturedMicro: req.amountMicro, settledAt: now };
  return {
    state: {
      ...account,
      balanceMicro: account.balanceMicro + held - req.amountMicro,
      holds: stillOpen,
      settledHolds: { ...keepRecentSettlements(account.settledHolds, now), [req.holdKey]: settled },
      spentByMonth: addSpend(account.spentByMonth, now, req.amountMicro),
    },
    applied: true,
  };
}

/** The standing of a hold the account knows; after `placeHold` or `captureHold` it always does. */
export function holdStanding(account: AccountState, holdKey: string): HoldStanding {
  if (Object.hasOwn(account.holds, holdKey)) return { holdKey, heldMicro: account.holds[holdKey]!.amountMicro, capturedMicro: null };
  if (Object.hasOwn(account.settledHolds, holdKey)) {
    const s = account.settledHolds[holdKey]!;
    return { holdKey, heldMicro: s.heldMicro, capturedMicro: s.capturedMicro };
  }
  throw new Error(`account ${account._id} has no hold ${holdKey}`);
}

export function outstandingHoldsMicro(account: AccountState): number {
  return Object.values(account.holds).reduce((sum, h) => sum + h.amountMicro, 0);
}

/**
 * Settled keys are kept while they were settled in the current or the
 * previous calendar month (UTC), so a replay is answered exactly for at least
 * one full month after settlement; callers retry within minutes. This bounds
 * the document by two months of holds instead of the account's whole history.
 * Older keys are still refused by `placeHold` through the ledger, never
 * reserved again.
 */
export function keepRecentSettlements(settled: Record<string, SettledHold>, now: Date): Record<string, SettledHold> {
  const oldestKept = monthsBefore(now, 1);
  return Object.fromEntries(Object.entries(settled).filter(([, s]) => monthOf(s.settledAt) >= oldestKept));
}

/** Only the current month's spend is ever read; a year of totals is kept for operators, the ledger has the rest. */
function addSpend(spentByMonth: Record<string, number>, now: Date, amountMicro: number): Record<string, number> {
  const month = monthOf(now);
  const oldestKept = monthsBefore(now, 11);
  const recent = Object.entries(spentByMonth).filter(([m]) => m >= oldestKept);
  return { ...Object.fromEntries(recent), [month]: (spentByMonth[month] ?? 0) + amountMicro };
}

/** The limit counts this month's charges and every open hold, since each may still be charged in full. */
function refuseAboveSpendLimit(account: AccountState, amountMicro: number, now: Date): void {
  const limit = account.spendLimitMicroPerMonth;
  if (limit === null) return;
  const spent = spentThisMonth(account, now);
  const held = outstandingHoldsMicro(account);
  if (spent + held + amountMicro > limit) {
    throw DomainError.of('spend_limit_reached', 'This charge would exceed the monthly spend limit.', {
      spendLimitMicro: limit,
      spentMicro: spent,
      heldMicro: held,
      requiredMicro: amountMicro,
    });
  }
}

function knowsHold(account: AccountState, holdKey: string): boolean {
  return Object.hasOwn(account.holds, holdKey) || Object.hasOwn(account.settledHolds, holdKey);
}

function assertMicro(amountMicro: number): void {
  if (!Number.isSafeInteger(amountMicro) || amountMicro < 0) throw new RangeError('amounts must be non-negative integers');
}
