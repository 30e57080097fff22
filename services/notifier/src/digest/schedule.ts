import { DateTime } from 'luxon';
import { canonicalTimeZone, type DigestSettingsInput } from '@brandradar/contracts';
import { nextOccurrence } from '@brandradar/schedule';

/** What an account has before an owner sets anything (api-contract §16): off, Mondays 09:00 UTC, to the account's address. */
export function defaultDigest(accountEmail: string): DigestSettingsInput {
  return { enabled: false, weekday: 1, time: '09:00', timezone: 'UTC', recipients: [accountEmail], attachPdf: false };
}

/** The setting as stored: the zone in its usual case, so one zone has one spelling. */
export function normalizedDigest(input: DigestSettingsInput): DigestSettingsInput {
  return { ...input, timezone: canonicalTimeZone(input.timezone) };
}

/**
 * When the digest next goes out after `after`: the first `weekday` at `time` in `timezone` strictly
 * later, as the tracker cadences count it (luxon, so a daylight-saving change moves the UTC instant,
 * never the local time; a local time the change skips is sent at the first instant after it). Null
 * while the digest is off.
 */
export function nextSendAt(settings: DigestSettingsInput, after: Date): Date | null {
  if (!settings.enabled) return null;
  const { weekday, time, timezone } = settings;
  return nextOccurrence({ frequency: 'weekly', weekday, time, timezone }, after);
}

/**
 * The week a digest due at `dueAt` belongs to: the ISO week (Monday to Sunday) of its local date in
 * `timezone`, `2026-W49`. With the account and the recipient it keys the e-mail, so a week has one
 * digest per recipient however often it is swept, and even when the weekday changes within it.
 */
export function digestWeek(dueAt: Date, timezone: string): string {
  return DateTime.fromJSDate(dueAt, { zone: timezone }).toFormat("kkkk-'W'WW");
}
