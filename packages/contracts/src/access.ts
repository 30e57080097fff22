import { AUDIT_EVENTS_STREAM, AuditEvents, AuditQueries } from './audit';
import { BILLING_EVENTS_STREAM, BillingEvents, BillingNotices, BillingQueries } from './billing';
import { STREAMS } from './catalog';
import { DeadLetterEvents } from './dead-letters';
import { DigestDataQueries, DigestQueries } from './digest';
import { MAIL_COMMANDS_STREAM, PEOPLE_EVENTS_STREAM, PeopleCommands, PeopleEvents, PeopleQueries } from './people-messages';
import type { EventDef, NoticeDef, QueryDef, StreamDef } from './messaging';
import { SessionQueries } from './sessions';
import { RUN_COMMANDS_STREAM, RUN_EVENTS_STREAM, RunCommands, RunEvents, RunNotices, RunQueries } from './run-messages';
import { TRACKER_EVENTS_STREAM, TrackerEvents, TrackerNotices, TrackerQueries } from './tracker-messages';
import { WORKFLOW_EVENTS_STREAM, WebhookQueries, WorkflowEvents } from './webhooks';
import { WorkflowQueries } from './workflow';

/** A durable JetStream consumer a service reads (its events are the service's own business). */
interface ConsumerAccess {
  stream: StreamDef;
  durable: string;
}

/** What one service does on the message bus; its NATS user may do exactly this. */
export interface ServiceAccess {
  /** Queries it answers (in a queue group). */
  serves: readonly QueryDef[];
  /** Queries it asks. */
  calls: readonly QueryDef[];
  /** Events and commands it publishes to JetStream. */
  publishes: readonly EventDef[];
  /** Durable consumers it reads. */
  consumes: readonly ConsumerAccess[];
  /**
   * Streams each replica reads for itself from now on (an ordered consumer of a generated name,
   * e.g. to invalidate its caches), never through another service's durable.
   */
  watches?: readonly StreamDef[];
  /** Core NATS notices between its own replicas: each replica publishes them and receives all of them. */
  notices?: readonly NoticeDef[];
}

const all = <T>(defs: Record<string, T>): T[] => Object.values(defs);

/**
 * Billing queries only an operator may ask, through the gateway's admin API:
 * keys, credits, rates, account creation and closing, holds listings.
 */
export const ADMIN_QUERIES: readonly QueryDef[] = [
  BillingQueries.createAccount,
  BillingQueries.createApiKey,
  BillingQueries.listApiKeys,
  BillingQueries.revokeApiKey,
  BillingQueries.credit,
  BillingQueries.closeAccount,
  BillingQueries.publishRates,
  BillingQueries.listOpenHolds,
];

/**
 * The one description of who may do what on NATS. Each service connects as
 * the NATS user of its name; the server's permissions (local stack, tests and
 * the chart) are derived from this by `natsAuthorization`.
 */
export const SERVICE_ACCESS = {
  gateway: {
    serves: [],
    calls: [
      ...ADMIN_QUERIES,
      BillingQueries.getAccount,
      BillingQueries.getRates,
      BillingQueries.verifyApiKey,
      TrackerQueries.create,
      TrackerQueries.get,
      TrackerQueries.list,
      TrackerQueries.update,
      TrackerQueries.activate,
      TrackerQueries.pause,
      TrackerQueries.delete,
      RunQueries.requestManual,
      RunQueries.listIds,
      RunQueries.answers,
      RunQueries.requestReanalysis,
      RunQueries.getReanalysis,
      RunQueries.requestSweep,
      RunQueries.getSweep,
      RunQueries.insights,
      RunQueries.headlines,
      WorkflowQueries.runContentBrief,
      ...all(WebhookQueries),
      ...all(DigestQueries),
      ...all(PeopleQueries),
      ...all(SessionQueries),
      AuditQueries.list,
    ],
    // Every call that changes something in an account, for billing's audit trail.
    publishes: [AuditEvents.recorded],
    consumes: [],
    // Key revocations, ended sessions, account closings and rate cards, for each replica's caches.
    watches: [BILLING_EVENTS_STREAM, PEOPLE_EVENTS_STREAM],
  },
  billing: {
    serves: [...all(BillingQueries), ...all(PeopleQueries), ...all(SessionQueries), ...all(AuditQueries)],
    calls: [],
    publishes: [...all(BillingEvents), ...all(PeopleEvents), ...all(PeopleCommands)],
    consumes: [{ stream: AUDIT_EVENTS_STREAM, durable: 'billing-audit' }],
    // A change on one replica drops the account from the others' caches.
    notices: all(BillingNotices),
  },
  tracker: {
    // The weekly digest's data too: the account's trackers with their headlines and discovered names.
    serves: [...all(TrackerQueries), ...all(DigestDataQueries)],
    calls: [BillingQueries.getAccount, BillingQueries.getRates, RunQueries.activeCount, RunQueries.headlines, RunQueries.insights, RunQueries.listIds, RunQueries.answers],
    publishes: all(TrackerEvents),
    consumes: [
      { stream: BILLING_EVENTS_STREAM, durable: 'tracker-billing' },
      { stream: RUN_EVENTS_STREAM, durable: 'tracker-runs-queued' },
    ],
    // A write on one replica drops the account's cached list pages on the others.
    notices: all(TrackerNotices),
  },
  scheduler: {
    serves: [],
    calls: [BillingQueries.getAccount, BillingQueries.getRates, RunQueries.createScheduled, TrackerQueries.advanceSchedules, TrackerQueries.autoPause],
    publishes: [],
    consumes: [{ stream: TRACKER_EVENTS_STREAM, durable: 'scheduler-trackers' }],
  },
  runner: {
    serves: all(RunQueries),
    calls: [
      BillingQueries.getAccount,
      BillingQueries.getRates,
      BillingQueries.hold,
      BillingQueries.capture,
      TrackerQueries.get,
      TrackerQueries.checkRun,
      TrackerQueries.startRun,
      TrackerQueries.autoPause,
    ],
    publishes: [...all(RunCommands), ...all(RunEvents)],
    consumes: [
      { stream: RUN_COMMANDS_STREAM, durable: 'runner' },
      { stream: RUN_COMMANDS_STREAM, durable: 'runner-reanalysis' },
      { stream: RUN_COMMANDS_STREAM, durable: 'runner-reanalysis-sweep' },
      { stream: TRACKER_EVENTS_STREAM, durable: 'runner-tracker-deleted' },
    ],
    // Deltas replaced and trackers deleted, for each replica's cache of finished runs.
    notices: all(RunNotices),
  },
  workflow: {
    serves: all(WorkflowQueries),
    calls: [BillingQueries.getRates, BillingQueries.hold, BillingQueries.capture],
    publishes: all(WorkflowEvents),
    consumes: [],
  },
  notifier: {
    // E-mail, the weekly digest's settings, and webhooks: their endpoints, and the deliveries of events to them.
    serves: [...all(WebhookQueries), ...all(DigestQueries)],
    calls: [BillingQueries.getAccount, ...all(DigestDataQueries)],
    publishes: [],
    consumes: [
      { stream: TRACKER_EVENTS_STREAM, durable: 'notifier-tracker-events' },
      { stream: RUN_EVENTS_STREAM, durable: 'notifier-runs-finished' },
      { stream: RUN_EVENTS_STREAM, durable: 'notifier-significant-changes' },
      { stream: TRACKER_EVENTS_STREAM, durable: 'notifier-webhooks-trackers' },
      { stream: RUN_EVENTS_STREAM, durable: 'notifier-webhooks-runs' },
      { stream: WORKFLOW_EVENTS_STREAM, durable: 'notifier-webhooks-briefs' },
      { stream: MAIL_COMMANDS_STREAM, durable: 'notifier-invitations' },
    ],
  },
} satisfies Record<string, ServiceAccess>;

export type ServiceName = keyof typeof SERVICE_ACCESS;

/** The user the deploy job and the local stack create streams and consumers with. */
export const PROVISION_USER = 'provision';

/** The inbox prefix of a NATS user: replies to it go where only it may subscribe. */
export function inboxPrefix(user: string): string {
  return `_INBOX_${user}`;
}

/**
 * The subject JetStream announces a message on once a durable consumer's deliveries of it ran out:
 * the consumer subscribes to it, and its user's permissions allow exactly that.
 */
export function maxDeliveriesAdvisorySubject(stream: string, durable: string): string {
  return `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.${durable}`;
}

/** A user's permissions as nats-server reads them in `authorization { users: [...] }`. */
export interface NatsPermissions {
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[] };
  allow_responses?: boolean;
}

export interface NatsUser {
  user: string;
  /** A password, or a `$VARIABLE` the server reads from its environment. */
  password: string;
  permissions: NatsPermissions;
}

const JS_API = '$JS.API';

/** The subjects a service's own NATS user may publish to and subscribe on. */
export function servicePermissions(user: string, access: ServiceAccess): NatsPermissions {
  const publish = new Set<string>([
    ...access.calls.map((q) => q.subject),
    ...access.publishes.map((e) => e.subject),
    ...(access.notices ?? []).map((n) => n.subject),
    // Connecting to JetStream, and checking at start that every stream is provisioned as the catalog says.
    `${JS_API}.INFO`,
    ...Object.keys(STREAMS).map((s) => `${JS_API}.STREAM.INFO.${s}`),
  ]);
  const subscribe = new Set<string>([...access.serves.map((q) => q.subject), ...(access.notices ?? []).map((n) => n.subject), `${inboxPrefix(user)}.>`]);
  for (const { stream, durable } of access.consumes) {
    // Creating (CREATE) or updating (DURABLE.CREATE, nats.js's update) its own durables, and reading them.
    for (const op of ['CREATE', 'DURABLE.CREATE', 'INFO', 'MSG.NEXT']) publish.add(`${JS_API}.CONSUMER.${op}.${stream.name}.${durable}`);
    publish.add(`$JS.ACK.${stream.name}.${durable}.>`);
    // The dead-letter path: the advisory of a message whose deliveries ran out, the stored message, and the dead letter.
    subscribe.add(maxDeliveriesAdvisorySubject(stream.name, durable));
    publish.add(`${JS_API}.STREAM.MSG.GET.${stream.name}`);
    if (stream.retention === 'workqueue') publish.add(`${JS_API}.STREAM.MSG.DELETE.${stream.name}`);
    publish.add(DeadLetterEvents.deadLettered.subject);
  }
  const deny = new Set<string>();
  for (const stream of access.watches ?? []) {
    // Ordered consumers get generated names, so any name on the stream is allowed, except the
    // durables of the services that read it: those a watcher may neither create, change, read nor delete.
    publish.add(`${JS_API}.CONSUMER.CREATE.${stream.name}.>`);
    for (const op of ['MSG.NEXT', 'INFO', 'DELETE']) publish.add(`${JS_API}.CONSUMER.${op}.${stream.name}.*`);
    for (const durable of durablesOf(stream)) {
      for (const op of ['CREATE', 'DURABLE.CREATE', 'MSG.NEXT', 'INFO', 'DELETE']) deny.add(`${JS_API}.CONSUMER.${op}.${stream.name}.${durable}`);
      deny.add(`${JS_API}.CONSUMER.CREATE.${stream.name}.${durable}.>`);
    }
  }
  return {
    publish: { allow: [...publish].sort(), ...(deny.size > 0 ? { deny: [...deny].sort() } : {}) },
    subscribe: { allow: [...subscribe].sort() },
    ...(access.serves.length > 0 ? { allow_responses: true } : {}),
  };
}

/** The durable consumers any service reads from `stream`. */
function durablesOf(stream: StreamDef): string[] {
  return Object.values(SERVICE_ACCESS as Record<string, ServiceAccess>).flatMap((a) => a.consumes.filter((c) => c.stream.name === stream.name).map((c) => c.durable));
}

/** Stream and consumer administration, for provisioning only. */
function provisionPermissions(): NatsPermissions {
  return { publish: { allow: [`${JS_API}.>`] }, subscribe: { allow: [`${inboxPrefix(PROVISION_USER)}.>`] } };
}

/**
 * The `authorization.users` of nats-server: one user per service of
 * SERVICE_ACCESS plus the provisioning user, each with the password
 * `passwordOf(user)` gives (a secret, or a `$VARIABLE` reference).
 */
export function natsAuthorization(passwordOf: (user: string) => string): NatsUser[] {
  const services = Object.entries(SERVICE_ACCESS).map(([user, access]) => ({ user, password: passwordOf(user), permissions: servicePermissions(user, access) }));
  return [...services, { user: PROVISION_USER, password: passwordOf(PROVISION_USER), permissions: provisionPermissions() }];
}

/** Every NATS user of the description: the services and the provisioning user. */
export const NATS_USERS: readonly string[] = [...Object.keys(SERVICE_ACCESS), PROVISION_USER];
