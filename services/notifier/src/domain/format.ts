import { DateTime } from 'luxon';
import { MICRO_PER_USD, type Cadence } from '@brandradar/contracts';

const MICRO = BigInt(MICRO_PER_USD);
const FRACTION_DIGITS = String(MICRO_PER_USD).length - 1;

/** `1234567` → `1,234,567`. */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * `39000` → `$0.39`, `13500` → `$0.135`, `0` → `$0.00`: at least cents, and
 * every further digit the amount has. Integer arithmetic only, so no
 * floating-point rounding ever shows.
 */
export function formatDollars(micro: number): string {
  if (!Number.isSafeInteger(micro) || micro < 0) throw new RangeError(`not an amount of micro-units: ${micro}`);
  const amount = BigInt(micro);
  const fraction = (amount % MICRO).toString().padStart(FRACTION_DIGITS, '0').replace(/0+$/, '').padEnd(2, '0');
  return `$${groupDigits((amount / MICRO).toString())}.${fraction}`;
}

/** `39000` → `$0.39 (39,000 micro-units)`: the dollars people read and the integer the API shows. */
export function formatMoney(micro: number): string {
  return `${formatDollars(micro)} (${groupDigits(String(micro))} micro-units)`;
}

/** A number to at most `digits` decimals, without trailing zeros: 41.6700001 → `41.67`, 5 → `5`. */
export function formatNumber(value: number, digits = 2): string {
  const fixed = value.toFixed(digits);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

/** With its sign: `+4.5`, `-2`, `0`. */
export function formatSigned(value: number, digits = 2): string {
  const text = formatNumber(value, digits);
  return text === '0' || text.startsWith('-') ? text : `+${text}`;
}

/** A proportion as a percentage: 0.3333 → `33.3%`. */
export function formatPercent(proportion: number): string {
  return `${formatNumber(proportion * 100, 1)}%`;
}

/**
 * A p-value as published (4 decimals, or 2 significant digits below 0.0001): `0.0272`, and `< 0.0001`
 * for the tiny ones, which read as nonsense in scientific notation and as 0 in 4 decimals.
 */
export function formatPValue(p: number): string {
  return p < 0.0001 ? '< 0.0001' : formatNumber(p, 4);
}

/** An instant as read in a time zone: `Monday 23 November 2026, 09:00 CET (Europe/Berlin)`. */
export function formatInZone(iso: string, zone: string): string {
  const local = DateTime.fromISO(iso, { zone }).setLocale('en-GB');
  return `${local.toFormat('cccc d LLLL yyyy, HH:mm ZZZZ')} (${zone})`;
}

/** `2026-11-23 08:00 UTC`, for instants that belong to no tracker's zone. */
export function formatUtc(iso: string): string {
  return DateTime.fromISO(iso, { zone: 'UTC' }).toFormat("yyyy-LL-dd HH:mm 'UTC'");
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** `every Monday at 09:00 (Europe/Berlin)`, `monthly on day 31 at 08:00 (UTC; the last day in shorter months)`. */
export function describeCadence(cadence: Cadence): string {
  if (cadence.frequency === 'weekly') return `every ${WEEKDAYS[cadence.weekday]} at ${cadence.time} (${cadence.timezone})`;
  const shorterMonths = cadence.monthday > 28 ? '; the last day in shorter months' : '';
  return `monthly on day ${cadence.monthday} at ${cadence.time} (${cadence.timezone}${shorterMonths})`;
}

const SPANS: [ms: number, unit: string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1_000, 'second'],
];

/** A duration in its largest whole unit: `3 days`, `90 minutes`; below a second, `under a second`. */
export function describeSpan(ms: number): string {
  const [size, unit] = SPANS.find(([size]) => ms >= size && ms % size === 0) ?? SPANS.find(([size]) => ms >= size) ?? [0, ''];
  if (size === 0) return 'under a second';
  const n = Math.floor(ms / size);
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
