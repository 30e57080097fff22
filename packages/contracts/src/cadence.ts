import { z } from 'zod';

/** True for IANA zone names the runtime knows (`Europe/Berlin`, `UTC`); offsets like `+02:00` are not zones. */
export function isValidTimeZone(tz: string): boolean {
  // Most names checked are canonical (trackers store them so, and every message that carries a
  // tracker is validated), and a set lookup costs far less than making a formatter.
  return LISTED_ZONES.has(tz) || knownToIntl(tz);
}

function knownToIntl(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
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
 * The canonical spelling of a valid IANA zone (`utc` → `UTC`, `europe/berlin` → `Europe/Berlin`,
 * a link such as `US/Eastern` → `America/New_York`), so stored trackers name each zone one way.
 */
export function canonicalTimeZone(tz: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
}

/** What the API document lists. */
const TIME_ZONES = [...LISTED_ZONES].sort();

const timezone = z.string().refine(isValidTimeZone, 'must be an IANA time zone name, e.g. Europe/Berlin').meta({
  example: 'Europe/Berlin',
  description:
    'An IANA time zone name; stored and returned in its canonical form. The listed canonical names are accepted; so are other spellings and links that name one of them (`utc` → `UTC`, `europe/berlin` → `Europe/Berlin`, `US/Eastern` → `America/New_York`).',
  enum: TIME_ZONES,
});
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm between 00:00 and 23:59').meta({ example: '09:00' });

/** A cadence of one frequency: the shared `timezone` and `time`, and that frequency's day. */
function cadenceOf<F extends string, Day extends z.ZodRawShape>(frequency: F, day: Day) {
  return z.object({ frequency: z.literal(frequency), timezone, time, ...day }).strict();
}

export const WeeklyCadence = cadenceOf('weekly', {
  weekday: z.int().min(0).max(6).meta({ description: '0 is Sunday, 1 is Monday, … 6 is Saturday.' }),
});

export const MonthlyCadence = cadenceOf('monthly', {
  monthday: z.int().min(1).max(31).meta({ description: "A day past the month's end runs on its last day." }),
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
