import type { AccountState } from '../domain/accounts';

/**
 * The accounts this replica read lately, so that reading one (`GET /api/v1/account`, every key
 * check) costs no store round trip: the store's read of one account was about 70% of the CPU of
 * such a request (driver, FerretDB, PostgreSQL), and FerretDB's one command at a time per database
 * held it at about 200 per second.
 *
 * Exact because billing is the only writer of accounts and every change goes through
 * `AccountStore`, which calls `forget` after its write (here, and by broadcast on every other
 * replica) before the change is answered; `clear` when broadcasts may have been missed. A read in
 * flight while any account is forgotten is used for its request but not kept (`generation`), so a
 * state read before a change is never kept after it.
 *
 * Kept minimal on purpose: the tracker's list cache has the same shape (per-key, generation,
 * cross-replica invalidation), for one platform helper later.
 */
export class AccountCache {
  private readonly entries = new Map<string, AccountState>();
  private generation = 0;

  /** At most `maxEntries` accounts; past it the least recently used goes. */
  constructor(private readonly maxEntries: number) {}

  /** The account `id` as kept, or what `load` says (kept when found). Callers must not change it. */
  async read(id: string, load: () => Promise<AccountState | null>): Promise<AccountState | null> {
    const hit = this.entries.get(id);
    if (hit) {
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit;
    }
    const generation = this.generation;
    const state = await load();
    if (state && generation === this.generation) {
      this.entries.set(id, state);
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return state;
  }

  forget(id: string): void {
    this.generation++;
    this.entries.delete(id);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
