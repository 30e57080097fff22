import { answerInsight, computeInsights, type InsightAnswer } from '@brandradar/analysis';
import { BillingQueries, INSIGHTS_LIMITS, RUN_ANSWERS_PAGE_BYTES, TrackerQueries, apiError, runCoverageRefusal, type RunAnswer, type RunQueries, type Surface } from '@brandradar/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { DomainError, mapConcurrently, mapInSlices, query, type BatchOutbox, type GroupedCache, type NatsLink, type Outbox, type QueryRequest, type QueryResult, type StoredEvent } from '@brandradar/platform';
import { ANSWERS_PER_SLICE } from './domain/answer-metrics';
import { headlineOf, type FinishedRunFigures } from './domain/headline';
import { jsonBytes, pageLength } from './domain/page';
import { isActive, newRun, queuedEvents, runCounts, runHead, type AnswerRecord, type RunState } from './domain/run';
import { answerSlots } from './domain/sampling';
import type { AnswersPage, FinishedRunCache } from './run-cache';
import type { OpenRunStore } from './store/open-runs';
import { MANUAL_RUN_SLOTS, answerId, manualKey, runLimitReached, type RunStore } from './store/runs';

type Q = typeof RunQueries;

/** Runs of a tracker looked through for its newest finished ones: a tracker's run list keeps this many. */
const INSIGHT_RUNS_SEARCHED = 100;
/**
 * Runs looked through for a headline beyond the points wanted (runs FAILED, QUEUED or RUNNING are
 * no points): an overview of 100 trackers then reads at most 100 × (12 + 8) small run documents.
 */
const HEADLINE_RUNS_SEARCHED_BEYOND_POINTS = 8;
/** Trackers whose runs are read at once for headlines. */
const HEADLINE_TRACKERS_AT_ONCE = 8;

export interface RunQueryDeps {
  store: RunStore;
  openRuns: OpenRunStore;
  outbox: Outbox;
  /** The events of scheduled runs, one document per batch. */
  batchOutbox: BatchOutbox;
  nats: NatsLink;
  /** Pages of finished runs already read. */
  cache: FinishedRunCache;
  /** Insights computed, by tracker (see `insights`). */
  insightsCache: GroupedCache<QueryResult<Q['insights']>>;
  now: () => Date;
  /** A new run's deadline, from when it is queued and what it asks for. */
  deadlineOf: (queuedAt: Date, definition: Pick<RunState['definition'], 'prompts' | 'models' | 'samplesPerPrompt' | 'samplingMode'>) => Date;
}

/** A run's succeeded answers in result order, as insights read them. */
function succeededAnswers(run: RunState, stored: Map<string, AnswerRecord>): InsightAnswer<Surface>[] {
  return answerSlots(run.definition).flatMap((slot) => {
    const a = run.outcomes[slot.key] === 'succeeded' ? stored.get(answerId(run.id, slot)) : undefined;
    if (a?.text == null) return [];
    return [{ runId: run.id, prompt: run.definition.prompts[slot.promptIndex]!, surface: a.model, sample: a.sample, text: a.text, citations: a.citations, searchQueries: a.searchQueries, consultedSources: a.consultedSources }];
  });
}

/** The runner's answers about runs, one per query subject. */
export function runQueryHandlers({ store, openRuns, outbox, batchOutbox, nats, cache, insightsCache, now, deadlineOf }: RunQueryDeps) {
  /** A new run with its deadline, from when it is queued and how many answers it asks for. */
  function build(input: Omit<Parameters<typeof newRun>[0], 'now' | 'deadlineAt'>, queuedAt: Date): RunState {
    return newRun({ ...input, now: queuedAt, deadlineAt: deadlineOf(queuedAt, input.tracker) });
  }

  /**
   * Queues new runs, each registered with the reaper before it exists so no run is ever without a
   * deadline. `insert` may find a run already there (a repeated token or occurrence): its
   * registration is withdrawn. Returns what `insert` did, `inserted` telling which of `runs` went in;
   * `publish` then publishes the events of those.
   */
  async function queue<R extends { inserted: boolean[] }>(
    runs: RunState[],
    insert: (runs: { run: RunState; events: StoredEvent[] }[]) => Promise<R>,
    publish: (inserted: { id: string; events: StoredEvent[] }[]) => Promise<unknown>,
  ): Promise<R> {
    await openRuns.open(runs);
    const withEvents = runs.map((run) => ({ run, events: queuedEvents(run) }));
    const result = await insert(withEvents).catch(async (e: unknown) => {
      await Promise.all(runs.map((r) => openRuns.close(r.id)));
      throw e;
    });
    await Promise.all(runs.filter((_, i) => !result.inserted[i]).map((run) => openRuns.close(run.id)));
    // Independent of each other: the events go out while the runs are listed for their reports.
    await Promise.all([
      publish(withEvents.filter((_, i) => result.inserted[i]).map(({ run, events }) => ({ id: run.id, events }))),
      store.list(runs.filter((_, i) => result.inserted[i])),
    ]);
    return result;
  }

  /** The run a repeated token made. A token of another tracker conflicts, but an unknown tracker is 404 first, as for any new token. */
  async function replay(run: RunState, trackerId: string, accountId: string) {
    if (run.trackerId !== trackerId) {
      await query(nats, TrackerQueries.get, { version: 1, accountId, trackerId });
      throw new DomainError(apiError('request_token_conflict', 'This requestToken was already used for another tracker of this account; send a new one.'));
    }
    return { ...runHead(run), replayed: true };
  }

  /** The page of `run`'s answers from slot `cursor` (with the run's head on the first), and its size as JSON. */
  async function answersPage(run: RunState, cursor: number): Promise<{ page: AnswersPage; bytes: number }> {
    const head = cursor === 0 ? { head: runHead(run) } : {};
    const page: { promptIndex: number; answer: RunAnswer }[] = [];
    const sizes: number[] = [];
    const bytes = (nextCursor: number | null) => sizes.slice(0, page.length).reduce((a, b) => a + b, jsonBytes({ ...head, nextCursor }));
    const slots = answerSlots(run.definition).filter((s) => s.index >= cursor && run.outcomes[s.key]);
    // The first page reads all the run's answers at once (most runs fit one page); a run too large
    // for one page is read on by `_id`, so later pages do not read the whole run again each.
    const whole = cursor === 0 && slots.length > 0 ? await store.answersOf(run) : null;
    const analysis = whole || slots.length === 0 ? null : await store.analysisOf(run);
    for (const slot of slots) {
      const stored = whole ? (whole.get(answerId(run.id, slot)) ?? null) : await store.answer(run.id, slot, analysis);
      if (!stored) continue; // its outcome was recorded, so it exists; a tracker deleted meanwhile leaves nothing to show
      const { promptIndex, ...answer } = stored;
      sizes.push(jsonBytes({ promptIndex, answer }));
      if (pageLength(sizes, RUN_ANSWERS_PAGE_BYTES) < sizes.length) return { page: { ...head, answers: page, nextCursor: slot.index }, bytes: bytes(slot.index) };
      page.push({ promptIndex, answer });
    }
    return { page: { ...head, answers: page, nextCursor: null }, bytes: bytes(null) };
  }

  return {
    async requestManual({ accountId, trackerId, requestToken }: QueryRequest<Q['requestManual']>): Promise<QueryResult<Q['requestManual']>> {
      // A replay answers before any check: a retry must return the run it made, even if the tracker changed since.
      const existing = await store.byDedupeKey(manualKey(accountId, requestToken));
      if (existing) return replay(existing, trackerId, accountId);

      // The three checks asked at once, their answers taken in the contract's order (the tracker, the
      // balance, the account's slots), so the first that refuses is the one given. A full account is
      // told here by one read, before anything is written; the slot index still decides below.
      const balance = query(nats, BillingQueries.getAccount, { version: 1, accountId });
      const held = store.heldSlots(accountId);
      for (const p of [balance, held]) p.catch(() => undefined); // not awaited when an earlier check refuses
      const { tracker, estimatedCostMicro, definitionVersion } = await query(nats, TrackerQueries.checkRun, { version: 1, accountId, trackerId });
      const refusal = runCoverageRefusal((await balance).account, estimatedCostMicro);
      if (refusal) throw new DomainError(refusal);
      const heldSlots = await held;
      if (heldSlots.length >= MANUAL_RUN_SLOTS) throw new DomainError(runLimitReached());
      const run = build({ accountId, tracker, definitionVersion, trigger: 'manual', requestToken, scheduledFor: null, estimatedCostMicro }, now());
      const { outcome } = await queue(
        [run],
        async (queued) => {
          const outcome = await store.insertManual(run, queued.flatMap((q) => q.events), heldSlots);
          return { inserted: [outcome.inserted], outcome };
        },
        (inserted) => Promise.all(inserted.map(({ id, events }) => outbox.flushInserted(id, events))),
      );
      if (!outcome.inserted) return replay(outcome.run, trackerId, accountId);
      return { ...runHead(outcome.run), replayed: false };
    },

    async createScheduled({ occurrences }: QueryRequest<Q['createScheduled']>): Promise<QueryResult<Q['createScheduled']>> {
      const queuedAt = now();
      const runs = occurrences.map((o) => build({ ...o, trigger: 'scheduled', requestToken: null, scheduledFor: new Date(o.scheduledFor) }, queuedAt));
      // The batch's events in one document before its runs, published from it and dropped in one write.
      const batchId = randomUUID();
      const { inserted } = await queue(
        runs,
        async (queued) => {
          await batchOutbox.store(batchId, queued.map(({ run, events }) => ({ id: run.id, events })));
          return { inserted: await store.insertScheduled(runs) };
        },
        (stored) => batchOutbox.publish(batchId, stored),
      );
      const created = inserted.filter(Boolean).length;
      return { created, existing: inserted.length - created };
    },

    async listIds({ accountId, trackerId, limit }: QueryRequest<Q['listIds']>): Promise<QueryResult<Q['listIds']>> {
      return { runIds: await store.listIdsForTracker(accountId, trackerId, limit) };
    },

    answers({ accountId, trackerId, runId, cursor }: QueryRequest<Q['answers']>): Promise<QueryResult<Q['answers']>> {
      return cache.page({ accountId, trackerId }, runId, cursor, async () => {
        const run = await store.getForAccount(accountId, trackerId, runId);
        const { page, bytes } = await answersPage(run, cursor);
        return { page, bytes, finished: !isActive(run) };
      });
    },

    async activeCount({ accountId, trackerId }: QueryRequest<Q['activeCount']>): Promise<QueryResult<Q['activeCount']>> {
      return { count: await store.countActive(accountId, trackerId) };
    },

    /**
     * Kept by the runs and names they were computed from: a finished run's answers never change, so
     * the same runs and names always give the same insights (a reanalysis changes metrics, not answers).
     */
    async insights({ accountId, trackerId, runs: wanted, names }: QueryRequest<Q['insights']>): Promise<QueryResult<Q['insights']>> {
      const runs = await newestFinished(accountId, trackerId, wanted);
      const key = createHash('sha256').update(JSON.stringify({ runs: runs.map((r) => r.run.id), names })).digest('hex');
      return insightsCache.get(trackerId, key, async () => {
        const answers: InsightAnswer<Surface>[] = [];
        for (const { run } of runs) answers.push(...succeededAnswers(run, await store.answersOf(run)));
        const found = await mapInSlices(answers, ANSWERS_PER_SLICE, (a) => answerInsight(names, a.text));
        const insightRuns = runs.map(({ run, status, finishedAt }) => ({ id: run.id, status, finishedAt: finishedAt.toISOString() }));
        return { insights: { trackerId, runs: insightRuns, ...computeInsights(names, answers, found) } };
      });
    },

    async headlines({ accountId, trackers, points }: QueryRequest<Q['headlines']>): Promise<QueryResult<Q['headlines']>> {
      const headlines = await mapConcurrently(trackers, HEADLINE_TRACKERS_AT_ONCE, async ({ trackerId, ...subject }) => ({
        trackerId,
        headline: headlineOf(subject, await newestFigures(accountId, trackerId, points)),
      }));
      return { headlines };
    },
  };

  /** The tracker's newest `wanted` COMPLETED or PARTIAL runs with metrics, newest first, read one by one from its run list. */
  async function newestFigures(accountId: string, trackerId: string, wanted: number): Promise<FinishedRunFigures[]> {
    const found: FinishedRunFigures[] = [];
    for (const id of await store.listIdsForTracker(accountId, trackerId, wanted + HEADLINE_RUNS_SEARCHED_BEYOND_POINTS)) {
      const run = await store.figuresOf(id);
      if (run?.accountId !== accountId || run.trackerId !== trackerId) continue;
      const { status, finishedAt, metrics, delta } = run;
      if ((status !== 'COMPLETED' && status !== 'PARTIAL') || !finishedAt || !metrics) continue;
      found.push({ id, finishedAt, metrics, delta });
      if (found.length === wanted) break;
    }
    return found;
  }

  /**
   * The tracker's newest `wanted` COMPLETED or PARTIAL runs, newest first, read one by one from its
   * run list, while their succeeded answers total at most INSIGHTS_LIMITS.answers: what one query
   * analyses stays within a few seconds of CPU, whatever the runs' size.
   */
  async function newestFinished(accountId: string, trackerId: string, wanted: number) {
    const found: { run: RunState; status: 'COMPLETED' | 'PARTIAL'; finishedAt: Date }[] = [];
    let answers = 0;
    for (const id of await store.listIdsForTracker(accountId, trackerId, INSIGHT_RUNS_SEARCHED)) {
      const run = await store.get(id);
      if (run?.accountId !== accountId || run.trackerId !== trackerId) continue;
      const { status, finishedAt } = run;
      if ((status !== 'COMPLETED' && status !== 'PARTIAL') || !finishedAt) continue;
      answers += runCounts(run).succeeded;
      if (found.length > 0 && answers > INSIGHTS_LIMITS.answers) break;
      found.push({ run, status, finishedAt });
      if (found.length === wanted) break;
    }
    return found;
  }
}
