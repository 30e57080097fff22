import { BillingQueries, TrackerQueries, apiError, type RunQueries } from '@brandradar/contracts';
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
  return {
    async requestManual({ accountId, trackerId, requestToken }: QueryRequest<Q['requestManual']>): Promise<QueryResult<Q['requestManual']>> {
      // A replay answers before any check: a retry must return the run it made, even if the tracker changed since.
      const existing = await store.byDedupeKey(manualKey(accountId, requestToken));
      if (existing) return replay(existing, trackerId);

      const { tracker, estimatedCostMicro } = await query(nats, TrackerQueries.checkRun, { version: 1, accountId, trackerId });
      const { account } = await query(nats, BillingQueries.getAccount, { version: 1, accountId });
      if (account.balanceMicro < estimatedCostMicro) {
        throw DomainError.of('insufficient_credits', 'The balance cannot cover this run.', { balanceMicro: account.balanceMicro, requiredMicro: estimatedCostMicro });
      }
      const run = newRun({ accountId, tracker, trigger: 'manual', requestToken, scheduledFor: null, estimatedCostMicro, now: now() });
      const outcome = await store.insertManual(run, queuedEvents(run));
      if (!outcome.inserted) return replay(outcome.run, trackerId);
      await outbox.flushSoon(run.id);
      return { run: toApiRun(run), replayed: false };
    },

    async createScheduled({ accountId, tracker, scheduledFor, estimatedCostMicro }: QueryRequest<Q['createScheduled']>): Promise<QueryResult<Q['createScheduled']>> {
      const run = newRun({ accountId, tracker, trigger: 'scheduled', requestToken: null, scheduledFor: new Date(scheduledFor), estimatedCostMicro, now: now() });
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

function replay(run: Parameters<typeof toApiRun>[0], trackerId: string) {
  if (run.trackerId !== trackerId) {
    throw new DomainError(apiError('request_token_conflict', 'This requestToken was already used for another tracker of this account; send a new one.'));
  }
  return { run: toApiRun(run), replayed: true };
}
