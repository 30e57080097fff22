/** Webhook endpoints and their delivery logs. */
import type { Webhook, WebhookCreated, WebhookDelivery } from '@brandradar/client';
import { clip, fields, oneLine, table } from './text';

/** Enabled, or why not: `disabled: every delivery failed for 3 days`. */
export function webhookStatus(w: Pick<Webhook, 'status' | 'disabledReason'>): string {
  if (w.status === 'enabled') return 'enabled';
  return w.disabledReason === 'failing' ? 'disabled: every delivery failed for 3 days' : 'disabled by the account';
}

/** The account's endpoints, one a line; a URL or description is the account's text, kept to one line. */
export function webhookTable(webhooks: Webhook[]): string {
  if (webhooks.length === 0) return 'No webhooks.\n';
  return table(
    ['ID', 'URL', 'EVENTS', 'STATUS', 'CREATED'],
    webhooks.map((w) => [w.id, oneLine(w.url), w.events.join(','), webhookStatus(w), w.createdAt]),
  );
}

export function webhookDetails(w: Webhook): string {
  return fields([
    ['id', w.id],
    ['url', oneLine(w.url)],
    ['events', w.events.join(', ')],
    ['description', w.description === null ? '–' : oneLine(w.description)],
    ['status', webhookStatus(w)],
    ...(w.disabledAt ? [['disabled at', w.disabledAt] as [string, string]] : []),
    ['created', w.createdAt],
    ['updated', w.updatedAt],
  ]);
}

/** A new endpoint with its secret, which the API shows this once. */
export function webhookCreatedText({ webhook, secret }: WebhookCreated): string {
  return `${webhookDetails(webhook)}secret:      ${secret}\n\nThe secret will not be shown again: keep it where your receiver verifies signatures.\n`;
}

/** How a delivery's newest attempt went: `HTTP 500`, the error when no response came, `–` before the first. */
function lastAttempt(d: WebhookDelivery): string {
  const last = d.attempts.at(-1);
  if (!last) return '–';
  if (last.httpStatus !== null) return `HTTP ${last.httpStatus}`;
  return last.error === null ? last.outcome : clip(oneLine(last.error), 60);
}

/** A page of an endpoint's delivery log as the API gives it, newest first. */
export function deliveryTable(deliveries: WebhookDelivery[]): string {
  if (deliveries.length === 0) return 'No deliveries yet.\n';
  return table(
    ['ID', 'TYPE', 'STATUS', 'ATTEMPTS', 'LAST', 'NEXT'],
    deliveries.map((d) => [d.id, d.type, d.status, String(d.attempts.length), lastAttempt(d), d.nextAttemptAt ?? '–']),
  );
}
