import { BillingQueries, TrackerQueries, runCostMicro, type PauseReason, type Surface } from '@brandradar/contracts';
import { computeDelta, computeMetrics } from '@brandradar/analysis';
import { DomainError, query, type Logger, type NatsLink, type Outbox } from '@brandradar/platform';
import { ProviderError, withRetries, type Providers } from '@brandradar/providers';
import type { Counter, Histogram } from 'prom-client';
import { answerMetrics } from './domain/answer-metrics';
import { boundAnswer } from './domain/bounds';
import { runOutcome } from './domain/outcome';
import { answerSlots, finishedEvent, type AnswerRecord, type RunState } from './domain/run';
import type { RunDoc, RunStore } from './store/runs';

export interface ExecutorDeps {
  store: RunStore;
  outbox: Outbox<RunDoc>;
  nats: NatsLink;
  providers: Providers;
  logger: Logger;
  now: () => Date;
  retry: { attempts: number; baseDelayMs: number; maxDelayMs: number };
  metrics: {
    runDuration: Histogram<'outcome'>;
    providerDuration: Histogram<'surface' | 'outcome'>;
    providerErrors: Counter<'surface' | 'code'>;
    answersBilled: Counter<'surface'>;
  };
}

/** Billing refusals at run start, and the pause reason each one means for the tracker. */
const PAUSE_FOR: Partial<Record<string, PauseReason>> = {
  insufficient_credits: 'insufficient_credits',
  spend_limit_reached: 'spend_limit_reached',
  account_closed: 'account_closed',
};

/**
 * Executes one run to its end. Safe to run again at any point after a crash:
 * the hold and the capture are idempotent per run, answers already stored are
 * never asked again, and each status change only happens from the status
 * before it.
 */
export function createRunExecutor(d: ExecutorDeps) {
  async function start(run: RunState): Promise<RunState | null> {
    const { rates } = await query(d.nats, BillingQueries.getRates, { version: 1 });
    const estimate = runCostMicro(run.definition.prompts.length, run.definition.models, rates.surfaces);
    // Rates may have risen since the run was queued: a run above the accepted maximum never runs.
    if (estimate > run.maxCostMicro) {
      return fail(run, 'cost_above_maximum', `At today's rates this run would cost ${estimate}, above the accepted maximum of ${run.maxCostMicro}.`);
    }
    try {
      // Until runs carry their deadline: every answer asked one after another, each try at the providers' 5-minute ceiling.
      const holdLifetimeMs = run.definition.prompts.length * run.definition.models.length * d.retry.attempts * (300_000 + d.retry.maxDelayMs);
      const expiresAt = new Date(d.now().getTime() + holdLifetimeMs).toISOString();
      await query(d.nats, BillingQueries.hold, { version: 1, accountId: run.accountId, holdKey: `run:${run.id}`, amountMicro: estimate, expiresAt });
    } catch (e) {
      const reason = e instanceof DomainError ? PAUSE_FOR[e.error.code] : undefined;
      if (!reason) throw e; // not the account's doing (e.g. billing unavailable): retry later
      return fail(run, reason, (e as DomainError).error.message);
    }
    const runRates = Object.fromEntries(run.definition.models.map((m) => [m, rates.surfaces[m]])) as Record<Surface, number>;
    return d.store.advance(run, 'QUEUED', { status: 'RUNNING', startedAt: d.now(), rates: runRates, estimatedCostMicro: estimate });
  }

  /** Ends a run that could not start; the tracker pauses for the same reason, before any provider call or charge. */
  async function fail(run: RunState, reason: PauseReason, message: string): Promise<null> {
    await query(d.nats, TrackerQueries.autoPause, { version: 1, accountId: run.accountId, trackerId: run.trackerId, reason }).catch((e: unknown) => {
      if (!(e instanceof DomainError && e.error.code === 'not_found')) throw e; // a deleted tracker has nothing to pause
    });
    const failed = { ...run, status: 'FAILED' as const, finishedAt: d.now(), error: { code: reason, message } };
    await d.store.advance(run, 'QUEUED', { status: 'FAILED', finishedAt: failed.finishedAt, error: failed.error }, [finishedEvent(failed)]);
    d.metrics.runDuration.observe({ outcome: 'FAILED' }, 0);
    await d.outbox.flushSoon(run.id);
    return null;
  }

  async function ask(run: RunState, promptIndex: number, surface: Surface): Promise<AnswerRecord> {
    const prompt = run.definition.prompts[promptIndex]!;
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const a = await withRetries(() => d.providers.askSurface(surface, prompt), {
        ...d.retry,
        onRetry: (err) => d.metrics.providerErrors.inc({ surface, code: err.code }),
      });
      d.metrics.providerDuration.observe({ surface, outcome: 'succeeded' }, seconds());
      const { text, truncated, citations } = boundAnswer(a.text, a.citations);
      return {
        promptIndex,
        model: surface,
        status: 'succeeded',
        provider: a.provider,
        providerModel: a.model,
        method: a.method,
        text,
        truncated,
        citations,
        metrics: answerMetrics(run.definition, text, citations),
        error: null,
        fetchedAt: a.fetchedAt,
      };
    } catch (e) {
      const code = e instanceof ProviderError ? e.code : 'internal_error';
      d.metrics.providerErrors.inc({ surface, code });
      d.metrics.providerDuration.observe({ surface, outcome: 'failed' }, seconds());
      if (!(e instanceof ProviderError)) d.logger.error({ err: e, runId: run.id, surface }, 'provider call failed unexpectedly');
      const message = e instanceof ProviderError ? e.message : 'The answer could not be fetched.';
      return { promptIndex, model: surface, status: 'failed', provider: d.providers.providerOf[surface], providerModel: null, method: null, text: null, truncated: false, citations: [], metrics: null, error: { code, message }, fetchedAt: null };
    }
  }

  /** Asks every prompt × surface not yet answered, in parallel (each surface limits its own concurrency). */
  async function answerAll(run: RunState): Promise<void> {
    const missing = answerSlots(run.definition).filter((slot) => !run.outcomes[slot.key]);
    await Promise.all(missing.map(async (slot) => d.store.saveAnswer(run, slot, await ask(run, slot.promptIndex, slot.surface))));
  }

  async function finish(run: RunState): Promise<void> {
    const stored = await Promise.all(answerSlots(run.definition).filter((slot) => run.outcomes[slot.key]).map((slot) => d.store.answer(run.id, slot)));
    const answers = stored.filter((a): a is AnswerRecord => a !== null);
    const { status, billedCostMicro } = runOutcome(answers, run.definition.prompts.length * run.definition.models.length, run.rates!);
    // Idempotent per run: a retry after a crash captures the same amount once.
    await query(d.nats, BillingQueries.capture, { version: 1, accountId: run.accountId, holdKey: `run:${run.id}`, amountMicro: billedCostMicro });
    const succeeded = answers.filter((a) => a.status === 'succeeded');
    const def = run.definition;
    const metrics = succeeded.length
      ? computeMetrics({ primitive: def.primitive, brand: def.brand, competitors: def.competitors, url: def.url, answers: succeeded.map((a) => ({ prompt: def.prompts[a.promptIndex]!, surface: a.model, text: a.text!, citations: a.citations })) })
      : null;
    const previous = metrics ? await d.store.previousComparable(run) : null;
    const delta = metrics && previous?.metrics ? computeDelta(metrics, previous.metrics) : null;
    const error = status === 'FAILED' ? { code: 'no_answers', message: 'No surface answered; nothing was billed.' } : null;
    const finished: RunState = { ...run, status, billedCostMicro, metrics, delta, error, finishedAt: d.now() };
    const advanced = await d.store.advance(run, 'RUNNING', { status, billedCostMicro, metrics, delta, error, finishedAt: finished.finishedAt }, [finishedEvent(finished)]);
    if (advanced) {
      for (const a of succeeded) d.metrics.answersBilled.inc({ surface: a.model });
      d.metrics.runDuration.observe({ outcome: status }, (finished.finishedAt!.getTime() - (run.startedAt ?? run.createdAt).getTime()) / 1000);
    }
    await d.outbox.flushSoon(run.id);
  }

  return async function execute(runId: string): Promise<void> {
    let run = await d.store.get(runId);
    if (!run) return; // its tracker was deleted meanwhile
    if (run.status === 'QUEUED') {
      const started = await start(run);
      if (!started) {
        run = await d.store.get(runId);
        if (!run || run.status !== 'RUNNING') return; // failed to start, or another runner has it
      } else run = started;
    }
    if (run.status !== 'RUNNING') return; // already finished
    await answerAll(run);
    const answered = await d.store.get(runId);
    if (answered?.status === 'RUNNING') await finish(answered);
  };
}
