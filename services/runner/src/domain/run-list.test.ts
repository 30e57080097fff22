import { beyondNewest, newestRuns } from './run-list';

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
