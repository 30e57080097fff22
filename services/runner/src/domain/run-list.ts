/** One run in its tracker's list: enough to order it. */
export interface ListedRun {
  id: string;
  createdAt: Date;
}

/** Newest first, ties by id (the order reports list runs in). */
function newestFirst(a: ListedRun, b: ListedRun): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * `list` with `added` in their places, newest first, at most `max` long; null when nothing changes
 * (each is listed already, or older than all of a full list), so no write is needed.
 */
export function withRuns(list: readonly ListedRun[], added: readonly ListedRun[], max: number): ListedRun[] | null {
  const known = new Set(list.map((r) => r.id));
  const fresh = added.filter((r) => !known.has(r.id));
  if (fresh.length === 0) return null;
  const merged = [...list, ...fresh].sort(newestFirst).slice(0, max);
  return merged.length === list.length && merged.every((r, i) => r.id === list[i]!.id) ? null : merged;
}

/** The newest `max` of `runs`, newest first. */
export function newestRuns(runs: readonly ListedRun[], max: number): ListedRun[] {
  return [...runs].sort(newestFirst).slice(0, max);
}
