import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { workflowService } from '../../services/workflow/src/service';
import { startStack, type TestStack } from '../support/stack';

// No provider or data-source credentials: every surface and source is simulated (api-contract §9).

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack([billingService, workflowService, gatewayService]);
});
afterAll(() => stack.stop());

const brief = (key: string, body: unknown) => stack.api('POST', '/api/v1/workflows/content-brief', { key, body });

/** A response without the instants it was made at (ages and rates derived from them stay in). */
function timeless(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v) => (['fetchedAt', 'publishedAt', 'publishedAfter', 'year', 'month'].includes(key) ? undefined : v));
}

describe('a default call with simulated sources', () => {
  it('succeeds in every step, labels each data block simulated, and costs exactly 82,000', async () => {
    const { apiKey } = await stack.account(1_000_000);
    const res = await brief(apiKey, { topic: 'email marketing for dentists' });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.ok)).toEqual([true, true, true, true, true]);
    const [answers, citations, keywords, questions, videos] = res.body.results.map((r: any) => r.data);
    expect(answers.provider).toBe('simulated');
    expect(answers.answers.map((a: any) => a.provider)).toEqual(['simulated', 'simulated', 'simulated']);
    expect(answers.answers.map((a: any) => a.model)).toEqual(['simulated-chatgpt', 'simulated-perplexity', 'simulated-gemini']);
    expect(citations.provider).toBe('simulated');
    expect(citations.totalCitations).toBeGreaterThan(0);
    expect(keywords).toMatchObject({ provider: 'simulated', seedKeyword: 'email marketing for dentists', locationCode: 2840, languageCode: 'en' });
    expect(keywords.seed.searchVolume).toBeGreaterThan(0);
    expect(questions.provider).toBe('simulated');
    expect(questions.questions.length).toBeGreaterThan(0);
    expect(videos).toMatchObject({ provider: 'simulated', region: 'US', timeframe: 'last_30_days' });
    expect(videos.risingVideos.length).toBeGreaterThan(0);
    for (const v of videos.risingVideos) {
      expect(Date.parse(v.publishedAt)).toBeGreaterThan(Date.parse(videos.publishedAfter));
      expect(v.duration).toMatch(/^PT(\d+M)?\d+S$/);
    }
    expect(res.body.billedCostMicro).toBe(82_000);
    const account = await stack.api('GET', '/api/v1/account', { key: apiKey });
    expect(account.body.account).toMatchObject({ balanceMicro: 1_000_000 - 82_000, spentThisMonthMicro: 82_000 });
  });

  it('gives the same data for the same request (apart from the clock)', async () => {
    const { apiKey } = await stack.account(1_000_000);
    const body = { topic: 'email marketing for dentists', country: 'ca', brand: 'Acme Mail' };
    const [first, second] = [await brief(apiKey, body), await brief(apiKey, body)];
    expect(timeless(second.body)).toEqual(timeless(first.body));
    expect(first.body.summary).toContain('Canada');
    expect(first.body.suggestedPrompt).toContain('Acme Mail');
  });

  it('fails the DataForSEO steps for a country it does not cover, uncharged, and still returns the rest', async () => {
    const { apiKey } = await stack.account(1_000_000);
    const res = await brief(apiKey, { topic: 'email marketing for dentists', country: 'IS' });
    expect(res.status).toBe(200);
    expect(res.body.input.country).toBe('is');
    expect(res.body.results.map((r: any) => r.ok)).toEqual([true, true, false, false, true]);
    expect(res.body.results[2].data.error).toMatchObject({ code: 'unsupported_country', message: expect.stringContaining('IS') });
    expect(res.body.results[4].data.region).toBe('IS');
    expect(res.body.billedCostMicro).toBe(82_000 - 16_000 - 10_000);
  });

  it('does not search, or charge, keyword demand, questions and video trends for a topic without a letter or digit', async () => {
    const { apiKey } = await stack.account(1_000_000);
    const res = await brief(apiKey, { topic: '🚀🔥' });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.ok)).toEqual([true, true, false, false, false]);
    for (const step of res.body.results.slice(2)) expect(step.data.error).toMatchObject({ code: 'no_search_keyword' });
    expect(res.body.billedCostMicro).toBe(82_000 - 16_000 - 10_000 - 16_000);
    expect(res.body.summary).not.toContain('“”');
  });
});
