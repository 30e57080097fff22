/** `brandradar trackers …`: define, activate, pause, reanalyse and delete trackers. */
import { activationSummary, money, reanalysisLine, trackerDetails, trackerTable } from '../output';
import type { CommandSpec } from '../command';
import { UsageError } from '../exit';
import { confirm, readJson } from '../io';
import { booleanOption, int, JSON_OPTION, LIST_DETAILS, LIST_OPTIONS, listQuery, reply, replyPage, say, str, stringOption } from '../options';
import { followReanalysis, waitForReanalysis } from '../waiting';
import {
  ALERTS_AND_COUNTRY_DETAILS,
  ALERTS_AND_COUNTRY_OPTIONS,
  DEFINITION_DETAILS,
  DEFINITION_OPTIONS,
  definitionFlags,
  definitionFromFile,
  SAMPLING_DETAILS,
  SAMPLING_OPTIONS,
  settingFlags,
} from './tracker-definition';

export const TRACKER_COMMANDS: CommandSpec[] = [
  {
    name: 'list',
    summary: 'List your trackers, newest first',
    usage: '[--status draft|active|paused] [--limit N] [--cursor C] [-q] [--json]',
    args: [],
    options: LIST_OPTIONS,
    details: LIST_DETAILS,
    async run({ io, values, client }) {
      const page = await client().listTrackers(listQuery(values));
      return replyPage(io, values, page, page.trackers.map((t) => t.id), () => trackerTable(page.trackers));
    },
  },
  {
    name: 'create',
    summary: 'Create a DRAFT tracker from a JSON file or from flags',
    usage: '--file <tracker.json|-> | --name N --primitive P --prompt P… [definition flags] [--samples N] [--adaptive | --fixed] [--alert-significant-change] [--country CC] [--json]',
    args: [],
    options: [...JSON_OPTION, stringOption('file'), ...DEFINITION_OPTIONS, ...SAMPLING_OPTIONS, ...ALERTS_AND_COUNTRY_OPTIONS],
    details: ['The file holds the body of POST /api/v1/trackers (see /docs); `-` reads it from standard input.', ...DEFINITION_DETAILS, ...SAMPLING_DETAILS, ...ALERTS_AND_COUNTRY_DETAILS],
    async run({ io, values, client }) {
      const file = str(values, 'file');
      if (!file && values.name === undefined) throw new UsageError('--file or --name is required');
      // The file's JSON, unchecked: the gateway validates the definition and names each offending field.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
      const base = file ? await readJson(io, file) : {};
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument
      const tracker = await client().createTracker({ ...base, ...definitionFlags(values), ...settingFlags(values) });
      return reply(io, values, { tracker }, () => trackerDetails(tracker));
    },
  },
  {
    name: 'update',
    summary: "Replace a tracker's definition from a JSON file; it becomes a DRAFT",
    usage: '<tracker-id> --file <tracker.json|-> [--samples N] [--adaptive | --fixed] [--alert-significant-change] [--country CC] [--json]',
    args: ['tracker-id'],
    options: [...JSON_OPTION, stringOption('file'), ...SAMPLING_OPTIONS, ...ALERTS_AND_COUNTRY_OPTIONS],
    details: [
      'The file holds the whole definition, as for create (PATCH /api/v1/trackers/{id} is a full',
      'replace: a field left out is reset); `-` reads it from standard input. The tracker becomes a',
      'DRAFT and its queued runs do not start; activate it again to resume its schedule.',
      ...SAMPLING_DETAILS,
      ...ALERTS_AND_COUNTRY_DETAILS,
    ],
    async run({ io, values, args, client }) {
      const tracker = await client().updateTracker(args[0]!, await definitionFromFile(io, values));
      return reply(io, values, { tracker }, () => `${trackerDetails(tracker)}Activate it: brandradar trackers activate ${tracker.id}\n`);
    },
  },
  {
    name: 'show',
    summary: 'Show one tracker',
    usage: '<tracker-id> [--json]',
    args: ['tracker-id'],
    options: JSON_OPTION,
    async run({ io, values, args, client }) {
      const tracker = await client().getTracker(args[0]!);
      return reply(io, values, { tracker }, () => trackerDetails(tracker));
    },
  },
  {
    name: 'activate',
    summary: 'Activate (or resume) a tracker at its estimated cost per run',
    usage: '<tracker-id> [--max-cost MICRO | --yes] [--json]',
    args: ['tracker-id'],
    options: [...JSON_OPTION, stringOption('max-cost'), booleanOption('yes', 'y')],
    details: [
      'Activation confirms the cost per run, which must equal the current estimate.',
      '--max-cost MICRO  confirm this amount (micro-units; 100,000 = $1)',
      '--yes             confirm the estimate shown by `trackers show`',
      'Without either, a terminal asks; elsewhere it is a usage error. If the estimate has',
      'changed meanwhile, the new one is printed and nothing is activated (exit 1).',
    ],
    async run({ io, values, args, client }) {
      const id = args[0]!;
      let amount = int(values, 'max-cost');
      if (amount === undefined) {
        const tracker = await client().getTracker(id);
        amount = tracker.estimatedCostMicroPerRun;
        const question = `Activate ${tracker.name} at ${money(amount)} (${amount} micro-units) per run?`;
        if (!values.yes && !(await confirm(io, question))) throw new UsageError('not confirmed: pass --yes or --max-cost');
      }
      const result = await client().activateTracker(id, amount);
      return reply(io, values, result, () => activationSummary(result));
    },
  },
  {
    name: 'pause',
    summary: 'Pause a tracker: no scheduled run, and queued runs do not start',
    usage: '<tracker-id> [--json]',
    args: ['tracker-id'],
    options: JSON_OPTION,
    details: [
      'From ACTIVE or DRAFT; a PAUSED tracker stays as it is. What the contract says of its runs:',
      'a run still QUEUED when the pause returns never starts: it ends FAILED with the code',
      'tracker_not_active, nothing billed; a RUNNING run finishes and bills its succeeded answers.',
      'Resume with brandradar trackers activate <tracker-id>.',
    ],
    async run({ io, values, args, client }) {
      const tracker = await client().pauseTracker(args[0]!);
      return reply(io, values, { tracker }, () => `Paused ${tracker.name} (${tracker.id}).\n`);
    },
  },
  {
    name: 'reanalyze',
    summary: "Recompute a tracker's finished runs with its current names (free)",
    usage: '<tracker-id> [--request-token T] [--wait] [--json]',
    args: ['tracker-id'],
    options: [...JSON_OPTION, stringOption('request-token'), booleanOption('wait')],
    details: [
      'Recomputes every COMPLETED and PARTIAL run from its stored answers with the tracker\'s',
      'current brand, competitors and aliases and the current analysis version: each answer\'s',
      'metrics, the run\'s metrics and its delta. No AI surface is asked and nothing is billed;',
      'any tracker status. After an edit of names only, earlier runs then compare with the next.',
      '--request-token T  the job\'s identity (default: a new UUID); the same token again',
      '                   answers the same job instead of queuing another',
      '--wait             then wait for it, showing runs recomputed on standard error;',
      '                   exits 3 when it ends FAILED, 5 when it is still going after 30 min',
    ],
    async run({ io, values, args, client }) {
      // Made here rather than by the client, so that the text can say how to follow the job.
      const requestToken = str(values, 'request-token') ?? crypto.randomUUID();
      const { reanalysis, replayed } = await client().requestReanalysis(args[0]!, { requestToken });
      if (values.wait) return waitForReanalysis(io, client(), reanalysis, requestToken, !!values.json);
      return reply(io, values, { reanalysis, replayed }, () =>
        [`${reanalysisLine(reanalysis)}${replayed ? ' (an earlier request with this token)' : ''}`, `Follow it: ${followReanalysis(args[0]!, requestToken)}`, ''].join('\n'),
      );
    },
  },
  {
    name: 'delete',
    summary: 'Delete a PAUSED tracker with no run in progress',
    usage: '<tracker-id>',
    args: ['tracker-id'],
    async run({ io, args, client }) {
      await client().deleteTracker(args[0]!);
      return say(io, `Deleted ${args[0]}.\n`);
    },
  },
];
