import { createHash } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import type { IndexSpec } from '@brandradar/platform';

/**
 * When an open hold expires, one small document per hold, removed when the
 * hold settles. The sweeper reads only this collection, which holds open
 * holds alone, instead of scanning every account.
 */
export interface HoldExpiry {
  /** A hash of (account, hold key): the key itself is caller data, never an id of ours. */
  _id: string;
  accountId: string;
  holdKey: string;
  expiresAt: Date;
}

export const holdExpiryIndexes: IndexSpec[] = [{ collection: 'hold_expiries', key: { expiresAt: 1 }, options: { name: 'expires_at' } }];

function holdExpiryId(accountId: string, holdKey: string): string {
  return createHash('sha256').update(`${accountId}\n${holdKey}`).digest('hex');
}

export class HoldExpiryStore {
  private readonly expiries: Collection<HoldExpiry>;

  constructor(db: Db) {
    this.expiries = db.collection<HoldExpiry>('hold_expiries');
  }

  /**
   * Written before the hold is placed, so no hold is ever open without it,
   * and again with the hold's own expiry when a concurrent placement won.
   */
  async schedule(accountId: string, holdKey: string, expiresAt: Date): Promise<void> {
    await this.expiries.updateOne({ _id: holdExpiryId(accountId, holdKey) }, { $set: { accountId, holdKey, expiresAt } }, { upsert: true });
  }

  async forget(accountId: string, holdKey: string): Promise<void> {
    await this.expiries.deleteOne({ _id: holdExpiryId(accountId, holdKey) });
  }

  /** Holds whose expiry has passed, the most overdue first. */
  async due(now: Date, limit: number): Promise<HoldExpiry[]> {
    return this.expiries.find({ expiresAt: { $lte: now } }).sort({ expiresAt: 1 }).limit(limit).toArray();
  }
}
