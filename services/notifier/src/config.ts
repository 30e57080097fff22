import { z } from 'zod';
import { urlHostname } from '@brandradar/contracts';
import { baseConfigSchema, envBoolean, mongoConfigSchema } from '@brandradar/platform';
import { parseMailbox } from './domain/mailbox';

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
