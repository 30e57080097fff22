import { apiError, notFound } from '@brandradar/contracts';
import { DomainError } from '@brandradar/platform';
import { MAX_ACCOUNT_MICRO, monthOf, monthsBefore, outstandingHoldsMicro, spentThisMonth, type AccountState, type Change, type OpenHold, type SettledHold } from './accounts';

export interface HoldRequest {
  holdKey: string;
  amountMicro: number;
}

export interface NewHold extends HoldRequest {
  expiresAt: Date;
}

/** The longest a hold may be asked to last: work that needs longer has no business holding money. */
export const MAX_HOLD_LIFETIME_MS = 7 * 24 * 60 * 60_000;

/** Where a hold stands: `capturedMicro` is null until it is settled; `expired` tells a release by the sweeper. */
export interface HoldStanding {
  holdKey: string;
  heldMicro: number;
  capturedMicro: number | null;
  expiresAt: Date;
  expired: boolean;
}

/**
 * Reserves `amountMicro` of the balance under `holdKey` until `expiresAt`. A
 * key the account already knows (open or settled) changes nothing, so a
 * retried run start never reserves twice. `ledgerHasHold` tells that the
 * ledger recorded this key once: if the account no longer knows it, it was
 * settled so long ago that its record was dropped, and placing it again would
 * charge twice.
 */
export function placeHold(account: AccountState, req: NewHold, now: Date, ledgerHasHold: boolean): Change<AccountState> {
  assertMicro(req.amountMicro);
  if (knowsHold(account, req.holdKey)) return { state: account, applied: false };
  if (ledgerHasHold) throw DomainError.of('idempotency_key_conflict', 'This hold key was used and settled long ago; use a new key.');
  const lifetimeMs = req.expiresAt.getTime() - now.getTime();
  if (lifetimeMs <= 0 || lifetimeMs > MAX_HOLD_LIFETIME_MS) {
    throw DomainError.of('validation_error', 'A hold must expire in the future and within 7 days.', { issues: [{ path: 'expiresAt', message: 'must be after now and at most 7 days ahead' }] });
  }
  if (account.status === 'closed') throw DomainError.of('account_closed', 'The account is closed.');
  if (account.balanceMicro < req.amountMicro) {
    throw DomainError.of('insufficient_credits', 'The balance does not cover this charge.', { balanceMicro: account.balanceMicro, requiredMicro: req.amountMicro });
  }
  refuseAboveSpendLimit(account, req.amountMicro, now);
  return {
    state: {
      ...account,
      balanceMicro: account.balanceMicro - req.amountMicro,
      holds: [...account.holds, { holdKey: req.holdKey, amountMicro: req.amountMicro, placedAt: now, expiresAt: req.expiresAt }],
      settledHolds: keepRecentSettlements(account.settledHolds, now),
    },
    applied: true,
  };
}

/**
 * Charges `amountMicro` of an open hold and returns the rest of it to the
 * balance; the charge counts towards the spend of the month it is captured in.
 * A settled key changes nothing, so a retried settlement never charges twice,
 * and a capture that comes after the hold expired charges nothing.
 */
export function captureHold(account: AccountState, req: HoldRequest, now: Date): Change<AccountState> {
  assertMicro(req.amountMicro);
  if (settledHold(account, req.holdKey)) return { state: account, applied: false };
  const open = openHold(account, req.holdKey);
  if (!open) throw new DomainError(notFound());
  if (req.amountMicro > open.amountMicro) {
    throw new DomainError(apiError('invalid_state', 'A capture cannot exceed the amount held.', { heldMicro: open.amountMicro, requestedMicro: req.amountMicro }));
  }
  return { state: settle(account, open, req.amountMicro, false, now), applied: true };
}

/**
 * Releases an open hold whose expiry has passed, charging nothing. A hold
 * already settled (captured first, or expired by another sweeper) or not yet
 * due changes nothing: whichever settles the key first wins.
 */
export function expireHold(account: AccountState, holdKey: string, now: Date): Change<AccountState> {
  const open = openHold(account, holdKey);
  if (!open || open.expiresAt > now) return { state: account, applied: false };
  return { state: settle(account, open, 0, true, now), applied: true };
}

function settle(account: AccountState, open: OpenHold, capturedMicro: number, expired: boolean, now: Date): AccountState {
  const settled: SettledHold = { holdKey: open.holdKey, heldMicro: open.amountMicro, capturedMicro, expiresAt: open.expiresAt, expired, settledAt: now };
  return {
    ...account,
    balanceMicro: account.balanceMicro + open.amountMicro - capturedMicro,
    holds: account.holds.filter((h) => h.holdKey !== open.holdKey),
    settledHolds: [...keepRecentSettlements(account.settledHolds, now), settled],
    spentByMonth: capturedMicro > 0 ? addSpend(account.spentByMonth, now, capturedMicro) : account.spentByMonth,
  };
}

/** The standing of a hold, or undefined when the account does not know the key (never held, or settled long ago). */
export function findHoldStanding(account: AccountState, holdKey: string): HoldStanding | undefined {
  const open = openHold(account, holdKey);
  if (open) return { holdKey, heldMicro: open.amountMicro, capturedMicro: null, expiresAt: open.expiresAt, expired: false };
  const s = settledHold(account, holdKey);
  return s && { holdKey, heldMicro: s.heldMicro, capturedMicro: s.capturedMicro, expiresAt: s.expiresAt, expired: s.expired };
}

/** The standing of a hold the account knows; after `placeHold` or `captureHold` it always does. */
export function holdStanding(account: AccountState, holdKey: string): HoldStanding {
  const standing = findHoldStanding(account, holdKey);
  if (!standing) throw new Error(`account ${account._id} has no hold ${holdKey}`);
  return standing;
}

/**
 * Settled keys are kept while they were settled in the current or the
 * previous calendar month (UTC), so a replay is answered exactly for at least
 * one full month after settlement; callers retry within minutes. This bounds
 * the document by two months of holds instead of the account's whole history.
 * Older keys are still refused by `placeHold` through the ledger, never
 * reserved again.
 */
export function keepRecentSettlements(settled: SettledHold[], now: Date): SettledHold[] {
  const oldestKept = monthsBefore(now, 1);
  return settled.filter((s) => monthOf(s.settledAt) >= oldestKept);
}

/** Only the current month's spend is ever read; a year of totals is kept for operators, the ledger has the rest. */
function addSpend(spentByMonth: Record<string, number>, now: Date, amountMicro: number): Record<string, number> {
  const month = monthOf(now);
  const oldestKept = monthsBefore(now, 11);
  const recent = Object.entries(spentByMonth).filter(([m]) => m >= oldestKept);
  return { ...Object.fromEntries(recent), [month]: (spentByMonth[month] ?? 0) + amountMicro };
}

/**
 * The limit counts this month's charges and every open hold, since each may still be charged in full.
 * An account without a limit of its own is held to `MAX_ACCOUNT_MICRO`, so the month's spend stays exact.
 */
function refuseAboveSpendLimit(account: AccountState, amountMicro: number, now: Date): void {
  const limit = account.spendLimitMicroPerMonth ?? MAX_ACCOUNT_MICRO;
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

function openHold(account: AccountState, holdKey: string): OpenHold | undefined {
  return account.holds.find((h) => h.holdKey === holdKey);
}

function settledHold(account: AccountState, holdKey: string): SettledHold | undefined {
  return account.settledHolds.find((h) => h.holdKey === holdKey);
}

function knowsHold(account: AccountState, holdKey: string): boolean {
  return findHoldStanding(account, holdKey) !== undefined;
}

function assertMicro(amountMicro: number): void {
  if (!Number.isSafeInteger(amountMicro) || amountMicro < 0) throw new RangeError('amounts must be non-negative integers');
}
