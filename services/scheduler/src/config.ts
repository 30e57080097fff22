import { z } from 'zod';
import { baseConfigSchema, mongoConfigSchema } from '@brandradar/platform';

export const schedulerConfigSchema = baseConfigSchema.extend(mongoConfigSchema.shape).extend({
  /** How often a replica reads the cursor (one document) and any due bucket it can claim. */
  SCHEDULER_TICK_MS: z.coerce.number().int().min(10).default(1_000),
  /** How long a claimed due bucket is held before another replica may take it over (a replica that died). */
  SCHEDULER_LEASE_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** Occurrences of a bucket one replica dispatches at once. */
  SCHEDULER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
});
export type SchedulerConfig = z.infer<typeof schedulerConfigSchema>;
