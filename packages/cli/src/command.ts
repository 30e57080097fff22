/**
 * The command tree on commander: each command module declares its commands as `CommandSpec`s, and
 * this builds them into commander commands whose summary, usage and details are what `--help`,
 * the top-level help and the completion script read, so that they cannot disagree.
 */
import { Command, type CommanderError, Option } from 'commander';
import type { BrandradarClient } from '@brandradar/client';
import { connection, newClient } from './connection';
import { EXIT, UsageError } from './exit';
import type { Io } from './io';
import { str, stringOption, type OptionSpec, type Values } from './options';

interface Context {
  io: Io;
  values: Values;
  args: string[];
  /** The client for the gateway the flags, environment or saved login name; asked for, it must have a key. */
  client: () => BrandradarClient;
}

export interface CommandSpec {
  name: string;
  summary: string;
  /** After the command's name, e.g. `<tracker-id> [--json]`. */
  usage: string;
  args: string[];
  options?: OptionSpec[];
  /** Lines under the usage, e.g. what each option does. */
  details?: string[];
  /** Commands under this one's name (`insights add`), with a second word that names none being this command's argument. */
  subcommands?: CommandSpec[];
  run(ctx: Context): number | Promise<number>;
}

/** The options every command takes, beside its own; `--help` is commander's. */
export const GLOBAL_OPTIONS = [stringOption('api-key'), stringOption('base-url')];

/** A command that ended without running anything: help, the version, or the top-level help for a missing command. */
export class Finished extends Error {
  constructor(readonly code: number) {
    super(`finished with ${code}`);
  }
}

/** What runCli shares with each command it builds: the streams, and the code the command ended with. */
export interface Session {
  io: Io;
  exitCode: number;
}

/** Groups without a command of their own (`trackers`), whose help lists their commands. */
const groups = new WeakSet<Command>();

export const isGroup = (cmd: Command) => groups.has(cmd);

/** `trackers list`, `insights`: the words after `brandradar`. */
const fullName = (cmd: Command): string => (cmd.parent?.parent ? `${fullName(cmd.parent)} ${cmd.name()}` : cmd.name());

function commandHelp(cmd: Command): string {
  // A command without usage holds a space: commander makes up a usage for an empty one.
  const details = cmd.description();
  return [`Usage: brandradar ${fullName(cmd)} ${cmd.usage().trim()}`, '', `${cmd.summary()}.`, ...(details ? ['', details] : []), '', 'Also: --api-key, --base-url, --help (see brandradar --help).', ''].join('\n');
}

function groupHelp(group: Command): string {
  const width = Math.max(...group.commands.map((c) => c.name().length));
  const lines = group.commands.map((c) => `  ${c.name().padEnd(width)}  ${c.summary()}`);
  return `Usage: brandradar ${group.name()} <${group.commands.map((c) => c.name()).join('|')}> [options]\n\n${lines.join('\n')}\n`;
}

/** The help commander prints for `--help` and `help <command>`: ours, for each kind of command. */
export function helpFor(cmd: Command, topHelp: () => string): string {
  if (!cmd.parent) return topHelp();
  return groups.has(cmd) ? groupHelp(cmd) : commandHelp(cmd);
}

/** Words the user gave, as the usage errors quote them. */
const given = (cmd: Command) => (cmd.args.length ? cmd.args.join(' ') : 'none');

/** A commander error in our words; commander's own ("error: unknown option '--x'") loses its prefix and gains the command's help. */
function usageFailure(error: CommanderError, cmd: Command, expected: string[]): Error {
  switch (error.code) {
    case 'commander.helpDisplayed':
    case 'commander.version':
    case 'commander.help': // `help <command>`
      return new Finished(EXIT.ok);
    case 'commander.missingArgument':
    case 'commander.excessArguments':
      return new UsageError(`expected ${expected.length ? expected.map((a) => `<${a}>`).join(' ') : 'no arguments'}, got ${given(cmd)}\n\n${commandHelp(cmd)}`);
    default: {
      const message = error.message.replace(/^error: /, '');
      return new UsageError(`${message.charAt(0).toUpperCase()}${message.slice(1)}\n\n${commandHelp(cmd)}`);
    }
  }
}

/**
 * The values given to `cmd`, by each option's name as typed. commander takes the word after an
 * option as its value even when it is another option (`--name --json`); that is refused, as node's
 * parseArgs did, for a value starting with `--`.
 */
function valuesOf(cmd: Command): Values {
  return Object.fromEntries(
    cmd.options.flatMap((o) => {
      const value: unknown = cmd.getOptionValue(o.attributeName());
      if (o.negate) return [[o.name(), value === false]];
      if ([value].flat().some((v) => typeof v === 'string' && v.startsWith('--'))) {
        throw new UsageError(`Option '${o.long}' argument is ambiguous.\nDid you forget to specify the option argument for '${o.long}'?\n\n${commandHelp(cmd)}`);
      }
      return value === undefined ? [] : [[o.name(), value]];
    }),
  );
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];
function toOption(spec: OptionSpec): Option {
  const option = new Option(spec.flags);
  return spec.repeatable ? option.argParser(collect) : option;
}

/** Adds `spec` to `parent` as a command, and its subcommands under it. */
export function addCommand(parent: Command, spec: CommandSpec, session: Session): Command {
  const cmd = parent
    .command(spec.name)
    .summary(spec.summary)
    .usage(spec.usage || ' ')
    .description((spec.details ?? []).join('\n'))
    .allowExcessArguments(false)
    .exitOverride((error) => {
      throw usageFailure(error, cmd, spec.args);
    });
  for (const arg of spec.args) cmd.argument(`<${arg}>`);
  for (const option of [...(spec.options ?? []), ...GLOBAL_OPTIONS]) cmd.addOption(toOption(option));
  if (spec.subcommands) {
    // Its own options then stop at a subcommand's name, so that `insights add … --json` is add's.
    cmd.enablePositionalOptions();
    for (const sub of spec.subcommands) addCommand(cmd, sub, session);
  }
  cmd.action(async () => {
    let client: BrandradarClient | undefined;
    const values = valuesOf(cmd);
    session.exitCode = await spec.run({
      io: session.io,
      values,
      args: cmd.args,
      client: () => {
        if (client) return client;
        const { apiKey, baseUrl } = connection({ apiKey: str(values, 'api-key'), baseUrl: str(values, 'base-url') }, session.io.env);
        if (!apiKey) throw new UsageError('no API key: pass --api-key, set BRANDRADAR_API_KEY or run brandradar login');
        return (client = newClient(session.io, baseUrl, apiKey));
      },
    });
  });
  return cmd;
}

/** A group of commands under one word (`trackers list`); the word alone, or with an unknown second one, is a usage error showing the group. */
export function addGroup(parent: Command, name: string, specs: CommandSpec[], session: Session): Command {
  const group = parent
    .command(name)
    .allowUnknownOption()
    .allowExcessArguments()
    .exitOverride((error) => {
      throw usageFailure(error, group, []);
    });
  groups.add(group);
  for (const spec of specs) addCommand(group, spec, session);
  group.action(() => {
    const second = group.args[0];
    throw new UsageError(second === undefined ? `missing ${name} command\n\n${groupHelp(group)}` : `unknown command: ${name} ${second}\n\n${groupHelp(group)}`);
  });
  return group;
}

/** As the top-level help lists them: each group's commands, each other command followed by those under it (`insights`, `insights add`). */
export function commandRows(root: Command): [name: string, summary: string][] {
  return root.commands.flatMap((c) => {
    const under = c.commands.map((sub): [string, string] => [`${c.name()} ${sub.name()}`, sub.summary()]);
    return groups.has(c) ? under : [[c.name(), c.summary()], ...under];
  });
}
