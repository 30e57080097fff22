import type { HoldStanding } from './domain/holds';
import type { Ledger } from './store/ledger';

/**
 * Writes the ledger entries of a hold as it stands: its reservation and, once
 * settled, its settlement (a capture, or a release at expiry). Each entry's id
 * is its idempotency key, so whoever settled the key first wrote the one
 * settlement entry and a later write of it changes nothing; a retry restores
 * one lost after a crash.
 */
export async function recordHoldEntries(ledger: Ledger, accountId: string, standing: HoldStanding, at: Date): Promise<void> {
  const reference = standing.holdKey;
  await ledger.record({ accountId, kind: 'hold', amountMicro: -standing.heldMicro, chargedMicro: 0, reference, createdAt: at });
  if (standing.capturedMicro === null) return;
  const charged = standing.capturedMicro;
  await ledger.record({ accountId, kind: 'capture', amountMicro: standing.heldMicro - charged, chargedMicro: charged, reference, expired: standing.expired, createdAt: at });
}
