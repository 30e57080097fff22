import { newestRuns, withRuns } from './run-list';

const at = (id: string, minute: number) => ({ id, createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute)) });

describe('a tracker’s run list', () => {
  it('puts added runs in their places, newest first, ties by id, and keeps the newest `max`', () => {
    const list = [at('c', 30), at('a', 10)];
    expect(withRuns(list, [at('b', 20), at('d', 30)], 3)?.map((r) => r.id)).toEqual(['d', 'c', 'b']);
  });

  it('changes nothing for runs listed already, or older than all of a full list', () => {
    const list = [at('c', 30), at('b', 20)];
    expect(withRuns(list, [at('b', 20)], 5)).toBeNull();
    expect(withRuns(list, [at('a', 10)], 2)).toBeNull();
    expect(withRuns(list, [at('a', 10)], 3)?.map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });

  it('orders runs read in any order', () => {
    expect(newestRuns([at('a', 10), at('c', 30), at('b', 20)], 2).map((r) => r.id)).toEqual(['c', 'b']);
  });
});
