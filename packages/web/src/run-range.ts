/**
 * Which runs the report shows and how it names them: a date range (a preset or two calendar dates,
 * in the reader's time zone) and a label per run that tells apart two runs of the same minute.
 */
import type { Run } from '@brandradar/contracts';
import { byRunTime, runTime } from './measures.js';

/** Calendar dates as `<input type=date>` gives them (`YYYY-MM-DD`, local); null is open-ended. */
export interface DateRange {
  from: string | null;
  to: string | null;
}

export const PRESETS = [
  { id: '4w', label: 'Last 4 weeks', days: 28 },
  { id: '3m', label: 'Last 3 months', months: 3 },
  { id: '12m', label: 'Last 12 months', months: 12 },
  { id: 'all', label: 'All loaded runs' },
] as const;
export type Preset = (typeof PRESETS)[number]['id'];

/** A date as `YYYY-MM-DD` in the local calendar. */
export const localDate = (d: Date): string => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The range a preset stands for on the day `today`: from that many days or months back, to today. */
export function presetRange(preset: Preset, today: Date): DateRange {
  const p = PRESETS.find((x) => x.id === preset)!;
  if (!('days' in p) && !('months' in p)) return { from: null, to: null };
  const from = new Date(today.getFullYear(), today.getMonth() - ('months' in p ? p.months : 0), today.getDate() - ('days' in p ? p.days : 0));
  return { from: localDate(from), to: localDate(today) };
}

const startOf = (date: string): number => new Date(`${date}T00:00:00`).getTime();
const endOf = (date: string): number => new Date(`${date}T23:59:59.999`).getTime();

/** The runs whose time falls in the range, both dates included, in the order given. */
export function runsInRange<R extends Run>(runs: R[], range: DateRange): R[] {
  const lo = range.from === null ? -Infinity : startOf(range.from);
  const hi = range.to === null ? Infinity : endOf(range.to);
  return runs.filter((r) => {
    const t = Date.parse(runTime(r));
    return t >= lo && t <= hi;
  });
}

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** "12 runs from 3 Nov 2026 to 28 Nov 2026", by the runs' own first and last times. */
export function rangeText(runs: Run[]): string {
  if (runs.length === 0) return 'no runs in this range';
  const times = runs.map((r) => Date.parse(runTime(r)));
  const [first, last] = [day.format(Math.min(...times)), day.format(Math.max(...times))];
  const count = `${runs.length} run${runs.length === 1 ? '' : 's'}`;
  return first === last ? `${count} on ${first}` : `${count} from ${first} to ${last}`;
}

/**
 * The report holds the newest `limit` runs only: when it holds that many and the range starts
 * before the oldest of them, runs in the range may be missing. Says so, or null.
 */
export function beyondLoaded(loaded: Run[], range: DateRange, limit: number): string | null {
  if (loaded.length < limit) return null;
  const oldest = Math.min(...loaded.map((r) => Date.parse(runTime(r))));
  if (range.from !== null && startOf(range.from) >= oldest) return null;
  return `The report loads the newest ${limit} runs; runs before ${day.format(oldest)} are not shown.`;
}

/**
 * A label per run id: its number among the loaded runs counted oldest first, its time as `at`
 * writes it (to the second), and its trigger: "#12 · 28 Nov 2026, 12:03:15 · manual". Numbered by
 * the time the label shows, the one the chart places runs by: two runs asked together may finish in
 * either order, and "#2" must not stand before "#1" on the chart or show an earlier time.
 */
export function runLabels(runs: Run[], at: (iso: string) => string): Map<string, string> {
  const ordered = [...runs].sort(byRunTime);
  return new Map(ordered.map((r, i) => [r.id, `#${i + 1} · ${at(runTime(r))} · ${r.trigger}`]));
}
