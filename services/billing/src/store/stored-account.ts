import { z } from 'zod';
import type { StoredAccount } from '../domain/accounts';

const micro = z.number().int();
const openHold = z.object({ holdKey: z.string(), amountMicro: micro, placedAt: z.date(), expiresAt: z.date() });
const settledHold = z.object({ holdKey: z.string(), heldMicro: micro, capturedMicro: micro, expiresAt: z.date(), expired: z.boolean(), settledAt: z.date() });

/**
 * An account document in every layout billing ever wrote (see `fromStored`, which brings the older
 * ones up to date): what `AccountStore` checks a read against before any money is computed from it.
 */
export const StoredAccountSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  balanceMicro: micro,
  spendLimitMicroPerMonth: micro.nullable(),
  simulated: z.boolean().optional(),
  // References alone, before credits recorded their amounts.
  appliedCredits: z.array(z.union([z.object({ reference: z.string(), amountMicro: micro.nullable() }), z.string()])).optional(),
  // Maps by hold key in the first layout, the first open holds without an expiry.
  holds: z.union([z.array(openHold), z.record(z.string(), openHold.omit({ holdKey: true }).extend({ expiresAt: z.date().optional() }))]).optional(),
  settledHolds: z.union([z.array(settledHold), z.record(z.string(), settledHold.omit({ holdKey: true, expired: true, expiresAt: true }))]).optional(),
  spentByMonth: z.record(z.string(), micro).optional(),
  createdAt: z.date(),
  rev: z.number().int(),
}) satisfies z.ZodType<StoredAccount>;
