/**
 * Shell completion for bash (and zsh through its bashcompinit): a script that completes the
 * command, the group's command and the flags, written from the same command tables as the help,
 * so that it cannot fall behind them.
 */

/**
 * A command as completion sees it: its words (`['trackers', 'list']`, `['report']`), its flags
 * without the dashes, and the values its first argument takes when they are few (`completion bash`).
 */
export interface CompletedCommand {
  words: [string] | [string, string];
  flags: string[];
  firstArgument?: string[];
}

const quoted = (words: Iterable<string>) => [...new Set(words)].join(' ');
const flagWords = (flags: string[]) => flags.map((f) => `--${f}`);

/** The bash script: `source <(brandradar completion bash)`. `always`: the flags every command takes. */
export function bashCompletion(commands: CompletedCommand[], always: string[]): string {
  const firsts = [...new Set(commands.map((c) => c.words[0]))];
  const inGroup = commands.filter((c): c is CompletedCommand & { words: [string, string] } => c.words.length === 2);
  const single = commands.filter((c) => c.words.length === 1);
  // A first word may be a command of its own and a group as well (`insights`, `insights add`).
  const firstCases = firsts.map((first) => {
    const own = single.find((c) => c.words[0] === first);
    const subcommands = [...inGroup.filter((c) => c.words[0] === first).map((c) => c.words[1]), ...(own?.firstArgument ?? [])];
    const flags = own ? flagWords([...own.flags, ...always]) : [];
    return `      ${first}) [ "$COMP_CWORD" -eq 2 ] && words="${quoted(subcommands)}"; words="$words ${quoted(flags)}" ;;`;
  });
  const groupCases = inGroup.map((c) => `      "${c.words.join(' ')}") words="${quoted(flagWords([...c.flags, ...always]))}" ;;`);
  return `# brandradar completion for bash; zsh: autoload -U bashcompinit && bashcompinit first.
_brandradar() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" words=""
  if [ "$COMP_CWORD" -eq 1 ]; then
    words="${quoted([...firsts, '--help', '--version'])}"
  else
    case "\${COMP_WORDS[1]} \${COMP_WORDS[2]}" in
${groupCases.join('\n')}
    esac
    if [ -z "$words" ]; then
      case "\${COMP_WORDS[1]}" in
${firstCases.join('\n')}
      esac
    fi
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _brandradar brandradar
`;
}
