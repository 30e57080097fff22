import { z } from 'zod';

/** True for IANA zone names the runtime knows (`Europe/Berlin`, `UTC`); offsets like `+02:00` are not zones. */
export function isValidTimeZone(tz: string): boolean {
  // Most names checked are canonical (trackers store them so, and every message that carries a
  // tracker is validated), and a set lookup costs far less than making a formatter.
  return LISTED_ZONES.has(tz) || knownToIntl(tz);
}

/** The shape of every IANA zone name (`Europe/Berlin`, `America/Port-au-Prince`, `Etc/GMT+5`); also stated in the API document. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

function knownToIntl(tz: string): boolean {
  if (!ZONE_NAME.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  return true;
}

/** The canonical names of the zones the runtime knows: its own list, so none needs checking (that cost ~60 ms at every start). */
const LISTED_ZONES: ReadonlySet<string> = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);

/**
 * A valid IANA zone in its usual case (`utc` → `UTC`, `europe/berlin` → `Europe/Berlin`), so one
 * zone is not stored in many spellings. Any other name is kept as sent: ICU resolves links and
 * renamed zones to its own, sometimes outdated, names (`Asia/Kolkata` → `Asia/Calcutta`,
 * `Europe/Kyiv` → `Europe/Kiev`), and a client that sent the current name expects it back.
 */
export function canonicalTimeZone(tz: string): string {
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === tz.toLowerCase() ? resolved : tz;
}

/** An IANA zone name, as tracker cadences and the weekly digest take it. */
export const TimeZoneName = z.string().refine(isValidTimeZone, 'Time zone must be an IANA time zone name, e.g. Europe/Berlin.').meta({
  example: 'Europe/Berlin',
  // The pattern states a zone name's shape, not which names exist: these do.
  examples: ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'],
  description:
    'An IANA time zone name (`Europe/Berlin`, `America/New_York`, `Asia/Kolkata`, `UTC`), in any case: returned in its usual case (`utc` → `UTC`, `europe/berlin` → `Europe/Berlin`); a link or former name (`US/Eastern`, `Europe/Kiev`) is returned as sent. A name the server\'s time zone database does not know, or an offset such as `+02:00`, is refused.',
  pattern: ZONE_NAME.source,
});
/** A local time of day, `HH:mm`. */
export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:mm between 00:00 and 23:59.').meta({ example: '09:00' });

/** A cadence of one frequency: the shared `timezone` and `time`, and that frequency's day. */
function cadenceOf<F extends string, Day extends z.ZodRawShape>(frequency: F, day: Day) {
  return z.object({ frequency: z.literal(frequency), timezone: TimeZoneName, time: LocalTime, ...day }).strict();
}

const WEEKDAY = 'Weekday must be from 0 (Sunday) to 6 (Saturday).';
/** A day of the week, 0 Sunday to 6 Saturday, as cadences and the weekly digest take it. */
export const Weekday = z.int().min(0, WEEKDAY).max(6, WEEKDAY).meta({ description: '0 is Sunday, 1 is Monday, … 6 is Saturday.' });
const MONTHDAY = 'Day of the month must be from 1 to 31.';

const WeeklyCadence = cadenceOf('weekly', {
  weekday: Weekday,
});

const MonthlyCadence = cadenceOf('monthly', {
  monthday: z.int().min(1, MONTHDAY).max(31, MONTHDAY).meta({ description: "A day past the month's end runs on its last day." }),
});

/**
 * When a tracker runs: weekly on `weekday` or monthly on `monthday`, at `time`
 * in `timezone`. Sending the other frequency's day is rejected.
 */
export const Cadence = z.discriminatedUnion('frequency', [WeeklyCadence, MonthlyCadence]).meta({
  id: 'Cadence',
  example: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 },
});
export type Cadence = z.infer<typeof Cadence>;
