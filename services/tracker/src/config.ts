import type { z } from 'zod';
import { baseConfigSchema, mongoConfigSchema, outboxConfigSchema } from '@brandradar/platform';

export const trackerConfigSchema = baseConfigSchema.extend(mongoConfigSchema.shape).extend(outboxConfigSchema.shape);
export type TrackerConfig = z.infer<typeof trackerConfigSchema>;
