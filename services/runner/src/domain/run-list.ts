/** One run in its tracker's list: enough to order it, and to tell which runs may be compared. */
export interface ListedRun {
  id: string;
  createdAt: Date;
  /** The run's comparison key (domain/run.ts). Absent in entries listed before analysis versions: those runs compare with no versioned run. */
  comparisonKey?: string;
  /** The comparison key of entries listed before analysis versions; kept only to be read. */
  definitionKey?: string;
  /** Set on an entry that replaces the run's earlier ones (a reanalysis changed its key); absent on the entry listed when it was queued or settled. */
  keyedAt?: Date;
}

/** Newest first, ties by id (the order reports list runs in). */
function newestFirst(a: ListedRun, b: ListedRun): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** Whether `entry` replaces `current` as its run's entry: keyed later, or (neither keyed or both at once) listed later. */
const replaces = (entry: ListedRun, current: ListedRun) => (entry.keyedAt?.getTime() ?? 0) >= (current.keyedAt?.getTime() ?? 0);

/** Each run's entry (the one keyed last, of several), in list order. */
function currentEntries(runs: readonly ListedRun[]): Map<string, ListedRun> {
  const entries = new Map<string, ListedRun>();
  for (const r of runs) {
    const current = entries.get(r.id);
    if (!current || replaces(r, current)) entries.set(r.id, r);
  }
  return entries;
}

/** Each run once, newest first. */
function ordered(runs: readonly ListedRun[]): ListedRun[] {
  return [...currentEntries(runs).values()].sort(newestFirst);
}

/** The newest `max` of `runs` (in any order, a run perhaps more than once), newest first. */
export function newestRuns(runs: readonly ListedRun[], max: number): ListedRun[] {
  return ordered(runs).slice(0, max);
}

/** The entries of `runs` a list trimmed to its newest `max` no longer needs: every entry of a run beyond them, and those another entry of the run replaces. */
export function beyondNewest(runs: readonly ListedRun[], max: number): ListedRun[] {
  const kept = new Set(newestRuns(runs, max));
  return runs.filter((r) => !kept.has(r));
}

/** The runs of `runs` that may be compared with the run `of`, on one side of it: nearest first (newest earlier ones, or oldest later ones). */
export function comparableCandidates(runs: readonly ListedRun[], of: ListedRun & { comparisonKey: string }, side: 'earlier' | 'later'): ListedRun[] {
  const onSide = (r: ListedRun) => (side === 'earlier' ? r.createdAt < of.createdAt : r.createdAt > of.createdAt);
  const candidates = ordered(runs).filter((r) => r.id !== of.id && onSide(r) && r.comparisonKey === of.comparisonKey);
  return side === 'earlier' ? candidates : candidates.reverse();
}
