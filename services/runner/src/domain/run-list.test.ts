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
    { id: 'a', createdAt: at(1), definitionKey: 'k' },
    { id: 'b', createdAt: at(2), definitionKey: 'other' },
    { id: 'c', createdAt: at(3) },
    { id: 'd', createdAt: at(4), definitionKey: 'k' },
    { id: 'e', createdAt: at(6), definitionKey: 'k' },
    { id: 'f', createdAt: at(7), definitionKey: 'k' },
  ];
  const of = { id: 'd', createdAt: at(4), definitionKey: 'k' };

  it('lists the runs that may have measured the same thing, nearest first on either side', () => {
    expect(comparableCandidates(runs, of, 'earlier').map((r) => r.id)).toEqual(['c', 'a']);
    expect(comparableCandidates(runs, of, 'later').map((r) => r.id)).toEqual(['e', 'f']);
  });

  it('lists a run listed twice once', () => {
    expect(comparableCandidates([...runs, { id: 'a', createdAt: at(1), definitionKey: 'k' }], of, 'earlier').map((r) => r.id)).toEqual(['c', 'a']);
  });
});
