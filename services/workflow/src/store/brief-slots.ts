import type { Db } from 'mongodb';
import { Leases, type Lease } from '@brandradar/platform';

/**
 * One of an account's concurrent content-brief slots, taken by one call. The slots are shared by
 * every workflow replica (the cap is exact across them): slot `n` of an account is the document
 * `<accountId>:<n>` in `brief_slots`, leased to the call that holds it (`owner` is its call id). A
 * call that ends releases its slot, and a slot whose call died with its replica is taken over by
 * the next call that finds its lease expired.
 */
export class BriefSlotStore {
  private readonly slots: Leases;

  constructor(db: Db) {
    this.slots = new Leases(db, 'brief_slots');
  }

  /**
   * Takes a free (or expired) slot of the account's first `cap` for `callId` until `now + leaseMs`,
   * or answers null when all of them are taken by calls still within their lease.
   */
  async acquire(accountId: string, callId: string, cap: number, now: Date, leaseMs: number): Promise<Lease | null> {
    for (let slot = 0; slot < cap; slot++) {
      const lease = await this.slots.claim(`${accountId}:${slot}`, callId, now, leaseMs);
      if (lease) return lease;
    }
    return null;
  }

  /** Frees the slot, unless its lease ran out and another call holds it now. */
  release(slot: Lease): Promise<void> {
    return this.slots.release(slot);
  }
}
