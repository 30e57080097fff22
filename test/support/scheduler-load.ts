import { randomUUID } from 'node:crypto';
import { RUN_EVENTS_STREAM, RunEvents, TrackerEvents, type Tracker } from '@brandradar/contracts';
import { connectNats, consumeEvents, createLogger, ensureConsumer, publishEvent, startService, type RunningService } from '@brandradar/platform';
import { createSchedulerService } from '../../services/scheduler/src/service';
import { HARNESS_USER, type TestStack } from './stack';

/**
 * Drives the scheduler through its public interface: `count` trackers made
 * ACTIVE by tracker events (as the tracker service would publish them), all due
 * at `dueAt`, dispatched by `replicas` scheduler processes sharing one store.
 * Resolves with the runs queued (from run.queued events) and how long it took.
 */
export async function dispatchLoad(stack: TestStack, opts: { count: number; replicas: number; dueAt: Date; timeoutMs: number }) {
  const logger = createLogger('scheduler-load', 'silent');
  const link = await connectNats(stack.nats.url, 'scheduler-load', logger, stack.nats.credentials(HARNESS_USER));
  const durable = `load-${randomUUID().slice(0, 8)}`;
  const consumer = { stream: RUN_EVENTS_STREAM, durable, events: [RunEvents.queued], ackWaitMs: 30_000, maxDeliver: 3 };
  await ensureConsumer(link.jsm, consumer);
  const queued: { trackerId: string; scheduledFor: string | null }[] = [];
  const watching = await consumeEvents(link, consumer, logger, async ({ payload }) => {
    const { run } = payload as { run: { trackerId: string; scheduledFor: string | null } };
    queued.push({ trackerId: run.trackerId, scheduledFor: run.scheduledFor });
  }, { concurrency: 16 });

  const clock = { now: new Date(opts.dueAt.getTime() - 60_000) };
  const replicas: RunningService[] = [];
  for (let i = 0; i < opts.replicas; i++) {
    replicas.push(await startService(createSchedulerService({ now: () => clock.now }), { ...stack.env, MONGO_DB: stack.dbName('scheduler'), SCHEDULER_TICK_MS: '50' }));
  }
  try {
    // 25 trackers per account, as the API allows.
    const accounts: string[] = [];
    for (let i = 0; i < Math.ceil(opts.count / 25); i++) accounts.push((await stack.account(10_000_000)).accountId);
    const trackers = Array.from({ length: opts.count }, () => activeTracker(opts.dueAt));
    for (let i = 0; i < trackers.length; i += 200) {
      await Promise.all(
        trackers.slice(i, i + 200).map((tracker, j) =>
          publishEvent(link, TrackerEvents.activated, { version: 1, eventId: randomUUID(), occurredAt: tracker.updatedAt, accountId: accounts[Math.floor((i + j) / 25)]!, tracker, definitionVersion: 1, balanceMicro: 0, runsDryAt: null }),
        ),
      );
    }
    // Let the projections catch up before the occurrences fall due, all in the same instant.
    await new Promise((r) => setTimeout(r, 500));
    const started = Date.now();
    clock.now = new Date(opts.dueAt.getTime() + 1_000);
    const deadline = started + opts.timeoutMs;
    while (queued.length < opts.count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const elapsedMs = Date.now() - started;
    await new Promise((r) => setTimeout(r, 1_000)); // anything extra would show up now
    return { queued: [...queued], elapsedMs, trackerIds: trackers.map((t) => t.id) };
  } finally {
    await Promise.all(replicas.map((r) => r.stop()));
    await watching.stop();
    await link.nc.close();
  }
}

function activeTracker(dueAt: Date): Tracker {
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
    estimatedCostMicroPerRun: 5_000,
    maxCostMicroPerRun: 5_000,
    nextRunAt: dueAt.toISOString(),
    lastRunAt: null,
    pauseReason: null,
    createdAt: now,
    updatedAt: now,
  };
}
