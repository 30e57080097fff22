import type { Logger } from '@brandradar/platform';
import { messageIdFor } from '../domain/mailbox';
import { render } from '../domain/render';
import { WEBHOOK_DISABLED_TEMPLATE, webhookDisabledMail } from '../domain/templates';
import { mailKey, type MailOutbox } from '../store/mail-outbox';
import type { WebhookDoc } from './endpoints';

export interface DisabledMailDeps {
  outbox: MailOutbox;
  emailOf(accountId: string): Promise<string | null>;
  senderAddress: string;
  disableAfterMs: number;
  /** Called after the e-mail was recorded, so it goes out without waiting for the mail sender's next poll. */
  recorded(): void;
  logger: Logger;
}

/**
 * Puts the e-mail that tells an account its endpoint was disabled into the mail outbox. Its event
 * is the disabling itself (the endpoint and when), so one disabling makes one e-mail however often
 * this runs for it.
 */
export function mailDisabledEndpoint(d: DisabledMailDeps) {
  return async (endpoint: WebhookDoc, lastError: string): Promise<void> => {
    const disabledAt = endpoint.disabledAt ?? new Date();
    const eventId = `webhook-disabled:${endpoint._id}:${disabledAt.getTime()}`;
    const to = await d.emailOf(endpoint.accountId);
    if (to === null) {
      d.logger.error({ webhook: endpoint._id, accountId: endpoint.accountId }, 'no such account; webhook-disabled e-mail dropped');
      return;
    }
    const mail = render(
      webhookDisabledMail({
        id: endpoint._id,
        url: endpoint.url,
        description: endpoint.description,
        failingSince: (endpoint.failingSince ?? disabledAt).toISOString(),
        disabledAt: disabledAt.toISOString(),
        lastError,
        disableAfterMs: d.disableAfterMs,
      }),
    );
    const messageId = messageIdFor(mailKey(eventId, WEBHOOK_DISABLED_TEMPLATE), d.senderAddress);
    if (await d.outbox.enqueue({ eventId, template: WEBHOOK_DISABLED_TEMPLATE, accountId: endpoint.accountId, to, messageId, ...mail }, new Date())) d.recorded();
  };
}
