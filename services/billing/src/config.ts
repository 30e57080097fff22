import { baseConfigSchema, mongoConfigSchema, outboxConfigSchema } from '@brandradar/platform';

export const billingConfigSchema = baseConfigSchema.extend(mongoConfigSchema.shape).extend(outboxConfigSchema.shape);
export type BillingConfig = typeof billingConfigSchema._output;
