import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError, type IndexSpec } from '@brandradar/platform';

/** One line of the append-only ledger; `_id` is the operation's idempotency key. */
export interface LedgerEntry {
  _id: string;
  accountId: string;
  kind: 'credit' | 'hold' | 'capture' | 'release';
  /** Signed change of the available balance, in micro-units. */
  amountMicro: number;
  reference: string;
  createdAt: Date;
}

export const ledgerIndexes: IndexSpec[] = [{ collection: 'ledger', key: { accountId: 1, createdAt: -1 }, options: { name: 'account_time' } }];

export class Ledger {
  private readonly entries: Collection<LedgerEntry>;

  constructor(db: Db) {
    this.entries = db.collection<LedgerEntry>('ledger');
  }

  /**
   * Records an entry once. Written after the account change it describes; a
   * retried operation re-records it, and the key makes that a no-op.
   */
  async record(entry: LedgerEntry): Promise<void> {
    try {
      await this.entries.insertOne(entry);
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e;
    }
  }
}
