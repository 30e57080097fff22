import { baseConfigSchema, mongoConfigSchema } from '@brandradar/platform';

export const workflowConfigSchema = baseConfigSchema.extend(mongoConfigSchema.shape);
export type WorkflowConfig = typeof workflowConfigSchema._output;
