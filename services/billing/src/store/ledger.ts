import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError, type IndexSpec } from '@brandradar/platform';

export type LedgerKind = 'credit' | 'hold' | 'capture';

/** One line of the append-only ledger; `_id` is the operation's idempotency key. */
export interface LedgerEntry {
  _id: string;
  accountId: string;
  kind: LedgerKind;
  /** Signed change of the available balance, in micro-units. */
  amountMicro: number;
  /** What the account was billed by this operation: the captured amount of a capture, 0 otherwise. */
  chargedMicro: number;
  /** The caller's key: credit reference or hold key. */
  reference: string;
  createdAt: Date;
}

export const ledgerIndexes: IndexSpec[] = [{ collection: 'ledger', key: { accountId: 1, createdAt: -1 }, options: { name: 'account_time' } }];

/** The ledger id of an operation: unique per account, kind and caller key. */
export function ledgerId(kind: LedgerKind, accountId: string, reference: string): string {
  return `${kind}:${accountId}:${reference}`;
}

export class Ledger {
  private readonly entries: Collection<LedgerEntry>;

  constructor(db: Db) {
    this.entries = db.collection<LedgerEntry>('ledger');
  }

  /**
   * Records an entry once. Written after the account change it describes; a
   * retried operation re-records it, and the key makes that a no-op.
   */
  async record(entry: Omit<LedgerEntry, '_id'>): Promise<void> {
    try {
      await this.entries.insertOne({ _id: ledgerId(entry.kind, entry.accountId, entry.reference), ...entry });
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e;
    }
  }

  async has(kind: LedgerKind, accountId: string, reference: string): Promise<boolean> {
    return (await this.entries.findOne({ _id: ledgerId(kind, accountId, reference) }, { projection: { _id: 1 } })) !== null;
  }

  /** An account's entries, newest first (for operators and tests). */
  async forAccount(accountId: string): Promise<LedgerEntry[]> {
    return this.entries.find({ accountId }).sort({ createdAt: -1 }).toArray();
  }
}
