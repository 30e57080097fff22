import type { ServiceDefinition } from '@brandradar/platform';
import { schedulerConfigSchema, type SchedulerConfig } from './config';

/** Turns tracker cadences into exactly one run per occurrence. */
export const schedulerService: ServiceDefinition<SchedulerConfig> = {
  name: 'scheduler',
  configSchema: schedulerConfigSchema,
  database: { indexes: [] },
  async start() {},
};
