import type { ApiError } from '@brandradar/contracts';
import { DomainError } from '@brandradar/platform';
import { applyCredit, closeAccount, MAX_ACCOUNT_MICRO, newAccount, outstandingHoldsMicro, spentThisMonth, type AccountState } from './accounts';
import { captureHold, expireHold, holdStanding, keepRecentSettlements, MAX_HOLD_LIFETIME_MS, placeHold } from './holds';

const nov = new Date('2026-11-22T09:00:00.000Z');
const dec = new Date('2026-12-01T00:00:00.000Z');

function funded(balanceMicro: number, spendLimitMicroPerMonth?: number): AccountState {
  const a = newAccount({ id: '7f1c7d34-4cda-4c1c-9d4b-6a4c1f0e2b11', email: 'a@example.com', spendLimitMicroPerMonth, now: nov });
  return balanceMicro > 0 ? applyCredit(a, balanceMicro, 'initial').state : a;
}

const HOUR = 60 * 60_000;
const inAnHour = (now: Date) => new Date(now.getTime() + HOUR);
const hold = (a: AccountState, holdKey: string, amountMicro: number, now = nov, ledgerHasHold = false) =>
  placeHold(a, { holdKey, amountMicro, expiresAt: inAnHour(now) }, now, ledgerHasHold);
const capture = (a: AccountState, holdKey: string, amountMicro: number, now = nov) => captureHold(a, { holdKey, amountMicro }, now);

function refusal(attempt: () => unknown): ApiError {
  try {
    attempt();
  } catch (e) {
    if (e instanceof DomainError) return e.error;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('placeHold', () => {
  it('reserves the amount from the balance under the key', () => {
    const { state, applied } = hold(funded(100_000), 'run:1', 39_000);
    expect(applied).toBe(true);
    expect(state.balanceMicro).toBe(61_000);
    expect(holdStanding(state, 'run:1')).toEqual({ holdKey: 'run:1', heldMicro: 39_000, capturedMicro: null, expiresAt: inAnHour(nov), expired: false });
  });

  it('reserves nothing more for a known key, whatever the amount', () => {
    const first = hold(funded(100_000), 'run:1', 39_000).state;
    const replay = hold(first, 'run:1', 50_000);
    expect(replay).toEqual({ state: first, applied: false });
  });

  it('returns the settled outcome for a key already captured', () => {
    const settled = capture(hold(funded(100_000), 'run:1', 39_000).state, 'run:1', 26_000).state;
    expect(hold(settled, 'run:1', 39_000)).toEqual({ state: settled, applied: false });
    expect(holdStanding(settled, 'run:1')).toEqual({ holdKey: 'run:1', heldMicro: 39_000, capturedMicro: 26_000, expiresAt: inAnHour(nov), expired: false });
  });

  it('may take the whole balance but never more', () => {
    const all = hold(funded(39_000), 'a', 39_000).state;
    expect(all.balanceMicro).toBe(0);
    expect(refusal(() => hold(all, 'b', 1))).toEqual({ code: 'insufficient_credits', message: expect.any(String), balanceMicro: 0, requiredMicro: 1 });
    expect(refusal(() => hold(funded(38_999), 'a', 39_000))).toMatchObject({ balanceMicro: 38_999, requiredMicro: 39_000 });
  });

  it('never takes the balance below zero, however many holds are tried', () => {
    let a = funded(70_000);
    let placed = 0;
    for (let i = 0; i < 50; i++) {
      try {
        a = hold(a, `run:${i}`, 10_000).state;
        placed++;
      } catch (e) {
        expect((e as DomainError).error.code).toBe('insufficient_credits');
      }
      expect(a.balanceMicro).toBeGreaterThanOrEqual(0);
    }
    expect(placed).toBe(7);
    expect(outstandingHoldsMicro(a)).toBe(70_000);
  });

  it('refuses a closed account, but still answers a replay of a hold it placed before closing', () => {
    const open = hold(funded(100_000), 'run:1', 10_000).state;
    const closed = closeAccount(open).state;
    expect(refusal(() => hold(closed, 'run:2', 10_000)).code).toBe('account_closed');
    expect(hold(closed, 'run:1', 10_000).applied).toBe(false);
  });

  it('refuses a key the ledger knows but the account has forgotten, so it is never reserved twice', () => {
    expect(refusal(() => hold(funded(100_000), 'run:old', 10_000, nov, true)).code).toBe('idempotency_key_conflict');
    const known = hold(funded(100_000), 'run:1', 10_000).state;
    expect(hold(known, 'run:1', 10_000, nov, true).applied).toBe(false);
  });

  it('treats keys that name object properties as plain keys', () => {
    const { state } = hold(funded(100), 'constructor', 10);
    expect(holdStanding(state, 'constructor').heldMicro).toBe(10);
    expect(refusal(() => capture(funded(100), 'toString', 0)).code).toBe('not_found');
  });

  it.each([-1, 0.5, Number.NaN])('refuses the amount %p', (amount) => {
    expect(() => hold(funded(100), 'k', amount)).toThrow(RangeError);
  });

  it('allows a hold of nothing (a run priced at zero)', () => {
    expect(hold(funded(0), 'k', 0)).toMatchObject({ applied: true, state: { balanceMicro: 0 } });
  });
});

describe('the monthly spend limit', () => {
  it('allows reaching the limit exactly and refuses one micro-unit more', () => {
    const a = funded(1_000_000, 100_000);
    expect(hold(a, 'run:1', 100_000).applied).toBe(true);
    expect(refusal(() => hold(a, 'run:1', 100_001))).toEqual({
      code: 'spend_limit_reached',
      message: expect.any(String),
      spendLimitMicro: 100_000,
      spentMicro: 0,
      heldMicro: 0,
      requiredMicro: 100_001,
    });
  });

  it("counts this month's charges and the open holds", () => {
    let a = funded(1_000_000, 100_000);
    a = capture(hold(a, 'run:1', 50_000).state, 'run:1', 30_000).state; // spent 30,000
    a = hold(a, 'run:2', 40_000).state; // held 40,000
    expect(hold(a, 'run:3', 30_000).applied).toBe(true); // 30 + 40 + 30 = 100: exactly the limit
    expect(refusal(() => hold(a, 'run:3', 30_001))).toMatchObject({ spentMicro: 30_000, heldMicro: 40_000, requiredMicro: 30_001 });
  });

  it("starts again with a new calendar month (UTC), while last month's open holds still count", () => {
    let a = funded(1_000_000, 100_000);
    a = capture(hold(a, 'run:1', 80_000).state, 'run:1', 80_000).state;
    a = hold(a, 'run:2', 10_000).state;
    const lastNov = new Date('2026-11-30T23:59:59.999Z');
    expect(refusal(() => hold(a, 'run:3', 10_001, lastNov)).code).toBe('spend_limit_reached');
    expect(spentThisMonth(a, dec)).toBe(0);
    expect(hold(a, 'run:3', 90_000, dec).applied).toBe(true);
    expect(refusal(() => hold(a, 'run:3', 90_001, dec))).toMatchObject({ spentMicro: 0, heldMicro: 10_000 });
  });

  it('does not apply when the account has no limit', () => {
    expect(hold(funded(10_000_000), 'big', 9_000_000).applied).toBe(true);
  });

  it('holds an account without a limit to the largest exact amount, so the month\'s spend stays exact', () => {
    const a = { ...funded(100_000), spentByMonth: { '2026-11': MAX_ACCOUNT_MICRO - 50_000 } };
    expect(hold(a, 'run:1', 50_000).applied).toBe(true);
    expect(refusal(() => hold(a, 'run:1', 50_001))).toMatchObject({ code: 'spend_limit_reached', spendLimitMicro: MAX_ACCOUNT_MICRO, requiredMicro: 50_001 });
  });
});

describe('captureHold', () => {
  const held = () => hold(funded(100_000), 'run:1', 39_000).state;

  it('charges the amount, returns the rest to the balance and counts it in the month', () => {
    const { state, applied } = capture(held(), 'run:1', 26_000);
    expect(applied).toBe(true);
    expect(state.balanceMicro).toBe(74_000);
    expect(state.holds).toEqual([]);
    expect(state.spentByMonth).toEqual({ '2026-11': 26_000 });
    expect(holdStanding(state, 'run:1')).toEqual({ holdKey: 'run:1', heldMicro: 39_000, capturedMicro: 26_000, expiresAt: inAnHour(nov), expired: false });
  });

  it('charges nothing for a capture of zero', () => {
    const { state } = capture(held(), 'run:1', 0);
    expect(state.balanceMicro).toBe(100_000);
    expect(spentThisMonth(state, nov)).toBe(0);
  });

  it('may charge the whole hold but not more', () => {
    expect(capture(held(), 'run:1', 39_000).state.balanceMicro).toBe(61_000);
    expect(refusal(() => capture(held(), 'run:1', 39_001))).toMatchObject({ code: 'invalid_state', heldMicro: 39_000, requestedMicro: 39_001 });
  });

  it('changes nothing when replayed, whatever the amount', () => {
    const once = capture(held(), 'run:1', 26_000).state;
    expect(capture(once, 'run:1', 26_000)).toEqual({ state: once, applied: false });
    expect(capture(once, 'run:1', 0)).toEqual({ state: once, applied: false });
  });

  it('answers not_found for a key that was never held', () => {
    expect(refusal(() => capture(held(), 'run:2', 0)).code).toBe('not_found');
  });

  it('settles on a closed account', () => {
    const { state } = capture(closeAccount(held()).state, 'run:1', 10_000);
    expect(state).toMatchObject({ status: 'closed', balanceMicro: 90_000 });
  });

  it('counts the charge in the month of the capture, not of the hold', () => {
    const { state } = capture(held(), 'run:1', 20_000, dec);
    expect(state.spentByMonth).toEqual({ '2026-12': 20_000 });
  });

  it('keeps a year of monthly totals', () => {
    const a = { ...held(), spentByMonth: { '2025-11': 1, '2025-12': 2, '2026-10': 3 } };
    expect(capture(a, 'run:1', 4).state.spentByMonth).toEqual({ '2025-12': 2, '2026-10': 3, '2026-11': 4 });
  });
});

describe('settled keys', () => {
  const settledAt = (holdKey: string, iso: string) => ({ holdKey, heldMicro: 1, capturedMicro: 1, expiresAt: new Date(iso), expired: false, settledAt: new Date(iso) });
  const keys = (holds: { holdKey: string }[]) => holds.map((h) => h.holdKey).sort();

  it('are kept for the current and the previous calendar month', () => {
    const settled = [settledAt('oct', '2026-10-01T00:00:00.000Z'), settledAt('sep', '2026-09-30T23:59:59.999Z'), settledAt('nov', '2026-11-02T00:00:00.000Z')];
    expect(keys(keepRecentSettlements(settled, nov))).toEqual(['nov', 'oct']);
    expect(keepRecentSettlements(settled, new Date('2027-01-01T00:00:00.000Z'))).toEqual([]);
  });

  it('are dropped when later holds and captures rewrite the account', () => {
    let a = capture(hold(funded(100_000), 'run:1', 10_000).state, 'run:1', 10_000).state;
    a = hold(a, 'run:2', 10_000, dec).state;
    expect(keys(a.settledHolds)).toEqual(['run:1']); // December: November's key still known
    a = hold(a, 'run:3', 10_000, new Date('2027-01-01T00:00:00.000Z')).state;
    expect(a.settledHolds).toEqual([]);
    expect(keys(a.holds)).toEqual(['run:2', 'run:3']); // open holds are never dropped
  });
});

describe('placeHold expiry', () => {
  it('refuses an expiry that is not in the future or more than 7 days ahead', () => {
    const at = (ms: number) => refusal(() => placeHold(funded(100), { holdKey: 'k', amountMicro: 1, expiresAt: new Date(nov.getTime() + ms) }, nov, false));
    expect(at(0).code).toBe('validation_error');
    expect(at(MAX_HOLD_LIFETIME_MS + 1).code).toBe('validation_error');
    expect(placeHold(funded(100), { holdKey: 'k', amountMicro: 1, expiresAt: new Date(nov.getTime() + MAX_HOLD_LIFETIME_MS) }, nov, false).applied).toBe(true);
  });
});

describe('expireHold', () => {
  const held = () => hold(funded(100_000), 'run:1', 39_000).state;
  const later = inAnHour(nov);

  it('does nothing before the expiry', () => {
    const a = held();
    expect(expireHold(a, 'run:1', new Date(later.getTime() - 1))).toEqual({ state: a, applied: false });
  });

  it('releases the whole hold at its expiry, charging nothing, and answers like a capture of zero', () => {
    const { state, applied } = expireHold(held(), 'run:1', later);
    expect(applied).toBe(true);
    expect(state).toMatchObject({ balanceMicro: 100_000, holds: [], spentByMonth: {} });
    expect(holdStanding(state, 'run:1')).toEqual({ holdKey: 'run:1', heldMicro: 39_000, capturedMicro: 0, expiresAt: later, expired: true });
  });

  it('loses to a capture that came first, and a capture after it charges nothing', () => {
    const captured = capture(held(), 'run:1', 26_000).state;
    expect(expireHold(captured, 'run:1', later)).toEqual({ state: captured, applied: false });
    const expired = expireHold(held(), 'run:1', later).state;
    expect(capture(expired, 'run:1', 26_000, later)).toEqual({ state: expired, applied: false });
    expect(expireHold(expired, 'run:1', later)).toEqual({ state: expired, applied: false });
  });

  it('changes nothing for a key the account does not know', () => {
    const a = held();
    expect(expireHold(a, 'run:2', later)).toEqual({ state: a, applied: false });
  });
});
