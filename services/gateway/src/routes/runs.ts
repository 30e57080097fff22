import { z } from 'zod';
import { ManualRunInput, Report, ReportQuery, Run, RunQueries, TrackerQueries, type RunAnswer, type RunSummary } from '@brandradar/contracts';
import { query, type NatsLink } from '@brandradar/platform';
import { defineRoute, type RouteDef } from '../http/route';

/** Runs and reports (spec §4.3, §4.4); the runner owns runs, the tracker service the tracker. */
export function runRoutes(nats: NatsLink, timeoutMs: number): RouteDef[] {
  /**
   * A run with its results: its head, then its answers page by page, since one NATS message cannot
   * hold a large run.
   */
  async function readRun(accountId: string, { run, prompts }: { run: RunSummary; prompts: string[] }): Promise<Run> {
    const results = prompts.map((prompt) => ({ prompt, answers: [] as RunAnswer[] }));
    let cursor: number | null = run.summary.succeeded + run.summary.failed > 0 ? 0 : null;
    while (cursor !== null) {
      const page = await query(nats, RunQueries.answers, { version: 1, accountId, trackerId: run.trackerId, runId: run.id, cursor }, timeoutMs);
      for (const { promptIndex, answer } of page.answers) results[promptIndex]?.answers.push(answer);
      cursor = page.nextCursor;
    }
    const { summary, metrics, delta, error, ...fields } = run;
    return { ...fields, results, summary, metrics, delta, error };
  }

  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/trackers/:id/runs',
      operationId: 'requestRun',
      summary: 'Queue an immediate run',
      description:
        'Requires an ACTIVE tracker. A new `requestToken` answers 202 with the new run; the same token again answers 200 with that run and no second charge, even while it is QUEUED. Checks, in order: the tracker is ACTIVE (its estimate at current rates within the accepted maximum, otherwise it is paused with `cost_above_maximum` and the answer is 409 `tracker_not_active`); the balance covers the estimate; the account has fewer than 3 manual runs QUEUED or RUNNING. Manual runs do not move `nextRunAt`. Only succeeded answers are billed, at their surface’s rate at run start.',
      tag: 'Runs',
      params: z.object({ id: z.uuid() }),
      body: ManualRunInput,
      success: { status: 202, description: 'The new run, QUEUED. (200 with the existing run for a repeated `requestToken`.)', schema: z.object({ run: Run }) },
      errors: ['validation_error', 'not_found', 'tracker_not_active', 'insufficient_credits', 'request_token_conflict', 'run_limit_reached', 'account_closed'],
      handle: async ({ accountId, params, body }) => {
        const { replayed, ...head } = await query(nats, RunQueries.requestManual, { version: 1, accountId, trackerId: params.id, requestToken: body.requestToken }, timeoutMs);
        return { status: replayed ? 200 : 202, body: { run: await readRun(accountId, head) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/trackers/:id/runs/:runId',
      operationId: 'getRun',
      summary: 'Fetch one run with its results',
      tag: 'Runs',
      params: z.object({ id: z.uuid(), runId: z.uuid() }),
      success: { status: 200, description: 'The run.', schema: z.object({ run: Run }) },
      errors: ['not_found'],
      handle: async ({ accountId, params }) => {
        // The tracker first: a deleted tracker's runs answer 404 at once, before the runner's clean-up reaches them.
        await query(nats, TrackerQueries.get, { version: 1, accountId, trackerId: params.id }, timeoutMs);
        const head = await query(nats, RunQueries.getHead, { version: 1, accountId, trackerId: params.id, runId: params.runId }, timeoutMs);
        return { status: 200, body: { run: await readRun(accountId, head) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/trackers/:id/report',
      operationId: 'getReport',
      summary: 'Read the report: the tracker and its runs, newest first',
      description:
        'Each finished run carries its metrics and, when an earlier COMPLETED or PARTIAL run of the same definition exists, a `delta`. Percentage-point changes are given only when both runs have at least 10 analysed answers; they do not establish cause. Runs carry all their answers (each within the caps of `RunAnswer`), so a report can be hundreds of megabytes: it is streamed run by run, and a failure midway cuts the connection rather than ending the JSON.',
      tag: 'Runs',
      params: z.object({ id: z.uuid() }),
      query: ReportQuery,
      success: { status: 200, description: 'The report.', schema: Report },
      errors: ['validation_error', 'not_found'],
      handle: async ({ accountId, params, query: q }) => {
        // The tracker first: another account's tracker is a 404 before any run is read.
        const { tracker } = await query(nats, TrackerQueries.get, { version: 1, accountId, trackerId: params.id }, timeoutMs);
        const { runIds } = await query(nats, RunQueries.listIds, { version: 1, accountId, trackerId: params.id, limit: q.limit }, timeoutMs);
        return {
          status: 200,
          // Run by run: the largest report (100 runs of 150 answers at the caps) is hundreds of MB, too much to hold at once.
          stream: async (write) => {
            await write(`{"tracker":${JSON.stringify(tracker)},"runs":[`);
            for (const [i, runId] of runIds.entries()) {
              const head = await query(nats, RunQueries.getHead, { version: 1, accountId, trackerId: params.id, runId }, timeoutMs);
              await write(`${i === 0 ? '' : ','}${JSON.stringify(await readRun(accountId, head))}`);
            }
            await write(']}');
          },
        };
      },
    }),
  ];
}
