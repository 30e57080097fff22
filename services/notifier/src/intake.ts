import type { Counter } from 'prom-client';
import type { EventHandler, Logger } from '@brandradar/platform';
import { messageIdFor } from './domain/mailbox';
import { composeMail, notificationFor, wantsMail, type NotifiedEvent } from './domain/templates';
import { mailKey, type MailOutbox } from './store/mail-outbox';
import type { MailQuota } from './store/mail-quota';

export interface IntakeDeps {
  outbox: MailOutbox;
  quota: MailQuota;
  /** E-mails one account gets per clock hour at most; the rest are dropped (counted, logged). */
  hourlyLimit: number;
  suppressed: Counter<'template'>;
  /** The account's e-mail address, or null when billing knows no such account. Throws while billing is unavailable. */
  emailOf(accountId: string): Promise<string | null>;
  senderAddress: string;
  /** Called after an e-mail was recorded, so it goes out without waiting for the next poll. */
  recorded(): void;
  logger: Logger;
  failed: Counter<'template'>;
  now?: () => Date;
}

/**
 * Turns an event into its e-mail in the outbox. The event is acked only after
 * the e-mail is stored, so a crash before that redelivers it; a redelivered or
 * republished event finds its e-mail already stored (unique per event and
 * template) and adds nothing. Sending is the sender's job, never the
 * consumer's, so a slow SMTP server never holds up acks.
 */
export function createIntake(d: IntakeDeps): EventHandler<NotifiedEvent> {
  const now = d.now ?? (() => new Date());
  return async ({ subject, payload }) => {
    const notification = notificationFor(subject);
    if (!notification) return; // the consumers filter to notified subjects; nothing else arrives
    if (!wantsMail(notification, payload)) return;
    const key = mailKey(payload.eventId, notification.template);
    if (await d.outbox.has(key)) return;

    if ((await d.quota.take(payload.accountId, now())) > d.hourlyLimit) {
      d.suppressed.inc({ template: notification.template });
      d.logger.warn({ eventId: payload.eventId, accountId: payload.accountId, template: notification.template }, 'hourly e-mail limit of the account reached; e-mail dropped');
      return;
    }
    const to = await d.emailOf(payload.accountId);
    if (to === null) {
      // Accounts are closed, never removed: an unknown account is a bug upstream, and no retry finds an address.
      d.failed.inc({ template: notification.template });
      d.logger.error({ eventId: payload.eventId, accountId: payload.accountId, template: notification.template }, 'no such account; e-mail dropped');
      return;
    }
    const mail = composeMail(notification, payload);
    const messageId = messageIdFor(key, d.senderAddress);
    if (await d.outbox.enqueue({ eventId: payload.eventId, template: notification.template, accountId: payload.accountId, to, messageId, ...mail }, now())) d.recorded();
  };
}
