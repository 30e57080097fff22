import type { Collection, Db } from 'mongodb';
import { ContentBriefResult } from '@brandradar/contracts';
import { Leases, parseStoredJson, pendingFields, type IndexSpec, type Lease, type OutboxFields, type StoredEvent } from '@brandradar/platform';

/**
 * A content-brief call made with an `Idempotency-Key`, claimed before any
 * step runs so a concurrent duplicate cannot run it twice. While `running`,
 * the claim is leased (`owner`, `leaseUntil`): a worker that died leaves a
 * lease that expires, and a retry then takes the call over under the same
 * `_id` (so under the same billing hold). `responseJson` is the response as
 * first sent, returned on every retry. A finished call carries its `brief.finished` event in its
 * outbox fields until it is published (see BriefFinishedEvents).
 */
export interface BriefCallDoc extends Partial<Pick<OutboxFields, 'pendingEvents' | 'hasPendingEvents' | 'rev'>> {
  /** The call id; the billing hold is `workflow:<_id>`. */
  _id: string;
  accountId: string;
  idempotencyKey: string;
  /** Identifies the request body (see requestFingerprint). */
  fingerprint: string;
  status: 'running' | 'done';
  /** The claim that runs the call: the id the request that claimed it was given. */
  owner: string;
  leaseUntil: Date;
  createdAt: Date;
  finishedAt: Date | null;
  responseJson: string | null;
}

export const briefIndexes: IndexSpec[] = [
  { collection: 'brief_calls', key: { accountId: 1, idempotencyKey: 1 }, options: { name: 'account_idempotency_key_unique', unique: true } },
];

export type Claim =
  /** The call runs as `lease.id`, held by this request until `lease.leaseUntil`. */
  | { kind: 'claimed'; lease: Lease }
  | { kind: 'done'; response: ContentBriefResult; fingerprint: string }
  | { kind: 'running'; leaseUntil: Date; fingerprint: string }
  /** The call exists with another body; nothing was claimed. */
  | { kind: 'mismatch' };

export class BriefCallStore {
  private readonly calls: Collection<BriefCallDoc>;
  private readonly leases: Leases;

  constructor(db: Db) {
    this.calls = db.collection<BriefCallDoc>('brief_calls');
    this.leases = new Leases(db, 'brief_calls');
  }

  /**
   * Claims (accountId, idempotencyKey) for `newCallId`, or says why not: the
   * call is done, still running, or was made with another body. A running call
   * whose lease has expired is taken over, keeping its id.
   */
  async claim(accountId: string, idempotencyKey: string, fingerprint: string, newCallId: string, now: Date, leaseMs: number): Promise<Claim> {
    const fields: Omit<BriefCallDoc, '_id' | 'owner' | 'leaseUntil'> = { accountId, idempotencyKey, fingerprint, status: 'running', createdAt: now, finishedAt: null, responseJson: null };
    const created = await this.leases.create(newCallId, newCallId, now, leaseMs, fields);
    if (created) return { kind: 'claimed', lease: created };
    const existing = await this.calls.findOne({ accountId, idempotencyKey });
    // Released between our insert and this read: let the caller retry the whole request.
    if (!existing) return { kind: 'running', leaseUntil: now, fingerprint };
    if (existing.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (existing.status === 'done') return { kind: 'done', response: storedResponse(existing), fingerprint };
    if (existing.leaseUntil > now) return { kind: 'running', leaseUntil: existing.leaseUntil, fingerprint };
    const taken = await this.leases.takeOver(existing._id, newCallId, now, leaseMs, { status: 'running' });
    return taken ? { kind: 'claimed', lease: taken } : { kind: 'running', leaseUntil: new Date(now.getTime() + leaseMs), fingerprint };
  }

  /**
   * Stores the response and the call's `brief.finished` event in one write, so a finished call always
   * has its event, and only the first finish of a call taken over stores one. True when this one did.
   */
  async finish(callId: string, response: ContentBriefResult, event: StoredEvent, now: Date): Promise<boolean> {
    const { modifiedCount } = await this.calls.updateOne(
      { _id: callId, status: 'running' },
      { $set: { status: 'done', finishedAt: now, responseJson: JSON.stringify(response), ...pendingFields([event]) }, $inc: { rev: 1 } },
    );
    return modifiedCount === 1;
  }

  /** Drops a claim whose call was refused before any step ran (e.g. 402), so the same key can be used once that is fixed. */
  release(claim: Lease): Promise<void> {
    return this.leases.release(claim);
  }
}

/** The response a finished call stored, checked as the contract says (a corrupt one fails naming the call). */
function storedResponse(call: BriefCallDoc): ContentBriefResult {
  return parseStoredJson(ContentBriefResult, call.responseJson, 'brief_calls', call._id);
}
