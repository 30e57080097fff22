import type { ServiceDefinition } from '@brandradar/platform';
import { runnerConfigSchema, type RunnerConfig } from './config';

/** Executes runs: asks the AI surfaces, analyses the answers, settles the bill. */
export const runnerService: ServiceDefinition<RunnerConfig> = {
  name: 'runner',
  configSchema: runnerConfigSchema,
  database: { indexes: [] },
  async start() {},
};
