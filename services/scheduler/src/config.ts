import { baseConfigSchema, mongoConfigSchema } from '@brandradar/platform';

export const schedulerConfigSchema = baseConfigSchema.extend(mongoConfigSchema.shape);
export type SchedulerConfig = typeof schedulerConfigSchema._output;
