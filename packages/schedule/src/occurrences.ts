import type { Cadence } from '@brandradar/contracts';
import { DateTime, type Zone } from 'luxon';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Every occurrence of `cadence` strictly after `after`, in order (api-contract §5). Each one is
 * computed from its calendar date, never by adding a week to the previous instant, so the local
 * wall-clock time holds across DST changes.
 */
export function* occurrencesAfter(cadence: Cadence, after: Date): Generator<Date> {
  const hour = Number(cadence.time.slice(0, 2));
  const minute = Number(cadence.time.slice(3, 5));
  const local = DateTime.fromJSDate(after, { zone: cadence.timezone });
  // Input outside the contract would otherwise make NaN instants and a sequence that never yields.
  if (!local.isValid || Number.isNaN(hour) || Number.isNaN(minute)) {
    throw new RangeError(`cannot schedule ${cadence.time} in ${cadence.timezone} after ${after.toString()}`);
  }
  // Start a day before `after`'s local date: a skipped day (Pacific/Apia lost 2011-12-30) moves
  // that day's run onto the next date, where it may still be after `after`.
  const from = DateTime.utc(local.year, local.month, local.day).minus({ days: 1 });
  for (const date of runDates(cadence, from)) {
    const at = atLocalTime(date, hour, minute, local.zone);
    if (at.getTime() > after.getTime()) yield at;
  }
}

/** The first occurrence of `cadence` strictly after `after`. */
export function nextOccurrence(cadence: Cadence, after: Date): Date {
  // The sequence is endless, so it always has a first element.
  return occurrencesAfter(cadence, after).next().value as Date;
}

/**
 * The calendar dates `cadence` runs on, from `from` on (weekly) or from `from`'s month on (monthly).
 * Dates are luxon dates in UTC, so adding days or months is plain calendar arithmetic.
 */
function* runDates(cadence: Cadence, from: DateTime): Generator<DateTime> {
  if (cadence.frequency === 'weekly') {
    // luxon numbers Monday 1 … Sunday 7; the contract numbers Sunday 0 … Saturday 6.
    const first = from.plus({ days: (cadence.weekday - (from.weekday % 7) + 7) % 7 });
    for (let week = 0; ; week++) yield first.plus({ days: 7 * week });
  } else {
    for (let month = from.startOf('month'); ; month = month.plus({ months: 1 })) {
      // A monthday past the month's end runs on its last day (31 → Feb 28/29, Apr 30).
      yield month.set({ day: Math.min(cadence.monthday, month.endOf('month').day) });
    }
  }
}

/**
 * The instant `hour:minute` on `date` happens in `zone`, by the contract's DST rule. It is spelled out
 * rather than left to luxon's `fromObject`, which starts from the zone's offset *today*: its pick for
 * an ambiguous time changes with the season the code runs in, and next to a change whose offsets both
 * differ from today's it can misplace a valid time (Pacific/Apia 2011-09-24 04:00 came out as 05:00).
 *
 * Reading the wall-clock time with an offset is valid when the zone has that offset at the resulting
 * instant; the candidates are the offsets in force a day before and a day after. The pre-change
 * reading wins: for an ambiguous time (fall back) it is the first occurrence, and in a gap, where
 * neither reading is valid, it lands the gap's length later (02:30 → 03:30).
 */
function atLocalTime(date: DateTime, hour: number, minute: number, zone: Zone): Date {
  const wallClock = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const offsetBefore = zone.offset(wallClock - DAY_MS);
  const offsetAfter = zone.offset(wallClock + DAY_MS);
  const readBefore = wallClock - offsetBefore * MINUTE_MS;
  const readAfter = wallClock - offsetAfter * MINUTE_MS;
  // Most days have no offset change nearby, which spares the zone look-ups below.
  if (offsetBefore === offsetAfter || zone.offset(readBefore) === offsetBefore) return new Date(readBefore);
  return new Date(zone.offset(readAfter) === offsetAfter ? readAfter : readBefore);
}
