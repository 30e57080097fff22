import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError, type IndexSpec, type ledgerAmountMicro } from '@brandradar/platform';

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
  /** On a capture entry: the hold was released at its expiry, nobody captured it. */
  expired?: boolean;
  createdAt: Date;
}

export const ledgerIndexes: IndexSpec[] = [{ collection: 'ledger', key: { accountId: 1, createdAt: -1 }, options: { name: 'account_time' } }];

/** The ledger id of an operation: unique per account, kind and caller key. */
function ledgerId(kind: LedgerKind, accountId: string, reference: string): string {
  return `${kind}:${accountId}:${reference}`;
}

/**
 * What `ledger_amount_micro_total` counts, in absolute micro-units: a capture
 * entry is split into the part charged (`capture`) and the part of the hold
 * returned to the balance (`release`), so over time hold = capture + release.
 */
const AMOUNT_KINDS = ['credit', 'hold', 'capture', 'release'] as const;
type AmountKind = (typeof AMOUNT_KINDS)[number];

function amounts(entry: Omit<LedgerEntry, '_id'>): [AmountKind, number][] {
  if (entry.kind === 'capture') return [['capture', entry.chargedMicro], ['release', Math.abs(entry.amountMicro)]];
  return [[entry.kind, Math.abs(entry.amountMicro)]];
}

export class Ledger {
  private readonly entries: Collection<LedgerEntry>;

  /** With `amountMicro` (`ledger_amount_micro_total`), every newly written entry is counted. */
  constructor(
    db: Db,
    private readonly amountMicro?: ReturnType<typeof ledgerAmountMicro>,
  ) {
    this.entries = db.collection<LedgerEntry>('ledger');
    // Every kind from zero, so rate() sees the first entry of each.
    for (const kind of AMOUNT_KINDS) amountMicro?.inc({ kind }, 0);
  }

  /**
   * Records an entry once. Written after the account change it describes; a
   * retried operation re-records it, and the key makes that a no-op, which is
   * also why only a successful insert is counted.
   */
  async record(entry: Omit<LedgerEntry, '_id'>): Promise<void> {
    try {
      await this.entries.insertOne({ _id: ledgerId(entry.kind, entry.accountId, entry.reference), ...entry });
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e;
      return;
    }
    for (const [kind, micro] of amounts(entry)) this.amountMicro?.inc({ kind }, micro);
  }

  async has(kind: LedgerKind, accountId: string, reference: string): Promise<boolean> {
    return (await this.entries.findOne({ _id: ledgerId(kind, accountId, reference) }, { projection: { _id: 1 } })) !== null;
  }

  /** An account's entries, newest first (for operators and tests). */
  async forAccount(accountId: string): Promise<LedgerEntry[]> {
    return this.entries.find({ accountId }).sort({ createdAt: -1 }).toArray();
  }
}
