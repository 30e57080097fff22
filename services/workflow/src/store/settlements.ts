import type { Collection, Db } from 'mongodb';

/**
 * A charge decided but not yet confirmed by billing: written before the
 * capture is asked and removed once billing has settled the hold, so a
 * capture that failed (billing down, a crash) is retried until it is done.
 * `_id` is the hold key; captures are idempotent per hold, so a retry never
 * charges twice.
 */
export interface SettlementDoc {
  _id: string;
  accountId: string;
  amountMicro: number;
  createdAt: Date;
}

export class SettlementStore {
  private readonly settlements: Collection<SettlementDoc>;

  constructor(db: Db) {
    this.settlements = db.collection<SettlementDoc>('settlements');
  }

  /** Records the charge of a hold once; a repeat keeps the first amount. */
  async record(holdKey: string, accountId: string, amountMicro: number, now: Date): Promise<void> {
    await this.settlements.updateOne({ _id: holdKey }, { $setOnInsert: { accountId, amountMicro, createdAt: now } }, { upsert: true });
  }

  async done(holdKey: string): Promise<void> {
    await this.settlements.deleteOne({ _id: holdKey });
  }

  /** The oldest unsettled charges; the collection holds only those, so this reads little. */
  async pending(limit: number): Promise<SettlementDoc[]> {
    return this.settlements.find({}).sort({ createdAt: 1 }).limit(limit).toArray();
  }
}
