import { z } from 'zod';
import { HTTP_PROTOCOLS, MAX_URL_CHARS, Micro, atLeastOneField, Timestamp, nonBlankText, opaqueCursor, queryInteger, urlHostname, withoutRepeats } from './common';
import { say } from './messages';
import { defineEvent, defineQuery, eventPayload, versioned, type StreamDef } from './messaging';
import { SignificantChange } from './insights';
import { RunSummary } from './run';
import { Tracker } from './tracker';
import { CONTENT_BRIEF_STEPS, ContentBriefEcho, IdempotencyKey, type StepEndpoint } from './workflow';

/** The events a webhook may subscribe to (api-contract §13). */
export const WEBHOOK_EVENT_TYPES = ['run.finished', 'run.significant_change', 'tracker.activated', 'tracker.paused', 'tracker.deleted', 'brief.finished'] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES).meta({ id: 'WebhookEventType' });
export type WebhookEventType = z.infer<typeof WebhookEventType>;

export const WEBHOOK_LIMITS = {
  /** Endpoints per account. */
  perAccount: 10,
  descriptionChars: 200,
  /** A delivery keeps its newest attempts, enough for every retry of its schedule. */
  attemptsKept: 50,
  /** Characters of a receiver's answer (or of the error) kept with an attempt. */
  responseChars: 500,
} as const;

/** An absolute http(s) URL without credentials: a secret in a URL ends up in logs and in this API's answers. */
const WebhookUrl = z
  .string()
  .max(MAX_URL_CHARS)
  .refine((v) => urlHostname(v, HTTP_PROTOCOLS) !== undefined, { error: say((f) => `${f.must} be an absolute https:// URL, such as https://hooks.example.com/brandradar.`), abort: true })
  .refine((v) => {
    const url = new URL(v);
    return url.username === '' && url.password === '';
  }, { error: say((f) => `${f.must} not carry a user name or password; the signature proves who sent each event.`) })
  .meta({
    description:
      'Where events are POSTed. `https://` (plain `http://` only where the operator allows private targets, as the local stack does). Its host must not resolve to a loopback, private, link-local or multicast address, checked now and before every delivery.',
    example: 'https://hooks.example.com/brandradar',
    format: 'uri',
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
  });

const WebhookEvents = withoutRepeats(z.array(WebhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length), 'Each event may be named once.').meta({
  description: 'The events this endpoint receives.',
});

export const CreateWebhookInput = z
  .object({
    url: WebhookUrl,
    events: WebhookEvents,
    description: nonBlankText(WEBHOOK_LIMITS.descriptionChars).optional().meta({ description: 'What the endpoint is for, for people.' }),
  })
  .strict()
  .meta({ id: 'CreateWebhookInput', example: { url: 'https://hooks.example.com/brandradar', events: ['run.finished', 'run.significant_change'], description: 'Slack relay' } });
export type CreateWebhookInput = z.infer<typeof CreateWebhookInput>;

/** A change of some of a webhook's fields; `status: "enabled"` turns an endpoint disabled after failing back on. */
export const UpdateWebhookInput = atLeastOneField(
  z
    .object({
      url: WebhookUrl.optional(),
      events: WebhookEvents.optional(),
      description: nonBlankText(WEBHOOK_LIMITS.descriptionChars).nullable().optional(),
      status: z.enum(['enabled', 'disabled']).optional(),
    })
    .strict(),
  'Send at least one of url, events, description and status.',
).meta({ id: 'UpdateWebhookInput', example: { status: 'enabled' } });
export type UpdateWebhookInput = z.infer<typeof UpdateWebhookInput>;

export const Webhook = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(WebhookEventType),
    description: z.string().nullable(),
    status: z.enum(['enabled', 'disabled']),
    disabledReason: z
      .enum(['failing', 'by_account'])
      .nullable()
      .meta({ description: '`failing`: every delivery failed for 3 days (an e-mail said so); `by_account`: turned off through the API. Null while enabled.' }),
    disabledAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof Webhook>;

export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]+={0,2}$/;
export const WebhookCreated = z
  .object({
    webhook: Webhook,
    secret: z.string().regex(WEBHOOK_SECRET_PATTERN).meta({ description: 'The signing secret, `whsec_` + base64: shown this once, never again. Verify each delivery with it.' }),
  })
  .meta({ id: 'WebhookCreated' });

export const WebhookList = z.object({ webhooks: z.array(Webhook) }).meta({ id: 'WebhookList' });

const WebhookAttempt = z
  .object({
    at: Timestamp,
    outcome: z.enum(['succeeded', 'failed']),
    httpStatus: z.int().nullable().meta({ description: "The receiver's status code; null when no response came (refused, timed out, unreachable)." }),
    durationMs: z.int().min(0),
    error: z.string().nullable().meta({ description: 'Why it failed, in words (with the start of the response body, if any); never the secret.' }),
  })
  .meta({ id: 'WebhookAttempt' });

/** A delivery's id, which is also its `webhook-id` header: `msg_` and 32 letters and digits. */
export const WebhookMessageId = z.string().regex(/^msg_[A-Za-z0-9]{32}$/);

export const WebhookDelivery = z
  .object({
    id: WebhookMessageId.meta({ description: 'The `webhook-id` header of every attempt, retries and redeliveries included: de-duplicate by it.' }),
    webhookId: z.uuid(),
    type: WebhookEventType,
    status: z.enum(['pending', 'succeeded', 'failed']).meta({ description: '`failed`: no attempt succeeded within the retry schedule (at least 24 hours).' }),
    createdAt: Timestamp,
    nextAttemptAt: Timestamp.nullable(),
    attempts: z.array(WebhookAttempt).meta({ description: `Oldest first; the newest ${WEBHOOK_LIMITS.attemptsKept} are kept.` }),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** An opaque position in a webhook's delivery log. */
const DeliveryCursor = opaqueCursor([1, 64]);
export const DeliveryListQuery = z.object({ limit: queryInteger(1, 100).default(20), cursor: DeliveryCursor.optional() }).strict();
export type DeliveryListQuery = z.infer<typeof DeliveryListQuery>;
export const DeliveryList = z.object({ deliveries: z.array(WebhookDelivery), nextCursor: DeliveryCursor.nullable() }).meta({ id: 'WebhookDeliveryList' });

// ---------------------------------------------------------------- what a receiver gets

/** A content brief as `brief.finished` tells of it: what was asked and what came out, not the steps' data. */
export const BriefSummary = z
  .object({
    idempotencyKey: IdempotencyKey.nullable().meta({ description: 'The `Idempotency-Key` the call was made with, if any.' }),
    input: ContentBriefEcho,
    summary: z.string(),
    steps: z.array(z.object({ endpoint: z.enum(CONTENT_BRIEF_STEPS.map((s) => s.endpoint) as [StepEndpoint, ...StepEndpoint[]]), ok: z.boolean() })),
    billedCostMicro: Micro,
    finishedAt: Timestamp,
  })
  .meta({ id: 'BriefSummary' });
export type BriefSummary = z.infer<typeof BriefSummary>;

const TrackerRef = z.object({ id: z.uuid(), name: z.string() });
const body = <T extends WebhookEventType, D extends z.ZodType>(type: T, data: D, id: string, description: string) =>
  z
    .object({
      type: z.literal(type),
      timestamp: Timestamp.meta({ description: 'When the event happened.' }),
      data,
    })
    .meta({ id, description });

/** The JSON body of each event a receiver gets, by `type`. */
export const WEBHOOK_EVENT_BODIES = {
  'run.finished': body('run.finished', z.object({ run: RunSummary, tracker: TrackerRef }), 'RunFinishedWebhook', 'A run reached COMPLETED, PARTIAL or FAILED: its summary, never its answers.'),
  'run.significant_change': body(
    'run.significant_change',
    z.object({ run: RunSummary, tracker: TrackerRef, changes: z.array(SignificantChange).min(1) }),
    'RunSignificantChangeWebhook',
    'A finished run of a tracker with `alerts.significantChange` flagged a significant change; once per run.',
  ),
  'tracker.activated': body('tracker.activated', z.object({ tracker: Tracker }), 'TrackerActivatedWebhook', 'A tracker was activated.'),
  'tracker.paused': body('tracker.paused', z.object({ tracker: Tracker }), 'TrackerPausedWebhook', 'A tracker was paused, by its account or automatically (`tracker.pauseReason` says why).'),
  'tracker.deleted': body('tracker.deleted', z.object({ tracker: Tracker }), 'TrackerDeletedWebhook', 'A tracker was deleted; `tracker` is as it was.'),
  'brief.finished': body('brief.finished', z.object({ brief: BriefSummary }), 'BriefFinishedWebhook', 'A content brief finished (replays of an idempotent call send nothing).'),
} satisfies { [T in WebhookEventType]: z.ZodType };

// ---------------------------------------------------------------- messages

const scoped = <S extends z.ZodRawShape>(shape: S) => versioned({ accountId: z.uuid(), ...shape });
const one = z.object({ webhook: Webhook });

/** Queries answered by the notifier, which owns webhooks and their deliveries; each is scoped to the calling account. */
export const WebhookQueries = {
  create: defineQuery('webhooks.create.v1', scoped({ input: CreateWebhookInput }), WebhookCreated),
  list: defineQuery('webhooks.list.v1', scoped({}), WebhookList),
  get: defineQuery('webhooks.get.v1', scoped({ webhookId: z.uuid() }), one),
  update: defineQuery('webhooks.update.v1', scoped({ webhookId: z.uuid(), input: UpdateWebhookInput }), one),
  delete: defineQuery('webhooks.delete.v1', scoped({ webhookId: z.uuid() }), z.object({ deleted: z.literal(true) })),
  deliveries: defineQuery('webhooks.deliveries.v1', scoped({ webhookId: z.uuid(), query: DeliveryListQuery }), DeliveryList),
  redeliver: defineQuery('webhooks.redeliver.v1', scoped({ webhookId: z.uuid(), deliveryId: WebhookMessageId }), z.object({ delivery: WebhookDelivery })),
};

export const WORKFLOW_EVENTS_STREAM: StreamDef = {
  name: 'WORKFLOW_EVENTS',
  retention: 'limits',
  description: 'Content briefs finished, for the notifier’s webhooks.',
};

export const WorkflowEvents = {
  /** A content brief ran to its end (not a replay); published from the workflow's outbox. */
  briefFinished: defineEvent('workflow.brief-finished.v1', WORKFLOW_EVENTS_STREAM, eventPayload({ accountId: z.uuid(), brief: BriefSummary })),
};
