import { UsageError } from '../exit';
import { expiryOf } from './people';

describe('keys create --expires', () => {
  const now = new Date('2026-12-06T10:00:00.000Z');

  it('takes days from now, a date (the end of that day, UTC) or an ISO 8601 time', () => {
    expect(expiryOf('30d', now)).toBe('2027-01-05T10:00:00.000Z');
    expect(expiryOf('2027-03-31', now)).toBe('2027-03-31T23:59:59.999Z');
    expect(expiryOf('2027-03-31T12:00:00+02:00', now)).toBe('2027-03-31T10:00:00.000Z');
  });

  it('refuses anything else as a usage error', () => {
    for (const raw of ['30', 'tomorrow', '2027-13-45', '-1d', '2027-02-30T99:00']) expect(() => expiryOf(raw, now)).toThrow(UsageError);
  });
});
