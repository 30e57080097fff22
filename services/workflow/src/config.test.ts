import { ConfigError, loadConfig } from '@brandradar/platform';
import { workflowConfigSchema } from './config';

const env = { NATS_URL: 'nats://localhost:4222', NATS_USER: 'svc', NATS_PASSWORD: 'secret', MONGO_URL: 'mongodb://localhost:27017' };
const load = (extra: Record<string, string> = {}) => loadConfig('workflow', workflowConfigSchema, { ...env, ...extra });

describe('workflow config', () => {
  it('simulates both data sources and sets the documented deadlines by default', () => {
    const config = load();
    for (const key of ['DATAFORSEO_LOGIN', 'DATAFORSEO_PASSWORD', 'YOUTUBE_API_KEY', 'OPENAI_API_KEY'] as const) expect(config[key]).toBeUndefined();
    expect(config).toMatchObject({
      DATAFORSEO_BASE_URL: 'https://api.dataforseo.com',
      YOUTUBE_BASE_URL: 'https://www.googleapis.com/youtube/v3',
      WORKFLOW_ANSWERS_DEADLINE_MS: 60_000,
      WORKFLOW_CITATIONS_DEADLINE_MS: 65_000,
      WORKFLOW_KEYWORDS_DEADLINE_MS: 30_000,
      WORKFLOW_QUESTIONS_DEADLINE_MS: 30_000,
      WORKFLOW_VIDEO_DEADLINE_MS: 20_000,
      VIDEO_LOOKBACK_DAYS: 30,
      VIDEO_MAX_RESULTS: 15,
      VIDEO_ORDER: 'viewCount',
      KEYWORD_SUGGESTIONS_LIMIT: 20,
      BRIEFS_PER_ACCOUNT: 3,
      PROVIDER_CONCURRENCY_PER_ACCOUNT: 3,
    });
  });

  it('treats an empty key as unset', () => {
    const config = load({ YOUTUBE_API_KEY: ' ', DATAFORSEO_LOGIN: '', DATAFORSEO_PASSWORD: '' });
    expect([config.YOUTUBE_API_KEY, config.DATAFORSEO_LOGIN, config.DATAFORSEO_PASSWORD]).toEqual([undefined, undefined, undefined]);
  });

  it('wants the DataForSEO login and password together', () => {
    expect(() => load({ DATAFORSEO_LOGIN: 'me' })).toThrow(/DATAFORSEO_PASSWORD: DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD go together/);
    expect(load({ DATAFORSEO_LOGIN: 'me', DATAFORSEO_PASSWORD: 'secret' })).toMatchObject({ DATAFORSEO_LOGIN: 'me', DATAFORSEO_PASSWORD: 'secret' });
  });

  it('refuses deadlines beyond what the gateway waits for, and cited sources ending before the answers', () => {
    expect(() => load({ WORKFLOW_VIDEO_DEADLINE_MS: '120001' })).toThrow(ConfigError);
    expect(() => load({ WORKFLOW_ANSWERS_DEADLINE_MS: '70000' })).toThrow(/WORKFLOW_CITATIONS_DEADLINE_MS: must be at least WORKFLOW_ANSWERS_DEADLINE_MS/);
    expect(load({ WORKFLOW_ANSWERS_DEADLINE_MS: '70000', WORKFLOW_CITATIONS_DEADLINE_MS: '70000' }).WORKFLOW_CITATIONS_DEADLINE_MS).toBe(70_000);
  });

  it('wants at least one content brief per account at a time', () => {
    expect(() => load({ BRIEFS_PER_ACCOUNT: '0' })).toThrow(/BRIEFS_PER_ACCOUNT/);
    expect(load({ BRIEFS_PER_ACCOUNT: '10' }).BRIEFS_PER_ACCOUNT).toBe(10);
  });

  it('refuses a base URL that is not http(s) and an unknown video order', () => {
    expect(() => load({ YOUTUBE_BASE_URL: 'ftp://example.com', VIDEO_ORDER: 'date' })).toThrow(/YOUTUBE_BASE_URL[\s\S]*VIDEO_ORDER/);
  });
});
