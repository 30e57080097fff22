import { DIGEST_LIMITS, INSIGHTS_LIMITS, RunQueries, type DigestDataQueries, type DigestTracker, type Tracker } from '@brandradar/contracts';
import { mapConcurrently, query, type NatsLink, type QueryRequest, type QueryResult } from '@brandradar/platform';
import { toApiTracker } from './domain/lifecycle';
import { newDiscoveredNames, runsSince } from './domain/new-names';
import type { TrackerStore } from './store/trackers';

type Q = typeof DigestDataQueries;

/**
 * Insights over ten runs read up to 3,000 answers: the runner is asked for a few trackers at a
 * time, and given longer than a query's usual 5 s (the digest is weekly, and its sender waits for it).
 */
const INSIGHTS_AT_ONCE = 4;
const INSIGHTS_TIMEOUT_MS = 20_000;

/**
 * The weekly digest's data (api-contract §16), for the notifier: the account's ACTIVE and PAUSED
 * trackers with their headline (the overview's rule, from the runner) and the names the week's
 * runs first put forward. The notifier never reads this service's database; this answer is all it sees.
 */
export function digestQueryHandlers({ store, nats }: { store: TrackerStore; nats: NatsLink }) {
  /** The insights of the tracker's newest `runs` finished runs, from the runner. */
  const insightsOf = async (accountId: string, t: Tracker, runs: number) => {
    const names = { primitive: t.primitive, brand: t.brand, competitors: t.competitors, aliases: t.aliases };
    return (await query(nats, RunQueries.insights, { version: 1, accountId, trackerId: t.id, runs, names }, INSIGHTS_TIMEOUT_MS)).insights;
  };
  /** The names first put forward by the runs finished since `since`, against the earlier runs insights read. */
  const newNames = async (accountId: string, t: Tracker, since: Date) => {
    const all = await insightsOf(accountId, t, INSIGHTS_LIMITS.runs);
    const weekRuns = runsSince(all, since);
    if (weekRuns === 0) return [];
    const week = weekRuns === all.runs.length ? all : await insightsOf(accountId, t, weekRuns);
    return newDiscoveredNames(week, all, DIGEST_LIMITS.namesPerTracker);
  };
  return {
    async trackers({ accountId, since }: QueryRequest<Q['trackers']>): Promise<QueryResult<Q['trackers']>> {
      const [active, paused] = await Promise.all(
        (['ACTIVE', 'PAUSED'] as const).map((status) => store.list(accountId, { status, limit: DIGEST_LIMITS.trackers })),
      );
      const trackers = [...active!, ...paused!]
        .map(toApiTracker)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
        .slice(0, DIGEST_LIMITS.trackers);
      if (trackers.length === 0) return { trackers: [] };
      const subjects = trackers.map(({ id, primitive, brand, url }) => ({ trackerId: id, primitive, brand, url }));
      const [{ headlines }, names] = await Promise.all([
        query(nats, RunQueries.headlines, { version: 1, accountId, trackers: subjects, points: DIGEST_LIMITS.points }),
        mapConcurrently(trackers, INSIGHTS_AT_ONCE, (t) => newNames(accountId, t, new Date(since))),
      ]);
      return {
        trackers: trackers.map(
          (t, i): DigestTracker => ({ trackerId: t.id, name: t.name, status: t.status, pauseReason: t.pauseReason, headline: headlines[i]?.headline ?? null, discoveredNames: names[i] ?? [] }),
        ),
      };
    },

    async report({ accountId, trackerId }: QueryRequest<Q['report']>): Promise<QueryResult<Q['report']>> {
      const tracker = toApiTracker(await store.get(accountId, trackerId));
      const [{ runIds }, insights] = await Promise.all([
        query(nats, RunQueries.listIds, { version: 1, accountId, trackerId, limit: DIGEST_LIMITS.reportRuns }),
        // The newest run's, as the report's PDF response shows them.
        insightsOf(accountId, tracker, 1),
      ]);
      return { tracker, runIds, insights };
    },

    async reportRun({ accountId, trackerId, runId }: QueryRequest<Q['reportRun']>): Promise<QueryResult<Q['reportRun']>> {
      // The runner reads the run within the account and tracker. The first page of a run's answers
      // carries its head, which is all a report PDF draws.
      const { head } = await query(nats, RunQueries.answers, { version: 1, accountId, trackerId, runId, cursor: 0 });
      return { run: head?.run ?? null };
    },
  };
}
