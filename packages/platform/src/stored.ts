import { z } from 'zod';

/**
 * A document read from the store that its schema refuses: written by a version that no longer
 * exists, or changed by hand. It names the collection and the document, so that the one bad record
 * is found, instead of a wrong value failing later far from the read.
 */
export class CorruptDocumentError extends Error {
  override name = 'CorruptDocumentError';

  constructor(
    readonly collection: string,
    readonly id: string,
    readonly issues: string,
  ) {
    super(`The stored document ${id} in ${collection} does not have the shape this version reads:\n${issues}`);
  }
}

/** `value`, read from document `id` of `collection`, as `schema` says, or a CorruptDocumentError. */
export function parseStored<S extends z.ZodType>(schema: S, value: unknown, collection: string, id: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CorruptDocumentError(collection, id, z.prettifyError(parsed.error));
  return parsed.data;
}

/** The JSON text stored in document `id` of `collection`, as `schema` says; text that is not JSON is corrupt too. */
export function parseStoredJson<S extends z.ZodType>(schema: S, text: string | null, collection: string, id: string): z.output<S> {
  let value: unknown;
  try {
    value = text === null ? null : JSON.parse(text);
  } catch (e) {
    throw new CorruptDocumentError(collection, id, `not JSON: ${(e as Error).message}`);
  }
  return parseStored(schema, value, collection, id);
}
