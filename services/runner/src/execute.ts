import { BillingQueries, TrackerQueries, runCostMicro, samplingOf, type PauseReason, type Surface } from '@brandradar/contracts';
import { ANALYSIS_VERSION } from '@brandradar/analysis';
import { DomainError, groupCommit, query, sleep, type Lease, type Leases, type Logger, type NatsLink, type Outbox } from '@brandradar/platform';
import { ProviderError, withRetries, type Providers } from '@brandradar/providers';
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Counter, Histogram } from 'prom-client';
import { answerMetrics } from './domain/answer-metrics';
import { boundAnswer, boundResearch } from './domain/bounds';
import { runOutcome } from './domain/outcome';
import { analysedDefinition, comparisonKeyOf, finishedEvent, isActive, significantChangeEvents, type AnswerRecord, type RunState } from './domain/run';
import { deltaAgainst, runMetricsOf } from './domain/run-analysis';
import { answerCells, answersDisagree, askedSlots, samplesAskedFirst, type AnswerCell, type AnswerSlot } from './domain/sampling';
import type { OpenRunStore } from './store/open-runs';
import { answerId, type RunStore } from './store/runs';

export interface ExecutorDeps {
  store: RunStore;
  openRuns: OpenRunStore;
  outbox: Outbox;
  nats: NatsLink;
  providers: Providers;
  /**
   * One lease per run being executed: a runner asks providers only while it holds its run's lease,
   * so a command delivered again while its first runner is still at work (its heartbeat late)
   * waits instead of asking the same questions a second time.
   */
  runLeases: Leases;
  /** How long a run's lease lasts unrenewed (several ack waits, so a late heartbeat does not lose it), and how often it is renewed. */
  lease: { ms: number; renewEveryMs: number };
  /** Aborted when the runner stops: a delivery waiting for a lease gives up, to be delivered again. */
  signal: AbortSignal;
  logger: Logger;
  now: () => Date;
  /** Tells every replica's cache that a finished run of this tracker changed (a delta replaced). */
  runsChanged: (trackerId: string) => void;
  retry: { attempts: number; baseDelayMs: number; maxDelayMs: number };
  metrics: {
    runDuration: Histogram<'outcome'>;
    providerDuration: Histogram<'surface' | 'outcome'>;
    providerErrors: Counter<'surface' | 'code'>;
    answersBilled: Counter<'surface'>;
  };
}

type RunError = NonNullable<RunState['error']>;

/** Billing refusals at run start, and the pause reason each one means for the tracker. */
const PAUSE_FOR: Partial<Record<string, PauseReason>> = {
  insufficient_credits: 'insufficient_credits',
  spend_limit_reached: 'spend_limit_reached',
  account_closed: 'account_closed',
};

/** Why a run is ended before its runner got every answer; recorded as the run's error. */
export type EndReason = 'run_timed_out' | 'execution_failed';

const END_MESSAGES: Record<EndReason, string> = {
  run_timed_out: 'The run passed its deadline; only the answers it got are billed.',
  execution_failed: 'The run could not be completed after repeated failures; only the answers it got are billed.',
};

const NOT_STARTED: Record<'tracker_not_active' | 'tracker_changed', string> = {
  tracker_not_active: 'The tracker was paused, closed or deleted after this run was queued; the run did not start and nothing was billed.',
  tracker_changed: 'The tracker was edited after this run was queued; the run did not start and nothing was billed.',
};

/** Answers stored in one write at most (a write is one insert and one update of the run). */
const ANSWERS_PER_WRITE = 100;

/** A run's hold outlives its deadline by this much, so the run is settled (by its runner or the reaper) before billing would expire the hold. */
const HOLD_GRACE_MS = 15 * 60_000;

/**
 * Executes runs to their end. Safe to run again at any point after a crash:
 * the hold and the capture are idempotent per run, answers already stored are
 * never asked again, and each status change only happens from the status
 * before it. A run ends exactly once, whoever ends it (its runner, the reaper
 * at its deadline, or the dead-letter path), and is billed for what it ended with.
 */
export function createRunExecutor(d: ExecutorDeps) {
  const holdKey = (run: Pick<RunState, 'id'>) => `run:${run.id}`;

  /** Whether the tracker is still ACTIVE with the definition the run was queued with. */
  async function trackerVerdict(run: RunState) {
    const { verdict } = await query(d.nats, TrackerQueries.startRun, { version: 1, accountId: run.accountId, trackerId: run.trackerId, definitionVersion: run.definitionVersion });
    return verdict;
  }

  /** QUEUED → RUNNING, or the run ends without any provider call or charge. */
  async function start(run: RunState): Promise<void> {
    const verdict = await trackerVerdict(run);
    if (verdict !== 'start') return endUnstarted(run, { code: verdict, message: NOT_STARTED[verdict] });
    const { rates } = await query(d.nats, BillingQueries.getRates, { version: 1 });
    const estimate = runCostMicro(run.definition, rates.surfaces);
    // Rates may have risen since the run was queued: a run above the accepted maximum never runs.
    if (estimate > run.maxCostMicro) {
      await autoPause(run, 'cost_above_maximum');
      return endUnstarted(run, { code: 'cost_above_maximum', message: `At today's rates this run would cost ${estimate}, above the accepted maximum of ${run.maxCostMicro}.` });
    }
    let simulated: boolean;
    try {
      const expiresAt = new Date(run.deadlineAt.getTime() + HOLD_GRACE_MS).toISOString();
      ({ simulated } = (await query(d.nats, BillingQueries.hold, { version: 1, accountId: run.accountId, holdKey: holdKey(run), amountMicro: estimate, expiresAt })).account);
    } catch (e) {
      const reason = e instanceof DomainError ? PAUSE_FOR[e.error.code] : undefined;
      if (!reason) throw e; // not the account's doing (e.g. billing unavailable): retry later
      await autoPause(run, reason);
      return endUnstarted(run, { code: reason, message: (e as DomainError).error.message });
    }
    // What each answer will cost: the card's rate, or nothing for a simulated surface that is not billed.
    const runRates = Object.fromEntries(run.definition.models.map((m) => [m, d.providers.billed(m, simulated) ? rates.surfaces[m] : 0])) as Record<Surface, number>;
    const running = await d.store.advance(run, 'QUEUED', { status: 'RUNNING', startedAt: d.now(), rates: runRates, estimatedCostMicro: estimate, simulated });
    if (!running) return;
    // Asked again once RUNNING, before any provider call: a pause or an edit that landed while the
    // hold was placed ends the run here, and one that lands later finds it RUNNING, which the
    // contract lets finish. So a run its owner saw QUEUED after pausing never starts.
    const last = await trackerVerdict(run);
    if (last !== 'start') await endUnstarted(running, { code: last, message: NOT_STARTED[last] }, 'RUNNING');
  }

  /** The tracker pauses for the reason its run could not start, before any provider call or charge. */
  async function autoPause(run: RunState, reason: PauseReason): Promise<void> {
    await query(d.nats, TrackerQueries.autoPause, { version: 1, accountId: run.accountId, trackerId: run.trackerId, reason }).catch((e: unknown) => {
      if (!(e instanceof DomainError && e.error.code === 'not_found')) throw e; // a deleted tracker has nothing to pause
    });
  }

  /** A run that made no provider call ends FAILED with `error`, as never started, nothing billed. */
  async function endUnstarted(run: RunState, error: RunError, from: 'QUEUED' | 'RUNNING' = 'QUEUED'): Promise<void> {
    const finishedAt = d.now();
    const ended = await d.store.advance(run, from, { status: 'FAILED', startedAt: null, finishedAt, error }, [finishedEvent({ ...run, status: 'FAILED', startedAt: null, finishedAt, error })]);
    if (ended) d.metrics.runDuration.observe({ outcome: 'FAILED' }, 0);
    await d.outbox.flushSoon(run.id);
  }

  /** One answer, or null when the run's deadline cut the call short (the answer is then missing, not failed). */
  async function ask(run: RunState, slot: AnswerSlot, signal: AbortSignal): Promise<AnswerRecord | null> {
    const { promptIndex, surface, sample } = slot;
    const prompt = run.definition.prompts[promptIndex]!;
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const country = run.definition.country ?? undefined;
      const a = await withRetries(() => d.providers.askSurface(surface, prompt, { signal, account: run.accountId, simulated: run.simulated, country, draw: { runId: run.id, sample } }), {
        ...d.retry,
        signal,
        onRetry: (err) => d.metrics.providerErrors.inc({ surface, code: err.code }),
      });
      d.metrics.providerDuration.observe({ surface, outcome: 'succeeded' }, seconds());
      const { text, truncated, citations } = boundAnswer(a.text, a.citations, a.truncated);
      return {
        promptIndex,
        model: surface,
        sample,
        status: 'succeeded',
        provider: a.provider,
        providerModel: a.model,
        method: a.method,
        text,
        truncated,
        citations,
        ...boundResearch(a.searchQueries, a.consultedSources),
        metrics: answerMetrics(run.definition, text, citations),
        error: null,
        fetchedAt: a.fetchedAt,
        localised: a.localised,
      };
    } catch (e) {
      if (signal.aborted) return null;
      const code = e instanceof ProviderError ? e.code : 'internal_error';
      d.metrics.providerErrors.inc({ surface, code });
      d.metrics.providerDuration.observe({ surface, outcome: 'failed' }, seconds());
      if (e instanceof ProviderError) d.logger.warn({ err: e, runId: run.id, surface, code }, 'provider call failed');
      else d.logger.error({ err: e, runId: run.id, surface }, 'provider call failed unexpectedly');
      const message = e instanceof ProviderError ? e.publicMessage : 'The answer could not be fetched.';
      return { promptIndex, model: surface, sample, status: 'failed', provider: run.simulated ? 'simulated' : d.providers.providerOf[surface], providerModel: null, method: null, text: null, truncated: false, citations: [], searchQueries: [], consultedSources: null, metrics: null, error: { code, message }, fetchedAt: null, localised: false };
    }
  }

  /**
   * Asks every answer not yet stored, in parallel (each surface limits its own concurrency and
   * shares it fairly between accounts), until the run's deadline: each cell's first samples, then
   * (adaptive) its others when those disagree. Answers are stored as they come, those that arrive
   * while a write is under way together in the next. True when every answer came in time.
   */
  async function answerAll(run: RunState): Promise<boolean> {
    const remainingMs = run.deadlineAt.getTime() - d.now().getTime();
    if (remainingMs <= 0) return false;
    const deadline = AbortSignal.timeout(remainingMs);
    setMaxListeners(0, deadline); // every answer of the run listens to it
    const writes = groupCommit<{ slot: AnswerSlot; answer: AnswerRecord }>((answers) => d.store.saveAnswers(run, answers), ANSWERS_PER_WRITE);
    // A run resumed after a crash decides its adaptive cells from the answers it stored before.
    const resumed = Object.keys(run.outcomes).length > 0 && samplingOf(run.definition).samplingMode === 'adaptive' ? await d.store.answersOf(run) : null;
    const askAll = async (slots: readonly AnswerSlot[]): Promise<AnswerRecord[]> =>
      (
        await Promise.all(
          slots.map(async (slot) => {
            if (run.outcomes[slot.key]) return resumed?.get(answerId(run.id, slot)) ?? null;
            const answer = await ask(run, slot, deadline);
            if (answer) await writes.add({ slot, answer });
            return answer;
          }),
        )
      ).filter((a) => a !== null);
    const first = samplesAskedFirst(run.definition);
    const answerCell = async (cell: AnswerCell) => {
      const answers = await askAll(cell.slots.slice(0, first));
      if (cell.slots.length > first && !deadline.aborted && answersDisagree(answers)) await askAll(cell.slots.slice(first));
    };
    await Promise.all(answerCells(run.definition).map(answerCell));
    return !deadline.aborted;
  }

  /**
   * The run's status, bill, metrics and delta from the answers it has; missing answers count as
   * failed. Analysed by this runner's rules: their version may be newer than the one the run was
   * queued with, and decides what the run is comparable with. `previous` is the run the delta is
   * against, for the alert.
   */
  async function outcomeOf(run: RunState, reason: EndReason | null) {
    const def = run.definition;
    const stored = await d.store.answersOf(run); // one indexed read, not one per answer
    const asked = askedSlots(def, run.outcomes);
    const answers = asked.flatMap((slot) => (run.outcomes[slot.key] ? (stored.get(answerId(run.id, slot)) ?? []) : []));
    const { status, billedCostMicro } = runOutcome(answers, asked.length, run.rates!);
    const metrics = runMetricsOf(analysedDefinition(run), answers, run.analysedNames === null);
    const analysis = { analysisVersion: ANALYSIS_VERSION, comparisonKey: comparisonKeyOf(analysedDefinition(run), ANALYSIS_VERSION) };
    const previous = metrics ? await d.store.previousComparable({ ...run, ...analysis }) : null;
    const delta = metrics && previous ? deltaAgainst(metrics, previous) : null;
    let error: RunError | null = null;
    if (status !== 'COMPLETED' && reason) error = { code: reason, message: END_MESSAGES[reason] };
    else if (status === 'FAILED') error = { code: 'no_answers', message: 'No surface answered; nothing was billed.' };
    return { status, billedCostMicro, metrics, delta, error, ...analysis, succeeded: answers.filter((a) => a.status === 'succeeded'), previous };
  }

  /**
   * Brings a run to its end and settles it: a RUNNING run finishes with what it has, a QUEUED one
   * (only when `reason` says it must end) fails unstarted, a finished one is billed and closed.
   */
  async function finish(runId: string, reason: EndReason | null): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const run = await d.store.get(runId);
      if (!run) return d.openRuns.close(runId); // deleted with its tracker
      if (!isActive(run)) {
        // Ended by a delivery that may have died before the later run's delta was replaced: again (idempotent).
        await updateNextDelta(run);
        return settle(run);
      }
      if (run.status === 'QUEUED') {
        if (!reason) return;
        await endUnstarted(run, { code: reason, message: END_MESSAGES[reason] });
        continue;
      }
      const { succeeded, previous, ...outcome } = await outcomeOf(run, reason);
      const finished: RunState = { ...run, ...outcome, finishedAt: d.now() };
      const changes = { ...outcome, finishedAt: finished.finishedAt };
      // Only from the outcomes it was computed from: an answer saved meanwhile means computing again.
      // The alert goes in the same write: only the write that finishes the run stores it.
      if (await d.store.advance(run, 'RUNNING', changes, [finishedEvent(finished), ...significantChangeEvents(finished, previous)], run.outcomes)) {
        for (const a of succeeded) d.metrics.answersBilled.inc({ surface: a.model });
        d.metrics.runDuration.observe({ outcome: outcome.status }, (finished.finishedAt!.getTime() - (run.startedAt ?? run.createdAt).getTime()) / 1000);
        await updateNextDelta(finished);
        return settle(finished); // what settling needs was just written: no need to read the run again
      }
    }
    throw new Error(`run ${runId}: could not be finished`);
  }

  /**
   * Captures what a finished run billed (for a run that never started: releases its hold, if one
   * was placed) and closes it. Idempotent per run, so whoever ends a run may settle it again.
   */
  async function settle(run: RunState): Promise<void> {
    try {
      const hold = await query(d.nats, BillingQueries.capture, { version: 1, accountId: run.accountId, holdKey: holdKey(run), amountMicro: run.billedCostMicro });
      if (hold.capturedMicro !== run.billedCostMicro) d.logger.error({ runId: run.id, billedCostMicro: run.billedCostMicro, capturedMicro: hold.capturedMicro }, 'billing settled this run for another amount');
    } catch (e) {
      if (!(e instanceof DomainError && e.error.code === 'not_found')) throw e; // never held: nothing to settle
    }
    // Listed when it was queued, unless a crash came in between: then here, before it is closed (one write, no read).
    await d.store.list([run]);
    await d.openRuns.close(run.id);
    await d.outbox.flushSoon(run.id);
  }

  /** A run that finished after a later comparable one: that one's delta is now against this run (spec §2.3). */
  async function updateNextDelta(run: RunState): Promise<void> {
    if (!run.metrics) return;
    const next = await d.store.nextComparable(run);
    if (!next?.metrics) return;
    await d.store.setDelta(next.id, deltaAgainst(next.metrics, run));
    d.runsChanged(next.trackerId);
  }

  /**
   * The run's lease for this delivery: taken at once, or after waiting while another runner's live
   * lease holds it (until that runner ends the run, or dies and its lease runs out). Null when the
   * run needs no executing any more (finished, or deleted with its tracker).
   */
  async function leaseOf(runId: string): Promise<Lease | null> {
    const owner = randomUUID();
    for (let waited = false; ; waited = true) {
      const lease = await d.runLeases.claim(runId, owner, d.now(), d.lease.ms);
      if (lease) return lease;
      const run = await d.store.get(runId);
      if (!run || !isActive(run)) return null;
      if (!waited) d.logger.info({ runId }, 'run delivered again while another runner holds its lease: waiting for that runner to end it or die');
      await sleep(d.lease.renewEveryMs, d.signal);
    }
  }

  /** Runs `work` holding `lease`, renewing it as it goes; a lease lost meanwhile (this process stalled past it) is logged. */
  async function holding(lease: Lease, work: () => Promise<void>): Promise<void> {
    const renewal = setInterval(() => {
      d.runLeases
        .renew(lease, d.now(), d.lease.ms)
        .then((held) => held || d.logger.warn({ runId: lease.id }, 'lost the lease of a run being executed: another runner may ask its questions again'))
        .catch((err: unknown) => d.logger.warn({ err, runId: lease.id }, 'renewing the lease of a run failed'));
    }, d.lease.renewEveryMs);
    try {
      await work();
    } finally {
      clearInterval(renewal);
      await d.runLeases.release(lease);
    }
  }

  async function executeHolding(runId: string): Promise<void> {
    const run = await d.store.get(runId);
    if (!run) return d.openRuns.close(runId); // its tracker was deleted meanwhile
    if (run.status === 'QUEUED' && run.deadlineAt <= d.now()) return finish(runId, 'run_timed_out');
    if (run.status === 'QUEUED') await start(run);
    const current = await d.store.get(runId);
    if (current?.status !== 'RUNNING') return finish(runId, null); // ended unstarted, or finished by another runner: settle
    const inTime = await answerAll(current);
    await finish(runId, inTime ? null : 'run_timed_out');
  }

  return {
    async execute(runId: string): Promise<void> {
      const lease = await leaseOf(runId);
      // Finished or gone meanwhile: settling (or closing) again is idempotent and asks nothing.
      if (!lease) return finish(runId, null);
      await holding(lease, () => executeHolding(runId));
    },

    /** Ends `runId` now, e.g. when its execute command was given up on. */
    end: (runId: string, reason: EndReason) => finish(runId, reason),

    /** Ends every run past its deadline; returns how many it looked at. */
    async reap(limit = 100): Promise<number> {
      const due = await d.openRuns.due(d.now(), limit);
      for (const runId of due) {
        await finish(runId, 'run_timed_out').catch((err: unknown) => d.logger.warn({ err, runId }, 'ending a run past its deadline failed; the reaper will retry'));
      }
      return due.length;
    },
  };
}
