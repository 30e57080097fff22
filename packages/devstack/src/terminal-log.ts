import fs from 'node:fs';
import path from 'node:path';
import type { LineSink } from './processes';

/**
 * What `npm start` shows in its terminal. Every line each process prints goes whole to its log
 * file (`<data>/logs/<name>.log`, started afresh at each start); the terminal gets, unless verbose,
 * short readable lines: the services' JSON as time, level, message and a few fields; of the store
 * and NATS only what reports a problem, but no duplicate-key error, which the ledger's idempotent
 * inserts cause by design.
 */

/** How a process's lines read in the terminal: services log pino JSON, the store and NATS their own text. */
export type LineKind = 'service' | 'store' | 'nats' | 'text';

/** A unique-constraint violation: PostgreSQL's SQLSTATE, which its lines carry (STORE_LOG_PREFIX) and FerretDB's quote. */
const DUPLICATE_KEY = '23505';

/**
 * PostgreSQL's log_line_prefix for the local store: its default (time and pid) and the SQLSTATE of
 * the message, so that an expected duplicate key is told by its code, never by its wording. The
 * DETAIL and STATEMENT lines of an error carry its code too.
 */
export const STORE_LOG_PREFIX = '%m [%p] %e ';

/** SQLSTATE of a message that reports no problem (PostgreSQL's start, checkpoints, stop). */
const NO_PROBLEM = '00000';

/** Whether a store line is one of the duplicate-key errors the ledger's idempotent inserts cause. */
export function isExpectedDuplicateKey(line: string): boolean {
  // PostgreSQL: `<date> <time> <zone> [<pid>] 23505 ERROR: …`; FerretDB: `… err="… (SQLSTATE 23505)" …`.
  return line.includes(`] ${DUPLICATE_KEY} `) || line.includes(`(SQLSTATE ${DUPLICATE_KEY})`);
}

const LEVEL_COLOURS: Record<string, number> = { trace: 90, debug: 90, info: 0, warn: 33, error: 31, fatal: 31 };
/** Fields every service line has, or that tell a reader little in a terminal. */
const OMITTED = new Set(['level', 'time', 'msg', 'service', 'pid', 'hostname', 'traceId', 'spanId', 'err']);
const MAX_FIELDS = 4;
const MAX_VALUE = 60;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function shortValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/**
 * One pino JSON line as `12:03:04 WARN  message key=value …` (its first few scalar fields, and the
 * error's message), the level coloured when `colour`; any other line as it is.
 */
export function readableServiceLine(line: string, colour: boolean): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (!isRecord(entry) || typeof entry.level !== 'string' || typeof entry.msg !== 'string') return line;
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
  const fields = Object.entries(entry)
    .filter(([key, value]) => !OMITTED.has(key) && value !== null && typeof value !== 'object')
    .slice(0, MAX_FIELDS)
    .map(([key, value]) => `${key}=${shortValue(value)}`);
  if (isRecord(entry.err) && typeof entry.err.message === 'string') fields.push(`error=${shortValue(entry.err.message)}`);
  const label = entry.level.toUpperCase().padEnd(5);
  const colourCode = LEVEL_COLOURS[entry.level] ?? 0;
  const level = colour && colourCode ? `\x1b[${colourCode}m${label}\x1b[0m` : label;
  const text = [entry.msg, ...fields].join(' ');
  return `${time} ${level} ${colour && colourCode === 31 ? `\x1b[31m${text}\x1b[0m` : text}`;
}

/** The terminal's line for a line a process printed, or null for one kept only in its log file. */
export function terminalLine(kind: LineKind, line: string, opts: { verbose: boolean; colour: boolean }): string | null {
  if (opts.verbose) return line;
  if (kind === 'store' && (isExpectedDuplicateKey(line) || line.includes(`] ${NO_PROBLEM} `))) return null;
  // nats-server's own levels: its start banner and routine notices are [INF]; [WRN] and [ERR] are shown.
  if (kind === 'nats' && line.includes(' [INF] ')) return null;
  return kind === 'service' ? readableServiceLine(line, opts.colour) : line;
}

const COLOURS = [31, 32, 33, 34, 35, 36, 90, 91, 92, 93];

/** The local stack's output: each process's sink, which writes its log file and the terminal. */
export interface StackOutput {
  /** Where the log files are. */
  logDir: string;
  sink: (name: string, index: number, kind: LineKind) => LineSink;
  close: () => Promise<void>;
}

/** `[name] line` in `out`, coloured per process on a terminal, and every line whole in `<logDir>/<name>.log`. */
export function stackOutput(opts: { logDir: string; verbose: boolean; out?: NodeJS.WritableStream & { isTTY?: boolean } }): StackOutput {
  const out = opts.out ?? process.stdout;
  const colour = out.isTTY === true;
  fs.mkdirSync(opts.logDir, { recursive: true });
  const files = new Map<string, fs.WriteStream>();
  const fileOf = (name: string) => {
    let file = files.get(name);
    if (!file) files.set(name, (file = fs.createWriteStream(path.join(opts.logDir, `${name}.log`), { flags: 'w' })));
    return file;
  };
  return {
    logDir: opts.logDir,
    sink(name, index, kind) {
      const label = name.padEnd(11);
      const prefix = colour ? `\x1b[${COLOURS[index % COLOURS.length]}m${label}|\x1b[0m ` : `${label}| `;
      const file = fileOf(name);
      return (line) => {
        file.write(line + '\n');
        const shown = terminalLine(kind, line, { verbose: opts.verbose, colour });
        if (shown !== null) out.write(prefix + shown + '\n');
      };
    },
    close: () => Promise.all([...files.values()].map((f) => new Promise<void>((resolve) => f.end(resolve)))).then(() => undefined),
  };
}
