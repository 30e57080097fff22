import { DIGEST_LIMITS, RunQueries, type DigestDataQueries, type DigestTracker, type Tracker } from '@brandradar/contracts';
import { query, type NatsLink, type QueryRequest, type QueryResult } from '@brandradar/platform';
import { toApiTracker } from './domain/lifecycle';
import type { TrackerStore } from './store/trackers';

type Q = typeof DigestDataQueries;

/**
 * The weekly digest's data (api-contract §16), for the notifier: the account's ACTIVE and PAUSED
 * trackers with their headline (the overview's rule, from the runner) and the names their newest
 * run put forward. The notifier never reads this service's database; this answer is all it sees.
 */
export function digestQueryHandlers({ store, nats }: { store: TrackerStore; nats: NatsLink }) {
  /** The newest run's insights: its discovered names for the digest, and the report PDF's top lists. */
  const newestInsights = async (accountId: string, t: Tracker) => {
    const names = { primitive: t.primitive, brand: t.brand, competitors: t.competitors, aliases: t.aliases };
    return (await query(nats, RunQueries.insights, { version: 1, accountId, trackerId: t.id, runs: 1, names })).insights;
  };
  return {
    async trackers({ accountId }: QueryRequest<Q['trackers']>): Promise<QueryResult<Q['trackers']>> {
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
        Promise.all(
          trackers.map(async (t) => (await newestInsights(accountId, t)).discoveredNames.slice(0, DIGEST_LIMITS.namesPerTracker).map((d) => d.name)),
        ),
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
        newestInsights(accountId, tracker),
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
