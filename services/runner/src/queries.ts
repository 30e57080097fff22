import { BillingQueries, TrackerQueries, apiError, runCoverageRefusal, type RunQueries } from '@brandradar/contracts';
import { DomainError, query, type NatsLink, type Outbox, type QueryRequest, type QueryResult } from '@brandradar/platform';
import { newRun, queuedEvents, toApiRun } from './domain/run';
import { manualKey, type RunDoc, type RunStore } from './store/runs';

type Q = typeof RunQueries;

export interface RunQueryDeps {
  store: RunStore;
  outbox: Outbox<RunDoc>;
  nats: NatsLink;
  now: () => Date;
}

/** The runner's answers about runs, one per query subject. */
export function runQueryHandlers({ store, outbox, nats, now }: RunQueryDeps) {
  /** The run a repeated token made. A token of another tracker conflicts, but an unknown tracker is 404 first, as for any new token. */
  async function replay(run: Parameters<typeof toApiRun>[0], trackerId: string, accountId: string) {
    if (run.trackerId !== trackerId) {
      await query(nats, TrackerQueries.get, { version: 1, accountId, trackerId });
      throw new DomainError(apiError('request_token_conflict', 'This requestToken was already used for another tracker of this account; send a new one.'));
    }
    return { run: toApiRun(run), replayed: true };
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
      const run = newRun({ accountId, tracker, definitionVersion, trigger: 'manual', requestToken, scheduledFor: null, estimatedCostMicro, now: now() });
      const outcome = await store.insertManual(run, queuedEvents(run));
      if (!outcome.inserted) return replay(outcome.run, trackerId, accountId);
      await outbox.flushSoon(run.id);
      return { run: toApiRun(run), replayed: false };
    },

    async createScheduled({ accountId, tracker, definitionVersion, scheduledFor, estimatedCostMicro }: QueryRequest<Q['createScheduled']>): Promise<QueryResult<Q['createScheduled']>> {
      const run = newRun({ accountId, tracker, definitionVersion, trigger: 'scheduled', requestToken: null, scheduledFor: new Date(scheduledFor), estimatedCostMicro, now: now() });
      const outcome = await store.insertScheduled(run, queuedEvents(run));
      if (outcome.inserted) await outbox.flushSoon(run.id);
      return { run: toApiRun(outcome.run), created: outcome.inserted };
    },

    async get({ accountId, trackerId, runId }: QueryRequest<Q['get']>): Promise<QueryResult<Q['get']>> {
      return { run: toApiRun(await store.getForAccount(accountId, trackerId, runId)) };
    },

    async list({ accountId, trackerId, limit }: QueryRequest<Q['list']>): Promise<QueryResult<Q['list']>> {
      return { runs: (await store.listForTracker(accountId, trackerId, limit)).map(toApiRun) };
    },

    async activeCount({ accountId, trackerId }: QueryRequest<Q['activeCount']>): Promise<QueryResult<Q['activeCount']>> {
      return { count: await store.countActive(accountId, trackerId) };
    },
  };
}
