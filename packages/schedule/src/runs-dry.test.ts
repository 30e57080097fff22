import type { Cadence } from '@brandradar/contracts';
import { projectRunsDryAt, type ProjectedTracker } from './index';

const weeklyUtc = (weekday: number): Cadence => ({ frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday });
const now = new Date('2026-01-01T00:00Z');
// Mondays 09:00 UTC from 2026-01-05 and Wednesdays from 2026-01-07.
const monday = (costMicroPerRun: number): ProjectedTracker => ({ cadence: weeklyUtc(1), nextRunAt: new Date('2026-01-05T09:00Z'), costMicroPerRun });
const wednesday = (costMicroPerRun: number): ProjectedTracker => ({ cadence: weeklyUtc(3), nextRunAt: new Date('2026-01-07T09:00Z'), costMicroPerRun });

// [case, trackers, balanceMicro, expected runsDryAt]
const cases: [string, ProjectedTracker[], number, string | null][] = [
  ['zero balance: the first run', [monday(100)], 0, '2026-01-05T09:00:00.000Z'],
  ['balance equal to one run covers it', [monday(100)], 100, '2026-01-12T09:00:00.000Z'],
  ['one tracker, third run', [monday(100)], 299, '2026-01-19T09:00:00.000Z'],
  ['covers exactly three runs', [monday(100)], 300, '2026-01-26T09:00:00.000Z'],
  // Runs: Mon 100 (100), Wed 30 (130), Mon 100 (230), Wed 30 (260), Mon 100 (360).
  ['two trackers interleaved, dry on a Monday', [monday(100), wednesday(30)], 130, '2026-01-12T09:00:00.000Z'],
  ['two trackers interleaved, dry on a Wednesday', [monday(100), wednesday(30)], 259, '2026-01-14T09:00:00.000Z'],
  ['input order does not matter across instants', [wednesday(30), monday(100)], 259, '2026-01-14T09:00:00.000Z'],
  ['ties: the second run at the same instant is not covered', [monday(100), monday(50)], 120, '2026-01-05T09:00:00.000Z'],
  ['ties: both runs at the same instant covered exactly', [monday(100), monday(50)], 150, '2026-01-12T09:00:00.000Z'],
  // 261 Monday runs fall between now and 2031-01-01 (the last on 2030-12-30).
  ['the last run within 5 years', [monday(1)], 260, '2030-12-30T09:00:00.000Z'],
  ['null when dry only beyond 5 years', [monday(1)], 261, null],
  ['null without trackers', [], 0, null],
  ['null for free runs', [monday(0)], 0, null],
];

describe('projectRunsDryAt', () => {
  test.each(cases)('%s', (_case, trackers, balanceMicro, expected) => {
    expect(projectRunsDryAt({ balanceMicro, now, trackers })?.toISOString() ?? null).toBe(expected);
  });

  test('a shorter horizon', () => {
    expect(projectRunsDryAt({ balanceMicro: 52, now, horizonYears: 1, trackers: [monday(1)] })).toBeNull();
    expect(projectRunsDryAt({ balanceMicro: 51, now, horizonYears: 1, trackers: [monday(1)] })?.toISOString()).toBe('2026-12-28T09:00:00.000Z');
  });

  test('25 weekly trackers in different zones over 5 years', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Apia'];
    const trackers = Array.from({ length: 25 }, (_, i): ProjectedTracker => ({
      cadence: { frequency: 'weekly', timezone: zones[i % zones.length]!, time: '02:30', weekday: i % 7 },
      nextRunAt: new Date(Date.UTC(2026, 0, 1 + (i % 7), 12)),
      costMicroPerRun: 1,
    }));
    const started = performance.now();
    expect(projectRunsDryAt({ balanceMicro: 25 * 262, now, trackers })).toBeNull();
    const dry = projectRunsDryAt({ balanceMicro: 25 * 100, now, trackers });
    expect(dry?.getTime()).toBeGreaterThan(Date.UTC(2027, 8, 1));
    expect(dry?.getTime()).toBeLessThan(Date.UTC(2028, 0, 1));
    // A few hundred milliseconds here (luxon's zone look-ups dominate); generous so a busy machine passes.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test('an invalid now is rejected rather than looping', () => {
    expect(() => projectRunsDryAt({ balanceMicro: 0, now: new Date(NaN), trackers: [monday(0)] })).toThrow(RangeError);
  });
});
