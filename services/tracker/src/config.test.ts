import { loadConfig } from '@brandradar/platform';
import { trackerConfigSchema } from './config';

const env = { NATS_URL: 'nats://localhost:4222', NATS_USER: 'svc', NATS_PASSWORD: 'secret', MONGO_URL: 'mongodb://localhost:27017' };

describe('tracker config', () => {
  it('keeps list pages 30 s, at most 10,000 pages and 8 MiB, by default; 0 turns the cache off', () => {
    expect(loadConfig('tracker', trackerConfigSchema, env)).toMatchObject({ LIST_CACHE_TTL_MS: 30_000, LIST_CACHE_MAX_PAGES: 10_000, LIST_CACHE_MAX_BYTES: 8 * 1024 * 1024 });
    expect(loadConfig('tracker', trackerConfigSchema, { ...env, LIST_CACHE_TTL_MS: '0' })).toMatchObject({ LIST_CACHE_TTL_MS: 0 });
  });

  it('refuses a negative time to live, no pages, or a byte budget under 1 KiB, naming each', () => {
    expect(() => loadConfig('tracker', trackerConfigSchema, { ...env, LIST_CACHE_TTL_MS: '-1', LIST_CACHE_MAX_PAGES: '0', LIST_CACHE_MAX_BYTES: '1000' })).toThrow(
      /LIST_CACHE_TTL_MS[\s\S]*LIST_CACHE_MAX_PAGES[\s\S]*LIST_CACHE_MAX_BYTES/,
    );
  });
});
