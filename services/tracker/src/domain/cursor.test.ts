import fc from 'fast-check';
import { TrackerCursor } from '@brandradar/contracts';
import { decodeCursor, encodeCursor } from './cursor';

it('round-trips a cursor in the form the contract documents', () => {
  const key = { createdAt: new Date('2026-11-22T09:00:00.123Z'), id: '0b6f5a4e-8d2c-4a5b-9f1e-3c7d2a1b0e9f' };
  const cursor = encodeCursor(key);
  expect(TrackerCursor.safeParse(cursor).success).toBe(true);
  expect(decodeCursor(cursor)).toEqual(key);
});

it('decodes every string the contract accepts to a valid position', () => {
  fc.assert(
    fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{30}$/), (cursor) => {
      const { createdAt, id } = decodeCursor(cursor);
      expect(Number.isNaN(createdAt.getTime())).toBe(false);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }),
    { seed: 18 },
  );
});
