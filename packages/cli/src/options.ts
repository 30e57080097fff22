/**
 * What several commands share: their options as data, reading the values given, and printing a
 * result as text, as JSON or as ids alone.
 */
import type { TrackerStatus } from '@brandradar/client';
import { EXIT, UsageError } from './exit';
import { jsonText, type Io } from './io';

/** An option as commander takes it (`--json`, `-q, --quiet`, `--limit <value>`); a repeatable one collects its values. */
export interface OptionSpec {
  flags: string;
  repeatable?: boolean;
}
/** The values given, by the option's name as typed (`max-cost`); a `--no-x` option is true when given. */
export type Values = Record<string, unknown>;

export const booleanOption = (name: string, short?: string): OptionSpec => ({ flags: short ? `-${short}, --${name}` : `--${name}` });
// `<value>`: commander then says "option '--limit <value>' argument missing", as node's parseArgs did.
export const stringOption = (name: string): OptionSpec => ({ flags: `--${name} <value>` });
/** `--prompt a --prompt b`; not commander's variadic `<value...>`, which would also take the words that follow. */
export const repeatedOption = (name: string): OptionSpec => ({ flags: `--${name} <value>`, repeatable: true });

export const JSON_OPTION = [booleanOption('json')];
export const QUIET_OPTION = [booleanOption('quiet', 'q')];
export const QUIET_DETAIL = '-q, --quiet  the ids alone, one a line, for scripts';
export const CSV_OPTION = [booleanOption('csv')];

export const str = (values: Values, name: string): string | undefined => {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
};
/** Several values of a repeatable option. */
export const strs = (values: Values, name: string): string[] | undefined => {
  const v = values[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
};
export function int(values: Values, name: string): number | undefined {
  const raw = str(values, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
  return Number(raw);
}
/** `{ limit }` from `--limit N`, or nothing. */
export function limitOf(values: Values): { limit?: number } {
  const limit = int(values, 'limit');
  return limit === undefined ? {} : { limit };
}
/** `{ limit, cursor }` from `--limit N --cursor C`, each only when given. */
export function pageOf(values: Values): { limit?: number; cursor?: string } {
  const cursor = str(values, 'cursor');
  return { ...limitOf(values), ...(cursor === undefined ? {} : { cursor }) };
}
/** An option's value out of `allowed`, in any case (`--status active`), as the API spells it. */
export function choice<T extends string>(values: Values, name: string, allowed: readonly T[]): T | undefined {
  const raw = str(values, name);
  if (raw === undefined) return undefined;
  const found = allowed.find((a) => a.toLowerCase() === raw.toLowerCase());
  if (found === undefined) throw new UsageError(`--${name} must be ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)} (in any case)`);
  return found;
}
/** The string options among `names` that were given, under their own names. */
export function optional(values: Values, ...names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => { const v = str(values, n); return v === undefined ? [] : [[n, v]]; }));
}
export function exclusive(values: Values, a: string, b: string): void {
  if (values[a] !== undefined && values[b] !== undefined) throw new UsageError(`--${a} and --${b} exclude each other`);
}

/** Prints `text` for people; the command succeeded. */
export function say(io: Io, text: string): number {
  io.stdout.write(text);
  return EXIT.ok;
}
/** Prints `value` as the API's JSON with `--json`, otherwise `text()` for people; the command succeeded. */
export function reply(io: Io, values: Values, value: unknown, text: () => string): number {
  io.stdout.write(values.json ? jsonText(value) : text());
  return EXIT.ok;
}
/** A list as `reply` prints it, or with `--quiet` only its ids, one a line (`… -q | head -1`). */
export function replyList(io: Io, values: Values, value: unknown, ids: string[], text: () => string): number {
  if (values.quiet && values.json) throw new UsageError('--quiet and --json exclude each other');
  if (!values.quiet) return reply(io, values, value, text);
  io.stdout.write(ids.map((id) => `${id}\n`).join(''));
  return EXIT.ok;
}
/** A page as `replyList` prints it, with the next page's cursor under the table. */
export function replyPage(io: Io, values: Values, page: { nextCursor: string | null }, ids: string[], text: () => string): number {
  const more = page.nextCursor ? `More: --cursor ${page.nextCursor}\n` : '';
  // Standard output holds only ids with --quiet; the way on must not be lost for it.
  if (values.quiet) io.stderr.write(more);
  return replyList(io, values, page, ids, () => text() + (more && `\n${more}`));
}

/** A page of trackers, as `trackers list` and `overview` ask for it. */
export const LIST_OPTIONS = [...JSON_OPTION, ...QUIET_OPTION, stringOption('status'), stringOption('limit'), stringOption('cursor')];
export const LIST_DETAILS = ['One page (default 20, at most 100); the next page\'s cursor is printed under the table', '(with --quiet, on standard error).', QUIET_DETAIL];
const TRACKER_STATUSES: readonly TrackerStatus[] = ['DRAFT', 'ACTIVE', 'PAUSED'];
export function listQuery(values: Values): { status?: TrackerStatus; limit?: number; cursor?: string } {
  const status = choice(values, 'status', TRACKER_STATUSES);
  return { ...(status ? { status } : {}), ...pageOf(values) };
}
