/**
 * How many of the items, in order, go on one page of at most `budgetBytes`: always at least one
 * (an item larger than the budget goes alone), so paging always moves on.
 */
export function pageLength(sizes: readonly number[], budgetBytes: number): number {
  let used = 0;
  for (let i = 0; i < sizes.length; i++) {
    used += sizes[i]!;
    if (i > 0 && used > budgetBytes) return i;
  }
  return sizes.length;
}

/** The size of `value` as JSON in UTF-8: what it adds to a NATS message. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}
