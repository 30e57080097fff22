import { randomUUID } from 'node:crypto';
import { RUN_EVENTS_STREAM, RunEvents, TRACKER_EVENTS_STREAM, TrackerEvents, type Tracker } from '@brandradar/contracts';
import { connectNats, consumeEvents, createLogger, defineConsumer, ensureConsumer, publishEvent, startService, type RunningService } from '@brandradar/platform';
import { createSchedulerService } from '../../services/scheduler/src/service';
import { cpuMeter } from './cpu';
import { eventually } from './eventually';
import { HARNESS_USER, type TestStack } from './stack';

/**
 * Drives the scheduler through its public interface: `count` trackers made
 * ACTIVE by tracker events (as the tracker service would publish them), all due
 * at `dueAt`, dispatched by `replicas` scheduler processes sharing one store.
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
    // The replicas have filed every tracker before the occurrences fall due, all in the same instant.
    await eventually(() => link.jsm.consumers.info(TRACKER_EVENTS_STREAM.name, 'scheduler-trackers'), (c) => c.num_pending === 0 && c.num_ack_pending === 0, opts.timeoutMs, 200);
    const started = Date.now();
    const meter = cpuMeter();
    dueSince = started;
    await eventually(async () => queued.length, (n) => n >= opts.count, opts.timeoutMs, 50);
    const elapsedMs = Date.now() - started;
    const cpuSeconds = meter.stop();
    // Every dispatch has finished and every run.queued event is in: a second run would be in `queued` now.
    const dispatched = await eventually(() => dispatchedOccurrences(replicas), (n) => n >= opts.count, opts.timeoutMs);
    await eventually(() => link.jsm.consumers.info(RUN_EVENTS_STREAM.name, durable), (c) => c.num_pending === 0 && c.num_ack_pending === 0);
    return { queued: [...queued], dispatched, elapsedMs, cpuSeconds, trackerIds: trackers.map((t) => t.id) };
  } finally {
    await Promise.all(replicas.map((r) => r.stop()));
    await watching.stop();
    await link.nc.close();
  }
}

/**
 * Occurrences the replicas dispatched to the end, from their metrics: these trackers exist only as
 * events, so each ends `gone` when the tracker service does not know it, after its run was created.
 */
async function dispatchedOccurrences(replicas: RunningService[]): Promise<number> {
  let total = 0;
  for (const r of replicas) {
    const text = await (await fetch(`http://127.0.0.1:${r.opsPort}/metrics`)).text();
    for (const [, n] of text.matchAll(/^scheduler_occurrences_total\{[^}]*outcome="(?:run|gone)"[^}]*\} (\d+)/gm)) total += Number(n);
  }
  return total;
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
