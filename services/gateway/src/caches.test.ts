import { Registry } from 'prom-client';
import { DEFAULT_RATES, type RateCard } from '@brandradar/contracts';
import { GatewayCaches, type VerifiedKey } from './caches';

const key = (keyId: string, accountId = '3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f60'): VerifiedKey => ({ keyId, accountId, accountStatus: 'open' });
const card = (version: number): RateCard => ({ version, effectiveAt: '2026-11-22T09:00:00.000Z', ...DEFAULT_RATES });

/** A verification whose answer the test releases, to interleave it with an invalidation. */
function pending<T>(): { promise: Promise<T>; resolve(v: T): void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('GatewayCaches', () => {
  let now: number;
  let caches: GatewayCaches;
  let asked: number;
  const verify = (answer: VerifiedKey) => () => {
    asked++;
    return Promise.resolve(answer);
  };
  beforeEach(() => {
    now = 0;
    asked = 0;
    caches = new GatewayCaches({ maxKeys: 100, ttlMs: 30_000 }, new Registry(), () => now);
  });

  it('asks once per key until the time to live passes', async () => {
    await caches.verifiedKey('h1', verify(key('k1')));
    await caches.verifiedKey('h1', verify(key('k1')));
    now = 29_999;
    await caches.verifiedKey('h1', verify(key('k1')));
    expect(asked).toBe(1);
    now = 30_000;
    await caches.verifiedKey('h1', verify(key('k1')));
    expect(asked).toBe(2);
  });

  it('keeps no refusal', async () => {
    const refuse = () => {
      asked++;
      return Promise.reject(new Error('unauthorized'));
    };
    await expect(caches.verifiedKey('h1', refuse)).rejects.toThrow('unauthorized');
    await expect(caches.verifiedKey('h1', refuse)).rejects.toThrow('unauthorized');
    expect(asked).toBe(2);
  });

  it('forgets a revoked key and the keys of a closed account, and only those', async () => {
    await caches.verifiedKey('h1', verify(key('k1', 'a1')));
    await caches.verifiedKey('h2', verify(key('k2', 'a1')));
    await caches.verifiedKey('h3', verify(key('k3', 'a2')));
    caches.forgetKey('k1');
    await caches.verifiedKey('h1', verify(key('k1', 'a1')));
    expect(asked).toBe(4);
    caches.forgetAccount('a1');
    for (const h of ['h1', 'h2', 'h3']) await caches.verifiedKey(h, verify(key('k', 'a1')));
    expect(asked).toBe(6);
  });

  it('does not keep a verification that was in flight when its key was revoked', async () => {
    const answer = pending<VerifiedKey>();
    const inFlight = caches.verifiedKey('h1', () => answer.promise);
    caches.forgetKey('k1');
    answer.resolve(key('k1'));
    await inFlight;
    await caches.verifiedKey('h1', verify(key('k1')));
    expect(asked).toBe(1);
  });

  it('keeps the newest rate card, whether published or fetched, and forgets it on clear', async () => {
    const fetched = pending<RateCard>();
    const inFlight = caches.currentRates(() => fetched.promise);
    caches.offerRates(card(5));
    fetched.resolve(card(4));
    expect((await inFlight).version).toBe(4); // that request's answer
    expect((await caches.currentRates(() => Promise.resolve(card(4)))).version).toBe(5);
    caches.clear();
    expect((await caches.currentRates(() => Promise.resolve(card(6)))).version).toBe(6);
  });
});
