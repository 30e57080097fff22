import { z } from 'zod';
import { urlHostname } from '@brandradar/contracts';
import { baseConfigSchema, envBoolean, mongoConfigSchema } from '@brandradar/platform';
import { parseMailbox } from './domain/mailbox';
import { DEFAULT_RETRY_SCHEDULE_MS } from './webhooks/domain';

const ms = (fallback: number, min = 10) => z.coerce.number().int().min(min).default(fallback);

function isSmtpUrl(value: string): boolean {
  return urlHostname(value, ['smtp:', 'smtps:']) !== undefined;
}

export const notifierConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend({
    /** The relay, with credentials if it needs them: `smtp://user:pass@relay:587` (STARTTLS when offered) or `smtps://…:465`. */
    SMTP_URL: z.string().refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@relay.example.com:587'),
    /**
     * Refuse to send over a connection that is not encrypted: with `smtp://`, a relay that does not
     * offer STARTTLS gets no e-mail (the attempt fails and is retried) instead of the text in clear.
     */
    SMTP_REQUIRE_TLS: envBoolean.default(false),
    /** Where people open the web app: invitation links point at `<PUBLIC_APP_URL>/app/sign-in?token=…`. */
    PUBLIC_APP_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
    /** The sender: `reports@example.com` or `Brandradar <reports@example.com>`. */
    MAIL_FROM: z.string().refine((v) => parseMailbox(v) !== null, 'must be an e-mail address or "Name <address>"'),
    /**
     * E-mails one account gets per clock hour at most (an activate/pause loop must not flood an
     * inbox); the rest are dropped. Far above an hour of ordinary use, so the e-mails the spec
     * names are not dropped for a busy hour.
     */
    MAIL_ACCOUNT_HOURLY_LIMIT: z.coerce.number().int().min(1).default(500),
    /** How often the sender looks for e-mails that are due (new ones are also sent at once). */
    MAIL_POLL_MS: ms(1_000),
    /** First retry delay after a transient SMTP failure; doubles with every attempt up to MAIL_RETRY_MAX_MS. */
    MAIL_RETRY_BASE_MS: ms(10_000),
    MAIL_RETRY_MAX_MS: ms(30 * 60_000),
    /** Attempts before a transiently failing e-mail is given up and recorded as failed (12 ≈ 7 hours with the defaults). */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(12),
    /** One SMTP delivery, connection included, is aborted after this long (and retried). */
    MAIL_SEND_TIMEOUT_MS: ms(60_000, 100),
    /** A delivery left in `sending` this long (its sender crashed) is taken up again by another sender. */
    MAIL_SENDING_LEASE_MS: ms(5 * 60_000, 100),
    /**
     * Let webhooks go to hosts that resolve to loopback, private, link-local or multicast addresses,
     * and to plain `http://`: for the local stack and tests, never in production (a receiver URL would
     * reach the cluster's own services).
     */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: envBoolean.default(false),
    /** One webhook attempt, connection included, is aborted after this long (and retried): the contract promises 10 s. */
    WEBHOOK_TIMEOUT_MS: ms(10_000, 100),
    /** Webhook attempts in flight at once, across all endpoints. */
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
    /** Webhook attempts in flight at once to one endpoint, so a slow receiver holds up only its own deliveries. */
    WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /** The delays after each failed webhook attempt, comma-separated; once used up, the delivery fails. */
    WEBHOOK_RETRY_SCHEDULE_MS: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'must be delays in milliseconds, comma-separated, such as 5000,300000')
      .transform((v) => v.split(',').map(Number))
      .default([...DEFAULT_RETRY_SCHEDULE_MS]),
    /** An endpoint whose attempts have all failed for this long is disabled, and its account e-mailed. */
    WEBHOOK_DISABLE_AFTER_MS: ms(3 * 24 * 3_600_000, 1),
    /** How often the notifier looks for weekly digests that are due (one indexed query when none is). */
    DIGEST_POLL_MS: ms(60_000),
    /** How often the webhook sender looks for deliveries that are due (new ones are also sent at once). */
    WEBHOOK_POLL_MS: ms(1_000),
  })
  .superRefine((c, ctx) => {
    if (c.MAIL_RETRY_MAX_MS < c.MAIL_RETRY_BASE_MS) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_RETRY_MAX_MS'], message: 'must not be below MAIL_RETRY_BASE_MS' });
    }
    // A live sender must finish (or abort) before its lease runs out, or a second sender would send the same e-mail.
    if (c.MAIL_SENDING_LEASE_MS <= c.MAIL_SEND_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_SENDING_LEASE_MS'], message: 'must be longer than MAIL_SEND_TIMEOUT_MS' });
    }
  });
export type NotifierConfig = z.infer<typeof notifierConfigSchema>;
