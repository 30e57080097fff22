import { isValidTimeZone } from './cadence';

// Canonical names answer from the runtime's list; any other spelling is still asked of Intl.
it.each([
  ['UTC', true],
  ['Europe/Berlin', true],
  ['America/Argentina/Buenos_Aires', true],
  ['europe/berlin', true],
  ['US/Eastern', true],
  ['+02:00', false],
  ['Mars/Olympus_Mons', false],
  ['', false],
])('isValidTimeZone(%j) is %s', (tz, valid) => {
  expect(isValidTimeZone(tz)).toBe(valid);
});
