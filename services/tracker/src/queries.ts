import { randomUUID } from 'node:crypto';
import { BillingQueries, RunQueries, TRACKER_LIST_PAGE_BYTES, TrackerQueries, normalizeDefinition, runCostMicro } from '@brandradar/contracts';
import { DomainError, prepareResult, query, type GroupedCache, type NatsLink, type QueryRequest, type QueryResult } from '@brandradar/platform';
import { nextOccurrence, projectRunsDryAt } from '@brandradar/schedule';
import { decodeCursor, encodeCursor } from './domain/cursor';
import { pageWithin } from './domain/list-page';
import { activateTracker, advanceSchedule, checkRunnable, createTracker, deleteTracker, estimateAt, pauseTracker, startVerdict, toApiTracker, trackerEvent, updateTracker, type TrackerState } from './domain/lifecycle';
import type { Outbox } from '@brandradar/platform';
import type { TrackerStore } from './store/trackers';

type Q = typeof TrackerQueries;

export type ListPage = QueryResult<Q['list']>;

export interface TrackerDeps {
  store: TrackerStore;
  /** Pages of each account's list; the store's writes invalidate them. */
  lists: GroupedCache<ListPage>;
  outbox: Outbox;
  nats: NatsLink;
  now: () => Date;
}

/** The tracker service's answers, one per query subject. */
export function trackerQueryHandlers({ store, lists, outbox, nats, now }: TrackerDeps) {
  const rates = async () => (await query(nats, BillingQueries.getRates, { version: 1 })).rates;
  /** The estimate at today's card, with that card's version. */
  const estimateOf = async (t: Pick<TrackerState, 'prompts' | 'models' | 'samplesPerPrompt'>) => estimateAt(t, await rates());
  const publish = (trackerId: string) => outbox.flushSoon(trackerId);

  return {
    async create({ accountId, input }: QueryRequest<Q['create']>): Promise<QueryResult<Q['create']>> {
      const definition = normalizeDefinition(input);
      const created = createTracker({ id: randomUUID(), accountId, definition, estimate: await estimateOf(definition), now: now() });
      if (!created.ok) throw new DomainError(created.error);
      await store.insert(created.state, created.events);
      await publish(created.state.id);
      return { tracker: toApiTracker(created.state) };
    },

    async get({ accountId, trackerId }: QueryRequest<Q['get']>): Promise<QueryResult<Q['get']>> {
      return { tracker: toApiTracker(await store.get(accountId, trackerId)) };
    },

    async list({ accountId, query: q }: QueryRequest<Q['list']>): Promise<QueryResult<Q['list']>> {
      return lists.get(accountId, JSON.stringify([q.status ?? null, q.limit, q.cursor ?? null]), async () => {
        const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
        // One extra row tells whether another page exists.
        const rows = await store.list(accountId, { status: q.status, limit: q.limit + 1, after });
        const { page, more } = pageWithin(rows.map(toApiTracker), q.limit, TRACKER_LIST_PAGE_BYTES);
        const last = page[page.length - 1];
        const nextCursor = more && last ? encodeCursor({ createdAt: new Date(last.createdAt), id: last.id }) : null;
        // Validated and encoded once: a page served from the cache costs neither again.
        return prepareResult(nats, TrackerQueries.list, { trackers: page, nextCursor });
      });
    },

    async update({ accountId, trackerId, input }: QueryRequest<Q['update']>): Promise<QueryResult<Q['update']>> {
      const definition = normalizeDefinition(input);
      const estimate = await estimateOf(definition);
      const state = await store.transition(accountId, trackerId, (t) => updateTracker(t, definition, estimate, now()));
      await publish(trackerId);
      return { tracker: toApiTracker(state) };
    },

    async activate({ accountId, trackerId, input }: QueryRequest<Q['activate']>): Promise<QueryResult<Q['activate']>> {
      const [card, { account }] = await Promise.all([rates(), query(nats, BillingQueries.getAccount, { version: 1, accountId })]);
      if (account.status === 'closed') throw DomainError.of('account_closed', 'This account is closed.');
      let runsDryAt: Date | null = null;
      const state = await store.transition(accountId, trackerId, async (t) => {
        const at = now();
        const estimate = estimateAt(t, card);
        const result = activateTracker(t, {
          submittedMax: input.maxCostMicroPerRun,
          estimate,
          balanceMicro: account.balanceMicro,
          spentThisMonthMicro: account.spentThisMonthMicro,
          spendLimitMicroPerMonth: account.spendLimitMicroPerMonth,
          nextRunAt: nextOccurrence(t.cadence, at),
          now: at,
        });
        if (!result.ok) return result;
        // runsDryAt: this tracker's runs and those of the account's other ACTIVE trackers, at today's rates.
        const others = (await store.listActive(accountId)).filter((o) => o.id !== t.id && o.nextRunAt);
        runsDryAt = projectRunsDryAt({
          balanceMicro: account.balanceMicro,
          now: at,
          trackers: [result.state, ...others].map((o) => ({ cadence: o.cadence, nextRunAt: o.nextRunAt!, costMicroPerRun: runCostMicro(o, card.surfaces) })),
        });
        if (result.state === t) return result; // a retry of an activation: nothing to store or announce
        const activated = trackerEvent('activated', result.state, { balanceMicro: account.balanceMicro, runsDryAt: runsDryAt?.toISOString() ?? null });
        return { ...result, events: [activated] };
      });
      await publish(trackerId);
      return { tracker: toApiTracker(state), balanceMicro: account.balanceMicro, costMicroPerRun: state.estimatedCostMicroPerRun, runsDryAt: (runsDryAt as Date | null)?.toISOString() ?? null };
    },

    async pause({ accountId, trackerId }: QueryRequest<Q['pause']>): Promise<QueryResult<Q['pause']>> {
      const state = await store.transition(accountId, trackerId, (t) => pauseTracker(t, null, now()));
      await publish(trackerId);
      return { tracker: toApiTracker(state) };
    },

    async delete({ accountId, trackerId }: QueryRequest<Q['delete']>): Promise<QueryResult<Q['delete']>> {
      // The runner owns runs: ask it whether any of this tracker's is still queued or running.
      await store.get(accountId, trackerId); // 404 first, so another account learns nothing
      const { count } = await query(nats, RunQueries.activeCount, { version: 1, accountId, trackerId });
      await store.transition(accountId, trackerId, (t) => deleteTracker(t, count, now()), { remove: true });
      await publish(trackerId);
      return { deleted: true as const };
    },

    async checkRun({ accountId, trackerId }: QueryRequest<Q['checkRun']>): Promise<QueryResult<Q['checkRun']>> {
      // The rate card is asked for while the tracker is read.
      const rated = rates();
      rated.catch(() => undefined); // not awaited when the tracker is not found
      let estimate = 0;
      let paused = false;
      const state = await store
        .transition(accountId, trackerId, async (t) => {
          const card = await rated;
          estimate = runCostMicro(t, card.surfaces);
          const checked = checkRunnable(t, estimate, now());
          paused = checked.state !== undefined && checked.state !== t;
          return checked;
        })
        // Only a pause has events to publish: a tracker that may run is read, not written.
        .finally(() => (paused ? publish(trackerId) : undefined));
      return { tracker: toApiTracker(state), estimatedCostMicro: estimate, definitionVersion: state.definitionVersion };
    },

    async startRun({ accountId, trackerId, definitionVersion }: QueryRequest<Q['startRun']>): Promise<QueryResult<Q['startRun']>> {
      return { verdict: startVerdict(await store.find(accountId, trackerId), definitionVersion) };
    },

    async autoPause({ accountId, trackerId, reason }: QueryRequest<Q['autoPause']>): Promise<QueryResult<Q['autoPause']>> {
      const state = await store.transition(accountId, trackerId, (t) => pauseTracker(t, reason, now()));
      await publish(trackerId);
      return { tracker: toApiTracker(state) };
    },

    async advanceSchedules({ schedules }: QueryRequest<Q['advanceSchedules']>): Promise<QueryResult<Q['advanceSchedules']>> {
      const gone: string[] = [];
      await Promise.all(
        schedules.map(async ({ accountId, trackerId, scheduledFor, nextRunAt }) => {
          const [at, next, advancedAt] = [new Date(scheduledFor), new Date(nextRunAt), now()];
          if (await store.advanceIfAt(accountId, trackerId, at, next, advancedAt)) return; // one write, the usual case
          await store.transition(accountId, trackerId, (t) => advanceSchedule(t, at, next, advancedAt)).catch((e: unknown) => {
            if (!(e instanceof DomainError && e.error.code === 'not_found')) throw e;
            gone.push(trackerId);
          });
        }),
      );
      return { gone };
    },
  };
}
