import { redactQuery } from './telemetry';

describe('redactQuery', () => {
  it('keeps the names of query parameters and drops their values (API keys, prompts)', () => {
    const url = new URL('https://serpapi.com/search.json?engine=google&q=is+acme+good%3F&api_key=sk-secret-123');
    expect(redactQuery(url)).toEqual({
      full: 'https://serpapi.com/search.json?engine=REDACTED&q=REDACTED&api_key=REDACTED',
      query: '?engine=REDACTED&q=REDACTED&api_key=REDACTED',
    });
  });

  it('leaves a URL without a query as it is, and drops credentials in the authority', () => {
    expect(redactQuery(new URL('https://user:pass@api.openai.com/v1/responses'))).toEqual({ full: 'https://api.openai.com/v1/responses', query: '' });
  });
});
