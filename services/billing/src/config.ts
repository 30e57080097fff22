import { z } from 'zod';
import { AUDIT_MIN_RETENTION_DAYS } from '@brandradar/contracts';
import { baseConfigSchema, mongoConfigSchema, outboxConfigSchema } from '@brandradar/platform';

export const billingConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(outboxConfigSchema.shape)
  .extend({
    /** How often expired holds are looked for and released; a hold lasts at most this long past its expiry. */
    HOLD_SWEEP_MS: z.coerce.number().int().min(50).default(10_000),
    /** How often expired sessions and sign-in links are deleted (verification refuses them anyway; this keeps the store small). */
    SESSION_SWEEP_MS: z.coerce.number().int().min(50).default(300_000),
    /** How long the audit trail keeps an entry; api-contract §15 asks for at least 400 days, so less is refused. */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(AUDIT_MIN_RETENTION_DAYS).default(AUDIT_MIN_RETENTION_DAYS),
    /** How often audit entries past the retention are deleted. */
    AUDIT_SWEEP_MS: z.coerce.number().int().min(50).default(3_600_000),
  });
export type BillingConfig = typeof billingConfigSchema._output;
