/** One run in its tracker's list: enough to order it, and to tell which runs measured the same thing. */
export interface ListedRun {
  id: string;
  createdAt: Date;
  /** Absent in entries listed before it was recorded. */
  definitionKey?: string;
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

/**
 * The runs of `runs` that may have measured what the run `of` measured, on one side of it: nearest
 * first (newest earlier ones, or oldest later ones). An entry without a definition key may have.
 */
export function comparableCandidates(runs: readonly ListedRun[], of: ListedRun & { definitionKey: string }, side: 'earlier' | 'later'): ListedRun[] {
  const onSide = (r: ListedRun) => (side === 'earlier' ? r.createdAt < of.createdAt : r.createdAt > of.createdAt);
  const candidates = ordered(runs).filter((r) => r.id !== of.id && onSide(r) && (r.definitionKey === undefined || r.definitionKey === of.definitionKey));
  return side === 'earlier' ? candidates : candidates.reverse();
}
