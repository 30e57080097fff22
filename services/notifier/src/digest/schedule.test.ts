import { digestWeek, nextSendAt } from './schedule';

const on = { enabled: true, recipients: ['a@example.com'], attachPdf: false };

describe('nextSendAt', () => {
  it('is the next weekday at the local time, strictly after the instant', () => {
    const berlin = { ...on, weekday: 1, time: '09:00', timezone: 'Europe/Berlin' };
    // Monday 30 November 2026 is winter time (UTC+1).
    expect(nextSendAt(berlin, new Date('2026-11-25T12:00:00Z'))?.toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(nextSendAt(berlin, new Date('2026-11-30T08:00:00Z'))?.toISOString()).toBe('2026-12-07T08:00:00.000Z');
  });

  it('keeps the local time across a daylight-saving change', () => {
    const berlin = { ...on, weekday: 0, time: '09:00', timezone: 'Europe/Berlin' };
    // Summer time starts on Sunday 29 March 2026: 09:00 is 08:00 UTC the week before and 07:00 UTC on the day.
    expect(nextSendAt(berlin, new Date('2026-03-20T00:00:00Z'))?.toISOString()).toBe('2026-03-22T08:00:00.000Z');
    expect(nextSendAt(berlin, new Date('2026-03-22T08:00:00Z'))?.toISOString()).toBe('2026-03-29T07:00:00.000Z');
    const newYork = { ...on, weekday: 0, time: '02:30', timezone: 'America/New_York' };
    // 02:30 does not exist on 8 March 2026 in New York: sent at the first instant after the gap.
    const skipped = nextSendAt(newYork, new Date('2026-03-07T00:00:00Z'))!;
    expect(skipped.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-03-08T07:00:00Z'));
    expect(skipped.getTime()).toBeLessThanOrEqual(Date.parse('2026-03-08T07:30:00Z'));
  });

  it('is null while the digest is off', () => {
    expect(nextSendAt({ ...on, enabled: false, weekday: 1, time: '09:00', timezone: 'UTC' }, new Date())).toBeNull();
  });
});

describe('digestWeek', () => {
  it('is the ISO week of the local date, so a late Sunday in one zone is not the next week', () => {
    // Sunday 6 December 2026, 23:30 in New York, is Monday 04:30 UTC.
    expect(digestWeek(new Date('2026-12-07T04:30:00Z'), 'America/New_York')).toBe('2026-W49');
    expect(digestWeek(new Date('2026-12-07T04:30:00Z'), 'UTC')).toBe('2026-W50');
  });
});
