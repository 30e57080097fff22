import type { Account } from '@brandradar/contracts';

/**
 * The stored account. Every money change is one compare-and-swap on this one
 * document (guarded by `rev`), computed by the pure functions below, so the
 * balance can never go negative and a retried operation is never applied
 * twice: each operation's idempotency key is recorded in the same document.
 */
export interface AccountState {
  _id: string;
  email: string;
  name: string | null;
  status: 'open' | 'closed';
  balanceMicro: number;
  spendLimitMicroPerMonth: number | null;
  /** References of credits already applied (idempotency of admin credits). */
  appliedCredits: string[];
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
    createdAt: input.now,
    rev: 0,
  };
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

export function toApiAccount(a: AccountState): Account {
  return {
    id: a._id,
    email: a.email,
    name: a.name,
    status: a.status,
    balanceMicro: a.balanceMicro,
    spendLimitMicroPerMonth: a.spendLimitMicroPerMonth,
    createdAt: a.createdAt.toISOString(),
  };
}
