import { Command } from 'commander';
import { ACCOUNT_COMMANDS, LOGIN_COMMANDS } from './commands/account';
import { AUDIT_COMMAND } from './commands/audit';
import { DIGEST_COMMANDS } from './commands/digest';
import { BRIEF_COMMAND } from './commands/brief';
import { completionCommand } from './commands/completion';
import { MCP_COMMAND } from './commands/mcp';
import { KEY_COMMANDS, MEMBER_COMMANDS } from './commands/people';
import { REPORT_COMMANDS } from './commands/reports';
import { RUN_COMMANDS } from './commands/runs';
import { TRACKER_COMMANDS } from './commands/trackers';
import { WEBHOOK_COMMANDS } from './commands/webhooks';
import { addCommand, addGroup, commandRows, Finished, helpFor, type Session } from './command';
import { DEFAULT_BASE_URL } from './connection';
import { EXIT, reportError, UsageError } from './exit';
import type { Io } from './io';
import { cliVersion } from './version';

export { EXIT } from './exit';
export type { Io } from './io';

function topHelp(root: Command): string {
  const rows = commandRows(root);
  const width = Math.max(...rows.map(([name]) => name.length)) + 1;
  return `Usage: brandradar <command> [options]

Commands:
${rows.map(([name, summary]) => `  ${name.padEnd(width)} ${summary}`).join('\n')}

Options for every command:
  --api-key KEY    your API key (default: $BRANDRADAR_API_KEY, else brandradar login's)
  --base-url URL   the gateway (default: $BRANDRADAR_BASE_URL, else brandradar login's,
                   else ${DEFAULT_BASE_URL})
  -h, --help       help for the command

brandradar --version (or -V) prints the version.

Exit codes:
  0  done
  1  the API answered with an error (its code and message are printed), or the
     request is one it could only refuse (insights add to a tracker without competitors)
  2  usage: an unknown command or option, a missing argument or API key
  3  what was waited for ended FAILED (runs wait, runs start --wait, trackers reanalyze --wait)
  4  the gateway could not be reached
  5  gave up waiting: the reanalysis goes on (trackers reanalyze --wait, after 30 min)
`;
}

/**
 * The whole command tree, for one command line: commander keeps what it parsed on the commands.
 * Its output goes to `session.io`; its errors come back as ours (see command.ts).
 */
export function cliProgram(session: Session): Command {
  const root: Command = new Command('brandradar')
    .version(`brandradar ${cliVersion()}`, '-V, --version')
    .configureOutput({ writeOut: (text) => session.io.stdout.write(text), writeErr: (text) => session.io.stderr.write(text), outputError: () => undefined })
    .configureHelp({ formatHelp: (cmd) => helpFor(cmd, () => topHelp(root)) })
    .showSuggestionAfterError(false)
    .exitOverride((error) => {
      if (error.code === 'commander.unknownCommand' || error.code === 'commander.unknownOption') throw new UsageError(`unknown command: ${root.args[0]} (see brandradar --help)`);
      // `brandradar` alone prints the help on standard error and ends with 2; --help, help and --version with 0.
      throw new Finished(error.exitCode === 0 ? EXIT.ok : EXIT.usage);
    });
  addGroup(root, 'trackers', TRACKER_COMMANDS, session);
  addGroup(root, 'webhooks', WEBHOOK_COMMANDS, session);
  addGroup(root, 'runs', RUN_COMMANDS, session);
  addGroup(root, 'members', MEMBER_COMMANDS, session);
  addGroup(root, 'keys', KEY_COMMANDS, session);
  addGroup(root, 'digest', DIGEST_COMMANDS, session);
  for (const spec of [...REPORT_COMMANDS, BRIEF_COMMAND, ...ACCOUNT_COMMANDS, AUDIT_COMMAND, MCP_COMMAND, ...LOGIN_COMMANDS, completionCommand(() => root)]) addCommand(root, spec, session);
  return root;
}

/** Runs one command line; resolves to the exit code. */
export async function runCli(argv: string[], io: Io): Promise<number> {
  const session: Session = { io, exitCode: EXIT.ok };
  try {
    await cliProgram(session).parseAsync(argv, { from: 'user' });
    return session.exitCode;
  } catch (error) {
    if (error instanceof Finished) return error.code;
    return reportError(io, error);
  }
}
