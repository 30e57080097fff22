import { AUDIT_EVENTS_STREAM, AuditEvents } from './audit';
import { BILLING_EVENTS_STREAM, BillingEvents } from './billing';
import { DEAD_LETTERS_STREAM, DeadLetterEvents } from './dead-letters';
import type { EventDef, StreamDef } from './messaging';
import { MAIL_COMMANDS_STREAM, PEOPLE_EVENTS_STREAM, PeopleCommands, PeopleEvents } from './people-messages';
import { RUN_COMMANDS_STREAM, RUN_EVENTS_STREAM, RunCommands, RunEvents } from './run-messages';
import { TRACKER_EVENTS_STREAM, TrackerEvents } from './tracker-messages';
import { WORKFLOW_EVENTS_STREAM, WorkflowEvents } from './webhooks';

/**
 * Every JetStream stream and every event or command published to one. The
 * platform provisions streams from these lists, so a new event is one entry
 * here and nowhere else.
 */
export const STREAMS: Record<string, StreamDef> = {
  [TRACKER_EVENTS_STREAM.name]: TRACKER_EVENTS_STREAM,
  [RUN_COMMANDS_STREAM.name]: RUN_COMMANDS_STREAM,
  [RUN_EVENTS_STREAM.name]: RUN_EVENTS_STREAM,
  [BILLING_EVENTS_STREAM.name]: BILLING_EVENTS_STREAM,
  [DEAD_LETTERS_STREAM.name]: DEAD_LETTERS_STREAM,
  [WORKFLOW_EVENTS_STREAM.name]: WORKFLOW_EVENTS_STREAM,
  [MAIL_COMMANDS_STREAM.name]: MAIL_COMMANDS_STREAM,
  [AUDIT_EVENTS_STREAM.name]: AUDIT_EVENTS_STREAM,
  [PEOPLE_EVENTS_STREAM.name]: PEOPLE_EVENTS_STREAM,
};

export const EVENTS: readonly EventDef[] = [
  ...Object.values(TrackerEvents),
  ...Object.values(RunCommands),
  ...Object.values(RunEvents),
  ...Object.values(BillingEvents),
  ...Object.values(DeadLetterEvents),
  ...Object.values(WorkflowEvents),
  ...Object.values(PeopleCommands),
  ...Object.values(AuditEvents),
  ...Object.values(PeopleEvents),
];
