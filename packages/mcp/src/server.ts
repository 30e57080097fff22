import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ContentBriefInput, InsightsQuery, ReportQuery, RequestToken, SCOPES, TrackerListQuery, type Scope } from '@brandradar/contracts';
import { BrandradarApiError, BrandradarNetworkError, type BrandradarClient, type ContentBriefInput as BriefRequest } from '@brandradar/client';
import { answerPage, ANSWER_TEXT_CHARS, DEFAULT_ANSWERS_PER_PAGE, MAX_ANSWERS_PER_PAGE, reportOverview, runOverview, trackerSummary } from './results';
import { MCP_SERVER_VERSION } from './version';

const trackerId = z.uuid().meta({ description: "The tracker's id, as list_trackers gives it." });
const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

/** A tool's answer: its result as JSON text, the one content type every MCP client reads. */
const json = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] });

/**
 * What a refused or failed call tells the agent: the API's code and status first, so it can tell
 * `insufficient_credits (402)` from `rate_limited (429)`, then its message and details.
 */
function toolError(error: unknown): CallToolResult {
  if (error instanceof BrandradarApiError) {
    const facts = { code: error.code, status: error.status, message: error.message, issues: error.issues, details: error.details, requestId: error.requestId };
    return { isError: true, content: [{ type: 'text', text: `${error.code} (${error.status}): ${error.message}\n${JSON.stringify(facts, null, 2)}` }] };
  }
  if (error instanceof BrandradarNetworkError) return { isError: true, content: [{ type: 'text', text: `network_error: ${error.message}` }] };
  throw error;
}

/** Runs a tool's call, turning the API's refusals into tool errors the agent reads (not protocol errors). */
const answering =
  <A>(call: (args: A) => Promise<unknown>) =>
  async (args: A): Promise<CallToolResult> => {
    try {
      return json(await call(args));
    } catch (error) {
      return toolError(error);
    }
  };

/** The scope each tool needs (api-contract §15): a key is offered only the tools its scopes allow. */
export const TOOL_SCOPES = {
  list_trackers: 'read',
  get_tracker: 'read',
  get_report: 'read',
  get_insights: 'read',
  start_run: 'run',
  get_run: 'read',
  create_brief: 'run',
} as const satisfies Record<string, Scope>;
type ToolName = keyof typeof TOOL_SCOPES;

/** What an agent is told when its key cannot use every tool: which ones it is not offered, and why. */
function withheldNote(scopes: readonly Scope[], withheld: ToolName[]): string {
  const held = scopes.length === 0 ? 'no scope' : `the scopes ${scopes.join(', ')}`;
  return `This API key holds ${held}, so these tools are not offered: ${withheld.map((t) => `${t} (needs ${TOOL_SCOPES[t]})`).join(', ')}. Ask the account's owner for a key with more scopes to use them.`;
}

/**
 * brandradar's tools for agents, each one call of the public API through `client`: the API's
 * authentication, account scoping, checks (402, 409, …), rate limits (429) and error codes
 * apply unchanged. Results are summaries sized for a model's context; `get_run` pages through answers.
 * Only the tools `scopes` allow are offered; the server's instructions name the others.
 */
export function brandradarMcpServer(client: BrandradarClient, scopes: readonly Scope[] = SCOPES): McpServer {
  const offered = (tool: ToolName) => scopes.includes(TOOL_SCOPES[tool]);
  const withheld = (Object.keys(TOOL_SCOPES) as ToolName[]).filter((tool) => !offered(tool));
  const server = new McpServer(
    { name: 'brandradar', version: MCP_SERVER_VERSION },
    withheld.length === 0 ? {} : { instructions: withheldNote(scopes, withheld) },
  );

  if (offered('list_trackers'))
    server.registerTool(
      'list_trackers',
      {
        title: 'List trackers',
        description: "The account's trackers, newest first, each summarised (id, name, primitive, status, cadence, counts of prompts and competitors). Pass `nextCursor` as `cursor` for the next page.",
        inputSchema: TrackerListQuery.shape,
        annotations: readOnly,
      },
      answering(async (query) => {
        const page = await client.listTrackers(query);
        return { trackers: page.trackers.map(trackerSummary), nextCursor: page.nextCursor };
      }),
    );

  if (offered('get_tracker'))
    server.registerTool(
      'get_tracker',
      { title: 'Get a tracker', description: "One tracker's whole definition: prompts, brand, competitors, surfaces, cadence, alerts, cost per run.", inputSchema: { trackerId }, annotations: readOnly },
      answering(({ trackerId }) => client.getTracker(trackerId)),
    );

  if (offered('get_report'))
    server.registerTool(
      'get_report',
      {
        title: 'Get a report',
        description:
          "The tracker and its latest runs, newest first: each run's status, times, answer counts, metrics (with n and 95% intervals) and change against the run before, without the answers (read those with get_run).",
        inputSchema: { trackerId, limit: ReportQuery.shape.limit.meta({ description: 'How many runs, 1–100; default 20.' }) },
        annotations: readOnly,
      },
      answering(({ trackerId, limit }) => client.report(trackerId, { limit }).then(reportOverview)),
    );

  if (offered('get_insights'))
    server.registerTool(
      'get_insights',
      {
        title: 'Get insights',
        description: "What the tracker's latest runs suggest: names the answers put forward that the tracker does not track, and the sources cited in answers that mention a competitor but not the brand.",
        inputSchema: { trackerId, runs: InsightsQuery.shape.runs },
        annotations: readOnly,
      },
      answering(({ trackerId, runs }) => client.getInsights(trackerId, { runs })),
    );

  if (offered('start_run'))
    server.registerTool(
      'start_run',
      {
        title: 'Start a run',
        description:
          'Asks for a manual run of an ACTIVE tracker: its estimated cost is held from the balance, and each succeeded answer is billed. Repeating a `requestToken` returns the same run without another charge (`replayed: true`). Refused with insufficient_credits (402), a conflict such as tracker_not_active (409) or rate_limited (429). Follow it with get_run.',
        inputSchema: { trackerId, requestToken: RequestToken.optional().meta({ description: 'Makes the call safe to repeat: the same token answers the same run. 1–200 characters; a new one unless given.' }) },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      },
      answering(async ({ trackerId, requestToken }) => {
        const { run, replayed } = await client.startRun(trackerId, requestToken === undefined ? {} : { requestToken });
        return { run: runOverview(run), replayed };
      }),
    );

  if (offered('get_run'))
    server.registerTool(
      'get_run',
      {
        title: 'Get a run',
        description: `A run's status, counts, metrics and change, with one page of its answers (prompt, surface, sample, text cut to ${ANSWER_TEXT_CHARS} characters with \`truncated\`, citations, metrics: for a sentiment tracker, the answer's \`sentiment\` toward the brand and \`sentimentEvidence\`, the clauses that decided it as offsets into the full text). Pass \`nextCursor\` as \`cursor\` for the next page.`,
        inputSchema: {
          trackerId,
          runId: z.uuid().meta({ description: "The run's id, from start_run or get_report." }),
          cursor: z
            .string()
            .regex(/^[0-9]{1,7}$/, 'Cursor is not one this tool issued; use nextCursor of the previous page.')
            .optional()
            .meta({ description: 'From `nextCursor` of the previous page; omit for the first.' }),
          limit: z.int().min(1).max(MAX_ANSWERS_PER_PAGE).default(DEFAULT_ANSWERS_PER_PAGE).meta({ description: `Answers per page, 1–${MAX_ANSWERS_PER_PAGE}; default ${DEFAULT_ANSWERS_PER_PAGE}.` }),
        },
        annotations: readOnly,
      },
      answering(async ({ trackerId, runId, cursor, limit }) => {
        const run = await client.getRun(trackerId, runId);
        return { run: runOverview(run), ...answerPage(run, cursor === undefined ? { limit } : { cursor, limit }) };
      }),
    );

  if (offered('create_brief'))
    server.registerTool(
      'create_brief',
      {
        title: 'Create a content brief',
        description:
          'Writes a content brief for a topic from what the AI surfaces answer, keyword data and questions people ask; charged per surface asked. Takes up to about two minutes. Refused with insufficient_credits (402) or rate_limited (429).',
        // Its fields, without the whole schema's document metadata (an `id` and `if`/`then` MCP's plain object schema has no room for); the API checks the rest.
        inputSchema: ContentBriefInput.shape,
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      },
      // The contract's schema checks `country` against the list as the API does; the document types it as that list.
      answering(async (input) => (await client.contentBrief(input as BriefRequest)).brief),
    );

  // A key offered no tool still gets an empty tools/list (and the instructions saying why), not
  // "method not found": the SDK installs the tool handlers with the first tool registered.
  if (withheld.length === Object.keys(TOOL_SCOPES).length) server.registerTool('none', { description: 'none' }, () => json(null)).remove();

  return server;
}
