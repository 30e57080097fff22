import type { Account } from '@brandradar/contracts';

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
  /** References of credits already applied (idempotency of admin credits). */
  appliedCredits: string[];
  /** Outstanding holds. Lists, never maps by hold key: ids are never field names. */
  holds: OpenHold[];
  /** Recently settled holds; see `keepRecentSettlements` for how long they stay. */
  settledHolds: SettledHold[];
  /** Captured charges per calendar month in UTC, `{'2026-11': 39000}`. */
  spentByMonth: Record<string, number>;
  createdAt: Date;
  rev: number;
}

export type Change<T> = { state: T; applied: boolean };

export function newAccount(input: { id: string; email: string; name?: string; spendLimitMicroPerMonth?: number; now: Date }): AccountState {
  return {
    _id: input.id,
    email: input.email,
    name: input.name ?? null,
    status: 'open',
    balanceMicro: 0,
    spendLimitMicroPerMonth: input.spendLimitMicroPerMonth ?? null,
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
export type StoredAccount = Omit<Partial<AccountState>, 'holds' | 'settledHolds'> &
  Pick<AccountState, '_id'> & {
    holds?: OpenHold[] | Record<string, Omit<OpenHold, 'holdKey' | 'expiresAt'> & { expiresAt?: Date }>;
    settledHolds?: SettledHold[] | Record<string, Omit<SettledHold, 'holdKey' | 'expired' | 'expiresAt'>>;
  };

/**
 * Reads every stored shape of an account: fields added later get their
 * empty value, and hold maps of the first layout become lists (written back
 * as lists by the next change).
 */
export function fromStored(stored: StoredAccount): AccountState {
  const { holds = [], settledHolds = [], ...rest } = stored;
  return {
    appliedCredits: [],
    spentByMonth: {},
    ...rest,
    holds: Array.isArray(holds)
      ? holds
      : Object.entries(holds).map(([holdKey, h]) => ({ holdKey, ...h, expiresAt: h.expiresAt ?? new Date(h.placedAt.getTime() + LEGACY_HOLD_LIFETIME_MS) })),
    settledHolds: Array.isArray(settledHolds) ? settledHolds : Object.entries(settledHolds).map(([holdKey, s]) => ({ holdKey, expired: false, expiresAt: s.settledAt, ...s })),
  } as AccountState;
}

/** Adds credit once per reference; a repeated reference changes nothing. */
export function applyCredit(account: AccountState, amountMicro: number, reference: string): Change<AccountState> {
  if (!Number.isSafeInteger(amountMicro) || amountMicro <= 0) throw new RangeError('credit must be a positive integer');
  if (account.appliedCredits.includes(reference)) return { state: account, applied: false };
  return {
    state: { ...account, balanceMicro: account.balanceMicro + amountMicro, appliedCredits: [...account.appliedCredits, reference] },
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
    createdAt: a.createdAt.toISOString(),
  };
}
