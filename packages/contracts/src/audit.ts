import { z } from 'zod';
import { opaqueCursor, queryInteger, Timestamp } from './common';
import { defineEvent, defineQuery, eventPayload, versioned, type StreamDef } from './messaging';
import { Actor } from './people';

/** Audit entries are kept at least this long (api-contract §15); a shorter setting is refused at start. */
export const AUDIT_MIN_RETENTION_DAYS = 400;

const AuditTarget = z
  .record(z.string().regex(/^[A-Za-z]{1,32}$/), z.string().max(200))
  .meta({
    id: 'AuditTarget',
    description:
      "What the call acted on: the ids in its path by the route's parameter name (`id`, `runId`, `keyId`, `deliveryId`…), and `created`, the path of a resource the call made (its `Location`). Empty for a call on the account's collection that made nothing.",
  });

/** What the gateway tells about one call that changed (or tried to change) something in an account. */
const auditFields = {
  requestId: z.string().max(128).meta({ description: "The call's `X-Request-Id`: find it in the gateway's logs." }),
  actor: Actor,
  action: z
    .string()
    .max(64)
    .meta({ description: "The operation's id in the API reference (`createTracker`, `revokeApiKey`, `startSession`…); the admin API's begin with `admin`.", example: 'createTracker' }),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).meta({ description: 'GET only for a sign-in through the OpenID Provider (its callback).' }),
  target: AuditTarget,
  status: z.int().min(100).max(599).meta({ description: 'The HTTP status answered: refusals (403, 409…) are recorded too.' }),
  errorCode: z.string().max(64).nullable().meta({ description: 'The error code answered, when the call failed.' }),
};

export const AuditEntry = z
  .object({
    id: z.uuid(),
    time: Timestamp.meta({ description: 'When the gateway finished answering the call.' }),
    ...auditFields,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

/** An opaque position in an account's audit trail. */
const AuditCursor = opaqueCursor([1, 80]);
export const AuditListQuery = z.object({ limit: queryInteger(1, 100).default(20), cursor: AuditCursor.optional() }).strict();
export type AuditListQuery = z.infer<typeof AuditListQuery>;
export const AuditList = z.object({ entries: z.array(AuditEntry).meta({ description: 'Newest first.' }), nextCursor: AuditCursor.nullable() }).meta({ id: 'AuditList' });

export const AUDIT_EVENTS_STREAM: StreamDef = {
  name: 'AUDIT_EVENTS',
  retention: 'workqueue',
  description: 'Every call that changed (or tried to change) something in an account, as a gateway answered it, for billing to keep in the audit trail; each is taken once and deleted.',
};

export const AuditEvents = {
  /** One call, published by the gateway once it answered; its `eventId` is the entry's id, `occurredAt` its time. */
  recorded: defineEvent('audit.recorded.v1', AUDIT_EVENTS_STREAM, eventPayload({ accountId: z.uuid(), ...auditFields })),
};
export type AuditRecorded = z.infer<typeof AuditEvents.recorded.payload>;

/** Billing keeps the trail, so billing answers for it; an account sees only its own. */
export const AuditQueries = {
  list: defineQuery('billing.audit.list.v1', versioned({ accountId: z.uuid(), query: AuditListQuery }), AuditList),
};
