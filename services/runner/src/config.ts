import { z } from 'zod';
import { baseConfigSchema, mongoConfigSchema, outboxConfigSchema } from '@brandradar/platform';
import { providersConfigSchema } from '@brandradar/providers';

export const runnerConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(outboxConfigSchema.shape)
  .extend(providersConfigSchema.shape)
  .extend({
    /** A run not acknowledged for this long is redelivered; a runner at work extends it every third of it. */
    RUN_ACK_WAIT_MS: z.coerce.number().int().min(1_000).default(60_000),
    RUN_MAX_DELIVER: z.coerce.number().int().min(1).default(10),
    /**
     * How long a run's lease lasts unrenewed (default: three ack waits). A command delivered again
     * while the run's runner still holds it waits; a dead runner's run is taken over after this.
     */
    RUN_LEASE_MS: z.coerce.number().int().min(1_000).optional(),
    /** Runs one runner process executes at once. */
    RUNNER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    PROVIDER_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
    PROVIDER_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1_000),
    PROVIDER_RETRY_MAX_MS: z.coerce.number().int().min(1).default(20_000),
    /** A run's deadline allows this long in the queue before a runner takes it (see domain/deadline.ts). */
    RUN_QUEUE_ALLOWANCE_MS: z.coerce.number().int().min(0).default(10 * 60_000),
    /** Added to every run's deadline, for analysis and billing at its end. */
    RUN_DEADLINE_MARGIN_MS: z.coerce.number().int().min(0).default(2 * 60_000),
    /** How often runs past their deadline are looked for and ended. */
    RUN_REAPER_INTERVAL_MS: z.coerce.number().int().min(50).default(15_000),
    /** Pages of finished runs' answers each runner process keeps for reports and run reads; 0 keeps none. */
    RUN_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(10_000),
    /** Bytes (of JSON) those pages may take at most, in each runner process; held in memory, they take about 2–3 times that. */
    RUN_CACHE_MAX_BYTES: z.coerce.number().int().min(0).default(32 * 1024 * 1024),
    /** Insights (names discovered, citation gaps) each runner process keeps, by the runs and names they were computed from; 0 keeps none. */
    INSIGHTS_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(500),
    /** Bytes (of JSON) those insights may take at most, in each runner process. */
    INSIGHTS_CACHE_MAX_BYTES: z.coerce.number().int().min(0).default(8 * 1024 * 1024),
    /** Answers a second a tracker's reanalysis proceeds at, in each runner process; 0: as fast as it can. */
    REANALYSIS_ANSWERS_PER_SECOND: z.coerce.number().int().min(0).default(2_000),
    /** Answers a second an operators' sweep proceeds at: low, so that runs and the API are not slowed; 0: as fast as it can. */
    REANALYSIS_SWEEP_ANSWERS_PER_SECOND: z.coerce.number().int().min(0).default(200),
    /** Tracker reanalyses one runner process works on at once. */
    REANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).default(1),
    /** How long a reanalysis holds its tracker without renewing (it renews before each run); a crashed holder's tracker is free again after this. */
    REANALYSIS_LOCK_MS: z.coerce.number().int().min(1_000).default(60_000),
  });
export type RunnerConfig = z.infer<typeof runnerConfigSchema>;
