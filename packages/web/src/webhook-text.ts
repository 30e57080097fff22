/** What the Webhooks page says of events, endpoints, deliveries and attempts: plain functions, no DOM. */
import type { Webhook, WebhookDelivery, WebhookEventType } from '@brandradar/contracts';

/** The events an endpoint may receive, in the API's order, each said in words. */
export const WEBHOOK_EVENTS: ReadonlyArray<[WebhookEventType, string]> = [
  ['run.finished', 'A run finished (completed, partial or failed), with its summary'],
  ['run.significant_change', 'A run shows a significant change (trackers with the alert on)'],
  ['tracker.activated', 'A tracker was activated'],
  ['tracker.paused', 'A tracker was paused, by you or automatically'],
  ['tracker.deleted', 'A tracker was deleted'],
  ['brief.finished', 'A content brief finished'],
];

/** Whether an endpoint receives events, and if not why, in words (the colour only repeats it). */
export function webhookStatusText(w: Pick<Webhook, 'status' | 'disabledReason'>): string {
  if (w.status === 'enabled') return 'Enabled';
  return w.disabledReason === 'failing' ? 'Disabled: every delivery failed for 3 days' : 'Disabled by you';
}

const DELIVERY_STATUS: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  succeeded: 'Delivered',
  failed: 'Failed: no attempt succeeded within 24 hours',
};
export const deliveryStatusText = (d: Pick<WebhookDelivery, 'status'>): string => DELIVERY_STATUS[d.status];

/** `120 ms`, `2.4 s`. */
export const durationText = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** An attempt's answer: the receiver's status code, or that none came. */
export const httpStatusText = (status: number | null): string => (status === null ? 'No response' : String(status));
