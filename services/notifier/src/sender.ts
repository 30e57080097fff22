import type { Counter } from 'prom-client';
import { KickedPasses, backoffDelayMs, isStoreUnreachable, sleep, type BackoffPolicy, type Logger } from '@brandradar/platform';
import { nextStep, type RetryPolicy, type SmtpFailure } from './domain/delivery';
import type { Mailer } from './smtp/smtp-mailer';
import type { MailOutbox, OutboxMail } from './store/mail-outbox';

export interface SenderDeps {
  outbox: MailOutbox;
  mailer: Mailer;
  policy: RetryPolicy;
  leaseMs: number;
  logger: Logger;
  metrics: { sent: Counter<'template'>; failed: Counter<'template'>; retried: Counter<'template'>; passes: Counter };
  now?: () => Date;
  random?: () => number;
}

/**
 * Sends what the outbox holds, one e-mail at a time: claim (state `sending`,
 * attempt counted), SMTP, then `sent`, a retry time, or `failed`. Runs when
 * kicked (an e-mail was just recorded) and every poll interval (retries that
 * came due, e-mails whose sender crashed mid-send).
 *
 * The remaining at-least-once window: a crash after the server accepted the
 * message and before `sent` is stored (or a store out of reach until the
 * lease ends: `sent` is retried until then) leaves the e-mail `sending`; once
 * its lease runs out it is sent again, with the same Message-ID. SMTP has no way to ask a server whether it already took a
 * message, so that window cannot be closed, only kept short.
 */
/** Retries of recording `sent` while the store is out of reach (a restart takes seconds). */
const RECORD_SENT_BACKOFF: BackoffPolicy = { baseMs: 100, maxMs: 2_000 };

export class OutboxSender {
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly stopping = new AbortController();
  private readonly passes = new KickedPasses(
    () => this.drain(),
    (err) => this.d.logger.warn({ err }, 'mail outbox pass failed; the next poll retries'),
  );

  constructor(private readonly d: SenderDeps) {
    this.now = d.now ?? (() => new Date());
    this.random = d.random ?? Math.random;
  }

  start(pollMs: number): void {
    this.passes.start(pollMs);
  }

  /** Sends whatever is due; if a pass is already running, it makes one more pass when done. */
  kick(): void {
    this.passes.kick();
  }

  /** Stops polling and waits for the e-mail being sent, if any; the rest stays in the outbox. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.passes.stop();
  }

  private async drain(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      const mail = await this.d.outbox.claimNext(this.now(), this.d.leaseMs);
      if (!mail) {
        // Counted once nothing more is due: a pass counted after a moment saw everything due then.
        this.d.metrics.passes.inc();
        return;
      }
      await this.deliver(mail);
    }
  }

  private async deliver(mail: OutboxMail): Promise<void> {
    const log = this.d.logger.child({ mail: mail._id, template: mail.template, attempt: mail.attempts });
    try {
      await this.d.mailer.send(mail);
    } catch (err) {
      await this.recordFailure(mail, err as SmtpFailure, log);
      return;
    }
    // Counted once the server took it, even if recording that fails below (the e-mail is out).
    this.d.metrics.sent.inc({ template: mail.template });
    if (!(await this.recordSent(mail))) log.warn('sent, but another sender had taken the e-mail over');
    log.info('e-mail sent');
  }

  /** Records `sent`, retrying while the store is out of reach and the lease holds: after it, another sender may send it again. */
  private async recordSent(mail: OutboxMail): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.d.outbox.markSent(mail, this.now());
      } catch (err) {
        const delayMs = backoffDelayMs(attempt, RECORD_SENT_BACKOFF, this.random);
        if (!isStoreUnreachable(err) || this.stopping.signal.aborted || this.now().getTime() + delayMs >= mail.leaseUntil.getTime()) throw err;
        this.d.logger.warn({ err, mail: mail._id, delayMs }, 'sent, but recording it failed; retrying before the lease runs out');
        await sleep(delayMs, this.stopping.signal).catch(() => undefined);
      }
    }
  }

  private async recordFailure(mail: OutboxMail, failure: SmtpFailure, log: Logger): Promise<void> {
    const step = nextStep(failure, mail.attempts, this.d.policy, this.random());
    const now = this.now();
    if (step.action === 'fail') {
      this.d.metrics.failed.inc({ template: mail.template });
      await this.d.outbox.markFailed(mail, step.reason, now);
      log.error({ reason: step.reason }, 'e-mail failed for good');
      return;
    }
    this.d.metrics.retried.inc({ template: mail.template });
    await this.d.outbox.markRetry(mail, new Date(now.getTime() + step.delayMs), step.reason, now);
    log.warn({ reason: step.reason, delayMs: step.delayMs }, 'e-mail not sent; will retry');
  }
}
