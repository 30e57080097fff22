import type { EventHandler, Logger } from '@brandradar/platform';
import { deliveryIdFor, webhookMessage, type WebhookSourceEvent } from './domain';
import type { WebhookDeliveries } from './deliveries';
import type { WebhookEndpoints } from './endpoints';

export interface WebhookIntakeDeps {
  endpoints: WebhookEndpoints;
  deliveries: WebhookDeliveries;
  /** Called after deliveries were recorded, so they go out without waiting for the next poll. */
  recorded(): void;
  logger: Logger;
  now?: () => Date;
}

/**
 * Turns an event into one delivery for each enabled endpoint of its account subscribed to its
 * type. The event is acked only once they are stored; a redelivered event finds them stored
 * already (the id comes from the event and the endpoint) and adds nothing. Sending is the
 * sender's job, so a slow receiver never holds up acks.
 */
export function createWebhookIntake(d: WebhookIntakeDeps): EventHandler<WebhookSourceEvent> {
  const now = d.now ?? (() => new Date());
  return async ({ subject, payload }) => {
    const message = webhookMessage(subject, payload);
    if (!message) return; // the consumers filter to these subjects; nothing else arrives
    const endpoints = await d.endpoints.subscribers(payload.accountId, message.type);
    let added = 0;
    for (const endpoint of endpoints) {
      const recorded = await d.deliveries.enqueue(
        { _id: deliveryIdFor(payload.eventId, endpoint._id), webhookId: endpoint._id, accountId: payload.accountId, eventId: payload.eventId, type: message.type, body: message.body },
        now(),
      );
      if (recorded) added++;
    }
    if (added > 0) {
      d.logger.debug({ eventId: payload.eventId, type: message.type, deliveries: added }, 'webhook deliveries recorded');
      d.recorded();
    }
  };
}
