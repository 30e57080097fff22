import type { Webhook, WebhookDelivery } from './client';
import { BrandradarApiError } from './errors';
import { clientAnswering } from '../../../test/support/client-answering';

// The webhook methods against a fetch that answers as the gateway does; the live API is in test/integration.
const HOOK = '5d2e8f10-0000-4000-8000-000000000001';
const DELIVERY = `msg_${'a1'.repeat(16)}`;

const webhook = (over: Partial<Webhook> = {}): Webhook => ({
  id: HOOK,
  url: 'https://hooks.example.com/brandradar?team=$x',
  events: ['run.finished', 'tracker.paused'],
  description: '__proto__ 📣',
  status: 'enabled',
  disabledReason: null,
  disabledAt: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
  ...over,
});

const delivery: WebhookDelivery = {
  id: DELIVERY,
  webhookId: HOOK,
  type: 'run.finished',
  status: 'pending',
  createdAt: '2026-11-28T09:01:00.000Z',
  nextAttemptAt: '2026-11-28T09:01:00.000Z',
  attempts: [],
};

describe('webhook methods', () => {
  it('creates an endpoint once, answering its secret, and does not repeat the create on 503', async () => {
    const input = { url: 'https://hooks.example.com/brandradar?team=$x', events: ['run.finished' as const] };
    const { api, sent } = clientAnswering({ status: 201, body: { webhook: webhook(), secret: 'whsec_c2VjcmV0' } });
    expect(await api.createWebhook(input)).toEqual({ webhook: webhook(), secret: 'whsec_c2VjcmV0' });
    expect(sent).toEqual([{ method: 'POST', url: 'http://gateway.test/api/v1/webhooks', body: input }]);

    const busy = clientAnswering({ status: 503, body: { error: { code: 'service_unavailable', message: 'Try again.' } } });
    await expect(busy.api.createWebhook(input)).rejects.toBeInstanceOf(BrandradarApiError);
    expect(busy.sent).toHaveLength(1);
  });

  it('lists, reads and changes endpoints by id', async () => {
    const disabled = webhook({ status: 'disabled', disabledReason: 'by_account', disabledAt: '2026-11-28T10:00:00.000Z' });
    const { api, sent } = clientAnswering({ status: 200, body: { webhooks: [webhook()] } }, { status: 200, body: { webhook: webhook() } }, { status: 200, body: { webhook: disabled } });
    expect(await api.webhooks()).toEqual([webhook()]);
    expect(await api.webhook(HOOK)).toEqual(webhook());
    expect(await api.updateWebhook(HOOK, { status: 'disabled' })).toEqual(disabled);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET http://gateway.test/api/v1/webhooks',
      `GET http://gateway.test/api/v1/webhooks/${HOOK}`,
      `PATCH http://gateway.test/api/v1/webhooks/${HOOK}`,
    ]);
    expect(sent[2]!.body).toEqual({ status: 'disabled' });
  });

  it('pages the delivery log with limit and cursor, and redelivers one', async () => {
    const { api, sent } = clientAnswering({ status: 200, body: { deliveries: [delivery], nextCursor: 'next-1' } }, { status: 202, body: { delivery } });
    expect(await api.webhookDeliveries(HOOK, { limit: 5, cursor: 'abc_1' })).toEqual({ deliveries: [delivery], nextCursor: 'next-1' });
    expect(await api.redeliverWebhookDelivery(HOOK, DELIVERY)).toEqual(delivery);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      `GET http://gateway.test/api/v1/webhooks/${HOOK}/deliveries?limit=5&cursor=abc_1`,
      `POST http://gateway.test/api/v1/webhooks/${HOOK}/deliveries/${DELIVERY}/redeliver`,
    ]);
  });
});
