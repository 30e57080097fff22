/** `brandradar completion bash`: the completion script, written from the command tree the help reads. */
import type { Command } from 'commander';
import { bashCompletion, type CompletedCommand } from '../completion';
import { GLOBAL_OPTIONS, isGroup, type CommandSpec } from '../command';
import { UsageError } from '../exit';
import { say } from '../options';

const COMPLETION_NAME = 'completion';
const SHELLS = ['bash'];
const GLOBAL_NAMES = new Set(GLOBAL_OPTIONS.map((o) => o.flags.split(' ')[0]!.slice(2)));
/** A command's own flags, without the dashes; those every command takes are the script's `always`. */
const ownFlags = (cmd: Command) => cmd.options.map((o) => o.name()).filter((name) => !GLOBAL_NAMES.has(name));

/** Every command of the tree, as the completion script wants it. */
function completedCommands(root: Command): CompletedCommand[] {
  return root.commands.flatMap((c) => {
    const under = c.commands.map((sub): CompletedCommand => ({ words: [c.name(), sub.name()], flags: ownFlags(sub) }));
    if (isGroup(c)) return under;
    return [{ words: [c.name()], flags: ownFlags(c), ...(c.name() === COMPLETION_NAME ? { firstArgument: SHELLS } : {}) }, ...under];
  });
}

/** The command, which reads the tree it is part of when it runs. */
export const completionCommand = (root: () => Command): CommandSpec => ({
  name: COMPLETION_NAME,
  summary: 'Print the shell completion script (bash; zsh through bashcompinit)',
  usage: 'bash',
  args: ['shell'],
  details: [
    'Load it in this shell:  source <(brandradar completion bash)',
    'Keep it:                brandradar completion bash > ~/.local/share/bash-completion/completions/brandradar',
    'zsh: run autoload -U bashcompinit && bashcompinit first, then source it the same way.',
  ],
  run({ io, args }) {
    if (!SHELLS.includes(args[0] ?? '')) throw new UsageError('the script is written for bash (zsh loads it through bashcompinit): brandradar completion bash');
    return say(io, bashCompletion(completedCommands(root()), [...GLOBAL_NAMES, 'help']));
  },
});
