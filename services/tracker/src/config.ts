import { baseConfigSchema, mongoConfigSchema } from '@brandradar/platform';

export const trackerConfigSchema = baseConfigSchema.extend(mongoConfigSchema.shape);
export type TrackerConfig = typeof trackerConfigSchema._output;
