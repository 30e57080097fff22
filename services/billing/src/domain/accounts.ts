import type { Account } from '@brandradar/contracts';
import { DomainError } from '@brandradar/platform';

/**
 * The most an account can hold, and be billed in a month: beyond it integers are no longer exact in
 * JavaScript (and the contract's amounts refuse them), so a credit or a hold that would pass it is refused.
 */
export const MAX_ACCOUNT_MICRO = Number.MAX_SAFE_INTEGER;

/** A reservation of part of the balance, until it is captured or it expires. */
export interface OpenHold {
  holdKey: string;
  amountMicro: number;
  placedAt: Date;
  /** When the sweeper releases it, if nobody captured it by then. */
  expiresAt: Date;
}

/** What a settled hold came to, kept so a replayed key gets the same answer. */
export interface SettledHold {
  holdKey: string;
  heldMicro: number;
  capturedMicro: number;
  expiresAt: Date;
  /** Released by the sweeper at its expiry (`capturedMicro` 0), rather than captured. */
  expired: boolean;
  settledAt: Date;
}

/**
 * The stored account. Every money change is one compare-and-swap on this one
 * document (guarded by `rev`), computed by the pure functions in this folder,
 * so the balance can never go negative and a retried operation is never
 * applied twice: each operation's idempotency key is recorded in the same
 * document.
 */
export interface AccountState {
  _id: string;
  email: string;
  name: string | null;
  status: 'open' | 'closed';
  /** Available balance: credits minus captured charges minus outstanding holds. */
  balanceMicro: number;
  spendLimitMicroPerMonth: number | null;
  /** Its runs are answered by the simulation only, whatever keys are set (a demo account); fixed at creation. */
  simulated: boolean;
  /** Credits already applied, by reference (idempotency of admin credits). */
  appliedCredits: AppliedCredit[];
  /** Outstanding holds. Lists, never maps by hold key: ids are never field names. */
  holds: OpenHold[];
  /** Recently settled holds; see `keepRecentSettlements` for how long they stay. */
  settledHolds: SettledHold[];
  /** Captured charges per calendar month in UTC, `{'2026-11': 39000}`. */
  spentByMonth: Record<string, number>;
  createdAt: Date;
  rev: number;
}

/** An admin credit as applied; `amountMicro` is null for credits recorded before amounts were kept. */
interface AppliedCredit {
  reference: string;
  amountMicro: number | null;
}

export type Change<T> = { state: T; applied: boolean };

export function newAccount(input: { id: string; email: string; name?: string; spendLimitMicroPerMonth?: number; simulated?: boolean; now: Date }): AccountState {
  return {
    _id: input.id,
    email: input.email,
    name: input.name ?? null,
    status: 'open',
    balanceMicro: 0,
    spendLimitMicroPerMonth: input.spendLimitMicroPerMonth ?? null,
    simulated: input.simulated ?? false,
    appliedCredits: [],
    holds: [],
    settledHolds: [],
    spentByMonth: {},
    createdAt: input.now,
    rev: 0,
  };
}

/**
 * The first holds had no expiry: one placed then expires this long after it
 * was placed (the sweeper never sees it, see `fromStored`; its owner settles it).
 */
const LEGACY_HOLD_LIFETIME_MS = 24 * 60 * 60_000;

/** An account as it was first stored: no holds or monthly spend, or holds as maps keyed by hold key. */
export type StoredAccount = Omit<Partial<AccountState>, 'holds' | 'settledHolds' | 'appliedCredits'> &
  Pick<AccountState, '_id'> & {
    appliedCredits?: Array<AppliedCredit | string>;
    holds?: OpenHold[] | Record<string, Omit<OpenHold, 'holdKey' | 'expiresAt'> & { expiresAt?: Date }>;
    settledHolds?: SettledHold[] | Record<string, Omit<SettledHold, 'holdKey' | 'expired' | 'expiresAt'>>;
  };

/**
 * Reads every stored shape of an account: fields added later get their
 * empty value, and hold maps of the first layout become lists (written back
 * as lists by the next change).
 */
export function fromStored(stored: StoredAccount): AccountState {
  const { holds = [], settledHolds = [], appliedCredits = [], ...rest } = stored;
  return {
    spentByMonth: {},
    simulated: false,
    ...rest,
    appliedCredits: appliedCredits.map((c) => (typeof c === 'string' ? { reference: c, amountMicro: null } : c)),
    holds: Array.isArray(holds)
      ? holds
      : Object.entries(holds).map(([holdKey, h]) => ({ holdKey, ...h, expiresAt: h.expiresAt ?? new Date(h.placedAt.getTime() + LEGACY_HOLD_LIFETIME_MS) })),
    settledHolds: Array.isArray(settledHolds) ? settledHolds : Object.entries(settledHolds).map(([holdKey, s]) => ({ holdKey, expired: false, expiresAt: s.settledAt, ...s })),
  } as AccountState;
}

/**
 * Adds credit once per reference; the same reference with the same amount changes nothing, with
 * another amount it is refused (`idempotency_key_conflict`). A credit that would take the account's
 * funds (balance and open holds, which may come back to it) past `MAX_ACCOUNT_MICRO` is refused as
 * a `validation_error` on `field`, the request field that carried the amount.
 */
export function applyCredit(account: AccountState, amountMicro: number, reference: string, field = 'amountMicro'): Change<AccountState> {
  if (!Number.isSafeInteger(amountMicro) || amountMicro <= 0) throw new RangeError('credit must be a positive integer');
  const applied = account.appliedCredits.find((c) => c.reference === reference);
  if (applied) {
    if (applied.amountMicro !== null && applied.amountMicro !== amountMicro) {
      throw DomainError.of('idempotency_key_conflict', `The reference "${reference}" was already used for a credit of another amount; use a new reference for a new credit.`, { appliedMicro: applied.amountMicro });
    }
    return { state: account, applied: false };
  }
  if (account.balanceMicro + outstandingHoldsMicro(account) + amountMicro > MAX_ACCOUNT_MICRO) {
    const message = `would take the balance past ${MAX_ACCOUNT_MICRO}, the largest amount an account can hold`;
    throw DomainError.of('validation_error', 'The request body is invalid.', { issues: [{ path: field, message }] });
  }
  return {
    state: { ...account, balanceMicro: account.balanceMicro + amountMicro, appliedCredits: [...account.appliedCredits, { reference, amountMicro }] },
    applied: true,
  };
}

/** Closes the account; closing a closed account changes nothing. Balance and open holds stay as they are. */
export function closeAccount(account: AccountState): Change<AccountState> {
  if (account.status === 'closed') return { state: account, applied: false };
  return { state: { ...account, status: 'closed' }, applied: true };
}

/** The calendar month of an instant in UTC, `2026-11`; such keys sort in time order. */
export function monthOf(instant: Date): string {
  return instant.toISOString().slice(0, 7);
}

/** The month `n` calendar months before the month of `instant`, in UTC. */
export function monthsBefore(instant: Date, n: number): string {
  return monthOf(new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() - n, 1)));
}

export function outstandingHoldsMicro(account: AccountState): number {
  return account.holds.reduce((sum, h) => sum + h.amountMicro, 0);
}

export function spentThisMonth(account: AccountState, now: Date): number {
  return account.spentByMonth[monthOf(now)] ?? 0;
}

export function toApiAccount(a: AccountState, now: Date): Account {
  return {
    id: a._id,
    email: a.email,
    name: a.name,
    status: a.status,
    balanceMicro: a.balanceMicro,
    spendLimitMicroPerMonth: a.spendLimitMicroPerMonth,
    spentThisMonthMicro: spentThisMonth(a, now),
    simulated: a.simulated,
    createdAt: a.createdAt.toISOString(),
  };
}
