import { BillingQueries, RUN_ANSWERS_PAGE_BYTES, TrackerQueries, apiError, runCoverageRefusal, type RunAnswer, type RunQueries } from '@brandradar/contracts';
import { DomainError, query, type NatsLink, type Outbox, type QueryRequest, type QueryResult, type StoredEvent } from '@brandradar/platform';
import { jsonBytes, pageLength } from './domain/page';
import { answerSlots, newRun, queuedEvents, runHead, type RunState } from './domain/run';
import type { OpenRunStore } from './store/open-runs';
import { answerId, manualKey, type InsertOutcome, type RunDoc, type RunStore } from './store/runs';

type Q = typeof RunQueries;

export interface RunQueryDeps {
  store: RunStore;
  openRuns: OpenRunStore;
  outbox: Outbox;
  nats: NatsLink;
  now: () => Date;
  /** A new run's deadline, from when it is queued and how many answers it asks for. */
  deadlineOf: (queuedAt: Date, calls: number) => Date;
}

/** The runner's answers about runs, one per query subject. */
export function runQueryHandlers({ store, openRuns, outbox, nats, now, deadlineOf }: RunQueryDeps) {
  /**
   * Queues a new run with its deadline, registered with the reaper before the run exists so no run
   * is ever without one. `insert` may find the run already there (a repeated token or occurrence).
   */
  async function queue(input: Omit<Parameters<typeof newRun>[0], 'now' | 'deadlineAt'>, insert: (run: RunState, events: StoredEvent[]) => Promise<InsertOutcome>): Promise<InsertOutcome> {
    const queuedAt = now();
    const run = newRun({ ...input, now: queuedAt, deadlineAt: deadlineOf(queuedAt, input.tracker.prompts.length * input.tracker.models.length) });
    await openRuns.open(run.id, run.deadlineAt);
    const events = queuedEvents(run);
    const outcome = await insert(run, events).catch(async (e: unknown) => {
      await openRuns.close(run.id);
      throw e;
    });
    if (outcome.inserted) await outbox.flushInserted(run.id, events);
    else await openRuns.close(run.id);
    return outcome;
  }

  /** The run a repeated token made. A token of another tracker conflicts, but an unknown tracker is 404 first, as for any new token. */
  async function replay(run: RunState, trackerId: string, accountId: string) {
    if (run.trackerId !== trackerId) {
      await query(nats, TrackerQueries.get, { version: 1, accountId, trackerId });
      throw new DomainError(apiError('request_token_conflict', 'This requestToken was already used for another tracker of this account; send a new one.'));
    }
    return { ...runHead(run), replayed: true };
  }

  return {
    async requestManual({ accountId, trackerId, requestToken }: QueryRequest<Q['requestManual']>): Promise<QueryResult<Q['requestManual']>> {
      // A replay answers before any check: a retry must return the run it made, even if the tracker changed since.
      const existing = await store.byDedupeKey(manualKey(accountId, requestToken));
      if (existing) return replay(existing, trackerId, accountId);

      const { tracker, estimatedCostMicro, definitionVersion } = await query(nats, TrackerQueries.checkRun, { version: 1, accountId, trackerId });
      const { account } = await query(nats, BillingQueries.getAccount, { version: 1, accountId });
      const refusal = runCoverageRefusal(account, estimatedCostMicro);
      if (refusal) throw new DomainError(refusal);
      const outcome = await queue({ accountId, tracker, definitionVersion, trigger: 'manual', requestToken, scheduledFor: null, estimatedCostMicro }, (run, events) => store.insertManual(run, events));
      if (!outcome.inserted) return replay(outcome.run, trackerId, accountId);
      return { ...runHead(outcome.run), replayed: false };
    },

    async createScheduled({ accountId, tracker, definitionVersion, scheduledFor, estimatedCostMicro }: QueryRequest<Q['createScheduled']>): Promise<QueryResult<Q['createScheduled']>> {
      const outcome = await queue({ accountId, tracker, definitionVersion, trigger: 'scheduled', requestToken: null, scheduledFor: new Date(scheduledFor), estimatedCostMicro }, (run, events) =>
        store.insertScheduled(run, events),
      );
      return { ...runHead(outcome.run), created: outcome.inserted };
    },

    async listIds({ accountId, trackerId, limit }: QueryRequest<Q['listIds']>): Promise<QueryResult<Q['listIds']>> {
      return { runIds: await store.listIdsForTracker(accountId, trackerId, limit) };
    },

    async answers({ accountId, trackerId, runId, cursor }: QueryRequest<Q['answers']>): Promise<QueryResult<Q['answers']>> {
      const run = await store.getForAccount(accountId, trackerId, runId);
      const head = cursor === 0 ? { head: runHead(run) } : {};
      const page: { promptIndex: number; answer: RunAnswer }[] = [];
      const sizes: number[] = [];
      const slots = answerSlots(run.definition).filter((s) => s.index >= cursor && run.outcomes[s.key]);
      // The first page reads all the run's answers at once (most runs fit one page); a run too large
      // for one page is read on by `_id`, so later pages do not read the whole run again each.
      const whole = cursor === 0 && slots.length > 0 ? await store.answersOf(run.id) : null;
      for (const slot of slots) {
        const stored = whole ? (whole.get(answerId(run.id, slot)) ?? null) : await store.answer(run.id, slot);
        if (!stored) continue; // its outcome was recorded, so it exists; a tracker deleted meanwhile leaves nothing to show
        const { promptIndex, ...answer } = stored;
        sizes.push(jsonBytes({ promptIndex, answer }));
        if (pageLength(sizes, RUN_ANSWERS_PAGE_BYTES) < sizes.length) return { ...head, answers: page, nextCursor: slot.index };
        page.push({ promptIndex, answer });
      }
      return { ...head, answers: page, nextCursor: null };
    },

    async activeCount({ accountId, trackerId }: QueryRequest<Q['activeCount']>): Promise<QueryResult<Q['activeCount']>> {
      return { count: await store.countActive(accountId, trackerId) };
    },
  };
}
