import { baseConfigSchema, mongoConfigSchema } from '@brandradar/platform';

export const billingConfigSchema = baseConfigSchema.extend(mongoConfigSchema.shape);
export type BillingConfig = typeof billingConfigSchema._output;
