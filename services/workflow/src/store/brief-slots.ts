import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError } from '@brandradar/platform';

/**
 * One of an account's concurrent content-brief slots, taken by one call. The slots are shared by
 * every workflow replica (the cap is exact across them): slot `n` of an account is the document
 * `<accountId>:<n>`, so taking a free slot is one insert that the `_id` index lets only one call
 * win. Every slot is leased: a call that ends deletes its slot, and a slot whose call died with its
 * replica is taken over by the next call that finds its lease expired.
 */
export interface BriefSlotDoc {
  /** `<accountId>:<slot>`. */
  _id: string;
  callId: string;
  leaseUntil: Date;
}

export type BriefSlot = { id: string; callId: string };

export class BriefSlotStore {
  private readonly slots: Collection<BriefSlotDoc>;

  constructor(db: Db) {
    this.slots = db.collection<BriefSlotDoc>('brief_slots');
  }

  /**
   * Takes a free (or expired) slot of the account's first `cap` for `callId` until `now + leaseMs`,
   * or answers null when all of them are taken by calls still within their lease.
   */
  async acquire(accountId: string, callId: string, cap: number, now: Date, leaseMs: number): Promise<BriefSlot | null> {
    const leaseUntil = new Date(now.getTime() + leaseMs);
    for (let slot = 0; slot < cap; slot++) {
      const id = `${accountId}:${slot}`;
      try {
        await this.slots.insertOne({ _id: id, callId, leaseUntil });
        return { id, callId };
      } catch (e) {
        if (!isDuplicateKeyError(e)) throw e;
      }
      const { modifiedCount } = await this.slots.updateOne({ _id: id, leaseUntil: { $lte: now } }, { $set: { callId, leaseUntil } });
      if (modifiedCount === 1) return { id, callId };
    }
    return null;
  }

  /** Frees the slot, unless its lease ran out and another call holds it now. */
  async release(slot: BriefSlot): Promise<void> {
    await this.slots.deleteOne({ _id: slot.id, callId: slot.callId });
  }
}
