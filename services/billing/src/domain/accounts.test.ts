import { applyCredit, newAccount, toApiAccount } from './accounts';

const account = () => newAccount({ id: '7f1c7d34-4cda-4c1c-9d4b-6a4c1f0e2b11', email: 'a@example.com', now: new Date('2026-11-22T09:00:00.000Z') });

describe('applyCredit', () => {
  it('adds the amount once per reference', () => {
    const first = applyCredit(account(), 250_000, 'invoice-1');
    expect(first).toMatchObject({ applied: true, state: { balanceMicro: 250_000, appliedCredits: ['invoice-1'] } });
    const replay = applyCredit(first.state, 250_000, 'invoice-1');
    expect(replay.applied).toBe(false);
    expect(replay.state.balanceMicro).toBe(250_000);
    expect(applyCredit(first.state, 1, 'invoice-2').state.balanceMicro).toBe(250_001);
  });

  it.each([0, -5, 1.5, Number.MAX_SAFE_INTEGER + 1])('refuses %p', (amount) => {
    expect(() => applyCredit(account(), amount, 'x')).toThrow(RangeError);
  });
});

it('shows an account without its internal fields', () => {
  expect(toApiAccount(account())).toEqual({
    id: '7f1c7d34-4cda-4c1c-9d4b-6a4c1f0e2b11',
    email: 'a@example.com',
    name: null,
    status: 'open',
    balanceMicro: 0,
    spendLimitMicroPerMonth: null,
    createdAt: '2026-11-22T09:00:00.000Z',
  });
});
