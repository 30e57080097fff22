import { z } from 'zod';
import { CorruptDocumentError, parseStored, parseStoredJson } from './stored';

const Doc = z.object({ count: z.number().int() });

test('a document of the expected shape comes back as its schema outputs it', () => {
  expect(parseStored(Doc, { count: 3, extra: true }, 'things', 't-1')).toEqual({ count: 3 });
});

test('a corrupt document fails naming its collection, its id and what is wrong', () => {
  const read = () => parseStored(Doc, { count: 'three' }, 'things', 't-1');
  expect(read).toThrow(CorruptDocumentError);
  expect(read).toThrow(/t-1 in things[\s\S]*count/);
});

test('stored JSON text that is not JSON, or missing, is corrupt too', () => {
  expect(parseStoredJson(Doc, '{"count":3}', 'things', 't-1')).toEqual({ count: 3 });
  expect(() => parseStoredJson(Doc, '{"count":', 'things', 't-2')).toThrow(/t-2 in things[\s\S]*not JSON/);
  expect(() => parseStoredJson(Doc, null, 'things', 't-3')).toThrow(CorruptDocumentError);
});
