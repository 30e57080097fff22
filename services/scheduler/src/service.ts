import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { Counter } from 'prom-client';
import { TRACKER_EVENTS_STREAM, TrackerEvents } from '@brandradar/contracts';
import { consumeEvents, defineConsumer, type ServiceDefinition } from '@brandradar/platform';
import { schedulerConfigSchema, type SchedulerConfig } from './config';
import { createDispatcher } from './dispatcher';
import { DueStore } from './store/due';
import { ScheduleStore, scheduleIndexes } from './store/schedules';

const trackerEventsConsumer = defineConsumer({
  stream: TRACKER_EVENTS_STREAM,
  durable: 'scheduler-trackers',
  events: [TrackerEvents.activated, TrackerEvents.paused, TrackerEvents.updated, TrackerEvents.deleted],
  ackWaitMs: 30_000,
  maxDeliver: 50,
});

/**
 * Turns tracker cadences into exactly one run per occurrence, and pauses a
 * tracker whose next run must not happen. `now` is injectable so tests drive
 * time instead of waiting for it.
 */
export function createSchedulerService(opts: { now?: () => Date } = {}): ServiceDefinition<SchedulerConfig> {
  const now = opts.now ?? (() => new Date());
  return {
    name: 'scheduler',
    configSchema: schedulerConfigSchema,
    database: { indexes: scheduleIndexes },
    consumers: () => [trackerEventsConsumer],
    async start({ config, nats, db, logger, metrics, shutdown }) {
      const schedules = new ScheduleStore(db);
      const due = new DueStore(db);
      const events = await consumeEvents(nats, trackerEventsConsumer, logger, async ({ subject, payload }) => {
        const { accountId, tracker, definitionVersion } = payload;
        const stored = await schedules.apply(accountId, tracker, definitionVersion, subject === TrackerEvents.activated.subject);
        if (stored?.active && stored.nextRunAt) await due.hint([{ trackerId: stored._id, accountId, at: stored.nextRunAt }], now());
      });

      const dispatchDue = createDispatcher({
        schedules,
        due,
        nats,
        logger,
        now,
        owner: `${os.hostname()}-${randomUUID().slice(0, 8)}`,
        leaseMs: config.SCHEDULER_LEASE_MS,
        concurrency: config.SCHEDULER_CONCURRENCY,
        outcomes: new Counter({ name: 'scheduler_occurrences_total', help: 'Occurrences dispatched, by outcome (run, a pause reason, gone for a tracker deleted meanwhile, or retry)', labelNames: ['outcome'], registers: [metrics] }),
      });
      const passes = new Counter({ name: 'scheduler_passes_total', help: 'Dispatch passes finished, failed ones included (each covers every minute through its start)', registers: [metrics] });
      let stopped = false;
      let ticking = Promise.resolve();
      const timer = setInterval(() => {
        // One pass at a time: a long pass simply delays the next tick.
        ticking = ticking.then(async () => {
          if (stopped) return;
          await dispatchDue().catch((err: unknown) => logger.error({ err }, 'dispatch pass failed'));
          passes.inc();
        });
      }, config.SCHEDULER_TICK_MS);
      shutdown.register('intake', 'stop dispatching and consuming', async () => {
        stopped = true;
        clearInterval(timer);
        await Promise.all([ticking, events.stop()]);
      });
    },
  };
}

export const schedulerService = createSchedulerService();
