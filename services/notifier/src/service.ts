import { Histogram } from 'prom-client';
import { BillingQueries, DigestQueries, MAIL_COMMANDS_STREAM, PeopleCommands, RUN_EVENTS_STREAM, RunEvents, TRACKER_EVENTS_STREAM, TrackerEvents, WORKFLOW_EVENTS_STREAM, WebhookQueries, WorkflowEvents, type EventDef } from '@brandradar/contracts';
import { DomainError, KickedPasses, LATENCY_BUCKETS, consumeEvents, counter, query, serveQueries, type DurableConsumer, type NatsLink, type ServiceDefinition } from '@brandradar/platform';
import { notifierConfigSchema, type NotifierConfig } from './config';
import { digestIncidentIndexes, digestSettingsIndexes, weeklyDigest } from './digest';
import { parseMailbox } from './domain/mailbox';
import { createIntake } from './intake';
import { mailCommandIntake } from './mail-commands';
import { OutboxSender } from './sender';
import { createSmtpMailer } from './smtp/smtp-mailer';
import { MailOutbox, mailOutboxIndexes } from './store/mail-outbox';
import { MailQuota } from './store/mail-quota';
import { deliveryIndexes, WebhookDeliveries } from './webhooks/deliveries';
import { mailDisabledEndpoint } from './webhooks/disabled-mail';
import { webhookIndexes, WebhookEndpoints } from './webhooks/endpoints';
import { createWebhookIntake } from './webhooks/intake';
import { createWebhookPoster } from './webhooks/poster';
import { webhookQueryHandlers } from './webhooks/queries';
import { WebhookSender } from './webhooks/sender';
import { newWebhookSecret, signedHeaders } from './webhooks/signing';
import { refusedTarget } from './webhooks/target';

/**
 * Recording an e-mail or a webhook delivery is quick; a redelivery happens only while billing (for
 * the address) or Mongo is down, with growing delays of up to a minute, so 100 deliveries ride out
 * an outage of well over an hour.
 */
const consumer = <E extends EventDef>(durable: string, stream: DurableConsumer['stream'], events: readonly E[]): DurableConsumer<E> => ({ stream, durable, events, ackWaitMs: 30_000, maxDeliver: 100 });
export const trackerEventsConsumer = consumer('notifier-tracker-events', TRACKER_EVENTS_STREAM, [TrackerEvents.activated, TrackerEvents.paused, TrackerEvents.deleted]);
export const runsFinishedConsumer = consumer('notifier-runs-finished', RUN_EVENTS_STREAM, [RunEvents.finished]);
export const significantChangesConsumer = consumer('notifier-significant-changes', RUN_EVENTS_STREAM, [RunEvents.significantChange]);
const mailConsumers = [trackerEventsConsumer, runsFinishedConsumer, significantChangesConsumer];
// Durables of their own: webhooks never hold up e-mail, nor e-mail webhooks.
export const webhookTrackersConsumer = consumer('notifier-webhooks-trackers', TRACKER_EVENTS_STREAM, [TrackerEvents.activated, TrackerEvents.paused, TrackerEvents.deleted]);
export const webhookRunsConsumer = consumer('notifier-webhooks-runs', RUN_EVENTS_STREAM, [RunEvents.finished, RunEvents.significantChange]);
export const webhookBriefsConsumer = consumer('notifier-webhooks-briefs', WORKFLOW_EVENTS_STREAM, [WorkflowEvents.briefFinished]);
const webhookConsumers = [webhookTrackersConsumer, webhookRunsConsumer, webhookBriefsConsumer];
// Invitations and sign-in links billing asks for: a work queue, each taken once.
const invitationsConsumer = consumer('notifier-invitations', MAIL_COMMANDS_STREAM, [PeopleCommands.sendInvitation, PeopleCommands.sendSignInLink]);
/** Every consumer of the notifier: it provisions and reads each one. */
export const notifierConsumers = [...mailConsumers, ...webhookConsumers, invitationsConsumer];

function accountEmail(nats: NatsLink) {
  return async (accountId: string): Promise<string | null> => {
    try {
      return (await query(nats, BillingQueries.getAccount, { version: 1, accountId })).account.email;
    } catch (e) {
      if (e instanceof DomainError && e.error.code === 'not_found') return null;
      throw e;
    }
  };
}

/**
 * E-mails account owners about activations, finished runs, significant changes, pauses and
 * deletions, through a persisted outbox; and keeps the accounts' webhook endpoints, delivering
 * the same events to them through an outbox of its own.
 */
export const notifierService: ServiceDefinition<NotifierConfig> = {
  name: 'notifier',
  configSchema: notifierConfigSchema,
  database: { indexes: [...mailOutboxIndexes, ...webhookIndexes, ...deliveryIndexes, ...digestSettingsIndexes, ...digestIncidentIndexes] },
  consumers: () => notifierConsumers,
  async start({ config, nats, db, logger, metrics, shutdown }) {
    const byTemplate = (name: string, help: string) => counter(metrics, name, help, ['template']);
    const sent = byTemplate('emails_sent_total', 'E-mails the SMTP server accepted, by template');
    const failed = byTemplate('emails_failed_total', 'E-mails given up for good (5xx, local refusal, attempts exhausted, no address), by template');
    const retried = byTemplate('email_send_retries_total', 'SMTP attempts that failed transiently and were scheduled again, by template');
    const passes = counter(metrics, 'mail_outbox_passes_total', 'Passes of the mail sender that ended with nothing more due');
    const suppressed = byTemplate('emails_suppressed_total', "E-mails dropped because the account reached MAIL_ACCOUNT_HOURLY_LIMIT, by template");

    const outbox = new MailOutbox(db);
    const adopted = await outbox.adoptPreLeaseMails();
    if (adopted > 0) logger.info({ adopted }, 'e-mails recorded before leases adopted by the outbox');
    const mailer = createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, timeoutMs: config.MAIL_SEND_TIMEOUT_MS, requireTls: config.SMTP_REQUIRE_TLS });
    const sender = new OutboxSender({
      outbox,
      mailer,
      policy: { baseDelayMs: config.MAIL_RETRY_BASE_MS, maxDelayMs: config.MAIL_RETRY_MAX_MS, maxAttempts: config.MAIL_MAX_ATTEMPTS },
      leaseMs: config.MAIL_SENDING_LEASE_MS,
      logger,
      metrics: { sent, failed, retried, passes },
    });
    const emailOf = accountEmail(nats);
    const senderAddress = parseMailbox(config.MAIL_FROM)!.address; // the config schema checked it parses
    const intake = createIntake({
      outbox,
      quota: new MailQuota(db),
      hourlyLimit: config.MAIL_ACCOUNT_HOURLY_LIMIT,
      suppressed,
      emailOf,
      senderAddress,
      recorded: () => sender.kick(),
      logger,
      failed,
    });

    const digest = weeklyDigest({ db, nats, outbox, appUrl: config.PUBLIC_APP_URL, senderAddress, emailOf, recorded: () => sender.kick(), logger });
    const digestSweeps = new KickedPasses(
      () => digest.sweep(new Date()),
      (err) => logger.warn({ err }, 'weekly digest sweep failed; the next one retries'),
    );
    const mailIntake: typeof intake = async (event) => {
      await digest.recordIncident(event.subject, event.payload);
      await intake(event);
    };

    const endpoints = new WebhookEndpoints(db);
    const deliveries = new WebhookDeliveries(db);
    const poster = createWebhookPoster({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_TARGETS, timeoutMs: config.WEBHOOK_TIMEOUT_MS, maxResponseBytes: 64 * 1024 });
    const webhookSender = new WebhookSender({
      deliveries,
      endpoints,
      poster,
      sign: signedHeaders,
      schedule: config.WEBHOOK_RETRY_SCHEDULE_MS,
      concurrency: config.WEBHOOK_CONCURRENCY,
      endpointConcurrency: config.WEBHOOK_ENDPOINT_CONCURRENCY,
      // Past the timeout with room for the store's writes: a live sender never loses a delivery mid-attempt.
      leaseMs: config.WEBHOOK_TIMEOUT_MS + 60_000,
      disableAfterMs: config.WEBHOOK_DISABLE_AFTER_MS,
      disabled: mailDisabledEndpoint({ outbox, emailOf, senderAddress, disableAfterMs: config.WEBHOOK_DISABLE_AFTER_MS, recorded: () => sender.kick(), logger }),
      logger,
      metrics: {
        deliveries: counter(metrics, 'webhook_deliveries_total', 'Webhook attempts by outcome: succeeded, retried, failed (for good), dropped (endpoint deleted or disabled)', ['outcome']),
        attemptSeconds: new Histogram({ name: 'webhook_attempt_duration_seconds', help: 'How long webhook attempts took, answer or timeout', buckets: LATENCY_BUCKETS, registers: [metrics] }),
        endpointsDisabled: counter(metrics, 'webhook_endpoints_disabled_total', 'Webhook endpoints disabled after failing too long'),
        passes: counter(metrics, 'webhook_sender_passes_total', 'Passes of the webhook sender that ended with nothing more due or no more room'),
      },
    });
    const webhookIntake = createWebhookIntake({ endpoints, deliveries, recorded: () => webhookSender.kick(), logger });
    const allowPrivate = { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_TARGETS };
    const subscriptions = [
      ...serveQueries(
        nats,
        WebhookQueries,
        webhookQueryHandlers({ endpoints, deliveries, newSecret: newWebhookSecret, refusedTarget: (url) => refusedTarget(url, allowPrivate), due: () => webhookSender.kick() }),
        'notifier',
        logger,
      ),
      ...serveQueries(nats, DigestQueries, digest.queries, 'notifier', logger),
    ];

    const consumers = await Promise.all([
      ...mailConsumers.map((c) => consumeEvents(nats, c, logger, mailIntake)),
      ...webhookConsumers.map((c) => consumeEvents(nats, c, logger, webhookIntake)),
      consumeEvents(nats, invitationsConsumer, logger, mailCommandIntake({ outbox, appUrl: config.PUBLIC_APP_URL, senderAddress, recorded: () => sender.kick() })),
    ]);
    sender.start(config.MAIL_POLL_MS);
    webhookSender.start(config.WEBHOOK_POLL_MS);
    digestSweeps.start(config.DIGEST_POLL_MS);
    digestSweeps.kick();
    shutdown.register('intake', 'stop webhook queries, event intake and both senders', async () => {
      await Promise.all([...subscriptions.map((s) => s.drain()), ...consumers.map((c) => c.stop()), sender.stop(), webhookSender.stop(), digestSweeps.stop()]);
      mailer.close();
      poster.close();
    });
  },
};
