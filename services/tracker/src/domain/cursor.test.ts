import { decodeCursor, encodeCursor } from './cursor';

it('round-trips a cursor and refuses anything else', () => {
  const key = { createdAt: new Date('2026-11-22T09:00:00.123Z'), id: 'abc' };
  expect(decodeCursor(encodeCursor(key))).toEqual(key);
  for (const bad of ['', 'garbage', Buffer.from('[1]').toString('base64url'), Buffer.from('["not a date","x"]').toString('base64url'), Buffer.from('{"a":1}').toString('base64url')]) {
    expect(decodeCursor(bad)).toBeNull();
  }
});
