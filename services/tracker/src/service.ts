import type { ServiceDefinition } from '@brandradar/platform';
import { trackerConfigSchema, type TrackerConfig } from './config';

/** Owns tracker definitions and their lifecycle (DRAFT, ACTIVE, PAUSED). */
export const trackerService: ServiceDefinition<TrackerConfig> = {
  name: 'tracker',
  configSchema: trackerConfigSchema,
  database: { indexes: [] },
  async start() {},
};
