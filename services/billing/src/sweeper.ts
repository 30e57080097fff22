import { DomainError, type Logger } from '@brandradar/platform';
import { expireHold, findHoldStanding } from './domain/holds';
import { recordHoldEntries } from './settlement';
import type { AccountStore } from './store/accounts';
import type { HoldExpiryStore } from './store/hold-expiries';
import type { Ledger } from './store/ledger';

export interface SweeperDeps {
  accounts: AccountStore;
  holdExpiries: HoldExpiryStore;
  ledger: Ledger;
  logger: Logger;
  now: () => Date;
}

/** Holds released per pass; a backlog is worked off over the next passes. */
const SWEEP_BATCH = 100;

/**
 * Releases holds nobody captured by their expiry. Each release is one
 * compare-and-swap on the account (`expireHold`), so with several billing
 * replicas sweeping, and a capture arriving at the same moment, whichever
 * settles the key first wins and the others change nothing. Returns how many
 * holds this pass released.
 */
export function createHoldSweeper(d: SweeperDeps): () => Promise<number> {
  return async () => {
    const now = d.now();
    let released = 0;
    for (const due of await d.holdExpiries.due(now, SWEEP_BATCH)) {
      try {
        const { state, applied } = await d.accounts.change(due.accountId, (a) => expireHold(a, due.holdKey, now));
        const standing = findHoldStanding(state, due.holdKey);
        if (standing?.capturedMicro === null) {
          // Still open with a later expiry (a concurrent placement won with its own): come back then.
          await d.holdExpiries.schedule(due.accountId, due.holdKey, standing.expiresAt);
          continue;
        }
        if (standing) await recordHoldEntries(d.ledger, due.accountId, standing, now);
        await d.holdExpiries.forget(due.accountId, due.holdKey);
        if (applied) released++;
      } catch (err) {
        // An unknown account has no hold to release; anything else is tried again next pass.
        if (err instanceof DomainError && err.error.code === 'not_found') await d.holdExpiries.forget(due.accountId, due.holdKey);
        else d.logger.warn({ err, accountId: due.accountId }, 'releasing an expired hold failed; the next sweep retries');
      }
    }
    if (released > 0) d.logger.info({ released }, 'expired holds released');
    return released;
  };
}
