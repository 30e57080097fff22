import { baseConfigSchema, mongoConfigSchema } from '@brandradar/platform';

export const runnerConfigSchema = baseConfigSchema.extend(mongoConfigSchema.shape);
export type RunnerConfig = typeof runnerConfigSchema._output;
