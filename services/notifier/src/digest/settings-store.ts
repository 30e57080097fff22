import { randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import type { DigestSettingsInput } from '@brandradar/contracts';
import type { IndexSpec } from '@brandradar/platform';

/** One account's digest setting, keyed by the account, with when it is next due and who is sending it. */
export interface DigestDoc extends DigestSettingsInput {
  _id: string;
  /** The scheduled send; null while off. The sweep finds due digests by this field's index alone. */
  nextDueAt: Date | null;
  /** A sweep's claim: until then no other replica takes the digest; a crashed sweep's claim runs out. */
  leaseUntil: Date;
  owner: string | null;
  updatedAt: Date;
}

export const DIGEST_SETTINGS = 'digest_settings';

export const digestSettingsIndexes: IndexSpec[] = [{ collection: DIGEST_SETTINGS, key: { nextDueAt: 1 }, options: { name: 'due_digests' } }];

/** A digest taken by one sweep: its setting and the scheduled time it is being sent for. */
export interface DigestClaim {
  doc: DigestDoc;
  owner: string;
}

/** The notifier's digest settings: what each account asked for, and the weekly due times. */
export class DigestSettingsStore {
  private readonly collection: Collection<DigestDoc>;

  constructor(db: Db) {
    this.collection = db.collection<DigestDoc>(DIGEST_SETTINGS);
  }

  get(accountId: string): Promise<DigestDoc | null> {
    return this.collection.findOne({ _id: accountId });
  }

  /** Replaces the account's setting (full replace) and its due time; a claim under way keeps its lease. */
  async put(accountId: string, settings: DigestSettingsInput, nextDueAt: Date | null, now: Date): Promise<DigestDoc> {
    const { enabled, weekday, time, timezone, recipients, attachPdf } = settings;
    const set = { enabled, weekday, time, timezone, recipients, attachPdf, nextDueAt, updatedAt: now };
    const doc = await this.collection.findOneAndUpdate(
      { _id: accountId },
      { $set: set, $setOnInsert: { leaseUntil: new Date(0), owner: null } },
      { upsert: true, returnDocument: 'after' },
    );
    return doc!; // an upsert always returns the document it wrote
  }

  /**
   * Takes one due digest (`nextDueAt <= now`, by its index) whose lease is free, in one atomic
   * write, so two replicas never both build it. Null when none is due.
   */
  async claimDue(now: Date, leaseMs: number): Promise<DigestClaim | null> {
    const owner = randomUUID();
    const doc = await this.collection.findOneAndUpdate(
      { nextDueAt: { $lte: now }, leaseUntil: { $lte: now } },
      { $set: { owner, leaseUntil: new Date(now.getTime() + leaseMs) } },
      { sort: { nextDueAt: 1 }, returnDocument: 'after' },
    );
    return doc && { doc, owner };
  }

  /**
   * Moves a sent digest to its next due time and frees it; only if the claim still holds and the
   * setting was not replaced meanwhile (a PUT set its own due time). False otherwise.
   */
  async advance(claim: DigestClaim, nextDueAt: Date | null): Promise<boolean> {
    const { modifiedCount } = await this.collection.updateOne(
      { _id: claim.doc._id, owner: claim.owner, updatedAt: claim.doc.updatedAt },
      { $set: { nextDueAt, leaseUntil: new Date(0), owner: null } },
    );
    return modifiedCount === 1;
  }

  /** Frees a claim whose digest could not be built (the tracker service was away), due again at `retryAt`. */
  async release(claim: DigestClaim, retryAt: Date): Promise<void> {
    await this.collection.updateOne({ _id: claim.doc._id, owner: claim.owner }, { $set: { leaseUntil: retryAt, owner: null } });
  }
}
