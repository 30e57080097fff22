import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BrandradarClient } from '@brandradar/client';
import type { Scope } from '@brandradar/contracts';
import { brandradarMcpServer, TOOL_SCOPES } from './server';

const TRACKER = '0b6c2a53-1c8a-4f57-9a3e-6f0f7f1d2c3b';

/** An SDK client talking to a server whose API client gets `answer` to every request. */
async function connected(answer: (request: Request) => Response, scopes?: Scope[]): Promise<{ client: Client; requests: Request[] }> {
  const requests: Request[] = [];
  const api = new BrandradarClient({ baseUrl: 'http://gateway.test', apiKey: 'brk_test', retry: { maxRetries: 0 }, fetch: async (request) => (requests.push(request), answer(request)) });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await brandradarMcpServer(api, scopes).connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, requests };
}

const errorBody = (status: number, code: string, message: string, facts: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ error: { code, message, ...facts } }), { status, headers: { 'content-type': 'application/json', 'x-request-id': 'req-1', 'retry-after': '30' } });

describe('brandradarMcpServer', () => {
  it('offers every tool, each with a declared scope, to a key holding every scope, and gives no instructions', async () => {
    const { client } = await connected(() => new Response('{}'));
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(Object.keys(TOOL_SCOPES).sort());
    expect(client.getInstructions()).toBeUndefined();
  });

  it('offers a read key only the read tools, and says which it left out and why', async () => {
    const { client } = await connected(() => new Response('{}'), ['read']);
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(['get_insights', 'get_report', 'get_run', 'get_tracker', 'list_trackers']);
    expect(client.getInstructions()).toBe(
      'This API key holds the scopes read, so these tools are not offered: start_run (needs run), create_brief (needs run). Ask the account\'s owner for a key with more scopes to use them.',
    );
    const refused = await client.callTool({ name: 'start_run', arguments: { trackerId: TRACKER } });
    expect(refused.isError).toBe(true);
  });

  it("turns the API's 429 into a tool error the agent reads, with its code, status and facts", async () => {
    const { client } = await connected(() => errorBody(429, 'rate_limited', 'Too many requests for this API key; retry after 30 s.'));
    const result = (await client.callTool({ name: 'start_run', arguments: { trackerId: TRACKER } })) as CallToolResult;
    expect(result.isError).toBe(true);
    const text = (result.content[0] as { text: string }).text;
    expect(text).toMatch(/^rate_limited \(429\): Too many requests/);
    expect(JSON.parse(text.slice(text.indexOf('\n') + 1))).toMatchObject({ code: 'rate_limited', status: 429, requestId: 'req-1' });
  });

  it('sends the tool’s arguments as the API call, its request token kept for a repeat', async () => {
    const { client, requests } = await connected(() => errorBody(409, 'tracker_not_active', 'The tracker is not active.', { status: 'DRAFT' }));
    const result = (await client.callTool({ name: 'start_run', arguments: { trackerId: TRACKER, requestToken: '$x 🚀' } })) as CallToolResult;
    expect((result.content[0] as { text: string }).text).toMatch(/^tracker_not_active \(409\): /);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url).pathname).toBe(`/api/v1/trackers/${TRACKER}/runs`);
    expect(await requests[0]!.json()).toEqual({ requestToken: '$x 🚀' });
  });

  it('refuses arguments outside the input schema without calling the API', async () => {
    const { client, requests } = await connected(() => new Response('{}'));
    const result = (await client.callTool({ name: 'get_run', arguments: { trackerId: TRACKER, runId: TRACKER, limit: 21 } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(requests).toHaveLength(0);
  });
});
