import { ConfigError, loadConfig } from '@brandradar/platform';
import { notifierConfigSchema } from './config';

const env = { NATS_URL: 'nats://localhost:4222', NATS_USER: 'svc', NATS_PASSWORD: 'secret', MONGO_URL: 'mongodb://localhost:27017', SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Brandradar <reports@brandradar.example>' };

describe('notifier config', () => {
  it('takes the relay and sender, with retry settings defaulted', () => {
    expect(loadConfig('notifier', notifierConfigSchema, env)).toMatchObject({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_RETRY_BASE_MS: 10_000,
      MAIL_RETRY_MAX_MS: 1_800_000,
      MAIL_MAX_ATTEMPTS: 12,
      MAIL_SEND_TIMEOUT_MS: 60_000,
      MAIL_SENDING_LEASE_MS: 300_000,
    });
    expect(loadConfig('notifier', notifierConfigSchema, { ...env, SMTP_URL: 'smtps://user:pw@smtp.example.com:465', MAIL_FROM: 'reports@brandradar.example' }).SMTP_URL).toBe('smtps://user:pw@smtp.example.com:465');
  });

  it('names every missing or malformed mail setting', () => {
    const attempt = () => loadConfig('notifier', notifierConfigSchema, { ...env, SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'reports' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/SMTP_URL[\s\S]*MAIL_FROM/);
    expect(() => loadConfig('notifier', notifierConfigSchema, { NATS_URL: env.NATS_URL, MONGO_URL: env.MONGO_URL })).toThrow(/SMTP_URL[\s\S]*MAIL_FROM/);
  });

  it('refuses settings that do not go together', () => {
    expect(() => loadConfig('notifier', notifierConfigSchema, { ...env, MAIL_RETRY_BASE_MS: '5000', MAIL_RETRY_MAX_MS: '1000' })).toThrow(/MAIL_RETRY_MAX_MS: must not be below MAIL_RETRY_BASE_MS/);
    expect(() => loadConfig('notifier', notifierConfigSchema, { ...env, MAIL_SEND_TIMEOUT_MS: '60000', MAIL_SENDING_LEASE_MS: '30000' })).toThrow(/MAIL_SENDING_LEASE_MS: must be longer than MAIL_SEND_TIMEOUT_MS/);
  });

  it('takes webhook settings, with the Standard Webhooks schedule and private targets refused by default', () => {
    const defaults = loadConfig('notifier', notifierConfigSchema, env);
    expect(defaults).toMatchObject({ WEBHOOK_ALLOW_PRIVATE_TARGETS: false, WEBHOOK_TIMEOUT_MS: 10_000, WEBHOOK_CONCURRENCY: 16, WEBHOOK_ENDPOINT_CONCURRENCY: 2, WEBHOOK_DISABLE_AFTER_MS: 259_200_000 });
    expect(defaults.WEBHOOK_RETRY_SCHEDULE_MS).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    const set = loadConfig('notifier', notifierConfigSchema, { ...env, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_SCHEDULE_MS: '100,200' });
    expect(set.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(true);
    expect(set.WEBHOOK_RETRY_SCHEDULE_MS).toEqual([100, 200]);
    expect(() => loadConfig('notifier', notifierConfigSchema, { ...env, WEBHOOK_RETRY_SCHEDULE_MS: '5s,1m' })).toThrow(/WEBHOOK_RETRY_SCHEDULE_MS/);
    expect(() => loadConfig('notifier', notifierConfigSchema, { ...env, WEBHOOK_RETRY_SCHEDULE_MS: '' })).toThrow(/WEBHOOK_RETRY_SCHEDULE_MS/);
  });
});
