// The MCP server for agents (api-contract §13) through the SDK's own client: over Streamable HTTP at
// the gateway's /mcp, and over stdio from `brandradar mcp`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { REPO_ROOT } from '@brandradar/devstack';
import { TOOL_SCOPES } from '@brandradar/mcp';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { startStack, type TestStack } from '../support/stack';
import { activeTracker, finishedRun } from '../support/tracker-runs';
import { eventually } from '../support/eventually';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
});
afterAll(() => stack.stop());

const TOOLS = ['list_trackers', 'get_tracker', 'get_report', 'get_insights', 'start_run', 'get_run', 'create_brief'];
const cadence = { frequency: 'weekly' as const, timezone: 'UTC', time: '09:00', weekday: 1 };
// Hostile names: a domain, a `$`, a prototype's key, an emoji.
const compare = { name: '__proto__ 🚀', cadence, primitive: 'compare', prompts: ['best CRM for a small sales team', 'which CRM should $x pick'], models: ['chatgpt', 'perplexity'], brand: 'monday.com', competitors: ['Salesforce'] };

/** An SDK client connected to the gateway's /mcp with `key` as its Bearer credential. */
async function httpClient(key: string): Promise<Client> {
  const client = new Client({ name: 'brandradar-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', stack.gatewayUrl), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const text = (result: CallToolResult) => (result.content[0] as { type: 'text'; text: string }).text;
/** A successful tool result's JSON. */
const json = (result: CallToolResult) => {
  expect(result.isError).toBeFalsy();
  return JSON.parse(text(result));
};

describe('MCP over Streamable HTTP', () => {
  let key: string;
  let client: Client;
  let trackerId: string;
  beforeAll(async () => {
    key = (await stack.account()).apiKey;
    trackerId = await activeTracker(stack, key, compare);
    client = await httpClient(key);
  });
  afterAll(() => client.close());

  it('lists the tools, each with an object input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('get_run')!.inputSchema).toMatchObject({ required: ['trackerId', 'runId'], properties: { limit: { maximum: 20 }, cursor: { type: 'string' } } });
    expect(byName.get('create_brief')!.inputSchema).toMatchObject({ required: ['topic'] });
    expect(byName.get('list_trackers')!.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('reads trackers, starts a run, pages its answers, and reads the report and insights', async () => {
    const listed = json(await call(client, 'list_trackers'));
    expect(listed).toEqual({ trackers: [expect.objectContaining({ id: trackerId, name: compare.name, status: 'ACTIVE', prompts: 2, competitors: 1 })], nextCursor: null });
    expect(json(await call(client, 'get_tracker', { trackerId }))).toMatchObject({ id: trackerId, brand: 'monday.com', prompts: compare.prompts });

    const started = json(await call(client, 'start_run', { trackerId, requestToken: 'mcp-1' }));
    expect(started).toMatchObject({ replayed: false, run: { trackerId, status: 'QUEUED' } });
    expect(started.run).not.toHaveProperty('results');
    const runId = started.run.id as string;
    expect(json(await call(client, 'start_run', { trackerId, requestToken: 'mcp-1' }))).toMatchObject({ replayed: true, run: { id: runId } });

    const finished = await eventually(
      async () => json(await call(client, 'get_run', { trackerId, runId, limit: 3 })),
      (page) => !['QUEUED', 'RUNNING'].includes(page.run.status),
      60_000,
      200,
    );
    expect(finished.run).toMatchObject({ id: runId, status: 'COMPLETED', prompts: 2, summary: { answers: 4, succeeded: 4 } });
    expect(finished).toMatchObject({ total: 4, nextCursor: '3' });
    expect(finished.answers).toHaveLength(3);
    expect(finished.answers[0]).toMatchObject({ prompt: compare.prompts[0], model: 'chatgpt', sample: 1, status: 'succeeded', truncated: false });
    const last = json(await call(client, 'get_run', { trackerId, runId, cursor: finished.nextCursor, limit: 3 }));
    expect(last.answers.map((a: { prompt: string; model: string }) => [a.prompt, a.model])).toEqual([[compare.prompts[1], 'perplexity']]);
    expect(last.nextCursor).toBeNull();

    const report = json(await call(client, 'get_report', { trackerId, limit: 5 }));
    expect(report.tracker.id).toBe(trackerId);
    expect(report.runs).toHaveLength(1);
    expect(report.runs[0]).not.toHaveProperty('results');
    // Each figure with its n and interval, as the API gives it.
    expect(report.runs[0].metrics.brands[0]).toMatchObject({ name: 'monday.com', shareOfVoice: { n: expect.any(Number), interval: expect.anything() } });

    const insights = json(await call(client, 'get_insights', { trackerId }));
    expect(insights).toMatchObject({ trackerId, runs: [expect.objectContaining({ id: runId })] });
  });

  it('refuses a run of a tracker that is not ACTIVE with the API’s 409', async () => {
    const draft = (await stack.api('POST', '/api/v1/trackers', { key, body: { ...compare, name: 'A draft' } })).body.tracker.id as string;
    const result = await call(client, 'start_run', { trackerId: draft });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^tracker_not_active \(409\): /);
  });

  it('answers a bad argument with a tool error before calling the API', async () => {
    const result = await call(client, 'get_run', { trackerId, runId: 'not-a-run', limit: 21 });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/runId/);
  });

  it("never shows another account's tracker: 404 as a tool error", async () => {
    const other = await httpClient((await stack.account()).apiKey);
    try {
      expect(json(await call(other, 'list_trackers')).trackers).toEqual([]);
      const result = await call(other, 'get_tracker', { trackerId });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^not_found \(404\): /);
    } finally {
      await other.close();
    }
  });

  it('refuses a run the balance cannot cover with the API’s 402, as a tool error naming the code', async () => {
    const estimate = json(await call(client, 'get_tracker', { trackerId })).estimatedCostMicroPerRun as number;
    const broke = (await stack.account(estimate)).apiKey;
    const brokeTracker = await activeTracker(stack, broke, compare);
    await finishedRun(stack, broke, brokeTracker, 'spend-all');
    const other = await httpClient(broke);
    try {
      const result = await call(other, 'start_run', { trackerId: brokeTracker });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^insufficient_credits \(402\): /);
      expect(JSON.parse(text(result).slice(text(result).indexOf('\n') + 1))).toMatchObject({ code: 'insufficient_credits', status: 402, details: { requiredMicro: estimate } });
    } finally {
      await other.close();
    }
  });

  it("lets a closed account's agent read, and refuses its runs as the API does", async () => {
    const { accountId, apiKey } = await stack.account();
    const closedTracker = await activeTracker(stack, apiKey, compare);
    expect((await stack.admin('POST', `/admin/v1/accounts/${accountId}/close`)).status).toBe(200);
    const closed = await httpClient(apiKey);
    try {
      expect(json(await call(closed, 'get_tracker', { trackerId: closedTracker })).id).toBe(closedTracker);
      const refused = await call(closed, 'start_run', { trackerId: closedTracker });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toMatch(/^account_closed \(403\): /);
    } finally {
      await closed.close();
    }
  });

  it('answers 401 in the API’s error shape without a valid key, and 405 to GET', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    for (const headers of [{}, { Authorization: 'Bearer brk_not_a_key' }] as Record<string, string>[]) {
      const res = await fetch(new URL('/mcp', stack.gatewayUrl), { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(initialize) });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: unknown }).error).toMatchObject({ code: 'unauthorized' });
    }
    await expect(httpClient('brk_not_a_key')).rejects.toThrow();
    const get = await fetch(new URL('/mcp', stack.gatewayUrl), { headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    expect(((await get.json()) as { error: unknown }).error).toMatchObject({ code: 'method_not_allowed' });
  });
});

describe('MCP over stdio: brandradar mcp', () => {
  /** `brandradar mcp` started as an MCP client starts it, with `key` in its environment. */
  const stdioClient = async (key: string) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO_ROOT, 'packages/cli/bin/brandradar.js'), 'mcp'],
      env: { PATH: process.env.PATH ?? '', BRANDRADAR_API_KEY: key, BRANDRADAR_BASE_URL: stack.gatewayUrl, XDG_CONFIG_HOME: mkdtempSync(path.join(tmpdir(), 'brandradar-mcp-')) },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'brandradar-test', version: '1.0.0' });
    // The client reads standard output as JSON-RPC messages: anything else there would fail the connection.
    await client.connect(transport);
    return client;
  };

  it('offers a read key only the read tools, and tells the agent which it left out and why', async () => {
    const owner = (await stack.account()).apiKey;
    const created = await stack.api('POST', '/api/v1/api-keys', { key: owner, body: { name: 'Claude Desktop 🚀 $x', scopes: ['read'] } });
    expect(created.status).toBe(201);
    const client = await stdioClient(created.body.apiKey);
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(Object.entries(TOOL_SCOPES).filter(([, s]) => s === 'read').map(([t]) => t).sort());
      expect(client.getInstructions()).toBe('This API key holds the scopes read, so these tools are not offered: start_run (needs run), create_brief (needs run). Ask the account\'s owner for a key with more scopes to use them.');
    } finally {
      await client.close();
    }
  });

  it('serves the same tools with the key and gateway from the environment, writing nothing else to standard output', async () => {
    const key = (await stack.account()).apiKey;
    const trackerId = (await stack.api('POST', '/api/v1/trackers', { key, body: compare })).body.tracker.id as string;
    const client = await stdioClient(key);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOLS);
      expect(json(await call(client, 'list_trackers'))).toEqual({ trackers: [expect.objectContaining({ id: trackerId, status: 'DRAFT' })], nextCursor: null });
    } finally {
      await client.close();
    }
  });
});
