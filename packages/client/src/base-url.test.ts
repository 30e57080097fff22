import { BrandradarClient, gatewayUrl } from './client';

describe('gatewayUrl', () => {
  it('takes a URL ending in /api/v1 (as npm start prints it) or a slash for the gateway itself', () => {
    for (const url of ['http://localhost:8080', 'http://localhost:8080/', 'http://localhost:8080/api/v1', 'http://localhost:8080/api/v1/']) {
      expect(gatewayUrl(url)).toBe('http://localhost:8080');
    }
    // A gateway behind a path prefix keeps it.
    expect(gatewayUrl('https://example.com/brandradar/api/v1')).toBe('https://example.com/brandradar');
  });

  it('is where the client sends its requests: never /api/v1/api/v1', async () => {
    const urls: string[] = [];
    const api = new BrandradarClient({
      baseUrl: 'http://gateway.test/api/v1/',
      apiKey: 'brk_test',
      fetch: async (request) => {
        urls.push(request.url);
        return new Response(JSON.stringify({ trackers: [], nextCursor: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
    });
    await api.listTrackers();
    expect(urls).toEqual(['http://gateway.test/api/v1/trackers']);
  });
});
