import type { Insights } from '@brandradar/contracts';

type Named = { discoveredNames: ReadonlyArray<Pick<Insights['discoveredNames'][number], 'name' | 'answers'>> };

/** A name is one name across the two lists in any case: each list gives it as its answers most often write it. */
const nameKey = (name: string) => name.toLocaleLowerCase('en');

/**
 * The week's new discovered names (api-contract §16), most answers first: the names the week's runs
 * put forward that none of the earlier runs in `all` did. `week` is the insights of the runs
 * finished this week, `all` those of the same runs and the earlier ones insights read. A name is
 * new when `all` counts it in as many answers as `week` does; one `all` does not list (its list is
 * capped) cannot be shown new and is left out. When `all` read no earlier run (a tracker's first
 * week), every name of the week is new.
 */
export function newDiscoveredNames(week: Named, all: Named, limit: number): string[] {
  const counted = new Map(all.discoveredNames.map((d) => [nameKey(d.name), d.answers]));
  return week.discoveredNames
    .filter((d) => counted.get(nameKey(d.name)) === d.answers)
    .slice(0, limit)
    .map((d) => d.name);
}

/** How many of `all`'s runs (newest first) finished at or after `since`: the week's runs are the newest ones. */
export function runsSince(all: { runs: ReadonlyArray<{ finishedAt: string }> }, since: Date): number {
  return all.runs.filter((r) => Date.parse(r.finishedAt) >= since.getTime()).length;
}
