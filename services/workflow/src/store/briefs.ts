import type { Collection, Db } from 'mongodb';
import type { ContentBriefResult } from '@brandradar/contracts';
import { isDuplicateKeyError, type IndexSpec } from '@brandradar/platform';

/**
 * A content-brief call made with an `Idempotency-Key`, claimed before any
 * step runs so a concurrent duplicate cannot run it twice. While `running`,
 * the claim is leased: a worker that died leaves a lease that expires, and a
 * retry then takes the call over under the same `_id` (so under the same
 * billing hold). `responseJson` is the response as first sent, returned on
 * every retry.
 */
export interface BriefCallDoc {
  /** The call id; the billing hold is `workflow:<_id>`. */
  _id: string;
  accountId: string;
  idempotencyKey: string;
  /** Identifies the request body (see requestFingerprint). */
  fingerprint: string;
  status: 'running' | 'done';
  leaseUntil: Date;
  createdAt: Date;
  finishedAt: Date | null;
  responseJson: string | null;
}

export const briefIndexes: IndexSpec[] = [
  { collection: 'brief_calls', key: { accountId: 1, idempotencyKey: 1 }, options: { name: 'account_idempotency_key_unique', unique: true } },
];

export type Claim =
  | { kind: 'claimed'; callId: string }
  | { kind: 'done'; response: ContentBriefResult; fingerprint: string }
  | { kind: 'running'; leaseUntil: Date; fingerprint: string }
  /** The call exists with another body; nothing was claimed. */
  | { kind: 'mismatch' };

export class BriefCallStore {
  private readonly calls: Collection<BriefCallDoc>;

  constructor(db: Db) {
    this.calls = db.collection<BriefCallDoc>('brief_calls');
  }

  /**
   * Claims (accountId, idempotencyKey) for `newCallId`, or says why not: the
   * call is done, still running, or was made with another body. A running call
   * whose lease has expired is taken over, keeping its id.
   */
  async claim(accountId: string, idempotencyKey: string, fingerprint: string, newCallId: string, now: Date, leaseMs: number): Promise<Claim> {
    const leaseUntil = new Date(now.getTime() + leaseMs);
    try {
      await this.calls.insertOne({ _id: newCallId, accountId, idempotencyKey, fingerprint, status: 'running', leaseUntil, createdAt: now, finishedAt: null, responseJson: null });
      return { kind: 'claimed', callId: newCallId };
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e;
    }
    const existing = await this.calls.findOne({ accountId, idempotencyKey });
    // Released between our insert and this read: let the caller retry the whole request.
    if (!existing) return { kind: 'running', leaseUntil: now, fingerprint };
    if (existing.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (existing.status === 'done') return { kind: 'done', response: JSON.parse(existing.responseJson!) as ContentBriefResult, fingerprint };
    if (existing.leaseUntil > now) return { kind: 'running', leaseUntil: existing.leaseUntil, fingerprint };
    const { modifiedCount } = await this.calls.updateOne({ _id: existing._id, status: 'running', leaseUntil: existing.leaseUntil }, { $set: { leaseUntil } });
    return modifiedCount === 1 ? { kind: 'claimed', callId: existing._id } : { kind: 'running', leaseUntil, fingerprint };
  }

  async finish(callId: string, response: ContentBriefResult, now: Date): Promise<void> {
    await this.calls.updateOne({ _id: callId, status: 'running' }, { $set: { status: 'done', finishedAt: now, responseJson: JSON.stringify(response) } });
  }

  /** Drops a claim whose call was refused before any step ran (e.g. 402), so the same key can be used once that is fixed. */
  async release(callId: string): Promise<void> {
    await this.calls.deleteOne({ _id: callId, status: 'running' });
  }
}
