import { BILLING_EVENTS_STREAM, BillingEvents, RUN_EVENTS_STREAM, RunEvents, TrackerQueries } from '@brandradar/contracts';
import { DomainError, Outbox, consumeEvents, serveQueries, defineConsumer, type ServiceDefinition } from '@brandradar/platform';
import { billingEventHandlers } from './billing-events';
import { trackerConfigSchema, type TrackerConfig } from './config';
import { recordRun } from './domain/lifecycle';
import { trackerQueryHandlers } from './queries';
import { TrackerStore, trackerIndexes } from './store/trackers';

/** Manual runs queued, to keep `lastRunAt` (a scheduled run's is recorded by `trackers.advance-schedules.v1`). */
const runsQueuedConsumer = defineConsumer({ stream: RUN_EVENTS_STREAM, durable: 'tracker-runs-queued', events: [RunEvents.queued], ackWaitMs: 30_000, maxDeliver: 20 });
/** Closed accounts and new rates, acted on at once. Repricing every tracker takes a while: a long ack wait. */
const billingConsumer = defineConsumer({
  stream: BILLING_EVENTS_STREAM,
  durable: 'tracker-billing',
  events: [BillingEvents.accountClosed, BillingEvents.ratesPublished],
  ackWaitMs: 300_000,
  maxDeliver: 20,
});

/** Owns tracker definitions and their lifecycle (DRAFT, ACTIVE, PAUSED), and announces every transition. */
export const trackerService: ServiceDefinition<TrackerConfig> = {
  name: 'tracker',
  configSchema: trackerConfigSchema,
  database: { indexes: trackerIndexes },
  consumers: () => [runsQueuedConsumer, billingConsumer],
  async start({ config, nats, db, logger, shutdown }) {
    const store = new TrackerStore(db);
    const outbox = new Outbox(db, 'trackers', nats, logger);
    const deps = { store, outbox, nats, now: () => new Date() };
    const handlers = trackerQueryHandlers(deps);
    const onBilling = billingEventHandlers(deps);
    const subscriptions = serveQueries(nats, TrackerQueries, handlers, 'tracker', logger);
    const runsQueued = await consumeEvents(nats, runsQueuedConsumer, logger, async ({ payload }) => {
      const { accountId, run } = payload;
      if (run.trigger === 'scheduled') return; // recorded with its advance, in the same write (no read per occurrence here)
      await store.transition(accountId, run.trackerId, (t) => recordRun(t, new Date(run.createdAt))).catch((e: unknown) => {
        if (!(e instanceof DomainError && e.error.code === 'not_found')) throw e; // the tracker is gone: nothing to record
      });
    });
    const billing = await consumeEvents(nats, billingConsumer, logger, async ({ subject, payload }) => {
      if ('accountId' in payload) await onBilling.accountClosed(payload);
      else await onBilling.ratesPublished();
    });
    const stopSweeping = outbox.startSweeping(config.OUTBOX_SWEEP_MS);
    shutdown.register('intake', 'stop tracker queries and outbox sweep', async () => {
      await Promise.all([stopSweeping(), runsQueued.stop(), billing.stop(), ...subscriptions.map((s) => s.drain())]);
    });
  },
};
