import { Registry } from 'prom-client';
import { DomainError } from '@brandradar/platform';
import { FinishedRunCache, type AnswersPage } from './run-cache';

const owner = { accountId: 'account-1', trackerId: 'tracker-1' };
const page = (nextCursor: number | null): AnswersPage => ({ answers: [], nextCursor });

describe('FinishedRunCache', () => {
  let registry: Registry;
  let cache: FinishedRunCache;
  let reads: number;
  const read = (finished = true, value = page(null)) => async () => {
    reads++;
    return { page: value, finished, bytes: 10 };
  };
  beforeEach(() => {
    registry = new Registry();
    cache = new FinishedRunCache({ maxEntries: 10, maxBytes: 1_000 }, registry);
    reads = 0;
  });
  const lookups = async () => (await registry.getSingleMetric('runner_run_cache_lookups_total')!.get()).values.map((v) => [v.labels.result, v.value]);

  it('reads a finished run once, then answers its owner from memory, and anyone else not_found', async () => {
    await cache.page(owner, 'run-1', 0, read());
    expect(await cache.page(owner, 'run-1', 0, read())).toEqual(page(null));
    expect(reads).toBe(1);
    await expect(cache.page({ ...owner, accountId: 'account-2' }, 'run-1', 0, read())).rejects.toEqual(expect.any(DomainError));
    expect(await lookups()).toEqual([['miss', 1], ['hit', 2]]);
  });

  it('never keeps a run that is not finished, nor a page read while its tracker was forgotten', async () => {
    await cache.page(owner, 'run-1', 0, read(false));
    await cache.page(owner, 'run-1', 0, read(false));
    const inFlight = cache.page(owner, 'run-2', 0, read());
    cache.forget([owner.trackerId]);
    await inFlight;
    await cache.page(owner, 'run-2', 0, read());
    expect(reads).toBe(4);
  });

  it("forgets every run of a tracker, only that tracker's, or everything", async () => {
    for (const run of ['run-1', 'run-2']) await cache.page(owner, run, 0, read());
    await cache.page({ ...owner, trackerId: 'tracker-2' }, 'run-3', 0, read());
    cache.forget(['tracker-2']);
    for (const run of ['run-1', 'run-2']) await cache.page(owner, run, 0, read());
    await cache.page({ ...owner, trackerId: 'tracker-2' }, 'run-3', 0, read());
    expect(reads).toBe(4);
    cache.clear();
    await cache.page(owner, 'run-2', 0, read());
    expect(reads).toBe(5);
  });

  it('answers not_found to another account that joins a read under way', async () => {
    const mine = cache.page(owner, 'run-1', 0, read());
    const theirs = cache.page({ ...owner, accountId: 'account-2' }, 'run-1', 0, read());
    expect(await mine).toEqual(page(null));
    await expect(theirs).rejects.toEqual(expect.any(DomainError));
    expect(reads).toBe(1);
  });
});
