import { baseConfigSchema, mongoConfigSchema } from '@brandradar/platform';

export const notifierConfigSchema = baseConfigSchema.extend(mongoConfigSchema.shape);
export type NotifierConfig = typeof notifierConfigSchema._output;
