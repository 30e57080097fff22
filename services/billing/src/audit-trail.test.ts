import { ConfigError, loadConfig } from '@brandradar/platform';
import { billingConfigSchema } from './config';
import { retentionCutoff, trailCursor } from './domain/audit';

const env = { NATS_URL: 'nats://localhost:4222', NATS_USER: 'billing', NATS_PASSWORD: 'secret', MONGO_URL: 'mongodb://localhost:27017' };

describe('the audit trail’s retention setting', () => {
  it('keeps entries 400 days by default, longer if asked, and refuses less (api-contract §15)', () => {
    expect(loadConfig('billing', billingConfigSchema, env)).toMatchObject({ AUDIT_RETENTION_DAYS: 400 });
    expect(loadConfig('billing', billingConfigSchema, { ...env, AUDIT_RETENTION_DAYS: '730' })).toMatchObject({ AUDIT_RETENTION_DAYS: 730 });
    const attempt = () => loadConfig('billing', billingConfigSchema, { ...env, AUDIT_RETENTION_DAYS: '399' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('deletes what is older than the retention counted back from now', () => {
    expect(retentionCutoff(new Date('2027-02-05T00:00:00.000Z'), 400).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('the trail’s cursor', () => {
  it('names a position by time and id, and refuses what billing did not issue', () => {
    const position = { time: new Date('2026-11-22T09:00:00.123Z'), id: '0b9e00a1-5c3a-4f1e-9d2b-7a6c000000a1' };
    const cursor = trailCursor.encode(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]{1,80}$/);
    expect(trailCursor.decode(cursor)).toEqual(position);
    for (const bad of ['', 'abc', Buffer.from('zz.notanid').toString('base64url'), Buffer.from('__proto__').toString('base64url')]) expect(trailCursor.decode(bad)).toBeNull();
  });
});
