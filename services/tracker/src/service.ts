import { BILLING_EVENTS_STREAM, BillingEvents, RUN_EVENTS_STREAM, RunEvents, DigestDataQueries, TrackerNotices, TrackerQueries } from '@brandradar/contracts';
import { DomainError, GroupedCache, cacheLookups, Outbox, consumeEvents, preparedSize, publishNotice, serveQueries, defineConsumer, watchNotices, type ServiceDefinition } from '@brandradar/platform';
import { billingEventHandlers } from './billing-events';
import { digestQueryHandlers } from './digest';
import { trackerConfigSchema, type TrackerConfig } from './config';
import { recordRun } from './domain/lifecycle';
import { trackerQueryHandlers, type ListPage } from './queries';
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
  async start({ config, nats, db, logger, shutdown, metrics }) {
    // Pages of each account's tracker list (group: the account), so a list of an account whose trackers did not change costs no store read.
    const lists = new GroupedCache<ListPage>(
      // A page's size is that of the reply encoded for it once (prepareResult), not a second JSON encoding.
      { ttlMs: config.LIST_CACHE_TTL_MS, maxEntries: config.LIST_CACHE_MAX_PAGES, maxBytes: config.LIST_CACHE_MAX_BYTES, bytesOf: (page) => preparedSize(page) ?? JSON.stringify(page).length },
      cacheLookups(metrics, 'tracker_list_cache_lookups_total', 'Tracker list pages asked for, by result: hit (kept), shared (joined a store read under way), miss (read the store)'),
    );
    // Heard before any query is served; each replica hears its own notices too, which costs nothing.
    // Notices sent while this replica was disconnected never reach it: after a reconnect it keeps nothing.
    const listChanges = watchNotices(nats, TrackerNotices.listChanged, ({ accountId }) => lists.invalidate(accountId), logger, () => lists.clear());
    const store = new TrackerStore(db, (accountId) => {
      lists.invalidate(accountId);
      // Sent before the reply to the request that wrote, on the same connection (docs/architecture.md, "Caches": what NATS's ordering gives).
      try {
        publishNotice(nats, TrackerNotices.listChanged, { version: 1, accountId });
      } catch (err) {
        logger.warn({ err }, 'could not tell the other replicas of a tracker change; their list pages expire by LIST_CACHE_TTL_MS');
      }
    });
    const outbox = new Outbox(db, 'trackers', nats, logger);
    const deps = { store, lists, outbox, nats, now: () => new Date() };
    const handlers = trackerQueryHandlers(deps);
    const onBilling = billingEventHandlers(deps);
    const subscriptions = [...serveQueries(nats, TrackerQueries, handlers, 'tracker', logger), ...serveQueries(nats, DigestDataQueries, digestQueryHandlers(deps), 'tracker', logger)];
    const runsQueued = await consumeEvents(nats, runsQueuedConsumer, logger, async ({ payload }) => {
      const { accountId, run } = payload;
      if (run.trigger === 'scheduled') return; // recorded with its advance, in the same write (no read per occurrence here)
      await store.transition(accountId, run.trackerId, (t) => recordRun(t, new Date(run.createdAt))).catch((e: unknown) => {
        if (!(e instanceof DomainError && e.error.code === 'not_found')) throw e; // the tracker is gone: nothing to record
      });
    });
    const billing = await consumeEvents(nats, billingConsumer, logger, async ({ payload }) => {
      if ('accountId' in payload) await onBilling.accountClosed(payload);
      else await onBilling.ratesPublished();
    });
    const stopSweeping = outbox.startSweeping(config.OUTBOX_SWEEP_MS);
    shutdown.register('intake', 'stop tracker queries and outbox sweep', async () => {
      await Promise.all([stopSweeping(), runsQueued.stop(), billing.stop(), ...subscriptions.map((s) => s.drain())]);
      await listChanges.stop(); // last: the queries answered meanwhile still hear of changes
    });
  },
};
