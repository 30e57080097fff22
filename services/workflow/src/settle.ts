import { BillingQueries } from '@brandradar/contracts';
import { DomainError, query, runPeriodically, type Logger, type NatsLink } from '@brandradar/platform';
import type { SettlementDoc, SettlementStore } from './store/settlements';

export interface SettlerDeps {
  settlements: SettlementStore;
  nats: NatsLink;
  logger: Logger;
  clock: () => Date;
}

/**
 * Settles a call's hold exactly once. The charge is written down first, so a
 * capture that fails (billing unavailable, this process gone) is retried by
 * the sweep until billing has it; the caller is never kept waiting for it.
 */
export function createSettler(d: SettlerDeps) {
  /** Asks billing once; true when the hold is settled (or can never be). */
  async function capture(s: Pick<SettlementDoc, '_id' | 'accountId' | 'amountMicro'>): Promise<{ settled: boolean; capturedMicro: number }> {
    try {
      const outcome = await query(d.nats, BillingQueries.capture, { version: 1, accountId: s.accountId, holdKey: s._id, amountMicro: s.amountMicro });
      await d.settlements.done(s._id);
      return { settled: true, capturedMicro: outcome.capturedMicro ?? s.amountMicro };
    } catch (e) {
      if (e instanceof DomainError && e.error.code !== 'unavailable') {
        // Billing will give the same answer every time (no such hold, more than was held): retrying cannot help.
        d.logger.error({ err: e, holdKey: s._id }, 'billing refused a workflow capture; it will not be retried');
        await d.settlements.done(s._id);
        return { settled: true, capturedMicro: 0 };
      }
      d.logger.warn({ err: e, holdKey: s._id }, 'capturing a workflow charge failed; the sweep will retry');
      return { settled: false, capturedMicro: s.amountMicro };
    }
  }

  async function sweep(limit = 100): Promise<void> {
    for (const s of await d.settlements.pending(limit)) await capture(s);
  }

  return {
    /** Settles `holdKey` at `amountMicro` and returns what is charged: what billing took, or the amount the sweep will take. */
    async settle(accountId: string, holdKey: string, amountMicro: number): Promise<number> {
      await d.settlements.record(holdKey, accountId, amountMicro, d.clock());
      return (await capture({ _id: holdKey, accountId, amountMicro })).capturedMicro;
    },

    sweep,

    /** Runs `sweep` every `intervalMs` until the returned function is called. */
    startSweeping(intervalMs: number): () => Promise<void> {
      return runPeriodically(intervalMs, sweep, (err) => d.logger.warn({ err }, 'settlement sweep failed'));
    },
  };
}
export type Settler = ReturnType<typeof createSettler>;
