import { z } from 'zod';
import { baseConfigSchema, ConfigError, envBoolean, loadConfig, mongoConfigSchema } from './config';

const nats = { NATS_USER: 'svc', NATS_PASSWORD: 'secret' };
const schema = baseConfigSchema.extend(mongoConfigSchema.shape).extend({ FLAG: envBoolean.default(false) });

describe('loadConfig', () => {
  it('applies defaults and coerces numbers', () => {
    const c = loadConfig('svc', schema, { ...nats, NATS_URL: 'nats://x:1', MONGO_URL: 'mongodb://x:2/' });
    expect(c).toMatchObject({ OPS_PORT: 9464, LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: 10_000, NATS_STREAM_REPLICAS: 1, MONGO_OPERATION_TIMEOUT_MS: 30_000, FLAG: false });
    expect(loadConfig('svc', schema, { ...nats, NATS_URL: 'n', MONGO_URL: 'mongodb://x/', OPS_PORT: '9000', FLAG: 'false' })).toMatchObject({ OPS_PORT: 9000, FLAG: false });
  });

  it('names every bad or missing variable in one message', () => {
    const attempt = () => loadConfig('billing', schema, { OPS_PORT: '70000', MONGO_URL: 'postgres://x', FLAG: 'yes' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (e) {
      const message = (e as Error).message;
      expect(message).toMatch(/^Invalid configuration for billing:/);
      for (const name of ['NATS_URL', 'NATS_USER', 'NATS_PASSWORD', 'OPS_PORT', 'MONGO_URL', 'FLAG']) expect(message).toContain(`- ${name}:`);
    }
  });

  it('never repeats the NATS password in its message', () => {
    const password = 'not-in-any-message';
    expect(() => loadConfig('svc', schema, { NATS_URL: 'n', NATS_USER: 'Not A User', NATS_PASSWORD: password })).toThrow(/NATS_USER:/);
    try {
      loadConfig('svc', schema, { NATS_URL: 'n', NATS_USER: 'Not A User', NATS_PASSWORD: password });
    } catch (e) {
      expect((e as Error).message).not.toContain(password);
    }
  });

  it('keeps a service-specific schema strict about types', () => {
    const s = z.object({ N: z.coerce.number().int() });
    expect(() => loadConfig('x', s, { N: 'abc' })).toThrow(/N:/);
  });
});
