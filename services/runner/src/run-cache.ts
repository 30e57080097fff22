import { Counter, type Registry } from 'prom-client';
import { notFound, type RunQueries } from '@brandradar/contracts';
import { DomainError, LruCache, type QueryResult } from '@brandradar/platform';

export type AnswersPage = QueryResult<typeof RunQueries.answers>;

/** What the runner forgets: runs whose stored form changed, and every run of deleted trackers. */
export interface RunChanges {
  runIds: string[];
  trackerIds: string[];
}

export interface RunCacheSettings {
  /** Pages kept at most; 0 keeps nothing. */
  maxEntries: number;
  /** Bytes of JSON kept at most. */
  maxBytes: number;
}

interface Entry {
  accountId: string;
  trackerId: string;
  runId: string;
  page: AnswersPage;
}

/**
 * Pages of finished runs (the first with the run's head), kept by one runner replica so a report
 * reads no run and no answer from the store twice: a finished run and its answers never change,
 * except a finished run's `delta` (replaced when an earlier comparable run finishes later) and
 * the deletion of its tracker's runs. Those call `forget`, here and, by a notice, in every other
 * replica; `clear` when notices may have been missed.
 *
 * A page read before a `forget` may arrive after it: it is then used for its request but not kept
 * (`epoch`), so a replaced delta cannot come back from a read that was in flight.
 */
export class FinishedRunCache {
  private readonly pages: LruCache<Entry>;
  private epoch = 0;
  private readonly lookups: Counter<'result'>;

  constructor(settings: RunCacheSettings, registry: Registry) {
    this.pages = new LruCache(settings.maxEntries, Infinity, Date.now, settings.maxBytes);
    this.lookups = new Counter({
      name: 'runner_run_cache_lookups_total',
      help: "Lookups of a run's page of answers in the runner's cache of finished runs, by result (hit, or miss: read from the store)",
      labelNames: ['result'],
      registers: [registry],
    });
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
    const key = `${runId}:${cursor}`;
    const hit = this.pages.get(key);
    this.lookups.inc({ result: hit ? 'hit' : 'miss' });
    if (hit) {
      if (hit.accountId !== owner.accountId || hit.trackerId !== owner.trackerId) throw new DomainError(notFound());
      return hit.page;
    }
    const epoch = this.epoch;
    const { page, finished, bytes } = await read();
    if (finished && epoch === this.epoch) this.pages.set(key, { ...owner, runId, page }, bytes);
    return page;
  }

  forget({ runIds, trackerIds }: RunChanges): void {
    this.epoch++;
    const runs = new Set(runIds);
    const trackers = new Set(trackerIds);
    if (runs.size + trackers.size > 0) this.pages.deleteWhere((e) => runs.has(e.runId) || trackers.has(e.trackerId));
  }

  clear(): void {
    this.epoch++;
    this.pages.clear();
  }
}
