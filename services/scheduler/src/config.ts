import { z } from 'zod';
import { baseConfigSchema, mongoConfigSchema } from '@brandradar/platform';

export const schedulerConfigSchema = baseConfigSchema.extend(mongoConfigSchema.shape).extend({
  /** How often a replica looks for due occurrences. */
  SCHEDULER_TICK_MS: z.coerce.number().int().min(10).default(1_000),
  /** How long a claimed occurrence is held before another replica may take it over. */
  SCHEDULER_LEASE_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** Occurrences one replica dispatches at once. */
  SCHEDULER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
});
export type SchedulerConfig = z.infer<typeof schedulerConfigSchema>;
