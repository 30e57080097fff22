import nodemailer from 'nodemailer';
import type { MailAttachment } from '../store/mail-outbox';

interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments?: MailAttachment[];
  /** Set as headers, so a reader (and a test) can tell which event and template an e-mail answers. */
  eventId: string;
  template: string;
}

export interface Mailer {
  /** Resolves when the server accepted the message; rejects with nodemailer's error (`code`, `responseCode`) otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface SmtpSettings {
  url: string;
  from: string;
  /** The whole delivery, connecting included, is aborted after this long. */
  timeoutMs: number;
  /** Never send in clear: STARTTLS must succeed (implicit with smtps://). */
  requireTls: boolean;
}

/**
 * Sends over SMTP with nodemailer. Not pooled: one connection per message, so
 * nodemailer has no queue of its own to re-send from when a connection drops
 * mid-message (the pool's requeue would duplicate e-mails); the outbox is the
 * only retry path.
 */
export function createSmtpMailer(settings: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    url: settings.url,
    pool: false,
    requireTLS: settings.requireTls,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
          ...(a.cid === undefined ? {} : { cid: a.cid, contentDisposition: 'inline' as const }),
        })),
        headers: { 'X-Brandradar-Event': mail.eventId, 'X-Brandradar-Template': mail.template },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    },
    close: () => transport.close(),
  };
}
