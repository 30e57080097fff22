/**
 * `judge` remembered per word, in a table of at most `max` entries (emptied when full): answers
 * repeat their words and names, and a table that only grows would keep every word ever read.
 */
export function memoisedPerWord<T extends boolean | number>(judge: (word: string) => T, max: number): (word: string) => T {
  const table = new Map<string, T>();
  return (word) => {
    const known = table.get(word);
    if (known !== undefined) return known;
    if (table.size >= max) table.clear();
    const judged = judge(word);
    table.set(word, judged);
    return judged;
  };
}
