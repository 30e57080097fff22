import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Command } from 'commander';
import { cliProgram } from './cli';
import { isGroup } from './command';

// The docs' examples of the CLI are checked against the command tree that --help and the completion
// script are written from: a renamed command or flag fails here until the docs follow.
const REPO_ROOT = path.join(__dirname, '../../..');
const DOCUMENTS = ['README.md', ...readdirSync(path.join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Each command line of the CLI in a Markdown text: lines of code blocks (continuations joined) and code spans, from `brandradar` on. */
function examples(markdown: string): string[] {
  const blocks = markdown.split('```').filter((_, i) => i % 2 === 1);
  const blockLines = blocks.flatMap((b) => b.replace(/\\\n/g, ' ').split('\n'));
  const spans = markdown
    .split('```')
    .filter((_, i) => i % 2 === 0)
    .flatMap((text) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!));
  return [...blockLines, ...spans].flatMap((line) => {
    const at = /^(?:npx |source <\()?brandradar (.*)$/.exec(line.trim());
    return at ? [at[1]!.split(' #')[0]!.trim()] : [];
  });
}

const tree = cliProgram({ io: { stdout: { write: () => true }, stderr: { write: () => true }, stdin: Readable.from([]), env: {} }, exitCode: 0 });
const ROOT_FLAGS = ['--help', '-h', '--version', '-V'];
const flagsOf = (cmd: Command) => [...cmd.options.flatMap((o) => [o.long, o.short]), '--help', '-h'];

/** What an example names that the tree has not: a command, or a flag of the command it names. */
function problems(example: string): string[] {
  const words: string[] = [];
  let depth = 0;
  for (const raw of example.split(/\s+/)) {
    if (depth === 0 && (raw === '|' || raw.startsWith('<') && !raw.endsWith('>'))) break; // a pipe or a redirection
    depth += (raw.match(/\[/g) ?? []).length - (raw.match(/\]/g) ?? []).length;
    words.push(raw.replace(/[[\]()]/g, ''));
  }
  // `trackers show|pause|delete`: each alternative is a command.
  let commands: Command[] = [tree];
  // `help <command>` is commander's own command, for the command named after it.
  let rest = words[0] === 'help' ? words.slice(1) : words;
  while (rest[0] !== undefined && /^[a-z]/.test(rest[0]) && commands.every((c) => c.commands.length > 0)) {
    const names = rest[0].split('|');
    const found = commands.flatMap((c) => names.map((n) => c.commands.find((sub) => sub.name() === n)));
    if (found.some((c) => c === undefined)) {
      // A command that is also a group takes an argument in place of a subcommand (`insights <tracker-id>`).
      if (!commands.some((c) => c === tree || isGroup(c))) break;
      return [`${example}: no command ${rest[0]}`];
    }
    commands = found.filter((c): c is Command => c !== undefined);
    rest = rest.slice(1);
  }
  const flags = rest.flatMap((w) => w.split('|')).filter((w) => /^--?[a-zA-Z]/.test(w)).map((w) => w.split('=')[0]!);
  return commands.flatMap((c) => flags.filter((f) => !(c === tree ? ROOT_FLAGS : flagsOf(c)).includes(f)).map((f) => `${example}: ${c === tree ? 'brandradar' : c.name()} has no ${f}`));
}

describe("the docs' CLI examples", () => {
  it.each(DOCUMENTS)('in %s name commands and flags the CLI has', (document) => {
    const found = examples(readFileSync(path.join(REPO_ROOT, document), 'utf8'));
    expect(found.flatMap(problems)).toEqual([]);
  });

  it('are many, and the check refuses what the CLI has not', () => {
    expect(examples(readFileSync(path.join(REPO_ROOT, 'docs/api.md'), 'utf8')).length).toBeGreaterThan(30);
    expect(problems('trackers list --colour')).toEqual(['trackers list --colour: list has no --colour']);
    expect(problems('trackers frobnicate <id>')).toEqual(['trackers frobnicate <id>: no command frobnicate']);
    expect(problems('runs show|stop <tracker-id>')).toEqual(['runs show|stop <tracker-id>: no command show|stop']);
    expect(problems('runs list T -q | head -1')).toEqual([]);
    expect(problems('insights T --runs 3 --csv')).toEqual([]);
    expect(problems('help trackers list')).toEqual([]);
    expect(problems('help trackers lists')).toEqual(['help trackers lists: no command lists']);
  });
});
