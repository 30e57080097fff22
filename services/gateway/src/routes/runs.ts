import { z } from 'zod';
import { ManualRunInput, Report, ReportQuery, Run, RunQueries, TrackerQueries, type RunAnswer } from '@brandradar/contracts';
import { query, readAhead, type NatsLink, type QueryResult } from '@brandradar/platform';
import { defineRoute, pathId, type RouteDef } from '../http/route';
import { reportPdf } from '@brandradar/report-render';
import { csvText, REPORT_CSV_COLUMNS, runCsvRows } from '../report-csv';

type AnswersPage = QueryResult<typeof RunQueries.answers>;
type RunHead = Omit<QueryResult<typeof RunQueries.requestManual>, 'replayed'>;

/**
 * How many runs' first pages a report asks for ahead of the run it writes: each is at most
 * RUN_ANSWERS_PAGE_BYTES, so a report holds at most this many pages beside the run being written.
 */
const REPORT_READ_AHEAD = 4;

function headOf(first: AnswersPage): RunHead {
  if (!first.head) throw new Error('runs.answers.v1 answered the first page without the run');
  return first.head;
}

/** Runs and reports (spec §4.3, §4.4); the runner owns runs, the tracker service the tracker. */
export function runRoutes(nats: NatsLink, timeoutMs: number): RouteDef[] {
  /** The first page of a run's answers, which carries the run's head. */
  const firstPage = (accountId: string, trackerId: string, runId: string) => query(nats, RunQueries.answers, { version: 1, accountId, trackerId, runId, cursor: 0 }, timeoutMs);

  /**
   * A run with its results, page by page, since one NATS message cannot hold a large run: the first
   * page carries the run's head, so a run whose answers fit one page is one round trip.
   */
  async function readRun(accountId: string, first: AnswersPage): Promise<Run> {
    return withAnswers(accountId, headOf(first), first);
  }

  /** The run of `head` with its answers: `first` when it is the first page already read, the rest asked for. */
  async function withAnswers(accountId: string, { run, prompts }: RunHead, first?: AnswersPage): Promise<Run> {
    const results = prompts.map((prompt) => ({ prompt, answers: [] as RunAnswer[] }));
    let page = first;
    let cursor: number | null = first ? first.nextCursor : run.summary.succeeded + run.summary.failed > 0 ? 0 : null;
    for (;;) {
      for (const { promptIndex, answer } of page?.answers ?? []) results[promptIndex]?.answers.push(answer);
      if (cursor === null) break;
      page = await query(nats, RunQueries.answers, { version: 1, accountId, trackerId: run.trackerId, runId: run.id, cursor }, timeoutMs);
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
      scope: 'run',
      params: z.object({ id: pathId() }),
      body: ManualRunInput,
      success: {
        status: 202,
        description: 'The new run, QUEUED.',
        schema: z.object({ run: Run }),
        replay: { status: 200, description: 'A repeated `requestToken`: the run it queued, as it is now; nothing is charged again.' },
      },
      errors: ['validation_error', 'not_found', 'tracker_not_active', 'insufficient_credits', 'request_token_conflict', 'run_limit_reached', 'account_closed'],
      handle: async ({ accountId, params, body }) => {
        const { replayed, ...head } = await query(nats, RunQueries.requestManual, { version: 1, accountId, trackerId: params.id, requestToken: body.requestToken }, timeoutMs);
        return { status: replayed ? 200 : 202, body: { run: await withAnswers(accountId, head) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/trackers/:id/runs/:runId',
      operationId: 'getRun',
      summary: 'Fetch one run with its results',
      tag: 'Runs',
      scope: 'read',
      params: z.object({ id: pathId(), runId: pathId() }),
      success: { status: 200, description: 'The run.', schema: z.object({ run: Run }) },
      errors: ['not_found'],
      handle: async ({ accountId, params }) => {
        // The tracker first: a deleted tracker's runs answer 404 at once, before the runner's clean-up reaches them.
        await query(nats, TrackerQueries.get, { version: 1, accountId, trackerId: params.id }, timeoutMs);
        return { status: 200, body: { run: await readRun(accountId, await firstPage(accountId, params.id, params.runId)) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/trackers/:id/report',
      operationId: 'getReport',
      summary: 'Read the report: the tracker and its runs, newest first',
      description:
        'Each finished run carries its metrics and, when an earlier COMPLETED or PARTIAL run of the same series, names and analysis version exists, a `delta`; `analysisVersions` lists the versions present. Percentage-point changes are given only when both runs have at least 10 analysed answers; they do not establish cause. Runs carry all their answers (each within the caps of `RunAnswer`), so a report can be hundreds of megabytes: it is streamed run by run, and a failure midway cuts the connection rather than ending the JSON.',
      tag: 'Runs',
      scope: 'read',
      params: z.object({ id: pathId() }),
      query: ReportQuery,
      success: {
        status: 200,
        description: 'The report.',
        schema: Report,
        alternatives: [
          {
            contentType: 'text/csv',
            description:
              'With `Accept: text/csv`, the same runs (newest first, `limit` alike) as CSV (RFC 4180, UTF-8, header row, CRLF), sent as the attachment `report-<trackerId>.csv`: one row per run × surface (`all` for the whole run) × name × metric with columns `' +
              REPORT_CSV_COLUMNS.join(', ') +
              '`. Metrics carry the JSON field names: rankings and compare per name `mentionRate`, `shareOfVoice`, `top3Rate`, `averagePosition`, `mentions`; citations per domain `share`, `citations`, and `urlCitedRate`, `domainCitedRate` named by the tracked URL; sentiment `positiveRate`, `neutralRate`, `negativeRate`, `netSentiment`, `mentions` named by the brand. A cell a metric lacks (an interval of a mean, clusters of a count) is empty; runs without metrics have no rows. Text cells starting with `=`, `+`, `-`, `@`, tab or carriage return are prefixed with `\'` so spreadsheets do not run them as formulas; numbers are written as numbers.',
            example:
              'run_id,finished_at,analysis_version,surface,name,metric,value,n,clusters,low,high\r\n6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f,2026-11-22T09:04:12.000Z,2026-11-28,all,Acme,mentionRate,0.75,12,12,0.4677,0.9111\r\n6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f,2026-11-22T09:04:12.000Z,2026-11-28,all,Acme,averagePosition,1.67,9,,,\r\n',
          },
          {
            contentType: 'application/pdf',
            binary: true,
            description:
              'With `Accept: application/pdf`, the report of the same runs (`limit` alike) as an A4 PDF to forward, sent as the attachment `report-<trackerId>.pdf`: the tracker’s name, the date range of its finished runs and the generation time (UTC); for the measure of the overview’s headline rule (compare and rankings share of voice, sentiment the positive rate, citations the rate of answers citing the URL or the share of citations), a card per charted name with the newest run’s value, 95% interval, sample `n` and the change since the previous comparable run, marked “significant” (p below 0.05) or “within noise” in words; the comparison chart; that measure by surface in the newest run; the top 5 of each insight list of the newest run (`GET …/insights`); and the method in one paragraph. Its figures are the JSON report’s, rounded as the web app shows them. Text is set in DejaVu Sans; characters it cannot draw (emoji) print as �.',
          },
        ],
      },
      errors: ['validation_error', 'not_found'],
      handle: async ({ accountId, params, query: q, mediaType }) => {
        // The tracker and the run ids at once: another account's tracker is a 404 (its run ids, listed
        // only for their own account, are none) before any run is read.
        const [{ tracker }, { runIds }] = await Promise.all([
          query(nats, TrackerQueries.get, { version: 1, accountId, trackerId: params.id }, timeoutMs),
          query(nats, RunQueries.listIds, { version: 1, accountId, trackerId: params.id, limit: q.limit }, timeoutMs),
        ]);
        if (mediaType === 'application/pdf') {
          // The figures need each run's head only, which its first page carries; the insights are the newest run's.
          const ahead = readAhead(runIds, REPORT_READ_AHEAD, (runId) => firstPage(accountId, params.id, runId));
          const runs: Run[] = [];
          for (let i = 0; i < runIds.length; i++) runs.push({ ...headOf(await ahead.next()).run, results: [] });
          const names = { primitive: tracker.primitive, brand: tracker.brand, competitors: tracker.competitors, aliases: tracker.aliases };
          const { insights } = await query(nats, RunQueries.insights, { version: 1, accountId, trackerId: params.id, runs: 1, names }, timeoutMs);
          const pdf = await reportPdf({ tracker, runs }, { insights });
          return { status: 200, contentType: 'application/pdf', headers: { 'Content-Disposition': `attachment; filename="report-${params.id}.pdf"` }, stream: (write) => write(pdf) };
        }
        if (mediaType === 'text/csv') {
          return {
            status: 200,
            contentType: 'text/csv; charset=utf-8',
            headers: { 'Content-Disposition': `attachment; filename="report-${params.id}.csv"` },
            // Run by run like the JSON; the rows need only each run's head, which its first page carries.
            stream: async (write) => {
              const ahead = readAhead(runIds, REPORT_READ_AHEAD, (runId) => firstPage(accountId, params.id, runId));
              await write(csvText([], { header: true }));
              for (let i = 0; i < runIds.length; i++) {
                await write(csvText(runCsvRows(headOf(await ahead.next()).run), { header: false }));
              }
            },
          };
        }
        return {
          status: 200,
          // Run by run: the largest report (100 runs of 150 answers at the caps) is hundreds of MB, too
          // much to hold at once. The first pages of the next runs are asked for while one is written,
          // so a report of small runs waits for about one round trip, not one per run.
          stream: async (write) => {
            const ahead = readAhead(runIds, REPORT_READ_AHEAD, (runId) => firstPage(accountId, params.id, runId));
            await write(`{"tracker":${JSON.stringify(tracker)},"runs":[`);
            const versions = new Set<string>();
            for (let i = 0; i < runIds.length; i++) {
              const run = await readRun(accountId, await ahead.next());
              if (run.metrics) versions.add(run.analysisVersion); // a run with no metrics was analysed by no rules
              await write(`${i === 0 ? '' : ','}${JSON.stringify(run)}`);
            }
            // Known only once every run is read: JSON's members have no order, so it goes last.
            await write(`],"analysisVersions":${JSON.stringify([...versions])}}`);
          },
        };
      },
    }),
  ];
}
