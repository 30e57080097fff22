import { ContentBriefInput, ContentBriefResult, IdempotencyKey, WORKFLOW_QUERY_TIMEOUT_MS, WorkflowQueries } from '@brandradar/contracts';
import { query, type NatsLink } from '@brandradar/platform';
import { z } from 'zod';
import { defineRoute, type RouteDef, type RouteInput } from '../http/route';

const PATH = '/api/v1/workflows/content-brief';
/** The path the reference document labels the workflow with (spec §4.6); served the same way. */
const ALIAS_PATH = '/v1/workflows/content-brief';

const DESCRIPTION = `Runs five primitives in parallel and returns each one's full output, labelled by source, in this order: \`/v1/ai/answers\` (the topic asked verbatim of the selected AI surfaces), \`/v1/ai/citations\` (the sources those answers cite, normalised and grouped by site), \`/v1/keywords/demand\` (DataForSEO keyword data for the topic in \`country\`), \`/v1/questions\` (Google's People Also Ask and related searches in \`country\`), \`/v1/video/trends\` (recent YouTube videos on the topic in \`country\`, fastest-growing first). \`summary\` and \`suggestedPrompt\` are composed from what they found.

- **Synchronous**: the answer comes when every step has finished or reached its deadline (about a minute at most with the default deadlines). A step that fails or misses its deadline is \`ok: false\` with \`data: {"error": {"code", "message"}}\`; the others are still returned.
- **Surfaces**: \`models\` when given; all five with \`fullSweep: true\`; otherwise chatgpt, perplexity, gemini. \`topic\` may have 2000 characters, 700 when google_ai_overview is asked.
- **Price**: each step that succeeded (answers 15,000, citations 12,000, keyword demand 16,000, questions 10,000, video trends 16,000 micro-units on the default rate card) plus the rate of each surface that answered. Failed steps and surfaces cost nothing. A default call where everything succeeds costs 82,000 ($0.82). \`billedCostMicro\` is what was charged.
- **Before anything runs**, the maximum charge (every step plus every surface asked) is reserved: 402 \`insufficient_credits\` (with \`balanceMicro\`, \`requiredMicro\`) or \`spend_limit_reached\` when the account cannot cover it, and nothing runs or is charged. The unused part of the reservation returns to the balance when the call ends.
- **Idempotency-Key** (optional request header, 1–200 printable ASCII characters): a retry with the same key and the same body returns the stored response, with \`Idempotent-Replayed: true\` and no new charge, for as long as it is stored. The same key with a different body is 409 \`idempotency_key_conflict\`; so is a retry while the first request is still running, with \`Retry-After\`. A request refused before it ran (402, 403) stores nothing, so its key may be retried once the balance is topped up.
- **Concurrency**: an account may have 3 content briefs running at once (operators may set another number); one more is 429 \`brief_limit_reached\` with \`Retry-After\`, before anything is reserved or run.
- **Data sources** without credentials are simulated deterministically and say so: \`"provider": "simulated"\` in the answer or data block.`;

const RequestHeaders = z.object({
  'Idempotency-Key': IdempotencyKey.optional().meta({ description: 'Makes a retry safe: the same key with the same body returns the stored response without a new charge (see above).' }),
});
type Input = RouteInput<unknown, unknown, ContentBriefInput, z.infer<typeof RequestHeaders>>;

/** The content-brief workflow (spec §4.6, api-contract §6): validated here, run by the workflow service over NATS. */
export function workflowRoutes(nats: NatsLink): RouteDef[] {
  const handle = async ({ accountId, body, headers }: Input) => {
    const idempotencyKey = headers['Idempotency-Key'] ?? null;
    const { result, replayed } = await query(nats, WorkflowQueries.runContentBrief, { version: 1, accountId, idempotencyKey, input: body }, WORKFLOW_QUERY_TIMEOUT_MS);
    return { status: 200, body: result, ...(replayed && { headers: { 'Idempotent-Replayed': 'true' } }) };
  };
  const route = (path: string, operationId: string, summary: string) =>
    defineRoute({
      method: 'post',
      path,
      operationId,
      summary,
      description: DESCRIPTION,
      tag: 'Workflows',
      scope: 'run',
      body: ContentBriefInput,
      headers: RequestHeaders,
      success: {
        status: 200,
        description: 'The content brief: every step’s output or error, the summary, the suggested prompt and the charge.',
        schema: ContentBriefResult,
        headers: { 'Idempotent-Replayed': '`true` when this is the stored response of an earlier request with the same `Idempotency-Key`.' },
      },
      errors: ['validation_error', 'insufficient_credits', 'spend_limit_reached', 'account_closed', 'idempotency_key_conflict', 'brief_limit_reached'],
      handle,
    });
  return [
    route(PATH, 'runContentBrief', 'Generate a content brief'),
    route(ALIAS_PATH, 'runContentBriefAlias', `Generate a content brief (alias of ${PATH})`),
  ];
}
