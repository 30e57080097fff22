import { randomUUID } from 'node:crypto';
import { CorruptDocumentError, ensureIndexes } from '@brandradar/platform';
import { BriefSlotStore } from '../../services/workflow/src/store/brief-slots';
import { briefRequest } from '../../services/workflow/src/domain/request';
import { assembleBrief } from '../../services/workflow/src/domain/results';
import { BriefCallStore, briefIndexes } from '../../services/workflow/src/store/briefs';
import { scratchDb } from '../support/scratch-db';

// The idempotency records of content-brief calls against the run's FerretDB,
// with a clock the test moves.
const db = scratchDb('workflow-store');
let store: BriefCallStore;

beforeAll(async () => {
  await ensureIndexes(db(), briefIndexes);
  store = new BriefCallStore(db());
});

const t0 = new Date('2026-11-22T09:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const LEASE_MS = 60_000;
const failed = (code: string) => ({ ok: false as const, error: { code, message: `${code}.` } });
// A brief whose every step failed: the smallest response the contract accepts.
const response = assembleBrief(briefRequest({ topic: 'crm' }), { answers: failed('no_answers'), citations: failed('no_answers'), keyword_demand: failed('deadline_exceeded'), questions: failed('client_error'), video_trends: failed('client_error') }, 0);
const finishedEvent = (eventId: string) => ({ subject: 'workflow.brief-finished.v1', eventId, payload: { eventId } });

describe('claiming an idempotency key', () => {
  it('lets exactly one of many concurrent claims run the call', async () => {
    const account = randomUUID();
    const claims = await Promise.all(Array.from({ length: 10 }, () => store.claim(account, 'k', 'fp', randomUUID(), t0, LEASE_MS)));
    expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
    expect(claims.filter((c) => c.kind === 'running')).toHaveLength(9);
  });

  it('answers the stored response once done, and a mismatch for another body', async () => {
    const account = randomUUID();
    const first = await store.claim(account, 'k', 'fp', randomUUID(), t0, LEASE_MS);
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    expect(await store.claim(account, 'k', 'fp', randomUUID(), at(1), LEASE_MS)).toEqual({ kind: 'running', leaseUntil: at(60), fingerprint: 'fp' });
    expect(await store.finish(first.lease.id, response, finishedEvent('e1'), at(2))).toBe(true);
    expect(await store.claim(account, 'k', 'fp', randomUUID(), at(3), LEASE_MS)).toEqual({ kind: 'done', response, fingerprint: 'fp' });
    expect(await store.claim(account, 'k', 'other', randomUUID(), at(3), LEASE_MS)).toEqual({ kind: 'mismatch' });
    // A stored response outlives any lease.
    expect((await store.claim(account, 'k', 'fp', randomUUID(), at(10_000), LEASE_MS)).kind).toBe('done');
  });

  it('refuses a stored response the contract does not accept, naming the call, rather than answer it', async () => {
    const account = randomUUID();
    const first = await store.claim(account, 'k', 'fp', randomUUID(), t0, LEASE_MS);
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    await store.finish(first.lease.id, response, finishedEvent('e1'), at(1));
    await db().collection<{ _id: string }>('brief_calls').updateOne({ _id: first.lease.id }, { $set: { responseJson: JSON.stringify({ status: 'workflow_result', billedCostMicro: 82_000 }) } });
    const replay = store.claim(account, 'k', 'fp', randomUUID(), at(2), LEASE_MS);
    await expect(replay).rejects.toThrow(CorruptDocumentError);
    await expect(replay).rejects.toThrow(`${first.lease.id} in brief_calls`);
  });

  it('stores the finished event with the response, and none for a second finish of the same call', async () => {
    const account = randomUUID();
    const first = await store.claim(account, 'k', 'fp', randomUUID(), t0, LEASE_MS);
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    expect(await store.finish(first.lease.id, response, finishedEvent('e1'), at(2))).toBe(true);
    expect(await store.finish(first.lease.id, response, finishedEvent('e2'), at(3))).toBe(false);
    const stored = await db().collection('brief_calls').findOne({ _id: first.lease.id as never });
    expect(stored).toMatchObject({ status: 'done', pendingEvents: [finishedEvent('e1')], hasPendingEvents: true });
  });

  it('takes over a call whose worker died, under the same call id (so the same billing hold), once', async () => {
    const account = randomUUID();
    const first = await store.claim(account, 'k', 'fp', randomUUID(), t0, LEASE_MS);
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    const [a, b] = await Promise.all([store.claim(account, 'k', 'fp', randomUUID(), at(61), LEASE_MS), store.claim(account, 'k', 'fp', randomUUID(), at(61), LEASE_MS)]);
    const taken = [a, b].filter((c) => c.kind === 'claimed');
    expect(taken.map((c) => c.kind === 'claimed' && c.lease.id)).toEqual([first.lease.id]);
  });

  it('keeps a taken-over call claimed when the worker it was taken from releases it late', async () => {
    const account = randomUUID();
    const first = await store.claim(account, 'k', 'fp', randomUUID(), t0, LEASE_MS);
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    const next = await store.claim(account, 'k', 'fp', randomUUID(), at(61), LEASE_MS);
    expect(next).toMatchObject({ kind: 'claimed', lease: { id: first.lease.id, leaseUntil: at(121) } });
    await store.release(first.lease);
    expect(await store.claim(account, 'k', 'fp', randomUUID(), at(62), LEASE_MS)).toEqual({ kind: 'running', leaseUntil: at(121), fingerprint: 'fp' });
  });

  it('frees the key of a refused call', async () => {
    const account = randomUUID();
    const first = await store.claim(account, 'k', 'fp', randomUUID(), t0, LEASE_MS);
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    await store.release(first.lease);
    const again = await store.claim(account, 'k', 'another body', randomUUID(), at(1), LEASE_MS);
    expect(again.kind).toBe('claimed');
  });

  it('keeps keys apart per account', async () => {
    const claims = await Promise.all([randomUUID(), randomUUID()].map((account) => store.claim(account, 'same', 'fp', randomUUID(), t0, LEASE_MS)));
    expect(claims.map((c) => c.kind)).toEqual(['claimed', 'claimed']);
  });
});

describe("an account's concurrent-brief slots", () => {
  it('gives exactly `cap` of many concurrent calls a slot (the store holds no state of its own, so replicas count alike), and only the account’s own', async () => {
    const slots = new BriefSlotStore(db());
    const [account, other] = [randomUUID(), randomUUID()];
    const taken = await Promise.all(Array.from({ length: 8 }, () => slots.acquire(account, randomUUID(), 3, t0, LEASE_MS)));
    expect(taken.filter((s) => s !== null)).toHaveLength(3);
    expect(await slots.acquire(other, randomUUID(), 3, t0, LEASE_MS)).not.toBeNull();
  });

  it('frees a slot when its call ends, and only for the call that holds it', async () => {
    const slots = new BriefSlotStore(db());
    const account = randomUUID();
    const first = (await slots.acquire(account, 'call-1', 1, t0, LEASE_MS))!;
    expect(await slots.acquire(account, 'call-2', 1, at(1), LEASE_MS)).toBeNull();
    await slots.release({ ...first, owner: 'someone-else' });
    expect(await slots.acquire(account, 'call-2', 1, at(1), LEASE_MS)).toBeNull();
    await slots.release(first);
    expect(await slots.acquire(account, 'call-2', 1, at(2), LEASE_MS)).toEqual({ id: first.id, owner: 'call-2', leaseUntil: at(62) });
  });

  it('takes over a slot whose call died with its replica once the lease has ended; the dead call cannot free it then', async () => {
    const slots = new BriefSlotStore(db());
    const account = randomUUID();
    const dead = (await slots.acquire(account, 'dead-call', 1, t0, LEASE_MS))!;
    expect(await slots.acquire(account, 'next-call', 1, at(59), LEASE_MS)).toBeNull();
    const next = await slots.acquire(account, 'next-call', 1, at(60), LEASE_MS);
    expect(next).toEqual({ id: dead.id, owner: 'next-call', leaseUntil: at(120) });
    await slots.release(dead);
    expect(await slots.acquire(account, 'third-call', 1, at(61), LEASE_MS)).toBeNull();
  });
});
