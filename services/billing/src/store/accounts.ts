import { notFound } from '@brandradar/contracts';
import type { Collection, Db } from 'mongodb';
import { compareAndSwap, CONFLICT, DomainError, GroupedCache, isDuplicateKeyError, type IndexSpec } from '@brandradar/platform';
import { fromStored, type AccountState, type Change } from '../domain/accounts';
import { KeyedSerializer } from './serial';

export const accountIndexes: IndexSpec[] = [{ collection: 'accounts', key: { email: 1 }, options: { name: 'email_unique', unique: true } }];

/** Waits between compare-and-swap retries: short, since the other writer has just finished. */
const CAS_BACKOFF = { baseMs: 1, maxMs: 50 };

/** Accounts each replica keeps for reads (a few KB each, more with many settled holds). */
const CACHED_ACCOUNTS = 2_000;

export class AccountStore {
  private readonly accounts: Collection<AccountState>;
  private readonly serial = new KeyedSerializer();
  /**
   * The accounts this replica read lately (group: the account id; only found ones kept), so that
   * reading one (`GET /api/v1/account`, every key check) costs no store round trip: the store's read
   * of one account was about 70% of the CPU of such a request, and FerretDB's one command at a time
   * per database held it at about 200 per second. Exact because billing is the only writer of
   * accounts and every change goes through this store, which forgets the account after its write
   * (here, and by broadcast on every other replica) before the change is answered.
   */
  private readonly cache = new GroupedCache<AccountState | null>({ maxEntries: CACHED_ACCOUNTS, maxBytes: Infinity, ttlMs: Infinity });

  /** `changed` is told each account this replica changed, after the write: the other replicas must forget it. */
  constructor(
    db: Db,
    private readonly changed: (id: string) => void = () => undefined,
  ) {
    this.accounts = db.collection<AccountState>('accounts');
  }

  async insert(account: AccountState): Promise<void> {
    try {
      await this.accounts.insertOne(account);
    } catch (e) {
      if (isDuplicateKeyError(e)) throw DomainError.of('invalid_state', 'An account with this e-mail address already exists.');
      throw e;
    }
  }

  async find(id: string): Promise<AccountState | null> {
    const stored = await this.accounts.findOne({ _id: id });
    return stored ? fromStored(stored) : null;
  }

  async get(id: string): Promise<AccountState> {
    const account = await this.find(id);
    if (!account) throw new DomainError(notFound());
    return account;
  }

  /** The account as last changed, from this replica's cache when it has it: for answers only, never as the base of a change. */
  read(id: string): Promise<AccountState | null> {
    return this.cache.get(id, '', () => this.find(id), (found) => found !== null);
  }

  /** Forgets an account another replica changed (`undefined`: every account, as when its broadcasts may have been missed). */
  forget(id?: string): void {
    if (id === undefined) this.cache.clear();
    else this.cache.invalidate(id);
  }

  /** After a write to an account: this replica's cache and (by `changed`) every other one forget it. */
  private written(id: string): void {
    this.cache.invalidate(id);
    this.changed(id);
  }

  /**
   * Applies a pure change with compare-and-swap on `rev`, retrying when another
   * writer got there first. Single-document and condition-guarded, so it needs
   * no transaction: atomic on MongoDB, and on the local FerretDB through the
   * serialising proxy in deploy/local/ferretdb.
   *
   * Changes to one account are also queued within this process: a busy
   * account (a burst of holds) then costs one swap per change instead of a
   * storm of retries.
   */
  change(id: string, compute: (a: AccountState) => Change<AccountState>): Promise<Change<AccountState>> {
    return this.serial.run(id, () =>
      compareAndSwap(
        async () => {
          const current = await this.get(id);
          const result = compute(current);
          if (!result.applied) return result;
          const { _id, rev, ...rest } = result.state;
          let updated;
          try {
            updated = await this.accounts.updateOne({ _id, rev: current.rev }, { $set: { ...rest, rev: current.rev + 1 } });
          } catch (e) {
            this.written(id); // it may have been applied all the same
            throw e;
          }
          if (updated.modifiedCount !== 1) return CONFLICT;
          this.written(id);
          return { state: { ...result.state, rev: current.rev + 1 }, applied: true };
        },
        { attempts: 100, backoff: CAS_BACKOFF, tooMuchContention: () => new Error(`account ${id}: too much contention`) },
      ),
    );
  }
}
