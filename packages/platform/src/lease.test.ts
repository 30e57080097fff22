import { randomBytes } from 'node:crypto';
import { scratchDb } from '../../../test/support/scratch-db';
import { Leases } from './lease';

// Leases against the run's FerretDB, with a clock the test moves.
const db = scratchDb('lease');

const t0 = new Date('2026-11-22T09:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const LEASE_MS = 60_000;
/** A collection of its own for each test, and the leases of it. */
function fresh() {
  const name = `leases_${randomBytes(3).toString('hex')}`;
  return { leases: new Leases(db(), name), docs: db().collection<{ _id: string; [field: string]: unknown }>(name) };
}

describe('claim', () => {
  it('lets exactly one of many concurrent claims hold a document, until its deadline', async () => {
    const { leases } = fresh();
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => leases.claim('doc', `owner-${i}`, t0, LEASE_MS)));
    const held = claims.filter((c) => c !== null);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ id: 'doc', leaseUntil: at(60) });
  });

  it('refuses a claim while the lease runs, and lets one of several takers have it once it has run out', async () => {
    const { leases } = fresh();
    await leases.claim('doc', 'dead', t0, LEASE_MS);
    expect(await leases.claim('doc', 'early', at(59), LEASE_MS)).toBeNull();
    const takers = await Promise.all(['a', 'b', 'c'].map((owner) => leases.claim('doc', owner, at(60), LEASE_MS)));
    const taken = takers.filter((c) => c !== null);
    expect(taken).toHaveLength(1);
    expect(taken[0]?.leaseUntil).toEqual(at(120));
    // The new holder's lease is enforced as the first one was.
    expect(await leases.claim('doc', 'late', at(119), LEASE_MS)).toBeNull();
  });

  it('stores the fields of a document it creates, and never takes over one that is not open', async () => {
    const { leases, docs } = fresh();
    await leases.claim('doc', 'first', t0, LEASE_MS, { fields: { done: false } });
    expect(await docs.findOne({ _id: 'doc' })).toMatchObject({ owner: 'first', done: false });
    await docs.updateOne({ _id: 'doc' }, { $set: { done: true } });
    expect(await leases.claim('doc', 'second', at(1000), LEASE_MS, { open: { done: false } })).toBeNull();
  });
});

describe('release', () => {
  it('frees the document for the next claim, but only when its holder releases it', async () => {
    const { leases } = fresh();
    const first = (await leases.claim('doc', 'first', t0, LEASE_MS))!;
    await leases.release({ id: 'doc', owner: 'someone-else' });
    expect(await leases.claim('doc', 'second', at(1), LEASE_MS)).toBeNull();
    await leases.release(first);
    expect(await leases.claim('doc', 'second', at(1), LEASE_MS)).toEqual({ id: 'doc', owner: 'second', leaseUntil: at(61) });
  });

  it('extends a lease while its holder has it, and not once another claim has taken it over', async () => {
    const { leases } = fresh();
    const held = (await leases.claim('doc', 'worker', t0, LEASE_MS))!;
    expect(await leases.renew(held, at(50), LEASE_MS)).toMatchObject({ leaseUntil: at(110) });
    expect(await leases.claim('doc', 'other', at(100), LEASE_MS)).toBeNull(); // renewed: not yet expired
    expect(await leases.claim('doc', 'other', at(110), LEASE_MS)).not.toBeNull();
    expect(await leases.renew(held, at(111), LEASE_MS)).toBeNull();
  });

  it('leaves a taken-over document to its new holder when the old one releases late', async () => {
    const { leases } = fresh();
    const dead = (await leases.claim('doc', 'dead', t0, LEASE_MS))!;
    const next = (await leases.claim('doc', 'next', at(60), LEASE_MS))!;
    await leases.release(dead);
    expect(await leases.claim('doc', 'third', at(61), LEASE_MS)).toBeNull();
    await leases.release(next);
    expect(await leases.claim('doc', 'third', at(61), LEASE_MS)).not.toBeNull();
  });
});

describe('claimNext', () => {
  it('takes the open document whose deadline is the longest past, with its other changes in the same write', async () => {
    const { leases, docs } = fresh();
    await docs.insertMany([
      { _id: 'later', owner: '', leaseUntil: at(-10), status: 'pending', attempts: 0 },
      { _id: 'oldest', owner: '', leaseUntil: at(-30), status: 'pending', attempts: 0 },
      { _id: 'closed', owner: '', leaseUntil: at(-60), status: 'sent', attempts: 0 },
      { _id: 'not-yet', owner: '', leaseUntil: at(10), status: 'pending', attempts: 0 },
    ]);
    const open = { status: 'pending' };
    const also = { set: { claimedAt: t0 }, inc: { attempts: 1 } };
    expect(await leases.claimNext(open, 'a', t0, LEASE_MS, also)).toEqual({ id: 'oldest', owner: 'a', leaseUntil: at(60) });
    expect(await leases.claimNext(open, 'b', t0, LEASE_MS, also)).toEqual({ id: 'later', owner: 'b', leaseUntil: at(60) });
    expect(await leases.claimNext(open, 'c', t0, LEASE_MS, also)).toBeNull();
    expect(await docs.findOne({ _id: 'oldest' })).toMatchObject({ owner: 'a', attempts: 1, claimedAt: t0 });
    // At 61 s: first the one that fell due at 10 s, then the two whose claims ran out at 60 s are taken over.
    expect(await leases.claimNext(open, 'd', at(61), LEASE_MS, also)).toEqual({ id: 'not-yet', owner: 'd', leaseUntil: at(121) });
    const takenOver = [await leases.claimNext(open, 'e', at(61), LEASE_MS, also), await leases.claimNext(open, 'f', at(61), LEASE_MS, also)];
    expect(new Set(takenOver.map((c) => c?.id))).toEqual(new Set(['oldest', 'later']));
    expect(await docs.findOne({ _id: 'oldest' })).toMatchObject({ attempts: 2 });
  });

  it('gives each of several concurrent claimers a different document', async () => {
    const { leases, docs } = fresh();
    await docs.insertMany(['x', 'y', 'z'].map((_id) => ({ _id, owner: '', leaseUntil: t0 })));
    const claims = await Promise.all(['a', 'b', 'c', 'd'].map((owner) => leases.claimNext({}, owner, t0, LEASE_MS)));
    expect(claims.filter((c) => c === null)).toHaveLength(1);
    expect(new Set(claims.flatMap((c) => (c ? [c.id] : [])))).toEqual(new Set(['x', 'y', 'z']));
  });
});
