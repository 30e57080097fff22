import type { Counter, Histogram } from 'prom-client';
import { KickedPasses, type Logger } from '@brandradar/platform';
import { describeSpan } from '../domain/format';
import { clipped, failedTooLong, retryAt } from './domain';
import type { AttemptDoc, DeliveryDoc, Settlement, WebhookDeliveries } from './deliveries';
import type { WebhookDoc, WebhookEndpoints } from './endpoints';
import type { PostOutcome, WebhookPost } from './poster';

export interface WebhookSenderDeps {
  deliveries: WebhookDeliveries;
  endpoints: WebhookEndpoints;
  poster: { post(p: WebhookPost, signal?: AbortSignal): Promise<PostOutcome> };
  sign(secret: string, messageId: string, at: Date, body: string): Record<string, string>;
  /** Delays after each failed attempt; once used up, the delivery fails. */
  schedule: readonly number[];
  /** Attempts in flight at once, in all. */
  concurrency: number;
  /** Attempts in flight at once to one endpoint. */
  endpointConcurrency: number;
  /** How long a claim holds; longer than an attempt's timeout, so a live sender never loses its delivery mid-attempt. */
  leaseMs: number;
  /** An endpoint whose attempts have all failed this long is disabled. */
  disableAfterMs: number;
  /** Tells the account its endpoint was disabled; `lastError` is the error of the attempt that ended it. */
  disabled(endpoint: WebhookDoc, lastError: string): Promise<void>;
  logger: Logger;
  metrics: { deliveries: Counter<'outcome'>; attemptSeconds: Histogram; endpointsDisabled: Counter; passes: Counter };
  now?: () => Date;
  random?: () => number;
}

/**
 * Sends due webhook deliveries, several at once: claim (state `sending`, attempt counted), POST,
 * then `succeeded`, a retry time, or `failed`. Runs when kicked (deliveries were just recorded or
 * redelivered) and every poll interval. At most `endpointConcurrency` attempts go to one endpoint
 * at a time, so one slow receiver takes at most that many of the `concurrency` places; e-mail has
 * a sender of its own.
 *
 * A crash after the receiver answered and before the outcome is stored sends the delivery again
 * once its lease runs out, with the same `webhook-id`: receivers de-duplicate by it.
 */
export class WebhookSender {
  private readonly now: () => Date;
  private readonly random: () => number;
  /** Attempts in flight, by endpoint id. */
  private readonly inFlight = new Map<string, number>();
  private readonly attempts = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly passes = new KickedPasses(
    () => this.fill(),
    (err) => this.d.logger.warn({ err }, 'webhook sender pass failed; the next poll retries'),
  );

  constructor(private readonly d: WebhookSenderDeps) {
    this.now = d.now ?? (() => new Date());
    this.random = d.random ?? Math.random;
  }

  start(pollMs: number): void {
    this.passes.start(pollMs);
  }

  /** Claims what is due while there is room; if a pass is running, it makes one more when done. */
  kick(): void {
    this.passes.kick();
  }

  /** Stops claiming, aborts the attempts under way and waits for them to be recorded; the rest stays stored. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.passes.stop();
    await Promise.all(this.attempts);
  }

  private async fill(): Promise<void> {
    while (!this.stopping.signal.aborted && this.attempts.size < this.d.concurrency) {
      const busy = [...this.inFlight].filter(([, n]) => n >= this.d.endpointConcurrency).map(([id]) => id);
      const delivery = await this.d.deliveries.claimNext(this.now(), this.d.leaseMs, busy);
      if (!delivery) {
        // Counted once nothing more is due: a test can wait for a pass that began after its event.
        this.d.metrics.passes.inc();
        return;
      }
      this.inFlight.set(delivery.webhookId, (this.inFlight.get(delivery.webhookId) ?? 0) + 1);
      const attempt = this.attempt(delivery)
        .catch((err: unknown) => this.d.logger.warn({ err, delivery: delivery._id }, 'webhook attempt not recorded; it is retried once its lease runs out'))
        .finally(() => {
          this.attempts.delete(attempt);
          const left = this.inFlight.get(delivery.webhookId)! - 1;
          if (left === 0) this.inFlight.delete(delivery.webhookId);
          else this.inFlight.set(delivery.webhookId, left);
          this.kick();
        });
      this.attempts.add(attempt);
    }
  }

  private async attempt(delivery: DeliveryDoc): Promise<void> {
    const log = this.d.logger.child({ delivery: delivery._id, webhook: delivery.webhookId, type: delivery.type, attempt: delivery.attemptNumber });
    const endpoint = await this.d.endpoints.byId(delivery.webhookId);
    if (!endpoint || endpoint.status !== 'enabled') {
      // Deleted or turned off after the event: nothing goes to it, and the log says why.
      const error = endpoint ? 'not sent: the endpoint is disabled' : 'not sent: the endpoint was deleted';
      await this.d.deliveries.settle(delivery, { at: this.now(), outcome: 'failed', httpStatus: null, durationMs: 0, error }, { status: 'failed' }, this.now());
      this.d.metrics.deliveries.inc({ outcome: 'dropped' });
      log.info(error);
      return;
    }
    const at = this.now();
    const outcome = await this.d.poster.post({ url: endpoint.url, body: delivery.body, headers: this.d.sign(endpoint.secret, delivery._id, at, delivery.body) }, this.stopping.signal);
    if (!outcome.ok && this.stopping.signal.aborted) {
      // Cut short by shutdown, not by the receiver: the next sender tries again, and the endpoint is not blamed.
      await this.d.deliveries.release(delivery, this.now());
      return;
    }
    this.d.metrics.attemptSeconds.observe(outcome.durationMs / 1000);
    const record: AttemptDoc = {
      at,
      outcome: outcome.ok ? 'succeeded' : 'failed',
      httpStatus: outcome.httpStatus,
      durationMs: Math.max(0, Math.round(outcome.durationMs)),
      error: outcome.ok || outcome.error === null ? null : clipped(outcome.error),
    };
    const now = this.now();
    if (outcome.ok) {
      await this.d.deliveries.settle(delivery, record, { status: 'succeeded' }, now);
      await this.d.endpoints.recordSuccess(endpoint._id);
      this.d.metrics.deliveries.inc({ outcome: 'succeeded' });
      log.info({ httpStatus: outcome.httpStatus, durationMs: record.durationMs }, 'webhook delivered');
      return;
    }
    const error = record.error ?? `HTTP ${outcome.httpStatus ?? 'no response'}`;
    const next = retryAt(delivery.attemptNumber, this.d.schedule, now, this.random());
    const settlement: Settlement = next ? { status: 'pending', retryAt: next } : { status: 'failed' };
    await this.d.deliveries.settle(delivery, record, settlement, now);
    this.d.metrics.deliveries.inc({ outcome: next ? 'retried' : 'failed' });
    if (next) log.warn({ httpStatus: outcome.httpStatus, error, retryAt: next }, 'webhook attempt failed; will retry');
    else log.warn({ httpStatus: outcome.httpStatus, error }, 'webhook delivery failed for good');
    await this.failed(endpoint._id, error, now, log);
  }

  /** Counts a failed attempt against its endpoint, and turns the endpoint off once it has failed for too long. */
  private async failed(webhookId: string, error: string, now: Date, log: Logger): Promise<void> {
    const endpoint = await this.d.endpoints.recordFailure(webhookId, now);
    if (!endpoint || endpoint.status !== 'enabled' || !failedTooLong(endpoint.failingSince, now, this.d.disableAfterMs)) return;
    const disabled = await this.d.endpoints.disableFailing(endpoint, now);
    if (!disabled) return; // another sender did, or the endpoint changed meanwhile
    this.d.metrics.endpointsDisabled.inc();
    log.warn({ failingSince: endpoint.failingSince }, 'webhook endpoint disabled after failing too long');
    await this.d.deliveries.failPending(webhookId, `not sent: the endpoint was disabled after failing for ${describeSpan(this.d.disableAfterMs)}`, now);
    // The endpoint is off either way; an e-mail that could not be recorded (billing or the store away) is logged, not retried.
    await this.d.disabled(disabled, error).catch((err: unknown) => log.error({ err }, 'endpoint disabled, but its e-mail could not be recorded'));
  }
}
