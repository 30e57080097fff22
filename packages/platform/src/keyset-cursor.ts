/**
 * A position in a list paged newest first by (time, id), as an opaque base64url cursor: the time
 * in milliseconds (base 36), a dot and the id. Ids break ties between items of one millisecond.
 */
export interface KeysetPosition {
  time: Date;
  id: string;
}

/** Encodes and decodes the cursors of one list, whose ids match `id` (a pattern without anchors or capturing groups). */
export function keysetCursor(id: RegExp): { encode(p: KeysetPosition): string; decode(cursor: string): KeysetPosition | null } {
  const position = new RegExp(`^([0-9a-z]{1,11})\\.(${id.source})$`);
  return {
    encode: (p) => Buffer.from(`${p.time.getTime().toString(36)}.${p.id}`).toString('base64url'),
    /** The position a cursor names, or null for one the list did not issue. */
    decode(cursor) {
      const match = position.exec(Buffer.from(cursor, 'base64url').toString());
      if (!match) return null;
      const ms = parseInt(match[1]!, 36);
      return Number.isSafeInteger(ms) ? { time: new Date(ms), id: match[2]! } : null;
    },
  };
}
