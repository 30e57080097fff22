import { z } from 'zod';
import { ActivateTrackerInput, ActivationResult, CreateTrackerInput, Insights, InsightsQuery, OVERVIEW_LIMITS, Overview, Reanalysis, ReanalysisInput, RunQueries, Tracker, TrackerList, TrackerListQuery, TrackerQueries, UpdateTrackerInput } from '@brandradar/contracts';
import { query, type NatsLink } from '@brandradar/platform';
import { defineRoute, pathId, type RouteDef } from '../http/route';
import { INSIGHTS_CSV_COLUMNS, insightsCsv } from '../insights-csv';

const TrackerParams = z.object({ id: pathId() });
const one = z.object({ tracker: Tracker });
const reanalysisBody = z.object({ reanalysis: Reanalysis });

/** Tracker endpoints (api-contract §3); the tracker service answers each over NATS. */
export function trackerRoutes(nats: NatsLink, timeoutMs: number): RouteDef[] {
  const ask = <Q extends (typeof TrackerQueries)[keyof typeof TrackerQueries]>(def: Q, request: z.infer<Q['request']>) => query(nats, def, request, timeoutMs);
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/trackers',
      operationId: 'createTracker',
      summary: 'Create a tracker (as a DRAFT, with its cost estimate)',
      description:
        'Fields the primitive does not use must be left out (a present key, even `null` or `[]`, is a 400). `models` defaults to chatgpt, perplexity, gemini. At most 25 trackers per account.',
      tag: 'Trackers',
      scope: 'manage',
      body: CreateTrackerInput,
      success: { status: 201, description: 'The new DRAFT tracker; `Location` names it.', schema: one, headers: { Location: 'URL of the new tracker' } },
      errors: ['validation_error', 'tracker_limit_reached', 'account_closed'],
      handle: async ({ accountId, body }) => {
        const result = await ask(TrackerQueries.create, { version: 1, accountId, input: body });
        return { status: 201, body: result, headers: { Location: `/api/v1/trackers/${result.tracker.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/trackers',
      operationId: 'listTrackers',
      summary: 'List your trackers, newest first',
      tag: 'Trackers',
      scope: 'read',
      query: TrackerListQuery,
      success: { status: 200, description: 'One page of at most `limit` trackers and at most 512 KiB (a page of very large trackers holds fewer); pass `nextCursor` as `cursor` for the next, until it is null.', schema: TrackerList },
      errors: ['validation_error'],
      handle: async ({ accountId, query: q }) => ({ status: 200, body: await ask(TrackerQueries.list, { version: 1, accountId, query: q }) }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/overview',
      operationId: 'getOverview',
      summary: 'Your trackers, each with its headline figure, its change and its trend',
      description: `The page of trackers \`GET /api/v1/trackers\` lists for the same query, each with its headline over its newest ${OVERVIEW_LIMITS.points} finished (COMPLETED or PARTIAL) runs: compare, the brand’s share of voice; rankings, the share of voice of the name leading the newest run; sentiment, the share of the brand’s mentioning answers that read positive; citations, the rate of answers citing the tracked URL, or without one the share of citations of the most cited domain. Each point carries its sample \`n\`, its prompt × surface \`clusters\` and its 95% interval; \`change\` is the newest run’s, flagged \`significant\` only when its p-value is below 0.05. Nothing is billed.`,
      tag: 'Trackers',
      scope: 'read',
      query: TrackerListQuery,
      success: { status: 200, description: 'One page of trackers with their headlines (null while a tracker has no finished run); pass `nextCursor` as `cursor` for the next, until it is null.', schema: Overview },
      errors: ['validation_error'],
      handle: async ({ accountId, query: q }) => {
        const { trackers, nextCursor } = await ask(TrackerQueries.list, { version: 1, accountId, query: q });
        const subjects = trackers.map(({ id, primitive, brand, url }) => ({ trackerId: id, primitive, brand, url }));
        const { headlines } = await query(nats, RunQueries.headlines, { version: 1, accountId, trackers: subjects, points: OVERVIEW_LIMITS.points }, timeoutMs);
        // In the order asked: the runner answers each tracker at its place.
        return { status: 200, body: { trackers: trackers.map((tracker, i) => ({ tracker, headline: headlines[i]?.headline ?? null })), nextCursor } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/trackers/:id',
      operationId: 'getTracker',
      summary: 'Fetch one tracker',
      tag: 'Trackers',
      scope: 'read',
      params: TrackerParams,
      success: { status: 200, description: 'The tracker.', schema: one },
      errors: ['not_found'],
      handle: async ({ accountId, params }) => ({ status: 200, body: await ask(TrackerQueries.get, { version: 1, accountId, trackerId: params.id }) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/v1/trackers/:id',
      operationId: 'updateTracker',
      summary: 'Replace a tracker’s whole definition',
      description:
        'A full replace: `name`, `cadence`, `primitive`, `prompts`, `models` and every field the primitive uses must be sent. The tracker returns to DRAFT with its accepted maximum, `nextRunAt` and `pauseReason` cleared, so it must be activated again. A change of names only (`brand`, `competitors`, `aliases`) keeps the series: reanalyse the tracker (`POST …/reanalysis`) and its earlier runs report the new names, comparable with the next. A change of `prompts`, `models`, `samplesPerPrompt`, `samplingMode`, `primitive`, `url` or `country` starts a new series: no delta crosses it. Fields left out are reset: an absent `country` means none.',
      tag: 'Trackers',
      scope: 'manage',
      params: TrackerParams,
      body: UpdateTrackerInput,
      success: { status: 200, description: 'The tracker, now a DRAFT.', schema: one },
      errors: ['validation_error', 'not_found', 'account_closed'],
      handle: async ({ accountId, params, body }) => ({ status: 200, body: await ask(TrackerQueries.update, { version: 1, accountId, trackerId: params.id, input: body }) }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/trackers/:id/activate',
      operationId: 'activateTracker',
      summary: 'Activate (or resume) a tracker at its current estimate',
      description:
        'From DRAFT or PAUSED. `maxCostMicroPerRun` must equal the latest estimate; if rates changed, the answer is 409 `cost_estimate_changed` with the new amount, which is then stored so re-submitting it succeeds. On an ACTIVE tracker with the same amount it answers 200 again (a safe retry).',
      tag: 'Trackers',
      scope: 'manage',
      params: TrackerParams,
      body: ActivateTrackerInput,
      success: { status: 200, description: 'The ACTIVE tracker, the balance, the cost per run and when the balance runs dry.', schema: ActivationResult },
      errors: ['validation_error', 'not_found', 'cost_estimate_changed', 'insufficient_credits', 'spend_limit_reached', 'invalid_state', 'account_closed'],
      handle: async ({ accountId, params, body }) => ({ status: 200, body: await ask(TrackerQueries.activate, { version: 1, accountId, trackerId: params.id, input: body }) }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/trackers/:id/pause',
      operationId: 'pauseTracker',
      summary: 'Pause a tracker',
      description: 'From ACTIVE or DRAFT; a PAUSED tracker answers 200 unchanged. Runs already queued still finish. `pauseReason` stays null for a manual pause.',
      tag: 'Trackers',
      scope: 'manage',
      params: TrackerParams,
      success: { status: 200, description: 'The PAUSED tracker.', schema: one },
      errors: ['not_found', 'account_closed'],
      handle: async ({ accountId, params }) => ({ status: 200, body: await ask(TrackerQueries.pause, { version: 1, accountId, trackerId: params.id }) }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/trackers/:id/reanalysis',
      operationId: 'requestReanalysis',
      summary: "Recompute a tracker's history with its current names",
      description:
        'Queues a job that recomputes every COMPLETED and PARTIAL run of the tracker, from its stored answers, with the tracker’s current `brand`, `competitors` and `aliases` and the current analysis version: each answer’s metrics, the run’s metrics and its delta. No AI surface is asked and nothing is billed; what was billed and when stays as it was. Allowed in every status. Runs stay readable throughout: each switches to its new metrics in one write. A run that finishes while the job works is recomputed too. A new `requestToken` answers 202 with the job; the same token again answers 200 with that job.',
      tag: 'Trackers',
      scope: 'run',
      params: TrackerParams,
      body: ReanalysisInput,
      success: {
        status: 202,
        description: 'The job, QUEUED. `Location` names it.',
        schema: reanalysisBody,
        headers: { Location: 'URL of the job' },
        replay: { status: 200, description: 'A repeated `requestToken`: the job it queued, as it is now (no second job). `Location` names it.' },
      },
      errors: ['validation_error', 'not_found', 'request_token_conflict'],
      handle: async ({ accountId, params, body }) => {
        const { reanalysis, replayed } = await query(nats, RunQueries.requestReanalysis, { version: 1, accountId, trackerId: params.id, requestToken: body.requestToken }, timeoutMs);
        return { status: replayed ? 200 : 202, body: { reanalysis }, headers: { Location: `/api/v1/trackers/${params.id}/reanalysis/${reanalysis.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/trackers/:id/reanalysis/:reanalysisId',
      operationId: 'getReanalysis',
      summary: 'Follow a reanalysis',
      tag: 'Trackers',
      scope: 'read',
      params: z.object({ id: pathId(), reanalysisId: pathId() }),
      success: { status: 200, description: 'The job and its progress.', schema: reanalysisBody },
      errors: ['not_found'],
      handle: async ({ accountId, params }) => ({
        status: 200,
        body: await query(nats, RunQueries.getReanalysis, { version: 1, accountId, trackerId: params.id, reanalysisId: params.reanalysisId }, timeoutMs),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/trackers/:id/insights',
      operationId: 'getInsights',
      summary: 'Names the answers put forward that you do not track, and sources that cite competitors but not you',
      description:
        'Reads the newest `runs` COMPLETED or PARTIAL runs (default 1) with the tracker’s current names. `discoveredNames`: the names the answers put forward (list-item leads, headings, bold names, first table cells) that the tracker does not track, folded like tracked names, most answers first, each with its rate, interval, surfaces and up to 3 examples whose `start`/`end` are offsets into the answer’s `text`; add one as a competitor with a `PATCH`, then `POST …/reanalysis` to see its history. `citationGaps` (compare and sentiment): domains cited in answers that mention a competitor but not the brand, most answers first. `searches`: the web searches the surfaces ran most often for the prompts; `consultedNotCited`: the domains they read in more answers than they cited (both over the answers of ChatGPT, Claude and Gemini, which report them). Nothing is billed. A tracker without finished runs has empty lists.',
      tag: 'Trackers',
      scope: 'read',
      params: TrackerParams,
      query: InsightsQuery,
      success: {
        status: 200,
        description: 'The insights.',
        schema: z.object({ insights: Insights }),
        alternatives: [
          {
            contentType: 'text/csv',
            description:
              'With `Accept: text/csv`, the same insights (`runs` alike) as CSV (RFC 4180, UTF-8, header row, CRLF), sent as the attachment `insights-<trackerId>.csv`: one row per discovered name, search and site read but not cited, in that order and each list in the JSON order, with columns `' +
              INSIGHTS_CSV_COLUMNS.join(', ') +
              '`. `list` is `discoveredNames`, `searches` or `consultedNotCited`; `item` the name, the search or the domain; `answers`, `n`, `rate`, `clusters` as in the JSON, `low` and `high` the 95% interval; `surfaces` the surface ids joined with ` | ` (names and searches); `consulted` and `cited` the answers that read and that cited the domain (sites only). Citation gaps are not in it. Text cells starting with `=`, `+`, `-`, `@`, tab or carriage return are prefixed with `\'` so spreadsheets do not run them as formulas.',
            example:
              'list,item,answers,n,rate,clusters,low,high,surfaces,consulted,cited\r\nsearches,best crm for small teams 2026,12,40,0.3,6,0.18,0.45,chatgpt | gemini,,\r\nconsultedNotCited,reddit.com,11,40,0.275,6,0.16,0.42,,14,3\r\n',
          },
        ],
      },
      errors: ['validation_error', 'not_found'],
      handle: async ({ accountId, params, query: q, mediaType }) => {
        const { tracker } = await ask(TrackerQueries.get, { version: 1, accountId, trackerId: params.id });
        const names = { primitive: tracker.primitive, brand: tracker.brand, competitors: tracker.competitors, aliases: tracker.aliases };
        const body = await query(nats, RunQueries.insights, { version: 1, accountId, trackerId: params.id, runs: q.runs, names }, timeoutMs);
        if (mediaType === 'text/csv') {
          const csv = insightsCsv(body.insights);
          return { status: 200, contentType: 'text/csv; charset=utf-8', headers: { 'Content-Disposition': `attachment; filename="insights-${params.id}.csv"` }, stream: (write) => write(csv) };
        }
        return { status: 200, body };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/trackers/:id',
      operationId: 'deleteTracker',
      summary: 'Delete a paused tracker with its runs and results',
      description: 'Only a PAUSED tracker with no QUEUED or RUNNING run. Configuration and history go; ledger entries stay.',
      tag: 'Trackers',
      scope: 'manage',
      params: TrackerParams,
      success: { status: 204, description: 'Deleted.' },
      errors: ['not_found', 'tracker_not_paused', 'tracker_busy', 'account_closed'],
      handle: async ({ accountId, params }) => {
        await ask(TrackerQueries.delete, { version: 1, accountId, trackerId: params.id });
        return { status: 204 };
      },
    }),
  ];
}
