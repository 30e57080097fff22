import type { ServiceDefinition } from '@brandradar/platform';
import { workflowConfigSchema, type WorkflowConfig } from './config';

/** Runs the content-brief workflow's steps in parallel. */
export const workflowService: ServiceDefinition<WorkflowConfig> = {
  name: 'workflow',
  configSchema: workflowConfigSchema,
  database: { indexes: [] },
  async start() {},
};
