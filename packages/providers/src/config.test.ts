import { accountConcurrency, providersConfigSchema } from './config';

describe('providersConfigSchema', () => {
  it('defaults to every surface simulated and never billed, with sensible limits', () => {
    expect(providersConfigSchema.parse({})).toEqual({
      OPENAI_BASE_URL: 'https://api.openai.com/v1',
      OPENAI_MODEL: 'gpt-4o-mini',
      ANTHROPIC_BASE_URL: 'https://api.anthropic.com',
      ANTHROPIC_MODEL: 'claude-haiku-4-5',
      GEMINI_BASE_URL: 'https://generativelanguage.googleapis.com',
      GEMINI_MODEL: 'gemini-2.5-flash',
      GEMINI_RESOLVE_REDIRECTS: true,
      GEMINI_REDIRECT_BASE_URL: 'https://vertexaisearch.cloud.google.com',
      GEMINI_REDIRECT_TIMEOUT_MS: 1_500,
      GEMINI_REDIRECT_BUDGET_MS: 2_500,
      PERPLEXITY_BASE_URL: 'https://api.perplexity.ai',
      PERPLEXITY_MODEL: 'sonar',
      SERPAPI_BASE_URL: 'https://serpapi.com',
      PROVIDER_TIMEOUT_MS: 90_000,
      PROVIDER_CONCURRENCY: 4,
      PROVIDER_CONCURRENCY_PER_ACCOUNT: 3,
      PROVIDER_WEB_SEARCH: true,
      SIMULATED_ANSWERS: 'free',
      SIMULATED_VARIATION: 'drawn',
    });
  });

  it("takes Gemini's redirect lookups on or off, an http(s) origin, and bounded deadlines", () => {
    const config = providersConfigSchema.parse({ GEMINI_RESOLVE_REDIRECTS: 'false', GEMINI_REDIRECT_BASE_URL: 'http://127.0.0.1:9999', GEMINI_REDIRECT_TIMEOUT_MS: '500', GEMINI_REDIRECT_BUDGET_MS: '1000' });
    expect(config).toMatchObject({ GEMINI_RESOLVE_REDIRECTS: false, GEMINI_REDIRECT_BASE_URL: 'http://127.0.0.1:9999', GEMINI_REDIRECT_TIMEOUT_MS: 500, GEMINI_REDIRECT_BUDGET_MS: 1000 });
    expect(providersConfigSchema.parse({ GEMINI_RESOLVE_REDIRECTS: '' }).GEMINI_RESOLVE_REDIRECTS).toBe(true);
    for (const bad of [{ GEMINI_RESOLVE_REDIRECTS: 'no' }, { GEMINI_REDIRECT_BASE_URL: 'ftp://x' }, { GEMINI_REDIRECT_TIMEOUT_MS: '50' }, { GEMINI_REDIRECT_TIMEOUT_MS: '60000' }, { GEMINI_REDIRECT_BUDGET_MS: '0' }])
      expect(providersConfigSchema.safeParse(bad).success).toBe(false);
  });

  it('takes the simulated variation drawn or fixed, and nothing else', () => {
    expect(providersConfigSchema.parse({ SIMULATED_VARIATION: 'fixed' }).SIMULATED_VARIATION).toBe('fixed');
    expect(providersConfigSchema.parse({ SIMULATED_VARIATION: '' }).SIMULATED_VARIATION).toBe('drawn');
    expect(providersConfigSchema.safeParse({ SIMULATED_VARIATION: 'random' }).success).toBe(false);
  });

  it('takes the simulation policy refuse, free or bill, and nothing else', () => {
    expect(providersConfigSchema.parse({ SIMULATED_ANSWERS: 'refuse' }).SIMULATED_ANSWERS).toBe('refuse');
    expect(providersConfigSchema.parse({ SIMULATED_ANSWERS: 'bill' }).SIMULATED_ANSWERS).toBe('bill');
    expect(providersConfigSchema.safeParse({ SIMULATED_ANSWERS: 'yes' }).success).toBe(false);
  });

  it('reads an empty variable as unset', () => {
    const config = providersConfigSchema.parse({ OPENAI_API_KEY: '', OPENAI_BASE_URL: ' ', OPENAI_MODEL: '', PERPLEXITY_BASE_URL: '' });
    expect(config.OPENAI_API_KEY).toBeUndefined();
    expect(config.OPENAI_BASE_URL).toBe('https://api.openai.com/v1');
    expect(config.OPENAI_MODEL).toBe('gpt-4o-mini');
    expect(config.PERPLEXITY_BASE_URL).toBe('https://api.perplexity.ai');
  });

  it('coerces numbers and booleans from strings', () => {
    const config = providersConfigSchema.parse({ PROVIDER_TIMEOUT_MS: '5000', PROVIDER_CONCURRENCY: '2', PROVIDER_WEB_SEARCH: 'false', SERPAPI_API_KEY: 'k' });
    expect(config).toMatchObject({ PROVIDER_TIMEOUT_MS: 5000, PROVIDER_CONCURRENCY: 2, PROVIDER_WEB_SEARCH: false, SERPAPI_API_KEY: 'k' });
  });

  it('names each bad variable', () => {
    const result = providersConfigSchema.safeParse({ OPENAI_BASE_URL: 'ftp://x', GEMINI_BASE_URL: 'not a url', PROVIDER_CONCURRENCY: '0', PROVIDER_WEB_SEARCH: 'yes' });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['OPENAI_BASE_URL', 'GEMINI_BASE_URL', 'PROVIDER_CONCURRENCY', 'PROVIDER_WEB_SEARCH']));
  });

  it('never lets one account have more calls in flight than the surface has slots', () => {
    expect(accountConcurrency(providersConfigSchema.parse({}))).toBe(3);
    expect(accountConcurrency(providersConfigSchema.parse({ PROVIDER_CONCURRENCY: '2' }))).toBe(2);
    expect(accountConcurrency(providersConfigSchema.parse({ PROVIDER_CONCURRENCY: '8', PROVIDER_CONCURRENCY_PER_ACCOUNT: '6' }))).toBe(6);
    expect(providersConfigSchema.safeParse({ PROVIDER_CONCURRENCY_PER_ACCOUNT: '0' }).success).toBe(false);
  });
});
