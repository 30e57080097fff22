import { newAccount, type AccountState } from '../domain/accounts';
import { AccountCache } from './account-cache';

const account = (id: string, balanceMicro = 0): AccountState => ({ ...newAccount({ id, email: `${id}@example.com`, now: new Date('2026-11-22T09:00:00.000Z') }), balanceMicro });

/** A load that answers when told to, so a test can change the cache while it is under way. */
function pending(state: AccountState | null) {
  let answer!: () => void;
  const promise = new Promise<AccountState | null>((resolve) => (answer = () => resolve(state)));
  return { load: () => promise, answer };
}

describe('AccountCache', () => {
  it('keeps what it loaded until the account is forgotten', async () => {
    const cache = new AccountCache(10);
    const load = jest.fn(async () => account('a', 5));
    await cache.read('a', load);
    expect(await cache.read('a', load)).toMatchObject({ balanceMicro: 5 });
    expect(load).toHaveBeenCalledTimes(1);
    cache.forget('a');
    await cache.read('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps no unknown account', async () => {
    const cache = new AccountCache(10);
    const load = jest.fn(async () => null);
    expect(await cache.read('a', load)).toBeNull();
    expect(await cache.read('a', load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['that account is forgotten', (c: AccountCache) => c.forget('a')],
    ['another account is forgotten', (c: AccountCache) => c.forget('b')],
    ['everything is forgotten', (c: AccountCache) => c.clear()],
  ])('answers but does not keep a read that was under way when %s', async (_, invalidate) => {
    const cache = new AccountCache(10);
    const stale = pending(account('a', 1));
    const reading = cache.read('a', stale.load);
    invalidate(cache);
    stale.answer();
    expect(await reading).toMatchObject({ balanceMicro: 1 });
    expect(await cache.read('a', async () => account('a', 2))).toMatchObject({ balanceMicro: 2 });
  });

  it('drops the least recently read account past its bound', async () => {
    const cache = new AccountCache(2);
    await cache.read('a', async () => account('a'));
    await cache.read('b', async () => account('b'));
    await cache.read('a', async () => account('a')); // read again: now b is the oldest
    await cache.read('c', async () => account('c'));
    const load = jest.fn(async (id: string) => account(id));
    for (const id of ['c', 'a', 'b']) await cache.read(id, () => load(id));
    expect(load.mock.calls.map(([id]) => id)).toEqual(['b']);
  });
});
