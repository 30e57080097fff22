import { applyCredit, closeAccount, MAX_ACCOUNT_MICRO, monthOf, monthsBefore, newAccount, toApiAccount, fromStored } from './accounts';

const now = new Date('2026-11-22T09:00:00.000Z');
const account = () => newAccount({ id: '7f1c7d34-4cda-4c1c-9d4b-6a4c1f0e2b11', email: 'a@example.com', now });

describe('applyCredit', () => {
  it('adds the amount once per reference', () => {
    const first = applyCredit(account(), 250_000, 'invoice-1');
    expect(first).toMatchObject({ applied: true, state: { balanceMicro: 250_000, appliedCredits: [{ reference: 'invoice-1', amountMicro: 250_000 }] } });
    const replay = applyCredit(first.state, 250_000, 'invoice-1');
    expect(replay.applied).toBe(false);
    expect(replay.state.balanceMicro).toBe(250_000);
    expect(applyCredit(first.state, 1, 'invoice-2').state.balanceMicro).toBe(250_001);
  });

  it('refuses a reference used before with another amount, and changes nothing', () => {
    const first = applyCredit(account(), 100_000, 'inv-1').state;
    expect(() => applyCredit(first, 200_000, 'inv-1')).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'idempotency_key_conflict', appliedMicro: 100_000 }) }));
  });

  it('answers a reference stored before amounts were kept as a replay, whatever the amount', () => {
    const legacy = fromStored({ ...account(), balanceMicro: 5, appliedCredits: ['old'] });
    expect(legacy.appliedCredits).toEqual([{ reference: 'old', amountMicro: null }]);
    expect(applyCredit(legacy, 7, 'old')).toEqual({ state: legacy, applied: false });
  });

  it('refuses a credit that would take the balance and open holds past the largest exact amount', () => {
    const full = applyCredit(account(), MAX_ACCOUNT_MICRO, 'all').state;
    expect(() => applyCredit(full, 1, 'more')).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'validation_error', issues: [{ path: 'amountMicro', message: expect.stringContaining('largest amount') }] }) }));
    // A held amount comes back to the balance when released, so it counts too.
    const held = { ...account(), balanceMicro: MAX_ACCOUNT_MICRO - 10, holds: [{ holdKey: 'run:1', amountMicro: 10, placedAt: now, expiresAt: now }] };
    expect(() => applyCredit(held, 1, 'more', 'creditsMicro')).toThrow(expect.objectContaining({ error: expect.objectContaining({ issues: [expect.objectContaining({ path: 'creditsMicro' })] }) }));
  });

  it.each([0, -5, 1.5, Number.MAX_SAFE_INTEGER + 1])('refuses %p', (amount) => {
    expect(() => applyCredit(account(), amount, 'x')).toThrow(RangeError);
  });

  it('still credits a closed account (an operator refund)', () => {
    expect(applyCredit(closeAccount(account()).state, 5, 'refund').state.balanceMicro).toBe(5);
  });
});

describe('closeAccount', () => {
  it('closes once and keeps the balance', () => {
    const funded = applyCredit(account(), 100, 'c').state;
    const closed = closeAccount(funded);
    expect(closed).toMatchObject({ applied: true, state: { status: 'closed', balanceMicro: 100 } });
    expect(closeAccount(closed.state)).toEqual({ applied: false, state: closed.state });
  });
});

describe('months', () => {
  it('are calendar months in UTC', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(monthOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
    // 00:30 on 1 December in Berlin is still November in UTC.
    expect(monthOf(new Date('2026-12-01T00:30:00.000+01:00'))).toBe('2026-11');
  });

  it('count back across year ends and from month ends', () => {
    expect(monthsBefore(new Date('2027-01-15T00:00:00.000Z'), 1)).toBe('2026-12');
    expect(monthsBefore(new Date('2026-03-31T12:00:00.000Z'), 1)).toBe('2026-02');
    expect(monthsBefore(new Date('2026-11-22T00:00:00.000Z'), 11)).toBe('2025-12');
  });
});

describe('toApiAccount', () => {
  it('shows an account without its internal fields', () => {
    expect(toApiAccount(account(), now)).toEqual({
      id: '7f1c7d34-4cda-4c1c-9d4b-6a4c1f0e2b11',
      email: 'a@example.com',
      name: null,
      status: 'open',
      balanceMicro: 0,
      spendLimitMicroPerMonth: null,
      spentThisMonthMicro: 0,
      simulated: false,
      createdAt: '2026-11-22T09:00:00.000Z',
    });
  });

  it("shows only the current month's spend", () => {
    const a = { ...account(), spentByMonth: { '2026-10': 7, '2026-11': 39_000 } };
    expect(toApiAccount(a, now).spentThisMonthMicro).toBe(39_000);
    expect(toApiAccount(a, new Date('2026-12-01T00:00:00.000Z')).spentThisMonthMicro).toBe(0);
  });
});

it('fills the fields an account stored before holds existed lacks', () => {
  const { holds: _holds, settledHolds: _settled, spentByMonth: _spent, ...old } = account();
  expect(fromStored(old)).toEqual(account());
});

it('reads an account stored before accounts could be simulated as not simulated', () => {
  const { simulated: _simulated, ...old } = newAccount({ id: 'a1', email: 'a@example.com', simulated: true, now });
  expect(fromStored(old).simulated).toBe(false);
  expect(newAccount({ id: 'a1', email: 'a@example.com', simulated: true, now }).simulated).toBe(true);
});

it('reads holds stored as maps keyed by hold key as lists', () => {
  const placedAt = new Date('2026-11-01T00:00:00.000Z');
  const settledAt = new Date('2026-11-02T00:00:00.000Z');
  const old = { ...account(), holds: { 'run:1': { amountMicro: 10, placedAt } }, settledHolds: { 'run:0': { heldMicro: 5, capturedMicro: 4, settledAt } } };
  expect(fromStored(old)).toMatchObject({
    holds: [{ holdKey: 'run:1', amountMicro: 10, placedAt, expiresAt: new Date('2026-11-02T00:00:00.000Z') }],
    settledHolds: [{ holdKey: 'run:0', heldMicro: 5, capturedMicro: 4, expiresAt: settledAt, expired: false, settledAt }],
  });
  expect(fromStored(fromStored(old))).toEqual(fromStored(old));
});
