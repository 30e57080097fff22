import type { Cadence } from '@brandradar/contracts';
import { DateTime, Settings } from 'luxon';
import { nextOccurrence, occurrencesAfter } from './index';

const weekly = (timezone: string, time: string, weekday: number): Cadence => ({ frequency: 'weekly', timezone, time, weekday });
const monthly = (timezone: string, time: string, monthday: number): Cadence => ({ frequency: 'monthly', timezone, time, monthday });

/** An instant as local wall-clock time with its offset in the cadence's zone, e.g. `2026-03-29T03:30+02:00`. */
const local = (at: Date, cadence: Cadence) =>
  DateTime.fromJSDate(at, { zone: cadence.timezone }).toISO({ suppressSeconds: true, suppressMilliseconds: true });

const take = (sequence: Generator<Date>, count: number) => Array.from({ length: count }, () => sequence.next().value as Date);

// [case, cadence, after, expected occurrence in the cadence's zone]
const nextCases: [string, Cadence, string, string][] = [
  ['Berlin gap day: 02:30 runs at 03:30', weekly('Europe/Berlin', '02:30', 0), '2026-03-28T12:00Z', '2026-03-29T03:30+02:00'],
  ['Berlin gap day, monthly', monthly('Europe/Berlin', '02:30', 29), '2026-03-01T00:00Z', '2026-03-29T03:30+02:00'],
  ['Berlin fall-back day: 02:30 runs at its first occurrence', weekly('Europe/Berlin', '02:30', 0), '2026-10-24T12:00Z', '2026-10-25T02:30+02:00'],
  ['Berlin fall-back day: the repeated 02:30 is not a second run', weekly('Europe/Berlin', '02:30', 0), '2026-10-25T00:30Z', '2026-11-01T02:30+01:00'],
  ['New York gap day: 02:30 runs at 03:30', weekly('America/New_York', '02:30', 0), '2026-03-07T12:00Z', '2026-03-08T03:30-04:00'],
  ['New York fall-back day: 02:30 happens once, after the change', weekly('America/New_York', '02:30', 0), '2026-10-31T12:00Z', '2026-11-01T02:30-05:00'],
  ['New York fall-back day: ambiguous 01:30 runs at its first occurrence', weekly('America/New_York', '01:30', 0), '2026-10-31T12:00Z', '2026-11-01T01:30-04:00'],
  ['Lord Howe 30-minute gap: 02:15 runs at 02:45', weekly('Australia/Lord_Howe', '02:15', 0), '2026-10-03T00:00Z', '2026-10-04T02:45+11:00'],
  ['Lord Howe 30-minute fall back: 01:45 runs at its first occurrence', weekly('Australia/Lord_Howe', '01:45', 0), '2026-04-04T00:00Z', '2026-04-05T01:45+11:00'],
  ['Kathmandu +05:45', weekly('Asia/Kathmandu', '09:00', 1), '2026-06-01T00:00Z', '2026-06-01T09:00+05:45'],
  ['Kathmandu: local date ahead of UTC, after exactly equal to an occurrence', monthly('Asia/Kathmandu', '00:00', 1), '2026-01-31T18:15Z', '2026-03-01T00:00+05:45'],
  ['Apia +13, Saturday 23:59', weekly('Pacific/Apia', '23:59', 6), '2026-06-01T00:00Z', '2026-06-06T23:59+13:00'],
  ['Apia skipped Friday 2011-12-30: runs a day later', weekly('Pacific/Apia', '09:00', 5), '2011-12-28T00:00Z', '2011-12-31T09:00+14:00'],
  ['Apia skipped Friday, asked from the next local date', weekly('Pacific/Apia', '09:00', 5), '2011-12-30T18:00Z', '2011-12-31T09:00+14:00'],
  ['Apia 2011: a time just after a DST change, with offsets unlike today\'s', weekly('Pacific/Apia', '04:00', 6), '2011-09-20T00:00Z', '2011-09-24T04:00-10:00'],
  ['UTC Saturday 00:00, after exactly equal to an occurrence', weekly('UTC', '00:00', 6), '2026-01-03T00:00Z', '2026-01-10T00:00Z'],
  ['UTC Saturday 00:00, a millisecond before it', weekly('UTC', '00:00', 6), '2026-01-02T23:59:59.999Z', '2026-01-03T00:00Z'],
  ['UTC Sunday 23:59', weekly('UTC', '23:59', 0), '2026-01-03T12:00Z', '2026-01-04T23:59Z'],
  ['UTC Sunday 23:59, later the same Sunday', weekly('UTC', '23:59', 0), '2026-01-04T23:59:30Z', '2026-01-11T23:59Z'],
  ['monthday 31 in April runs on the 30th', monthly('UTC', '00:00', 31), '2026-04-01T00:00Z', '2026-04-30T00:00Z'],
];

// luxon's own answer for an ambiguous time depends on the zone's offset on the day the code runs.
describe.each([
  ['January', Date.UTC(2026, 0, 15)],
  ['July', Date.UTC(2026, 6, 15)],
])('nextOccurrence, run in %s', (_season, today) => {
  beforeAll(() => {
    Settings.now = () => today;
  });
  afterAll(() => {
    Settings.now = () => Date.now();
  });

  test.each(nextCases)('%s', (_case, cadence, after, expected) => {
    expect(local(nextOccurrence(cadence, new Date(after)), cadence)).toBe(expected);
  });
});

// [case, cadence, after, expected occurrences in the cadence's zone]
const sequenceCases: [string, Cadence, string, string[]][] = [
  ['monthday 31 through leap February 2028', monthly('UTC', '00:00', 31), '2027-12-31T00:00Z', ['2028-01-31T00:00Z', '2028-02-29T00:00Z', '2028-03-31T00:00Z', '2028-04-30T00:00Z']],
  ['monthday 30 through leap February 2028', monthly('UTC', '00:00', 30), '2028-01-01T00:00Z', ['2028-01-30T00:00Z', '2028-02-29T00:00Z', '2028-03-30T00:00Z']],
  ['monthday 29 through leap February 2028', monthly('UTC', '00:00', 29), '2028-01-29T00:00Z', ['2028-02-29T00:00Z', '2028-03-29T00:00Z']],
  ['monthday 31 through non-leap February 2027', monthly('UTC', '23:59', 31), '2027-01-01T00:00Z', ['2027-01-31T23:59Z', '2027-02-28T23:59Z', '2027-03-31T23:59Z', '2027-04-30T23:59Z']],
  ['monthday 30 through non-leap February 2027', monthly('UTC', '23:59', 30), '2027-01-01T00:00Z', ['2027-01-30T23:59Z', '2027-02-28T23:59Z', '2027-03-30T23:59Z']],
  ['monthday 29 through non-leap February 2027', monthly('UTC', '23:59', 29), '2027-01-01T00:00Z', ['2027-01-29T23:59Z', '2027-02-28T23:59Z', '2027-03-29T23:59Z']],
  ['Berlin Monday 09:00 across spring forward', weekly('Europe/Berlin', '09:00', 1), '2026-03-16T00:00Z', ['2026-03-16T09:00+01:00', '2026-03-23T09:00+01:00', '2026-03-30T09:00+02:00']],
  ['Berlin monthly 25th 02:30 across fall back', monthly('Europe/Berlin', '02:30', 25), '2026-09-01T00:00Z', ['2026-09-25T02:30+02:00', '2026-10-25T02:30+02:00', '2026-11-25T02:30+01:00']],
  ['New York Sunday 01:30 across fall back', weekly('America/New_York', '01:30', 0), '2026-10-20T00:00Z', ['2026-10-25T01:30-04:00', '2026-11-01T01:30-04:00', '2026-11-08T01:30-05:00']],
  ['Lord Howe Sunday 02:15 across the 30-minute gap', weekly('Australia/Lord_Howe', '02:15', 0), '2026-09-20T00:00Z', ['2026-09-27T02:15+10:30', '2026-10-04T02:45+11:00', '2026-10-11T02:15+11:00']],
];

describe('occurrencesAfter', () => {
  test.each(sequenceCases)('%s', (_case, cadence, after, expected) => {
    expect(take(occurrencesAfter(cadence, new Date(after)), expected.length).map((at) => local(at, cadence))).toEqual(expected);
  });

  test.each([
    ['an unknown time zone', weekly('Mars/Olympus', '09:00', 1), new Date()],
    ['a malformed time', weekly('UTC', '9h00', 1), new Date()],
    ['an invalid date', weekly('UTC', '09:00', 1), new Date(NaN)],
  ])('%s is rejected rather than looping', (_case, cadence, after) => {
    expect(() => nextOccurrence(cadence, after)).toThrow(RangeError);
  });
});
