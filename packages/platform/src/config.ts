import { z } from 'zod';

/** `true`/`false`/`1`/`0` from an environment variable (z.coerce.boolean treats "false" as true). */
export const envBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** Settings every service reads. Each service extends this with its own. */
export const baseConfigSchema = z.object({
  NATS_URL: z.string().min(1).describe('NATS server URL(s), comma-separated'),
  /** The service's own NATS user (see SERVICE_ACCESS in the contracts) and its password; NATS refuses anyone else. */
  NATS_USER: z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, 'must be a NATS user name (lower-case letters, digits, dashes)'),
  NATS_PASSWORD: z.string().min(1, 'must be set (the password of NATS_USER)'),
  OPS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).default(10_000),
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** The longest wait before a message whose handling failed transiently is delivered again (the waits double from 1 s up to it). */
  REDELIVERY_MAX_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  /** Deploy-time mode: create indexes, streams and consumers, then exit 0 without serving anything. */
  PROVISION_ONLY: envBoolean.default(false),
});

/** Settings of a service that keeps a MongoDB database of its own. */
export const mongoConfigSchema = z.object({
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URL'),
  MONGO_DB: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/).optional(),
  /**
   * How long one store command may go without an answer before it fails (the driver's
   * `socketTimeoutMS`: driver 7 ignores `timeoutMS`), so a stuck store fails its caller instead of
   * hanging it for ever.
   */
  MONGO_OPERATION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
});

/** Settings of a service that publishes events through a transactional outbox. */
export const outboxConfigSchema = z.object({
  /** How often events left unpublished (by a crash or a NATS outage) are retried. */
  OUTBOX_SWEEP_MS: z.coerce.number().int().min(100).default(5_000),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment once, at start. A bad or missing setting stops the
 * process with one message that names every offending variable.
 */
export function loadConfig<S extends z.ZodType>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration for ${service}:\n${lines.join('\n')}`);
}
