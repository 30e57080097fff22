/**
 * Opaque list cursors: the sort key (createdAt, id) of the last tracker of a page, packed as
 * 6 bytes of epoch milliseconds and the 16 bytes of the UUID, base64url-encoded: always
 * 30 characters (`TrackerCursor` in the contracts). Every string of that form decodes to some position, so a
 * cursor the contract's pattern accepts is never refused here; a made-up one just starts the
 * page somewhere.
 */
export interface CursorKey {
  createdAt: Date;
  id: string;
}

const MS_BYTES = 6;

export function encodeCursor(key: CursorKey): string {
  const bytes = Buffer.alloc(MS_BYTES + 16);
  bytes.writeUIntBE(key.createdAt.getTime(), 0, MS_BYTES);
  Buffer.from(key.id.replace(/-/g, ''), 'hex').copy(bytes, MS_BYTES);
  return bytes.toString('base64url');
}

/** Decodes a cursor of the contract's form (`TrackerCursor`). */
export function decodeCursor(cursor: string): CursorKey {
  const bytes = Buffer.from(cursor, 'base64url');
  const hex = bytes.subarray(MS_BYTES, MS_BYTES + 16).toString('hex');
  return {
    createdAt: new Date(bytes.readUIntBE(0, MS_BYTES)),
    id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
  };
}
