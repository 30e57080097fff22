import { keysetCursor } from './keyset-cursor';

const cursors = keysetCursor(/[0-9a-f]{8}/);

it('gives back the position it encoded, as base64url', () => {
  const position = { time: new Date('2026-12-06T19:00:00.123Z'), id: '0badc0de' };
  const cursor = cursors.encode(position);
  expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(cursors.decode(cursor)).toEqual(position);
});

it.each([
  ['empty', ''],
  ['not base64url of a position', 'abc'],
  ['an id of another form', Buffer.from('kz.0BADC0DE').toString('base64url')],
  ['a longer id', Buffer.from('kz.0badc0de0').toString('base64url')],
  ['a time past safe integers', Buffer.from('zzzzzzzzzzz.0badc0de').toString('base64url')],
  ['__proto__', Buffer.from('__proto__').toString('base64url')],
])('refuses a cursor it did not issue: %s', (_, cursor) => {
  expect(cursors.decode(cursor)).toBeNull();
});
