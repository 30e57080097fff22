import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { RUN_EVENTS_STREAM, RunEvents, type Tracker } from '@brandradar/contracts';
import { connectNats, consumeEvents, createLogger, defineConsumer, ensureConsumer, startService, type RunningService } from '@brandradar/platform';
import { onTimeBucket } from '../../services/scheduler/src/domain/due';
import { createSchedulerService } from '../../services/scheduler/src/service';
import { DueStore } from '../../services/scheduler/src/store/due';
import type { ScheduleDoc } from '../../services/scheduler/src/store/schedules';
import type { TrackerDoc } from '../../services/tracker/src/store/trackers';
import { cpuMeter, cpuProfile } from './cpu';
import { eventually } from './eventually';
import { HARNESS_USER, type TestStack } from './stack';

/**
 * `count` ACTIVE trackers, all due at `dueAt`, dispatched by `replicas`
 * scheduler processes sharing one store. The trackers are seeded straight into
 * the tracker service's store (as its create and activate would leave them)
 * and the scheduler's (as its tracker-event handler would: schedules with
 * `insertMany`, due hints with one write per bucket): filing 10,000 of them
 * through the API one tracker event at a time took over half an hour under
 * load, and is not what is measured (scheduler.test.ts covers it).
 * Resolves with the runs queued (from run.queued events), how many
 * occurrences the replicas dispatched (their `scheduler_occurrences_total`),
 * how long it took from the instant they fell due to the last run queued, and
 * the CPU seconds every process of the run used meanwhile, by process name.
 */
export async function dispatchLoad(stack: TestStack, opts: { count: number; replicas: number; dueAt: Date; timeoutMs: number }) {
  const logger = createLogger('scheduler-load', 'silent');
  const link = await connectNats(stack.nats.url, 'scheduler-load', logger, stack.nats.credentials(HARNESS_USER));
  const durable = `load-${randomUUID().slice(0, 8)}`;
  const consumer = defineConsumer({ stream: RUN_EVENTS_STREAM, durable, events: [RunEvents.queued], ackWaitMs: 30_000, maxDeliver: 3 });
  await ensureConsumer(link.jsm, consumer);
  const queued: { trackerId: string; scheduledFor: string | null }[] = [];
  const watching = await consumeEvents(link, consumer, logger, async ({ payload }) => {
    const { run } = payload;
    queued.push({ trackerId: run.trackerId, scheduledFor: run.scheduledFor });
  }, { concurrency: 16 });

  // Held a minute before the occurrences until every tracker is filed; from then on it runs at the
  // real pace, so a dispatch retried (a query that timed out under load) comes due a minute later.
  let dueSince: number | null = null;
  const now = () => new Date(dueSince === null ? opts.dueAt.getTime() - 60_000 : opts.dueAt.getTime() + 1_000 + (Date.now() - dueSince));
  const replicas: RunningService[] = [];
  for (let i = 0; i < opts.replicas; i++) {
    replicas.push(await startService(createSchedulerService({ now }), stack.serviceEnv('scheduler', { SCHEDULER_TICK_MS: '50' })));
  }
  const mongo = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
  try {
    // 25 trackers per account, as the API allows; billing knows the accounts.
    const accounts: string[] = [];
    for (let i = 0; i < Math.ceil(opts.count / 25); i += 10) {
      const batch = Array.from({ length: Math.min(10, Math.ceil(opts.count / 25) - i) }, () => stack.account(10_000_000));
      for (const { accountId } of await Promise.all(batch)) accounts.push(accountId);
    }
    const trackers = Array.from({ length: opts.count }, () => activeTracker(opts.dueAt));
    const trackerDocs: TrackerDoc[] = trackers.map((tracker, i) => trackerDoc(tracker, accounts[Math.floor(i / 25)]!, i % 25));
    for (let i = 0; i < trackerDocs.length; i += 1000) await mongo.db(stack.dbName('tracker')).collection<TrackerDoc>('trackers').insertMany(trackerDocs.slice(i, i + 1000));
    const db = mongo.db(stack.dbName('scheduler'));
    const schedules: ScheduleDoc[] = trackers.map((tracker, i) => ({
      _id: tracker.id,
      accountId: accounts[Math.floor(i / 25)]!,
      tracker,
      definitionVersion: 1,
      active: true,
      nextRunAt: opts.dueAt,
      version: new Date(tracker.updatedAt),
      dueBucket: onTimeBucket(opts.dueAt, accounts[Math.floor(i / 25)]!),
    }));
    for (let i = 0; i < schedules.length; i += 1000) await db.collection<ScheduleDoc>('schedules').insertMany(schedules.slice(i, i + 1000));
    await new DueStore(db).hint(schedules.map((s) => ({ trackerId: s._id, accountId: s.accountId, at: opts.dueAt })), now());
    const started = Date.now();
    const meter = cpuMeter();
    const profile = await cpuProfile();
    dueSince = started;
    await eventually(async () => queued.length, (n) => n >= opts.count, opts.timeoutMs, 50);
    const elapsedMs = Date.now() - started;
    const cpuSeconds = meter.stop();
    await profile.stop();
    // Every dispatch has finished and every run.queued event is in: a second run would be in `queued` now.
    const dispatched = await eventually(() => dispatchedOccurrences(replicas), (n) => n >= opts.count, opts.timeoutMs);
    await eventually(() => link.jsm.consumers.info(RUN_EVENTS_STREAM.name, durable), (c) => c.num_pending === 0 && c.num_ack_pending === 0);
    return { queued: [...queued], dispatched, elapsedMs, cpuSeconds, trackerIds: trackers.map((t) => t.id) };
  } finally {
    await Promise.all(replicas.map((r) => r.stop()));
    await mongo.close();
    await watching.stop();
    await link.nc.close();
  }
}

/** Occurrences the replicas dispatched to the end (a run, or `gone` for a tracker deleted meanwhile), from their metrics. */
async function dispatchedOccurrences(replicas: RunningService[]): Promise<number> {
  let total = 0;
  for (const r of replicas) {
    const text = await (await fetch(`http://127.0.0.1:${r.opsPort}/metrics`)).text();
    for (const [, n] of text.matchAll(/^scheduler_occurrences_total\{[^}]*outcome="(?:run|gone)"[^}]*\} (\d+)/gm)) total += Number(n);
  }
  return total;
}

/** The tracker service's document of an ACTIVE tracker in slot `slot` of its account, with nothing left to publish. */
function trackerDoc(tracker: Tracker, accountId: string, slot: number): TrackerDoc {
  const { id, nextRunAt, lastRunAt, createdAt, updatedAt, ...rest } = tracker;
  return {
    ...rest,
    _id: id,
    accountId,
    definitionVersion: 1,
    ratesVersion: 0, // priced at no recorded card: any published card reprices it
    nextRunAt: nextRunAt === null ? null : new Date(nextRunAt),
    lastRunAt: lastRunAt === null ? null : new Date(lastRunAt),
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
    slot,
    pendingEvents: [],
    hasPendingEvents: false,
    deletedAt: null,
    rev: 0,
  };
}

/** An active weekly tracker due at `dueAt`, last updated now. */
export function activeTracker(dueAt: Date): Tracker {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    name: 'Load',
    status: 'ACTIVE',
    cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
    primitive: 'sentiment',
    prompts: ['is alpha any good?'],
    brand: 'Alpha',
    competitors: [],
    url: null,
    aliases: [],
    models: ['chatgpt'],
    samplesPerPrompt: 1,
    samplingMode: 'fixed',
    alerts: { significantChange: false },
    country: null,
    estimatedCostMicroPerRun: 5_000,
    maxCostMicroPerRun: 5_000,
    nextRunAt: dueAt.toISOString(),
    lastRunAt: null,
    pauseReason: null,
    createdAt: now,
    updatedAt: now,
  };
}
