/**
 * One page of a tracker list: at most `limit` trackers and at most `maxBytes` of JSON, so the page
 * fits one NATS message whatever the trackers hold (30 prompts of 2,000 emoji make one tracker
 * about 240 KB: twenty such are far past NATS's 1 MiB). The first tracker always goes in (one
 * tracker is well under the budget); `more` says whether the list goes on after the page.
 */
export function pageWithin<T>(rows: readonly T[], limit: number, maxBytes: number): { page: T[]; more: boolean } {
  const page: T[] = [];
  let bytes = 0;
  for (const row of rows.slice(0, limit)) {
    bytes += Buffer.byteLength(JSON.stringify(row));
    if (page.length > 0 && bytes > maxBytes) return { page, more: true };
    page.push(row);
  }
  return { page, more: rows.length > limit };
}
