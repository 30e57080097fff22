import { Counter, Gauge, Histogram } from 'prom-client';
import { RUN_COMMANDS_STREAM, RunCommands, RunNotices, RunQueries, TRACKER_EVENTS_STREAM, TrackerEvents, plannedAnswers } from '@brandradar/contracts';
import { BatchOutbox, GroupedCache, LATENCY_BUCKETS, Leases, Outbox, cacheLookups, consumeEvents, defineConsumer, publishNotice, runPeriodically, serveQueries, watchNotices, type QueryResult, type ServiceDefinition } from '@brandradar/platform';
import { accountConcurrency, createProviders } from '@brandradar/providers';
import { runnerConfigSchema, type RunnerConfig } from './config';
import { runDeadline } from './domain/deadline';
import { askingPhases } from './domain/sampling';
import { createRunExecutor } from './execute';
import { runQueryHandlers } from './queries';
import { createReanalyser } from './reanalyse';
import { FinishedRunCache } from './run-cache';
import { OpenRunStore, openRunIndexes } from './store/open-runs';
import { JOBS, ReanalysisStore, SWEEPS, reanalysisIndexes } from './store/reanalyses';
import { RunStore, runIndexes } from './store/runs';

/** Durable consumers, named here so provisioning (services and the deploy job) creates the same ones. */
export const runCommandsConsumer = (c: Pick<RunnerConfig, 'RUN_ACK_WAIT_MS' | 'RUN_MAX_DELIVER'>) =>
  defineConsumer({
    stream: RUN_COMMANDS_STREAM,
    durable: 'runner',
    events: [RunCommands.execute],
    ackWaitMs: c.RUN_ACK_WAIT_MS,
    maxDeliver: c.RUN_MAX_DELIVER,
  });
/** Reanalyses can wait long for a tracker another one holds (a throttled sweep): many deliveries, each backing off. */
const REANALYSIS_MAX_DELIVER = 50;
export const reanalysisConsumer = (c: Pick<RunnerConfig, 'RUN_ACK_WAIT_MS'>) =>
  defineConsumer({ stream: RUN_COMMANDS_STREAM, durable: 'runner-reanalysis', events: [RunCommands.reanalyse], ackWaitMs: c.RUN_ACK_WAIT_MS, maxDeliver: REANALYSIS_MAX_DELIVER });
export const sweepConsumer = (c: Pick<RunnerConfig, 'RUN_ACK_WAIT_MS'>) =>
  defineConsumer({ stream: RUN_COMMANDS_STREAM, durable: 'runner-reanalysis-sweep', events: [RunCommands.reanalyseAll], ackWaitMs: c.RUN_ACK_WAIT_MS, maxDeliver: REANALYSIS_MAX_DELIVER });
const trackerDeletedConsumer = defineConsumer({ stream: TRACKER_EVENTS_STREAM, durable: 'runner-tracker-deleted', events: [TrackerEvents.deleted], ackWaitMs: 30_000, maxDeliver: 20 });

/**
 * A batch of scheduled runs still unpublished after this long was left by a runner that stopped
 * between storing it and publishing it; the sweep publishes it then. Its writer needs one insert.
 */
const BATCH_OUTBOX_GRACE_MS = 30_000;

/** Executes runs: asks the AI surfaces, analyses the answers, settles the bill; owns runs and their results. */
export const runnerService: ServiceDefinition<RunnerConfig> = {
  name: 'runner',
  configSchema: runnerConfigSchema,
  database: { indexes: [...runIndexes, ...openRunIndexes, ...reanalysisIndexes] },
  consumers: (config) => [runCommandsConsumer(config), reanalysisConsumer(config), sweepConsumer(config), trackerDeletedConsumer],
  async start({ config, nats, db, logger, metrics, shutdown }) {
    const store = new RunStore(db);
    const openRuns = new OpenRunStore(db);
    const outbox = new Outbox(db, 'runs', nats, logger);
    const batchOutbox = new BatchOutbox(db, 'runs', nats, logger, BATCH_OUTBOX_GRACE_MS);
    const now = () => new Date();
    const providers = createProviders(config);
    logger.info({ providers: providers.providerOf }, 'AI surfaces');

    const deadlinePolicy = {
      callTimeoutMs: config.PROVIDER_TIMEOUT_MS,
      attempts: config.PROVIDER_ATTEMPTS,
      retryMaxDelayMs: config.PROVIDER_RETRY_MAX_MS,
      // A run is one account's: it never has more calls in flight per surface than its share.
      surfaceConcurrency: accountConcurrency(config),
      queueAllowanceMs: config.RUN_QUEUE_ALLOWANCE_MS,
      marginMs: config.RUN_DEADLINE_MARGIN_MS,
    };
    const cache = new FinishedRunCache({ maxEntries: config.RUN_CACHE_MAX_ENTRIES, maxBytes: config.RUN_CACHE_MAX_BYTES }, metrics);
    // Forgotten here at once, then by every replica (this one again) when the notice comes.
    const insightsCache = new GroupedCache<QueryResult<typeof RunQueries.insights>>(
      { ttlMs: Infinity, maxEntries: config.INSIGHTS_CACHE_MAX_ENTRIES, maxBytes: config.INSIGHTS_CACHE_MAX_BYTES },
      cacheLookups(metrics, 'insights_cache_lookups_total', 'Insights asked for, by result: hit (kept), shared (joined a computation under way), miss (computed)'),
    );
    const forget = (trackerIds: string[]) => {
      cache.forget(trackerIds);
      for (const id of trackerIds) insightsCache.invalidate(id);
    };
    const changed = (trackerId: string) => {
      forget([trackerId]);
      publishNotice(nats, RunNotices.changed, { version: 1, trackerIds: [trackerId] });
    };
    const notices = watchNotices(nats, RunNotices.changed, ({ trackerIds }) => forget(trackerIds), logger, () => {
      cache.clear();
      insightsCache.clear();
    });
    const reanalysisStore = new ReanalysisStore(db);
    const jobsOutbox = new Outbox(db, JOBS, nats, logger);
    const sweepsOutbox = new Outbox(db, SWEEPS, nats, logger);
    const stopping = new AbortController();
    const reanalyser = createReanalyser({
      runs: store,
      store: reanalysisStore,
      trackerLocks: new Leases(db, 'reanalysis_locks'),
      jobsOutbox,
      sweepsOutbox,
      nats,
      logger,
      now,
      runsChanged: changed,
      settings: { answersPerSecond: config.REANALYSIS_ANSWERS_PER_SECOND, sweepAnswersPerSecond: config.REANALYSIS_SWEEP_ANSWERS_PER_SECOND, lockMs: config.REANALYSIS_LOCK_MS },
      signal: stopping.signal,
      metrics: {
        runs: new Counter({ name: 'reanalysis_runs_total', help: 'Runs recomputed and switched by reanalyses, by kind (tracker, sweep)', labelNames: ['kind'], registers: [metrics] }),
        answers: new Counter({ name: 'reanalysis_answers_total', help: 'Answers recomputed by reanalyses, by kind', labelNames: ['kind'], registers: [metrics] }),
        jobs: new Counter({ name: 'reanalysis_jobs_total', help: 'Reanalyses finished, by kind and status', labelNames: ['kind', 'status'], registers: [metrics] }),
        runDuration: new Histogram({ name: 'reanalysis_run_duration_seconds', help: 'Time to recompute and switch one run, by kind', labelNames: ['kind'], buckets: LATENCY_BUCKETS, registers: [metrics] }),
        sweepTrackersRemaining: new Gauge({ name: 'reanalysis_sweep_trackers_remaining', help: 'Trackers the sweep under way in this process has left', registers: [metrics] }),
      },
    });
    const handlers = runQueryHandlers({ store, openRuns, outbox, batchOutbox, nats, cache, insightsCache, now, deadlineOf: (queuedAt, definition) => runDeadline(queuedAt, plannedAnswers(definition), deadlinePolicy, askingPhases(definition)) });
    const subscriptions = serveQueries(nats, RunQueries, { ...handlers, ...reanalyser.queries }, 'runner', logger);

    // JetStream hears from a runner at work every third of the ack wait; its run's lease lasts three
    // ack waits, so a heartbeat late by a stalled event loop costs a redelivery that waits, not a repeat.
    const heartbeatMs = Math.max(500, config.RUN_ACK_WAIT_MS / 3);
    const leaseMs = config.RUN_LEASE_MS ?? 3 * config.RUN_ACK_WAIT_MS;
    const executor = createRunExecutor({
      store,
      openRuns,
      outbox,
      nats,
      providers,
      runLeases: new Leases(db, 'run_leases'),
      lease: { ms: leaseMs, renewEveryMs: Math.min(heartbeatMs, leaseMs / 3) },
      signal: stopping.signal,
      logger,
      now,
      runsChanged: changed,
      retry: { attempts: config.PROVIDER_ATTEMPTS, baseDelayMs: config.PROVIDER_RETRY_BASE_MS, maxDelayMs: config.PROVIDER_RETRY_MAX_MS },
      metrics: {
        runDuration: new Histogram({ name: 'run_duration_seconds', help: 'Run duration by outcome', labelNames: ['outcome'], buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800], registers: [metrics] }),
        providerDuration: new Histogram({ name: 'provider_request_duration_seconds', help: 'Provider call duration, retries included, by surface and outcome', labelNames: ['surface', 'outcome'], buckets: LATENCY_BUCKETS, registers: [metrics] }),
        providerErrors: new Counter({ name: 'provider_errors_total', help: 'Failed provider calls by surface and error code', labelNames: ['surface', 'code'], registers: [metrics] }),
        answersBilled: new Counter({ name: 'answers_billed_total', help: 'Succeeded answers billed, by surface', labelNames: ['surface'], registers: [metrics] }),
      },
    });

    /** Work that may outlast the ack wait: JetStream hears we are still at it, so no second runner gets the message. */
    const keptAlive = async (msg: { working(): void }, work: () => Promise<void>) => {
      const heartbeat = setInterval(() => msg.working(), heartbeatMs);
      try {
        await work();
      } finally {
        clearInterval(heartbeat);
      }
    };
    const runs = await consumeEvents(
      nats,
      runCommandsConsumer(config),
      logger,
      // Provider calls can outlast the ack wait.
      ({ payload, msg }) => keptAlive(msg, () => executor.execute(payload.runId)),
      {
        concurrency: config.RUNNER_CONCURRENCY,
        // Given up on (a permanent failure, or every delivery failed): the run ends now with what it has.
        onDeadLetter: async ({ payload }) => {
          if (payload) await executor.end(payload.runId, 'execution_failed');
        },
      },
    );
    // At shutdown a reanalysis stops between two runs; redelivered later, it goes on from its progress.
    const reanalyses = await consumeEvents(nats, reanalysisConsumer(config), logger, ({ payload, msg }) => keptAlive(msg, () => reanalyser.work(payload.reanalysisId)), {
      concurrency: config.REANALYSIS_CONCURRENCY,
      onDeadLetter: async ({ payload }) => {
        if (payload) await reanalyser.giveUp(payload.reanalysisId);
      },
    });
    const sweeps = await consumeEvents(nats, sweepConsumer(config), logger, ({ payload, msg }) => keptAlive(msg, () => reanalyser.sweep(payload.sweepId)), {
      onDeadLetter: async ({ payload }) => {
        if (payload) await reanalyser.giveUpSweep(payload.sweepId);
      },
    });
    const deletions = await consumeEvents(nats, trackerDeletedConsumer, logger, async ({ payload }) => {
      await store.deleteForTracker(payload.tracker.id);
      await reanalysisStore.deleteForTracker(payload.tracker.id);
      changed(payload.tracker.id);
    });
    const stopSweeping = outbox.startSweeping(config.OUTBOX_SWEEP_MS);
    const stopBatchSweeping = batchOutbox.startSweeping(config.OUTBOX_SWEEP_MS);
    const stopJobsSweeping = jobsOutbox.startSweeping(config.OUTBOX_SWEEP_MS);
    const stopSweepsSweeping = sweepsOutbox.startSweeping(config.OUTBOX_SWEEP_MS);
    const stopReaping = runPeriodically(config.RUN_REAPER_INTERVAL_MS, () => executor.reap(), (err) => logger.warn({ err }, 'reaping runs past their deadline failed'));
    shutdown.register('intake', 'stop runner intake and the reaper', async () => {
      stopping.abort(new Error('the runner is stopping'));
      await Promise.all([
        stopSweeping(),
        stopBatchSweeping(),
        stopJobsSweeping(),
        stopSweepsSweeping(),
        stopReaping(),
        runs.stop(),
        reanalyses.stop(),
        sweeps.stop(),
        deletions.stop(),
        notices.stop(),
        ...subscriptions.map((s) => s.drain()),
      ]);
    });
  },
};
