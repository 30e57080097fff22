/** One run in its tracker's list: enough to order it. */
export interface ListedRun {
  id: string;
  createdAt: Date;
}

/** Newest first, ties by id (the order reports list runs in). */
function newestFirst(a: ListedRun, b: ListedRun): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** Each run once, newest first. */
function ordered(runs: readonly ListedRun[]): ListedRun[] {
  return [...new Map(runs.map((r) => [r.id, r])).values()].sort(newestFirst);
}

/** The newest `max` of `runs` (in any order, a run perhaps more than once), newest first. */
export function newestRuns(runs: readonly ListedRun[], max: number): ListedRun[] {
  return ordered(runs).slice(0, max);
}

/** The entries of `runs` a list trimmed to its newest `max` no longer needs (every copy of a run beyond them). */
export function beyondNewest(runs: readonly ListedRun[], max: number): ListedRun[] {
  const kept = new Set(newestRuns(runs, max).map((r) => r.id));
  return runs.filter((r) => !kept.has(r.id));
}
