import { beyondNewest, comparableCandidates, newestRuns, type ListedRun } from './run-list';

const at = (id: string, minute: number) => ({ id, createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute)) });

describe('a tracker’s run list', () => {
  it('orders runs read in any order, newest first, ties by id, and keeps the newest `max`', () => {
    expect(newestRuns([at('a', 10), at('c', 30), at('b', 20), at('d', 30)], 3).map((r) => r.id)).toEqual(['d', 'c', 'b']);
  });

  it('lists a run stored twice once', () => {
    expect(newestRuns([at('a', 10), at('b', 20), at('a', 10)], 5).map((r) => r.id)).toEqual(['b', 'a']);
  });

  it('trims exactly the entries beyond the newest `max`', () => {
    expect(beyondNewest([at('a', 10), at('c', 30), at('b', 20), at('a', 10)], 2).map((r) => r.id)).toEqual(['a', 'a']);
    expect(beyondNewest([at('a', 10), at('b', 20)], 2)).toEqual([]);
  });
});

describe('comparableCandidates', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 9, minute));
  const runs: ListedRun[] = [
    { id: 'a', createdAt: at(1), comparisonKey: 'k' },
    { id: 'b', createdAt: at(2), comparisonKey: 'other' },
    { id: 'c', createdAt: at(3), definitionKey: 'k' },
    { id: 'd', createdAt: at(4), comparisonKey: 'k' },
    { id: 'e', createdAt: at(6), comparisonKey: 'k' },
    { id: 'f', createdAt: at(7), comparisonKey: 'k' },
  ];
  const of = { id: 'd', createdAt: at(4), comparisonKey: 'k' };

  it('lists the runs with the same comparison key, nearest first on either side; runs listed before keys (c) are not', () => {
    expect(comparableCandidates(runs, of, 'earlier').map((r) => r.id)).toEqual(['a']);
    expect(comparableCandidates(runs, of, 'later').map((r) => r.id)).toEqual(['e', 'f']);
  });

  it('lists a run listed twice once', () => {
    expect(comparableCandidates([...runs, { id: 'a', createdAt: at(1), comparisonKey: 'k' }], of, 'earlier').map((r) => r.id)).toEqual(['a']);
  });

  it('takes the entry keyed last as the run’s: a reanalysis re-keys a run by listing it again', () => {
    const rekeyed: ListedRun[] = [...runs, { id: 'b', createdAt: at(2), comparisonKey: 'k', keyedAt: at(30) }, { id: 'e', createdAt: at(6), comparisonKey: 'new', keyedAt: at(31) }];
    expect(comparableCandidates(rekeyed, of, 'earlier').map((r) => r.id)).toEqual(['b', 'a']);
    expect(comparableCandidates(rekeyed, of, 'later').map((r) => r.id)).toEqual(['f']);
    // Keyed back to its first key (A → B → A): the latest key counts, not whether the entry was seen before.
    const back: ListedRun[] = [...rekeyed, { id: 'e', createdAt: at(6), comparisonKey: 'k', keyedAt: at(32) }, { id: 'e', createdAt: at(6), comparisonKey: 'k' }];
    expect(comparableCandidates(back, of, 'later').map((r) => r.id)).toEqual(['e', 'f']);
  });

  it('trims the entries a later one replaces', () => {
    const first = { id: 'a', createdAt: at(1), comparisonKey: 'k' };
    const second = { id: 'a', createdAt: at(1), comparisonKey: 'k2', keyedAt: at(9) };
    expect(beyondNewest([first, second, { id: 'b', createdAt: at(2), comparisonKey: 'k' }], 5)).toEqual([first]);
  });
});
