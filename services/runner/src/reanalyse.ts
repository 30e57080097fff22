import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ANALYSIS_VERSION } from '@brandradar/analysis';
import { apiError, notFound, RunCommands, RunQueries, TrackerQueries, type AnswerMetrics } from '@brandradar/contracts';
import { DomainError, mapInSlices, query, readAhead, storedEvent, type Lease, type Leases, type Logger, type NatsLink, type Outbox, type QueryRequest, type QueryResult } from '@brandradar/platform';
import type { Counter, Gauge, Histogram } from 'prom-client';
import { ANSWERS_PER_SLICE, answerMetrics } from './domain/answer-metrics';
import { FINISHED_STATUSES, nextStartAt, reanalysisView, runMetricsOfAnalysed, sweepView, type CurrentNames, type ReanalysisJob, type SweepJob } from './domain/reanalysis';
import { analysedDefinition, comparisonKeyOf, namesForRun, type RunState } from './domain/run';
import { deltaAgainst } from './domain/run-analysis';
import { askedSlots } from './domain/sampling';
import type { ReanalysisStore } from './store/reanalyses';
import { answerId, type RunStore, type RunToAnalyse } from './store/runs';

type Q = typeof RunQueries;
type Kind = 'tracker' | 'sweep';

export interface ReanalyserDeps {
  runs: RunStore;
  store: ReanalysisStore;
  /** One holder per tracker at a time: a tracker's job and a sweep never recompute the same runs at once. */
  trackerLocks: Leases;
  jobsOutbox: Outbox;
  sweepsOutbox: Outbox;
  nats: NatsLink;
  logger: Logger;
  now: () => Date;
  /** Tells every replica's cache that runs of this tracker changed. */
  runsChanged: (trackerId: string) => void;
  settings: { answersPerSecond: number; sweepAnswersPerSecond: number; lockMs: number };
  /** Aborted at shutdown: work stops between two runs and is taken up again from its progress. */
  signal: AbortSignal;
  metrics: {
    runs: Counter<'kind'>;
    answers: Counter<'kind'>;
    jobs: Counter<'kind' | 'status'>;
    runDuration: Histogram<'kind'>;
    sweepTrackersRemaining: Gauge;
  };
}

/** Runs read and computed ahead of the one being written: the store's reads and writes overlap. */
const RUNS_READ_AHEAD = 2;

const COMPARABLE: readonly RunState['status'][] = ['COMPLETED', 'PARTIAL'];

/** The newest run of a series a job has switched: the next one's predecessor. */
type SwitchedRun = Pick<RunState, 'id' | 'createdAt' | 'metrics'>;

/** A run read and computed again, its answers' metrics stored, not yet switched. */
interface Recomputed {
  run: RunToAnalyse;
  analysedNames: RunState['analysedNames'];
  metrics: RunState['metrics'];
  comparisonKey: string;
  /** Every answer of the run, succeeded or not. */
  count: number;
}

/** A tracker another job holds; its job is tried again later. */
class TrackerBusy extends Error {
  constructor(trackerId: string) {
    super(`tracker ${trackerId} is being reanalysed by another job`);
  }
}

/**
 * Reanalysis (api-contract §11): a tracker's finished runs computed again from their stored answers
 * with its current names and the current rules, each run switched in one write, no provider call
 * and nothing billed. A job goes on after a crash from its progress: the runs before it are done,
 * and the run it was at is done once if it had switched already (its `analysisId` says so).
 */
export function createReanalyser(d: ReanalyserDeps) {
  /** The tracker's lease for `owner`, or null while another holds it. */
  const claim = (trackerId: string, owner: string) => d.trackerLocks.claim(trackerId, owner, d.now(), d.settings.lockMs);

  /**
   * Reads a run, computes its analysis with `names` and stores its answers' metrics (which the run
   * does not read yet): null when there is nothing to do (gone, not finished COMPLETED or PARTIAL,
   * or switched to `analysisId` already).
   */
  async function recompute(runId: string, names: CurrentNames, analysisId: string): Promise<Recomputed | null> {
    const run = await d.runs.runToAnalyse(runId);
    if (!run || !COMPARABLE.includes(run.status) || run.analysisId === analysisId) return null;
    const analysedNames = namesForRun(run.definition, names);
    const definition = analysedDefinition({ definition: run.definition, analysedNames });
    const stored = await d.runs.answersToAnalyse(run.id);
    const answers = askedSlots(run.definition, run.outcomes).flatMap((slot) => {
      const id = answerId(run.id, slot);
      const answer = stored.get(id);
      return answer ? [{ answerId: id, answer }] : [];
    });
    const analysed = await mapInSlices(answers, ANSWERS_PER_SLICE, ({ answer }): AnswerMetrics | null =>
      answer.status === 'succeeded' ? answerMetrics(definition, answer.text!, answer.citations) : null,
    );
    const records = answers.map(({ answer }, i) => ({ ...answer, metrics: analysed[i]! }));
    // Stored now, while an earlier run is being switched: nothing reads it before this run switches to `analysisId`.
    await d.runs.storeAnalysis(
      run,
      analysisId,
      answers.flatMap(({ answerId: id, answer }, i) => (answer.status === 'succeeded' ? [{ answerId: id, metrics: analysed[i]! }] : [])),
    );
    return { run, analysedNames, metrics: runMetricsOfAnalysed(definition, records, analysed), comparisonKey: comparisonKeyOf(definition, ANALYSIS_VERSION), count: answers.length };
  }

  /**
   * Switches a recomputed run to its new metrics and its answers' (stored already), with its delta
   * against `previous` when that is the run of its series switched just before in this job and
   * earlier than it (runs are worked oldest first), else against the nearest earlier comparable run
   * in the store. A run older than `previous` (one that finished while the job worked) is then the
   * predecessor of a later run: that one's delta is taken against it again. False when the run went.
   */
  async function switchRun(r: Recomputed, previous: SwitchedRun | undefined, analysisId: string): Promise<boolean> {
    const inOrder = previous !== undefined && previous.createdAt < r.run.createdAt;
    const before = inOrder ? previous : r.metrics ? await d.runs.previousComparable({ ...r.run, comparisonKey: r.comparisonKey }) : null;
    const delta = r.metrics && before ? deltaAgainst(r.metrics, before) : null;
    const changes = { metrics: r.metrics, delta, analysisVersion: ANALYSIS_VERSION, analysedNames: r.analysedNames, analysisId, comparisonKey: r.comparisonKey };
    if (!(await d.runs.switchAnalysis(r.run, changes, d.now()))) return false;
    if (previous && !inOrder && r.metrics) {
      const next = await d.runs.nextComparable({ ...r.run, comparisonKey: r.comparisonKey });
      if (next?.metrics) await d.runs.setDelta(next.id, deltaAgainst(next.metrics, { id: r.run.id, metrics: r.metrics }));
    }
    d.runsChanged(r.run.trackerId);
    return true;
  }

  /**
   * Recomputes `runIds` from `done` on, oldest first, then any run of the tracker found finished
   * meanwhile, at `perSecond` answers a second, keeping the tracker's lease. The next runs are read
   * and computed while one is written; runs are switched one after the other, oldest first, so each
   * delta is taken against its predecessor's new metrics. `progress` hears each run done.
   */
  async function reanalyseTracker(work: {
    trackerId: string;
    names: CurrentNames;
    analysisId: string;
    runIds: string[];
    done: number;
    lease: Lease;
    kind: Kind;
    perSecond: number;
    progress: (done: number, answers: number | null) => Promise<void>;
    found: (runIds: string[]) => Promise<void>;
  }): Promise<void> {
    const runIds = [...work.runIds];
    const lastOfSeries = new Map<string, SwitchedRun>();
    let done = work.done;
    let startAt = d.now();
    for (;;) {
      const ahead = readAhead(runIds.slice(done), RUNS_READ_AHEAD, (runId) => recompute(runId, work.names, work.analysisId));
      for (; done < runIds.length; done++) {
        if (d.signal.aborted) throw d.signal.reason;
        const wait = startAt.getTime() - d.now().getTime();
        if (wait > 0) await sleep(wait, undefined, { signal: d.signal });
        if (!(await d.trackerLocks.renew(work.lease, d.now(), d.settings.lockMs))) throw new Error(`reanalysis ${work.analysisId}: lost the lease of tracker ${work.trackerId}`);
        const started = process.hrtime.bigint();
        const startedAt = d.now();
        const recomputed = await ahead.next();
        const switched = recomputed !== null && (await switchRun(recomputed, lastOfSeries.get(recomputed.comparisonKey), work.analysisId));
        if (switched) {
          const last = lastOfSeries.get(recomputed.comparisonKey);
          if (!last || last.createdAt < recomputed.run.createdAt) lastOfSeries.set(recomputed.comparisonKey, { id: recomputed.run.id, createdAt: recomputed.run.createdAt, metrics: recomputed.metrics });
          d.metrics.runs.inc({ kind: work.kind });
          d.metrics.answers.inc({ kind: work.kind }, recomputed.count);
          d.metrics.runDuration.observe({ kind: work.kind }, Number(process.hrtime.bigint() - started) / 1e9);
        }
        const answers = switched ? recomputed.count : null;
        startAt = nextStartAt(startedAt, answers ?? 0, work.perSecond);
        await work.progress(done + 1, answers);
      }
      // Runs that finished while it worked were analysed with the names of their definition: them too.
      const found = (await d.runs.newComparableRuns(work.trackerId, new Set(runIds))).filter((r) => r.analysisId !== work.analysisId).map((r) => r.id);
      if (found.length === 0) return;
      await work.found(found);
      runIds.push(...found);
    }
  }

  /** The tracker's names as they are now; null when it was deleted. */
  async function currentNames(accountId: string, trackerId: string): Promise<CurrentNames | null> {
    try {
      const { tracker } = await query(d.nats, TrackerQueries.get, { version: 1, accountId, trackerId });
      return { primitive: tracker.primitive, brand: tracker.brand, competitors: tracker.competitors, aliases: tracker.aliases };
    } catch (e) {
      if (e instanceof DomainError && e.error.code === 'not_found') return null;
      throw e;
    }
  }

  async function finishJob(job: ReanalysisJob, status: 'COMPLETED' | 'FAILED', error: ReanalysisJob['error']): Promise<void> {
    if (!(await d.store.finishJob(job.id, status, error, d.now()))) return;
    d.metrics.jobs.inc({ kind: 'tracker', status });
    d.logger.info({ reanalysisId: job.id, trackerId: job.trackerId, status, error }, 'reanalysis finished');
  }

  async function finishSweep(sweep: SweepJob, status: 'COMPLETED' | 'FAILED', error: SweepJob['error']): Promise<void> {
    d.metrics.sweepTrackersRemaining.set(0);
    if (!(await d.store.finishSweep(sweep.id, status, error, d.now()))) return;
    d.metrics.jobs.inc({ kind: 'sweep', status });
    d.logger.info({ sweepId: sweep.id, status, error }, 'sweep finished');
  }

  return {
    queries: {
      async requestReanalysis({ accountId, trackerId, requestToken }: QueryRequest<Q['requestReanalysis']>): Promise<QueryResult<Q['requestReanalysis']>> {
        const replay = async (job: ReanalysisJob) => {
          if (job.trackerId === trackerId) return { reanalysis: reanalysisView(job), replayed: true };
          // An unknown tracker is a 404 first, as for any new token.
          await query(d.nats, TrackerQueries.get, { version: 1, accountId, trackerId });
          throw new DomainError(apiError('request_token_conflict', 'This requestToken was already used for a reanalysis of another tracker of this account; send a new one.'));
        };
        const existing = await d.store.jobByToken(accountId, requestToken);
        if (existing) return replay(existing);
        await query(d.nats, TrackerQueries.get, { version: 1, accountId, trackerId }); // deleted or unknown: 404
        const id = randomUUID();
        const job: ReanalysisJob = {
          id,
          accountId,
          trackerId,
          requestToken,
          status: 'QUEUED',
          runIds: (await d.runs.comparableRuns(trackerId)).map((r) => r.id),
          done: 0,
          names: null,
          analysisVersion: ANALYSIS_VERSION,
          createdAt: d.now(),
          startedAt: null,
          finishedAt: null,
          error: null,
        };
        const events = [storedEvent(RunCommands.reanalyse, { accountId, trackerId, reanalysisId: id }, d.now())];
        const stored = await d.store.insertJob(job, events);
        if (!stored.inserted) return replay(stored.job);
        await d.jobsOutbox.flushInserted(id, events);
        return { reanalysis: reanalysisView(job), replayed: false };
      },

      async getReanalysis({ accountId, trackerId, reanalysisId }: QueryRequest<Q['getReanalysis']>): Promise<QueryResult<Q['getReanalysis']>> {
        const job = await d.store.job(reanalysisId);
        if (!job || job.accountId !== accountId || job.trackerId !== trackerId) throw new DomainError(notFound());
        return { reanalysis: reanalysisView(job) };
      },

      async requestSweep({ requestToken }: QueryRequest<Q['requestSweep']>): Promise<QueryResult<Q['requestSweep']>> {
        const existing = await d.store.sweepByToken(requestToken);
        if (existing) return { sweep: sweepView(existing), replayed: true };
        const id = randomUUID();
        const sweep: SweepJob = {
          id,
          requestToken,
          status: 'QUEUED',
          trackerIds: await d.runs.trackersWithRuns(),
          trackersDone: 0,
          runsDone: 0,
          answersDone: 0,
          answersPerSecond: null,
          analysisVersion: ANALYSIS_VERSION,
          createdAt: d.now(),
          startedAt: null,
          finishedAt: null,
          error: null,
        };
        const events = [storedEvent(RunCommands.reanalyseAll, { sweepId: id }, d.now())];
        const stored = await d.store.insertSweep(sweep, events);
        if (!stored.inserted) return { sweep: sweepView(stored.sweep), replayed: true };
        await d.sweepsOutbox.flushInserted(id, events);
        return { sweep: sweepView(sweep), replayed: false };
      },

      async getSweep({ sweepId }: QueryRequest<Q['getSweep']>): Promise<QueryResult<Q['getSweep']>> {
        const sweep = await d.store.sweep(sweepId);
        if (!sweep) throw new DomainError(notFound());
        return { sweep: sweepView(sweep) };
      },
    },

    /** Works a tracker's job to its end (a redelivery after a crash goes on from its progress). Throws {@link TrackerBusy} while another job holds the tracker. */
    async work(reanalysisId: string): Promise<void> {
      const queued = await d.store.job(reanalysisId);
      if (!queued || FINISHED_STATUSES.includes(queued.status)) return;
      const lease = await claim(queued.trackerId, `${reanalysisId}:${randomUUID()}`);
      if (!lease) throw new TrackerBusy(queued.trackerId);
      try {
        const names = queued.names ?? (await currentNames(queued.accountId, queued.trackerId));
        if (!names) return finishJob(queued, 'FAILED', { code: 'not_found', message: 'The tracker was deleted.' });
        const job = await d.store.startJob(reanalysisId, names, d.now());
        if (!job) return; // deleted with its tracker meanwhile
        await reanalyseTracker({
          trackerId: job.trackerId,
          names,
          analysisId: job.id,
          runIds: job.runIds,
          done: job.done,
          lease,
          kind: 'tracker',
          perSecond: d.settings.answersPerSecond,
          progress: (done) => d.store.jobProgress(job.id, done),
          found: (runIds) => d.store.addJobRuns(job.id, runIds),
        });
        await finishJob(job, 'COMPLETED', null);
      } finally {
        await d.trackerLocks.release(lease);
      }
    },

    /** Works an operators' sweep to its end, tracker by tracker, waiting for a tracker another job holds. */
    async sweep(sweepId: string): Promise<void> {
      const queued = await d.store.sweep(sweepId);
      if (!queued || FINISHED_STATUSES.includes(queued.status)) return;
      const perSecond = d.settings.sweepAnswersPerSecond;
      const sweep = await d.store.startSweep(sweepId, perSecond > 0 ? perSecond : null, d.now());
      if (!sweep) return;
      for (let i = sweep.trackersDone; i < sweep.trackerIds.length; i++) {
        d.metrics.sweepTrackersRemaining.set(sweep.trackerIds.length - i);
        const trackerId = sweep.trackerIds[i]!;
        const accountId = await d.runs.accountOfTracker(trackerId);
        const names = accountId === null ? null : await currentNames(accountId, trackerId);
        if (names) {
          let lease: Lease | null;
          while (!(lease = await claim(trackerId, `${sweepId}:${randomUUID()}`))) await sleep(d.settings.lockMs / 10, undefined, { signal: d.signal });
          try {
            // The runs are listed again on a resumed sweep; those it switched already are passed over.
            const runIds = (await d.runs.comparableRuns(trackerId)).map((r) => r.id);
            await reanalyseTracker({
              trackerId,
              names,
              analysisId: sweepId,
              runIds,
              done: 0,
              lease,
              kind: 'sweep',
              perSecond,
              progress: async (_, answers) => (answers === null ? undefined : d.store.sweepRunDone(sweepId, answers)),
              found: async () => undefined,
            });
          } finally {
            await d.trackerLocks.release(lease);
          }
        }
        await d.store.sweepTrackersDone(sweepId, i + 1);
        d.logger.info({ sweepId, trackers: { done: i + 1, total: sweep.trackerIds.length } }, 'sweep progress');
      }
      await finishSweep(sweep, 'COMPLETED', null);
    },

    /** Ends a job given up on (its command dead-lettered): FAILED, keeping the runs it switched. */
    async giveUp(reanalysisId: string): Promise<void> {
      const job = await d.store.job(reanalysisId);
      if (job) await finishJob(job, 'FAILED', { code: 'execution_failed', message: 'The reanalysis could not be completed after repeated failures; the runs recomputed before keep their new metrics.' });
    },

    async giveUpSweep(sweepId: string): Promise<void> {
      const sweep = await d.store.sweep(sweepId);
      if (sweep) await finishSweep(sweep, 'FAILED', { code: 'execution_failed', message: 'The sweep could not be completed after repeated failures; the runs recomputed before keep their new metrics.' });
    },
  };
}
