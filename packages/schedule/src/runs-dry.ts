import type { Cadence } from '@brandradar/contracts';
import { DateTime } from 'luxon';
import { occurrencesAfter } from './occurrences';

export interface ProjectedTracker {
  cadence: Cadence;
  /** The tracker's first future run; later runs follow its cadence. */
  nextRunAt: Date;
  costMicroPerRun: number;
}

export interface RunsDryInput {
  balanceMicro: number;
  now: Date;
  /** How far ahead to look; the contract answers `null` beyond 5 years. */
  horizonYears?: number;
  trackers: ProjectedTracker[];
}

/**
 * `runsDryAt` (api-contract §3): the scheduled time of the first future run, across all trackers in
 * time order, whose cumulative cost exceeds the balance; `null` if there is none within the horizon.
 * A balance equal to the cumulative cost still covers that run.
 */
export function projectRunsDryAt({ balanceMicro, now, horizonYears = 5, trackers }: RunsDryInput): Date | null {
  const horizon = DateTime.fromJSDate(now, { zone: 'utc' }).plus({ years: horizonYears }).toMillis();
  // A NaN horizon would never end the walk when the balance covers every run.
  if (Number.isNaN(horizon)) throw new RangeError(`invalid now (${now.toString()}) or horizonYears (${horizonYears})`);
  // One lazy run sequence per tracker, merged by taking the earliest head each time. A linear scan of
  // a few dozen heads is cheap, and the walk stops at the first run the balance misses.
  const heads = trackers.map((tracker) => ({
    at: tracker.nextRunAt,
    cost: tracker.costMicroPerRun,
    later: occurrencesAfter(tracker.cadence, tracker.nextRunAt),
  }));
  let spentMicro = 0;
  for (;;) {
    let earliest: (typeof heads)[number] | undefined;
    // Strictly earlier only, so runs at the same instant keep the trackers' input order.
    for (const head of heads) if (!earliest || head.at.getTime() < earliest.at.getTime()) earliest = head;
    if (!earliest || earliest.at.getTime() > horizon) return null;
    spentMicro += earliest.cost;
    if (spentMicro > balanceMicro) return earliest.at;
    earliest.at = earliest.later.next().value as Date;
  }
}
