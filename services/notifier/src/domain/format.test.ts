import { describeCadence, describeSpan, formatDollars, formatInZone, formatMoney, formatNumber, formatPercent, formatPValue, formatSigned, formatUtc } from './format';

describe('amounts', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.00001'],
    [39_000, '$0.39'],
    [13_500, '$0.135'],
    [100_000, '$1.00'],
    [123_456_789, '$1,234.56789'],
    [Number.MAX_SAFE_INTEGER, '$90,071,992,547.40991'],
  ])('%i micro-units are %s, exactly', (micro, dollars) => {
    expect(formatDollars(micro)).toBe(dollars);
  });

  it('shows dollars and the micro-units the API uses', () => {
    expect(formatMoney(39_000)).toBe('$0.39 (39,000 micro-units)');
    expect(formatMoney(1_000_000)).toBe('$10.00 (1,000,000 micro-units)');
  });

  it('refuses what is not a whole, non-negative amount', () => {
    expect(() => formatDollars(-1)).toThrow(RangeError);
    expect(() => formatDollars(0.5)).toThrow(RangeError);
  });
});

describe('numbers', () => {
  it('drops float noise and trailing zeros, and signs changes', () => {
    expect(formatNumber(41.670000001)).toBe('41.67');
    expect(formatNumber(5)).toBe('5');
    expect(formatSigned(41.67)).toBe('+41.67');
    expect(formatSigned(-2.5)).toBe('-2.5');
    expect(formatSigned(-0.0001)).toBe('0');
    expect(formatPercent(0.3333)).toBe('33.3%');
    expect(formatPercent(0.75)).toBe('75%');
  });

  it('gives a p-value as published, and a tiny one as below 0.0001 rather than 0 or 7.4e-7', () => {
    expect(formatPValue(0.0272)).toBe('0.0272');
    expect(formatPValue(0.0001)).toBe('0.0001');
    expect(formatPValue(1)).toBe('1');
    expect(formatPValue(7.4e-7)).toBe('< 0.0001');
  });
});

describe('times', () => {
  it("reads an instant in the tracker's own zone, standard and summer time", () => {
    expect(formatInZone('2026-11-23T08:00:00.000Z', 'Europe/Berlin')).toBe('Monday 23 November 2026, 09:00 CET (Europe/Berlin)');
    expect(formatInZone('2026-07-20T07:00:00.000Z', 'Europe/Berlin')).toBe('Monday 20 July 2026, 09:00 CEST (Europe/Berlin)');
    expect(formatInZone('2026-11-23T14:00:00.000Z', 'America/New_York')).toBe('Monday 23 November 2026, 09:00 GMT-5 (America/New_York)');
  });

  it('writes zone-less instants in UTC', () => {
    expect(formatUtc('2026-11-22T10:00:30.000Z')).toBe('2026-11-22 10:00 UTC');
  });

  it('describes cadences', () => {
    expect(describeCadence({ frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 })).toBe('every Monday at 09:00 (Europe/Berlin)');
    expect(describeCadence({ frequency: 'monthly', timezone: 'UTC', time: '08:00', monthday: 31 })).toBe('monthly on day 31 at 08:00 (UTC; the last day in shorter months)');
    expect(describeCadence({ frequency: 'monthly', timezone: 'UTC', time: '08:00', monthday: 1 })).toBe('monthly on day 1 at 08:00 (UTC)');
  });

  it('describes spans in their largest whole unit', () => {
    expect(describeSpan(3 * 86_400_000)).toBe('3 days');
    expect(describeSpan(86_400_000)).toBe('1 day');
    expect(describeSpan(90 * 60_000)).toBe('90 minutes');
    expect(describeSpan(2_500)).toBe('2 seconds');
    expect(describeSpan(400)).toBe('under a second');
  });
});
