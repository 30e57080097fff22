import { z } from 'zod';
import { baseConfigSchema, mongoConfigSchema } from '@brandradar/platform';

export const trackerConfigSchema = baseConfigSchema.extend(mongoConfigSchema.shape).extend({
  /** How often events left unpublished (by a crash or a NATS outage) are retried. */
  OUTBOX_SWEEP_MS: z.coerce.number().int().min(100).default(5_000),
});
export type TrackerConfig = z.infer<typeof trackerConfigSchema>;
