import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { UsageError } from './exit';

/** What the CLI reads and writes; the process's own in main.ts. */
export interface Io {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/** Parsed JSON from a file (`-`: standard input), unchecked: the gateway validates what it is sent and names each offending field. */
export async function readJson(io: Io, file: string) {
  const text = file === '-' ? await readAll(io.stdin) : await readFile(file, 'utf8');
  try {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- unchecked on purpose, as the doc comment says
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${file === '-' ? 'standard input' : file} is not valid JSON`);
  }
}

/** Progress on standard error: one updating line on a terminal, else a line per change. */
export function progressLines(io: Io): { show(line: string): void; end(): void } {
  const tty = !!io.stderr.isTTY;
  let last = '';
  return {
    show(line) {
      if (line === last) return;
      last = line;
      io.stderr.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
    },
    end() {
      if (tty) io.stderr.write('\n');
    },
  };
}

export async function confirm(io: Io, question: string): Promise<boolean> {
  if (!io.stdin.isTTY) return false;
  return /^y(es)?$/i.test((await ask(io, `${question} [y/N] `)).trim());
}

/** One answer typed at the terminal, the question on standard error. */
async function ask(io: Io, question: string): Promise<string> {
  const rl = createInterface({ input: io.stdin, output: io.stderr as NodeJS.WritableStream });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/**
 * A secret typed at the terminal, not echoed: readline writes what is typed to its output, here a
 * sink, while the question goes to standard error (as `ssh` and `gh auth login` do).
 */
export async function askHidden(io: Io, question: string): Promise<string> {
  io.stderr.write(question);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: io.stdin, output: sink, terminal: true });
  try {
    return await rl.question('');
  } finally {
    rl.close();
    io.stderr.write('\n');
  }
}
