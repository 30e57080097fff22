/**
 * Opaque list cursors: the sort key (createdAt, id) of the last tracker of a
 * page, base64url-encoded. Clients treat it as a string; a tampered one is a 400.
 */
export interface CursorKey {
  createdAt: Date;
  id: string;
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.createdAt.toISOString(), key.id])).toString('base64url');
}

export function decodeCursor(cursor: string): CursorKey | null {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const date = new Date(String(createdAt));
    if (typeof id !== 'string' || Number.isNaN(date.getTime())) return null;
    return { createdAt: date, id };
  } catch {
    return null;
  }
}
