/** `brandradar runs …`: a tracker's runs, starting one and waiting for it. */
import { runDetails, runProgressLine, runTable } from '../output';
import type { CommandSpec } from '../command';
import { booleanOption, JSON_OPTION, limitOf, QUIET_DETAIL, QUIET_OPTION, reply, replyList, str, stringOption } from '../options';
import { waitForRun } from '../waiting';

export const RUN_COMMANDS: CommandSpec[] = [
  {
    name: 'list',
    summary: "A tracker's runs, newest first",
    usage: '<tracker-id> [--limit N] [-q] [--json]',
    args: ['tracker-id'],
    options: [...JSON_OPTION, ...QUIET_OPTION, stringOption('limit')],
    details: ['The runs of the tracker\'s report: the newest 20 (--limit N, 1–100).', QUIET_DETAIL, '--json       {"runs": […]} as the report gives them'],
    async run({ io, values, args, client }) {
      // The API lists runs only in the report: there is no endpoint of their own.
      const { runs } = await client().report(args[0]!, limitOf(values));
      return replyList(io, values, { runs }, runs.map((r) => r.id), () => runTable(runs));
    },
  },
  {
    name: 'start',
    summary: 'Ask for a manual run of an ACTIVE tracker',
    usage: '<tracker-id> [--request-token T] [--wait] [--json]',
    args: ['tracker-id'],
    options: [...JSON_OPTION, stringOption('request-token'), booleanOption('wait')],
    details: [
      '--request-token T  the run\'s identity (default: a new UUID); the same token again',
      '                   answers the same run, without another charge',
      '--wait             then wait for it as `runs wait` does',
    ],
    async run({ io, values, args, client }) {
      const token = str(values, 'request-token');
      const { run, replayed } = await client().startRun(args[0]!, token ? { requestToken: token } : {});
      if (values.wait) return waitForRun(io, client(), run, !!values.json);
      return reply(io, values, { run, replayed }, () => `${runProgressLine(run)}${replayed ? ' (an earlier request with this token)' : ''}\n`);
    },
  },
  {
    name: 'wait',
    summary: 'Wait for a run to finish, showing its progress',
    usage: '<tracker-id> <run-id> [--json]',
    args: ['tracker-id', 'run-id'],
    options: JSON_OPTION,
    details: ['Progress goes to standard error: one updating line on a terminal, else a line per change.', 'Exits 3 when the run ends FAILED.'],
    async run({ io, values, args, client }) {
      return waitForRun(io, client(), await client().getRun(args[0]!, args[1]!), !!values.json);
    },
  },
  {
    name: 'show',
    summary: 'Show one run',
    usage: '<tracker-id> <run-id> [--json]',
    args: ['tracker-id', 'run-id'],
    options: JSON_OPTION,
    async run({ io, values, args, client }) {
      const run = await client().getRun(args[0]!, args[1]!);
      return reply(io, values, { run }, () => runDetails(run));
    },
  },
];
