import { z } from 'zod';
import { baseConfigSchema } from '@brandradar/platform';

export const gatewayConfigSchema = baseConfigSchema.extend({
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /** The admin API is off unless a token is set. */
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Timeout for each query the gateway asks another service. */
  QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Public API requests per minute for each API key, enforced by each gateway replica on its own. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** How many requests a key may send at once after a quiet spell (the token bucket's size). */
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(100),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
