import { WEBHOOK_SECRET_PATTERN } from '@brandradar/contracts';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { newWebhookSecret, signedHeaders } from './signing';

const messageId = 'msg_0123456789abcdefABCDEF0123456789';
const body = JSON.stringify({ type: 'run.finished', timestamp: '2026-11-28T14:00:00.000Z', data: { tracker: { name: 'monday.com $x __proto__ 🚀' } } });

describe('webhook secrets', () => {
  it('are whsec_ and the base64 of 32 random bytes, a new one each time', () => {
    const secrets = Array.from({ length: 20 }, newWebhookSecret);
    for (const secret of secrets) {
      expect(secret).toMatch(WEBHOOK_SECRET_PATTERN);
      expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    }
    expect(new Set(secrets).size).toBe(secrets.length);
  });
});

describe('signed headers', () => {
  it('verify with the Standard Webhooks library and the secret, and carry the id, timestamp, type and agent', () => {
    const secret = newWebhookSecret();
    const at = new Date();
    const headers = signedHeaders(secret, messageId, at, body);
    expect(headers).toEqual({
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
      'content-type': 'application/json',
      'user-agent': expect.stringMatching(/^Brandradar-Webhooks\//),
    });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fail verification for a tampered body, another id, another timestamp or another secret', () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders(secret, messageId, new Date(), body);
    const receiver = new Webhook(secret);
    expect(() => receiver.verify(body.replace('run.finished', 'run.fiNished'), headers)).toThrow(WebhookVerificationError);
    expect(() => receiver.verify(body, { ...headers, 'webhook-id': 'msg_0123456789abcdefABCDEF012345678X' })).toThrow(WebhookVerificationError);
    expect(() => receiver.verify(body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) })).toThrow(WebhookVerificationError);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
  });

  it('sign the same message the same way on every retry of it', () => {
    const secret = newWebhookSecret();
    const at = new Date('2026-11-28T14:00:00.750Z');
    expect(signedHeaders(secret, messageId, at, body)).toEqual(signedHeaders(secret, messageId, new Date('2026-11-28T14:00:00.100Z'), body));
    expect(signedHeaders(secret, messageId, at, body)['webhook-timestamp']).toBe('1795874400');
  });
});
