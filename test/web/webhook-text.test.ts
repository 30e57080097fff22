import { WEBHOOK_EVENT_TYPES } from '@brandradar/contracts';
import { deliveryStatusText, durationText, httpStatusText, WEBHOOK_EVENTS, webhookStatusText } from '../../packages/web/src/webhook-text';

// What the Webhooks page says of endpoints, deliveries and attempts (packages/web/src/webhook-text.ts), in node.
it('offers every event of the contract, in its order, each in words', () => {
  expect(WEBHOOK_EVENTS.map(([event]) => event)).toEqual([...WEBHOOK_EVENT_TYPES]);
  for (const [, words] of WEBHOOK_EVENTS) expect(words).toMatch(/^[A-Z].*[^.]$/);
});

it('says whether an endpoint receives events, and why not, in words', () => {
  expect(webhookStatusText({ status: 'enabled', disabledReason: null })).toBe('Enabled');
  expect(webhookStatusText({ status: 'disabled', disabledReason: 'by_account' })).toBe('Disabled by you');
  expect(webhookStatusText({ status: 'disabled', disabledReason: 'failing' })).toBe('Disabled: every delivery failed for 3 days');
});

it('says how a delivery and each attempt went', () => {
  expect(['pending', 'succeeded', 'failed'].map((status) => deliveryStatusText({ status: status as 'pending' }))).toEqual(['Pending', 'Delivered', 'Failed: no attempt succeeded within 24 hours']);
  expect([httpStatusText(503), httpStatusText(null)]).toEqual(['503', 'No response']);
  expect([durationText(0), durationText(999), durationText(1000), durationText(10_049)]).toEqual(['0 ms', '999 ms', '1.0 s', '10.0 s']);
});
