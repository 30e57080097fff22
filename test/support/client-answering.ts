import { BrandradarClient } from '@brandradar/client';

/** What a client under test sent: the method, the URL and the parsed JSON body (undefined when none). */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/**
 * A client whose fetch answers each request with the next of `answers`, as the gateway would,
 * recording what was sent: the client's methods tested without a gateway. The live API is in
 * test/integration/client-cli.test.ts.
 */
export function clientAnswering(...answers: Array<{ status: number; body: unknown }>): { api: BrandradarClient; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const api = new BrandradarClient({
    baseUrl: 'http://gateway.test',
    apiKey: 'brk_test',
    fetch: async (request) => {
      const text = await request.text();
      sent.push({ method: request.method, url: request.url, body: text ? JSON.parse(text) : undefined });
      const answer = answers.shift();
      if (!answer) throw new Error('no answer left');
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    },
  });
  return { api, sent };
}
