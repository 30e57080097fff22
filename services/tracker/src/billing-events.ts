import { BillingQueries, type BillingEvents } from '@brandradar/contracts';
import { query, type NatsLink, type Outbox } from '@brandradar/platform';
import type { z } from 'zod';
import { estimateAt, pauseTracker, reprice } from './domain/lifecycle';
import type { TrackerStore } from './store/trackers';

export interface BillingEventDeps {
  store: TrackerStore;
  outbox: Outbox;
  nats: NatsLink;
  now: () => Date;
}

/** What the tracker service does when billing announces something. */
export function billingEventHandlers({ store, outbox, nats, now }: BillingEventDeps) {
  return {
    /** Every ACTIVE tracker of a closed account pauses now, each with its own e-mail; their queued runs then do not start. */
    async accountClosed({ accountId }: z.infer<typeof BillingEvents.accountClosed.payload>): Promise<void> {
      for (const t of await store.listActive(accountId)) {
        await store.transition(accountId, t.id, (current) => pauseTracker(current, 'account_closed', now()));
        await outbox.flushSoon(t.id);
      }
    },

    /**
     * Every tracker's estimate at the current card. The card is read now rather
     * than taken from the event, so an old event handled late cannot bring back old prices; and a
     * tracker priced at a newer card than this one (published while this walk went on) is left alone.
     */
    async ratesPublished(): Promise<void> {
      const { rates } = await query(nats, BillingQueries.getRates, { version: 1 });
      for await (const page of store.allIds()) {
        for (const { accountId, id } of page) {
          await store.transition(accountId, id, (t) => reprice(t, estimateAt(t, rates), now()));
          await outbox.flushSoon(id);
        }
      }
    },
  };
}
