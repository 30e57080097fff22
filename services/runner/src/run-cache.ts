import type { Registry } from 'prom-client';
import { notFound, type RunQueries } from '@brandradar/contracts';
import { DomainError, GroupedCache, cacheLookups, type QueryResult } from '@brandradar/platform';

export type AnswersPage = QueryResult<typeof RunQueries.answers>;

export interface RunCacheSettings {
  /** Pages kept at most; 0 keeps nothing. */
  maxEntries: number;
  /** Bytes of JSON kept at most. */
  maxBytes: number;
}

/** A page as read for its owner: kept only when its run is finished; `bytes` is its size as JSON. */
interface ReadPage {
  accountId: string;
  page: AnswersPage;
  finished: boolean;
  bytes: number;
}

/**
 * Pages of finished runs (the first with the run's head), kept by one runner replica in groups by
 * tracker so a report reads no run and no answer from the store twice: a finished run and its
 * answers never change, except a finished run's `delta` (replaced when an earlier comparable run
 * finishes later) and the deletion of its tracker's runs. Those `forget` the tracker, here and, by
 * a notice, in every other replica; `clear` when notices may have been missed. A page read while
 * its tracker is forgotten answers its request but is not kept (`GroupedCache`).
 */
export class FinishedRunCache {
  private readonly pages: GroupedCache<ReadPage>;

  constructor(settings: RunCacheSettings, registry: Registry) {
    this.pages = new GroupedCache(
      { ...settings, ttlMs: Infinity, bytesOf: (p) => p.bytes },
      cacheLookups(registry, 'runner_run_cache_lookups_total', "Lookups of a run's page of answers in the runner's cache of finished runs, by result (hit, shared: joined a store read under way, miss: read from the store)"),
    );
  }

  /**
   * The page of `runId` from `cursor` for its owner, kept or as `read` says: `read` returns the page,
   * whether the run is finished (only then is it kept) and its size in bytes of JSON.
   */
  async page(
    owner: { accountId: string; trackerId: string },
    runId: string,
    cursor: number,
    read: () => Promise<{ page: AnswersPage; finished: boolean; bytes: number }>,
  ): Promise<AnswersPage> {
    const found = await this.pages.get(owner.trackerId, `${runId}:${cursor}`, async () => ({ accountId: owner.accountId, ...(await read()) }), (p) => p.finished);
    // Kept (or being read) for the tracker's account: anyone else is told what the store would say.
    if (found.accountId !== owner.accountId) throw new DomainError(notFound());
    return found.page;
  }

  /** Forgets every page of these trackers' runs. */
  forget(trackerIds: string[]): void {
    for (const trackerId of trackerIds) this.pages.invalidate(trackerId);
  }

  clear(): void {
    this.pages.clear();
  }
}
