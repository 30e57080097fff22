import { readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  BrandradarApiError,
  BrandradarClient,
  BrandradarNetworkError,
  BrandradarRefusedError,
  BrandradarWaitTimeoutError,
  type CompetitorAdded,
  type CreateTrackerInput,
  gatewayUrl,
  isFinished,
  isReanalysisFinished,
  type Reanalysis,
  type Run,
  type SamplingMode,
  type TrackerStatus,
  type WebhookEventType,
} from '@brandradar/client';
import { brandradarMcpServer } from '@brandradar/mcp';
import {
  accountDetails,
  activationSummary,
  briefMarkdown,
  competitorAddedText,
  deliveryTable,
  insightsText,
  money,
  overviewTable,
  rateTable,
  reanalysisLine,
  reportTable,
  runDetails,
  runProgressLine,
  runTable,
  trackerDetails,
  trackerTable,
  webhookCreatedText,
  webhookDetails,
  webhookStatus,
  webhookTable,
} from './format';
import { bashCompletion, type CompletedCommand } from './completion';
import { ConfigError, readLogin, removeLogin, saveLogin } from './config';
import { cliVersion } from './version';

/** The exit codes, documented in docs/api.md ("The CLI") and in `brandradar --help`. */
export const EXIT = { ok: 0, apiError: 1, usage: 2, failed: 3, network: 4, gaveUpWaiting: 5 } as const;

/** What the CLI reads and writes; the process's own in main.ts. */
export interface Io {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface Context {
  io: Io;
  values: Values;
  args: string[];
  client: () => BrandradarClient;
}

interface Command {
  name: string;
  summary: string;
  /** After the command's name, e.g. `<tracker-id> [--json]`. */
  usage: string;
  args: string[];
  options?: Options;
  /** Lines under the usage, e.g. what each option does. */
  details?: string[];
  run(ctx: Context): Promise<number>;
}

const GLOBAL_OPTIONS: Options = {
  'api-key': { type: 'string' },
  'base-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};
const JSON_OPTION: Options = { json: { type: 'boolean' } };
const DEFAULT_BASE_URL = 'http://localhost:8080';

const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
/** Prints `value` as the API's JSON with `--json`, otherwise `text()` for people; the command succeeded. */
function reply(io: Io, values: Values, value: unknown, text: () => string): number {
  io.stdout.write(values.json ? jsonText(value) : text());
  return EXIT.ok;
}
const QUIET_OPTION: Options = { quiet: { type: 'boolean', short: 'q' } };
const QUIET_DETAIL = '-q, --quiet  the ids alone, one a line, for scripts';
/** A list as `reply` prints it, or with `--quiet` only its ids, one a line (`… -q | head -1`). */
function replyList(io: Io, values: Values, value: unknown, ids: string[], text: () => string): number {
  if (values.quiet && values.json) throw new UsageError('--quiet and --json exclude each other');
  if (!values.quiet) return reply(io, values, value, text);
  io.stdout.write(ids.map((id) => `${id}\n`).join(''));
  return EXIT.ok;
}
const str = (values: Values, name: string): string | undefined => {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
};
function int(values: Values, name: string): number | undefined {
  const raw = str(values, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
  return Number(raw);
}

const TRACKER_STATUSES: readonly TrackerStatus[] = ['DRAFT', 'ACTIVE', 'PAUSED'];
/** An option's value out of `allowed`, in any case (`--status active`), as the API spells it. */
function choice<T extends string>(values: Values, name: string, allowed: readonly T[]): T | undefined {
  const raw = str(values, name);
  if (raw === undefined) return undefined;
  const found = allowed.find((a) => a.toLowerCase() === raw.toLowerCase());
  if (found === undefined) throw new UsageError(`--${name} must be ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)} (in any case)`);
  return found;
}

/** A page of trackers, as `trackers list` and `overview` ask for it. */
const LIST_OPTIONS: Options = { ...JSON_OPTION, ...QUIET_OPTION, status: { type: 'string' }, limit: { type: 'string' }, cursor: { type: 'string' } };
const LIST_DETAILS = ['One page (default 20, at most 100); the next page\'s cursor is printed under the table', '(with --quiet, on standard error).', QUIET_DETAIL];
function listQuery(values: Values): { status?: TrackerStatus; limit?: number; cursor?: string } {
  const status = choice(values, 'status', TRACKER_STATUSES);
  return {
    ...(status ? { status } : {}),
    ...(values.limit !== undefined ? { limit: int(values, 'limit') } : {}),
    ...(values.cursor !== undefined ? { cursor: str(values, 'cursor') } : {}),
  };
}
/** A page as `replyList` prints it, with the next page's cursor under the table. */
function replyPage(io: Io, values: Values, page: { nextCursor: string | null }, ids: string[], text: () => string): number {
  const more = page.nextCursor ? `More: --cursor ${page.nextCursor}\n` : '';
  // Standard output holds only ids with --quiet; the way on must not be lost for it.
  if (values.quiet) io.stderr.write(more);
  return replyList(io, values, page, ids, () => text() + (more && `\n${more}`));
}

const SAMPLING_OPTIONS: Options = { samples: { type: 'string' }, adaptive: { type: 'boolean' }, fixed: { type: 'boolean' } };
const SAMPLING_DETAILS = [
  'These set or replace the file\'s fields:',
  '--samples N  samplesPerPrompt: answers per prompt on each surface in a run, 1–10',
  '--adaptive   samplingMode adaptive: 2 answers per prompt and surface first, the rest',
  '             only where they disagree on whether a tracked name is mentioned',
  '--fixed      samplingMode fixed (the default): always N answers',
];
/** The sampling fields the flags set; the gateway checks the range of N and says so. */
function sampling(values: Values): { samplesPerPrompt?: number; samplingMode?: SamplingMode } {
  if (values.adaptive && values.fixed) throw new UsageError('--adaptive and --fixed exclude each other');
  const samplesPerPrompt = int(values, 'samples');
  const samplingMode = values.adaptive ? 'adaptive' : values.fixed ? 'fixed' : undefined;
  return { ...(samplesPerPrompt === undefined ? {} : { samplesPerPrompt }), ...(samplingMode ? { samplingMode } : {}) };
}

const ALERTS_AND_COUNTRY_OPTIONS: Options = { 'alert-significant-change': { type: 'boolean' }, country: { type: 'string' } };
const ALERTS_AND_COUNTRY_DETAILS = [
  '--alert-significant-change  alerts.significantChange: e-mail me when a run shows a',
  '                            significant change',
  '--country CC                country: the market the prompts are asked for (ISO 3166-1',
  '                            alpha-2, e.g. de); the surfaces that can localise do',
];
/** The alert and market fields the flags set; the gateway checks the country code and says so. */
function alertsAndCountry(values: Values): { alerts?: { significantChange: true }; country?: string } {
  const country = str(values, 'country');
  return { ...(values['alert-significant-change'] ? { alerts: { significantChange: true } } : {}), ...(country === undefined ? {} : { country }) };
}

/**
 * A tracker's definition from `--file` (`-`: standard input), with the fields the flags set
 * replacing the file's. Parsed JSON, unchecked: the gateway validates it and names each offending field.
 */
async function definitionFromFile(io: Io, values: Values) {
  const file = str(values, 'file');
  if (!file) throw new UsageError('--file is required');
  return { ...(await readJson(io, file)), ...sampling(values), ...alertsAndCountry(values) };
}

async function readJson(io: Io, file: string) {
  const text = file === '-' ? await readAll(io.stdin) : await readFile(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${file === '-' ? 'standard input' : file} is not valid JSON`);
  }
}

const PRIMITIVES: readonly CreateTrackerInput['primitive'][] = ['rankings', 'compare', 'citations', 'sentiment'];
const DEFINITION_OPTIONS: Options = {
  name: { type: 'string' },
  primitive: { type: 'string' },
  prompt: { type: 'string', multiple: true },
  brand: { type: 'string' },
  competitor: { type: 'string', multiple: true },
  url: { type: 'string' },
  models: { type: 'string' },
  weekly: { type: 'string' },
  monthly: { type: 'string' },
  time: { type: 'string' },
  timezone: { type: 'string' },
};
const DEFINITION_DETAILS = [
  'Or from flags (with --file, they replace its fields):',
  '--name N --primitive rankings|compare|citations|sentiment',
  '--prompt P           a prompt; repeat for each',
  '--brand B --competitor C (repeat) --url U   as the primitive wants them',
  '--models a,b         surfaces (chatgpt, claude, perplexity, gemini, google_ai_overview)',
  '--weekly D | --monthly D   the day (0 Sunday … 6; 1–28), with --time HH:MM (default',
  '                     09:00) and --timezone TZ (default UTC)',
];
/** Several values of a repeatable option (`--prompt a --prompt b`). */
const strs = (values: Values, name: string): string[] | undefined => {
  const v = values[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
};

/** The definition's fields the flags set; the gateway checks their values and says so. */
function definitionFlags(values: Values) {
  const primitive = choice(values, 'primitive', PRIMITIVES);
  const [models, prompts, competitors] = [str(values, 'models'), strs(values, 'prompt'), strs(values, 'competitor')];
  const fields = {
    ...optional(values, 'name', 'brand', 'url'),
    ...(primitive ? { primitive } : {}),
    ...(prompts ? { prompts } : {}),
    ...(competitors ? { competitors } : {}),
    ...(models ? { models: models.split(',').map((m) => m.trim().toLowerCase()) } : {}),
  };
  const cadence = cadenceFlags(values);
  return cadence ? { ...fields, cadence } : fields;
}

/** `--weekly 1 --time 09:00` as a cadence; undefined when neither --weekly nor --monthly is given. */
function cadenceFlags(values: Values) {
  if (values.weekly !== undefined && values.monthly !== undefined) throw new UsageError('--weekly and --monthly exclude each other');
  const at = { timezone: str(values, 'timezone') ?? 'UTC', time: str(values, 'time') ?? '09:00' };
  if (values.weekly !== undefined) return { frequency: 'weekly', ...at, weekday: int(values, 'weekly') };
  if (values.monthly !== undefined) return { frequency: 'monthly', ...at, monthday: int(values, 'monthly') };
  if (values.time !== undefined || values.timezone !== undefined) throw new UsageError('--time and --timezone go with --weekly or --monthly');
  return undefined;
}

/** The events a webhook may receive, each in words for the help (api-contract §13). */
const WEBHOOK_EVENTS: Record<WebhookEventType, string> = {
  'run.finished': 'a run ended COMPLETED, PARTIAL or FAILED (its summary)',
  'run.significant_change': 'a finished run shows a significant change (alerting trackers)',
  'tracker.activated': 'a tracker was activated',
  'tracker.paused': 'a tracker was paused, by you or automatically',
  'tracker.deleted': 'a tracker was deleted',
  'brief.finished': 'a content brief finished',
};
const EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
const EVENT_WIDTH = Math.max(...EVENT_NAMES.map((e) => e.length));
/** Each `--event`, in any case, as the API spells it; none given is left to the API, which says what is missing. */
function events(values: Values): WebhookEventType[] | undefined {
  const given = strs(values, 'event');
  return given?.map((raw) => {
    const found = EVENT_NAMES.find((e) => e === raw.toLowerCase());
    if (found === undefined) throw new UsageError(`--event must be one of ${EVENT_NAMES.join(', ')}`);
    return found;
  });
}

/** `webhooks enable` and `disable`: one field of the endpoint changed. */
const webhookSwitch = (status: 'enabled' | 'disabled'): Command => ({
  name: status === 'enabled' ? 'enable' : 'disable',
  summary: status === 'enabled' ? 'Turn a webhook endpoint on again (also one disabled after failing)' : 'Turn a webhook endpoint off: it gets no events until enabled',
  usage: '<webhook-id> [--json]',
  args: ['webhook-id'],
  options: JSON_OPTION,
  details:
    status === 'enabled'
      ? ['Deliveries that failed while it was off are not sent again; redeliver them one by one.']
      : ['Its delivery log stays; enable it to receive events again.'],
  async run({ io, values, args, client }) {
    const webhook = await client().updateWebhook(args[0]!, { status });
    return reply(io, values, { webhook }, () => `${webhook.url} (${webhook.id}) is ${webhookStatus(webhook)}.\n`);
  },
});

const COMMANDS: Record<string, Command[]> = {
  trackers: [
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
      options: { ...JSON_OPTION, file: { type: 'string' }, ...DEFINITION_OPTIONS, ...SAMPLING_OPTIONS, ...ALERTS_AND_COUNTRY_OPTIONS },
      details: ['The file holds the body of POST /api/v1/trackers (see /docs); `-` reads it from standard input.', ...DEFINITION_DETAILS, ...SAMPLING_DETAILS, ...ALERTS_AND_COUNTRY_DETAILS],
      async run({ io, values, client }) {
        const file = str(values, 'file');
        if (!file && values.name === undefined) throw new UsageError('--file or --name is required');
        const base = file ? await readJson(io, file) : {};
        // The gateway validates the definition and names each offending field.
        const tracker = await client().createTracker({ ...base, ...definitionFlags(values), ...sampling(values), ...alertsAndCountry(values) });
        return reply(io, values, { tracker }, () => trackerDetails(tracker));
      },
    },
    {
      name: 'update',
      summary: "Replace a tracker's definition from a JSON file; it becomes a DRAFT",
      usage: '<tracker-id> --file <tracker.json|-> [--samples N] [--adaptive | --fixed] [--alert-significant-change] [--country CC] [--json]',
      args: ['tracker-id'],
      options: { ...JSON_OPTION, file: { type: 'string' }, ...SAMPLING_OPTIONS, ...ALERTS_AND_COUNTRY_OPTIONS },
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
      options: { ...JSON_OPTION, 'max-cost': { type: 'string' }, yes: { type: 'boolean', short: 'y' } },
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
      options: { ...JSON_OPTION, 'request-token': { type: 'string' }, wait: { type: 'boolean' } },
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
          [
            `${reanalysisLine(reanalysis)}${replayed ? ' (an earlier request with this token)' : ''}`,
            `Follow it: brandradar trackers reanalyze ${args[0]} --request-token ${requestToken} --wait`,
            '',
          ].join('\n'),
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
        io.stdout.write(`Deleted ${args[0]}.\n`);
        return EXIT.ok;
      },
    },
  ],
  // `insights <tracker-id>` itself is among the top-level commands.
  insights: [
    {
      name: 'add',
      summary: 'Add a discovered name to the competitors, then recompute the history',
      usage: '<tracker-id> <name> [--no-reanalyze] [--json]',
      args: ['tracker-id', 'name'],
      options: { ...JSON_OPTION, 'no-reanalyze': { type: 'boolean' } },
      details: [
        'One step: the tracker\'s definition is replaced with <name> appended to its competitors',
        '(rankings and compare trackers only), which makes it a DRAFT; an ACTIVE tracker is',
        'activated again at the cost per run already accepted (when its estimate has changed',
        'since, it stays a DRAFT and the new estimate is printed). Then its finished runs are',
        'recomputed with the new name, free, as `trackers reanalyze` does.',
        '--no-reanalyze  leave the earlier runs as they are',
      ],
      async run({ io, values, args, client }) {
        const [id, name] = [args[0]!, args[1]!];
        // Made here rather than by the client, so that the text can say how to follow the job.
        const requestToken = crypto.randomUUID();
        const added = await client().addCompetitor(id, name, { reanalyse: !values['no-reanalyze'], requestToken });
        return reply(io, values, addedJson(added), () =>
          competitorAddedText(added, name) + (added.reanalysis ? `Follow it: brandradar trackers reanalyze ${id} --request-token ${requestToken} --wait\n` : ''),
        );
      },
    },
  ],
  webhooks: [
    {
      name: 'list',
      summary: 'List your webhook endpoints, newest first',
      usage: '[-q] [--json]',
      args: [],
      options: { ...JSON_OPTION, ...QUIET_OPTION },
      details: ['Every endpoint of the account (at most 10); never their secrets.', QUIET_DETAIL],
      async run({ io, values, client }) {
        const webhooks = await client().webhooks();
        return replyList(io, values, { webhooks }, webhooks.map((w) => w.id), () => webhookTable(webhooks));
      },
    },
    {
      name: 'create',
      summary: 'Add a webhook endpoint; its signing secret is printed once',
      usage: '--url U --event E [--event E…] [--description D] [--json]',
      args: [],
      options: { ...JSON_OPTION, url: { type: 'string' }, event: { type: 'string', multiple: true }, description: { type: 'string' } },
      details: [
        '--url U          where events are POSTed: https:// (http:// where the operator allows',
        '                 private targets, as the local stack does)',
        '--event E        an event to receive; repeat for each:',
        ...EVENT_NAMES.map((e) => `                   ${e.padEnd(EVENT_WIDTH)}  ${WEBHOOK_EVENTS[e]}`),
        '--description D  what the endpoint is for, for people (up to 200 characters)',
        'Each delivery is signed as Standard Webhooks says (see docs/api.md "Webhooks"); the secret',
        'that verifies it is printed this once, never again. At most 10 endpoints per account.',
      ],
      async run({ io, values, client }) {
        const description = str(values, 'description');
        // The gateway checks the URL and the events, and names each offending field.
        const created = await client().createWebhook({ url: str(values, 'url') ?? '', events: events(values) ?? [], ...(description === undefined ? {} : { description }) });
        return reply(io, values, created, () => webhookCreatedText(created));
      },
    },
    {
      name: 'get',
      summary: 'Show one webhook endpoint',
      usage: '<webhook-id> [--json]',
      args: ['webhook-id'],
      options: JSON_OPTION,
      async run({ io, values, args, client }) {
        const webhook = await client().webhook(args[0]!);
        return reply(io, values, { webhook }, () => webhookDetails(webhook));
      },
    },
    webhookSwitch('enabled'),
    webhookSwitch('disabled'),
    {
      name: 'delete',
      summary: 'Delete a webhook endpoint; deliveries not yet made are dropped',
      usage: '<webhook-id>',
      args: ['webhook-id'],
      async run({ io, args, client }) {
        await client().deleteWebhook(args[0]!);
        io.stdout.write(`Deleted ${args[0]}.\n`);
        return EXIT.ok;
      },
    },
    {
      name: 'deliveries',
      summary: "An endpoint's delivery log, newest first",
      usage: '<webhook-id> [--limit N] [--cursor C] [-q] [--json]',
      args: ['webhook-id'],
      options: { ...JSON_OPTION, ...QUIET_OPTION, limit: { type: 'string' }, cursor: { type: 'string' } },
      details: [
        'Each delivery: its id (the webhook-id header of every attempt), event, status (pending,',
        'succeeded, failed), attempts so far, how the last went (HTTP status, or the error when no',
        'response came) and when the next is due. --json has every attempt.',
        ...LIST_DETAILS,
      ],
      async run({ io, values, args, client }) {
        const limit = int(values, 'limit');
        const cursor = str(values, 'cursor');
        const page = await client().webhookDeliveries(args[0]!, { ...(limit === undefined ? {} : { limit }), ...(cursor === undefined ? {} : { cursor }) });
        return replyPage(io, values, page, page.deliveries.map((d) => d.id), () => deliveryTable(page.deliveries));
      },
    },
    {
      name: 'redeliver',
      summary: 'Send a delivery again, with the same webhook-id',
      usage: '<webhook-id> <delivery-id> [--json]',
      args: ['webhook-id', 'delivery-id'],
      options: JSON_OPTION,
      details: ['For a failed delivery, or a succeeded one your receiver lost; then retried as a new one would be.'],
      async run({ io, values, args, client }) {
        const delivery = await client().redeliverWebhookDelivery(args[0]!, args[1]!);
        return reply(io, values, { delivery }, () => `Delivery ${delivery.id} (${delivery.type}) is ${delivery.status} again; follow it: brandradar webhooks deliveries ${args[0]}\n`);
      },
    },
  ],
  runs: [
    {
      name: 'list',
      summary: "A tracker's runs, newest first",
      usage: '<tracker-id> [--limit N] [-q] [--json]',
      args: ['tracker-id'],
      options: { ...JSON_OPTION, ...QUIET_OPTION, limit: { type: 'string' } },
      details: ['The runs of the tracker\'s report: the newest 20 (--limit N, 1–100).', QUIET_DETAIL, '--json       {"runs": […]} as the report gives them'],
      async run({ io, values, args, client }) {
        const limit = int(values, 'limit');
        // The API lists runs only in the report: there is no endpoint of their own.
        const { runs } = await client().report(args[0]!, limit === undefined ? {} : { limit });
        return replyList(io, values, { runs }, runs.map((r) => r.id), () => runTable(runs));
      },
    },
    {
      name: 'start',
      summary: 'Ask for a manual run of an ACTIVE tracker',
      usage: '<tracker-id> [--request-token T] [--wait] [--json]',
      args: ['tracker-id'],
      options: { ...JSON_OPTION, 'request-token': { type: 'string' }, wait: { type: 'boolean' } },
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
  ],
};

const TOP_LEVEL: Command[] = [
  {
    name: 'overview',
    summary: 'Every tracker with its headline figure, its change and its trend',
    usage: '[--status draft|active|paused] [--limit N] [--cursor C] [-q] [--json]',
    args: [],
    options: LIST_OPTIONS,
    details: [
      'The headline: compare, the brand\'s share of voice; rankings, the share of voice of the name',
      'leading the newest run; sentiment, the share of answers mentioning the brand that read',
      'positive; citations, the rate of answers citing the URL (without one: the share of the most',
      'cited domain). With its 95% interval and sample; the change is the newest run\'s. Free.',
      ...LIST_DETAILS,
    ],
    async run({ io, values, client }) {
      const page = await client().overview(listQuery(values));
      return replyPage(io, values, page, page.trackers.map((t) => t.tracker.id), () => overviewTable(page));
    },
  },
  {
    name: 'report',
    summary: "A tracker's latest runs with their headline figures",
    usage: '<tracker-id> [--limit N] [--json | --csv]',
    args: ['tracker-id'],
    options: { ...JSON_OPTION, csv: { type: 'boolean' }, limit: { type: 'string' } },
    details: [
      'The newest 20 runs (--limit N, 1–100).',
      '--csv        every figure as CSV, one row per run × surface × name × metric (see docs/api.md "CSV export")',
    ],
    async run({ io, values, args, client }) {
      const limit = int(values, 'limit');
      if (values.csv && values.json) throw new UsageError('--csv and --json exclude each other');
      if (values.csv) {
        io.stdout.write(await client().reportCsv(args[0]!, limit === undefined ? {} : { limit }));
        return EXIT.ok;
      }
      const report = await client().report(args[0]!, limit === undefined ? {} : { limit });
      return reply(io, values, report, () => reportTable(report));
    },
  },
  {
    name: 'insights',
    summary: 'Names the answers put forward that a tracker does not track, citation gaps, searches and sites read',
    usage: '<tracker-id> [--runs N] [--json | --csv]',
    args: ['tracker-id'],
    options: { ...JSON_OPTION, csv: { type: 'boolean' }, runs: { type: 'string' } },
    details: [
      'Discovered names: names the answers put forward (list items, headings, bold names, first',
      'table cells) that the tracker does not track, with how many answers do (rate and its 95%',
      'interval), the surfaces, and the line of one answer with the name marked »like this«.',
      'Citation gaps (compare and sentiment): domains cited in answers that mention a competitor',
      'but not the brand. Searches: what the surfaces searched for the prompts; sites read but not',
      'cited (ChatGPT, Claude and Gemini report both). Free.',
      '--runs N  read the newest N finished runs, 1–10 (default 1)',
      '--csv     names, searches and sites read as CSV, a row each (see docs/api.md "CSV export")',
      'Track a discovered name: brandradar insights add <tracker-id> <name>',
    ],
    async run({ io, values, args, client }) {
      const runs = int(values, 'runs');
      if (values.csv && values.json) throw new UsageError('--csv and --json exclude each other');
      if (values.csv) {
        io.stdout.write(await client().getInsightsCsv(args[0]!, runs === undefined ? {} : { runs }));
        return EXIT.ok;
      }
      const insights = await client().getInsights(args[0]!, runs === undefined ? {} : { runs });
      return reply(io, values, { insights }, () => insightsText(insights));
    },
  },
  {
    name: 'brief',
    summary: 'Generate a content brief and write it as Markdown',
    usage: '--topic T [--country CC] [--models a,b] [--full-sweep] [--brand B] [--audience A] [--goal G] [--idempotency-key K] [--out FILE] [--json]',
    args: [],
    options: {
      ...JSON_OPTION,
      topic: { type: 'string' },
      country: { type: 'string' },
      models: { type: 'string' },
      'full-sweep': { type: 'boolean' },
      brand: { type: 'string' },
      audience: { type: 'string' },
      goal: { type: 'string' },
      'idempotency-key': { type: 'string' },
      out: { type: 'string' },
    },
    details: [
      '--models a,b           surfaces to ask (chatgpt, claude, perplexity, gemini, google_ai_overview)',
      '--idempotency-key K    sending K again returns the stored brief, without another charge',
      '--out FILE             write to FILE instead of standard output',
      '--json                 the API\'s JSON instead of Markdown',
    ],
    async run({ io, values, client }) {
      const topic = str(values, 'topic');
      if (!topic) throw new UsageError('--topic is required');
      const models = str(values, 'models');
      const input = {
        topic,
        ...optional(values, 'country', 'brand', 'audience', 'goal'),
        // The gateway checks each name against the surfaces it knows.
        ...(models ? { models: models.split(',').map((m) => m.trim()) as never[] } : {}),
        ...(values['full-sweep'] ? { fullSweep: true } : {}),
      };
      const key = str(values, 'idempotency-key');
      const { brief } = await client().contentBrief(input, key ? { idempotencyKey: key } : {});
      const text = values.json ? jsonText(brief) : briefMarkdown(brief);
      const out = str(values, 'out');
      if (out) {
        await writeFile(out, text);
        io.stderr.write(`Wrote ${out} (billed ${money(brief.billedCostMicro)}).\n`);
      } else io.stdout.write(text);
      return EXIT.ok;
    },
  },
  {
    name: 'account',
    summary: 'Your account: balance, spending this month and its limit',
    usage: '[--json]',
    args: [],
    options: JSON_OPTION,
    async run({ io, values, client }) {
      const account = await client().account();
      return reply(io, values, { account }, () => accountDetails(account));
    },
  },
  {
    name: 'rates',
    summary: 'The prices: per answer on each surface, per content-brief step',
    usage: '[--json]',
    args: [],
    options: JSON_OPTION,
    async run({ io, values, client }) {
      const rates = await client().rates();
      return reply(io, values, { rates }, () => rateTable(rates));
    },
  },
  {
    name: 'mcp',
    summary: 'Serve the tools for AI agents (Model Context Protocol) on standard input and output',
    usage: '',
    args: [],
    details: [
      'For an MCP client that starts it, e.g. Claude Desktop: "command": "npx", "args": ["brandradar", "mcp"],',
      'with BRANDRADAR_API_KEY (and BRANDRADAR_BASE_URL) in its "env", or after brandradar login.',
      'Standard output carries the protocol alone; retries are told on standard error. Ends when standard input does.',
    ],
    async run({ io, client }) {
      const server = brandradarMcpServer(client());
      const ended = new Promise<void>((resolve) => io.stdin.once('end', resolve));
      // Standard output is the protocol's: the transport writes each message as one JSON line.
      await server.connect(new StdioServerTransport(io.stdin as NodeJS.ReadStream, io.stdout as NodeJS.WriteStream));
      await ended;
      await server.close();
      return EXIT.ok;
    },
  },
  {
    name: 'login',
    summary: 'Save an API key and gateway for the commands that follow',
    usage: '[--api-key KEY] [--base-url URL]',
    args: [],
    details: [
      'Checks the key with the gateway, then saves both in $XDG_CONFIG_HOME/brandradar/config.json',
      '(default ~/.config/brandradar/config.json), readable by you only.',
      'Without --api-key the key is read from standard input (a terminal asks for it), so that',
      'it stays out of your shell history: brandradar login < key.txt',
      `--base-url URL  the gateway (default: $BRANDRADAR_BASE_URL, else ${DEFAULT_BASE_URL})`,
      'A command takes each setting from its flag, else the environment, else this file.',
    ],
    async run({ io, values }) {
      const apiKey = str(values, 'api-key') ?? (await readApiKey(io));
      // Saved as the client reads it, so that the file and the message name the gateway itself.
      const baseUrl = gatewayUrl(str(values, 'base-url') ?? io.env.BRANDRADAR_BASE_URL ?? DEFAULT_BASE_URL);
      // A key the gateway refuses (401) ends here, before anything is saved.
      const account = await newClient(io, baseUrl, apiKey).account();
      const file = saveLogin(io.env, { apiKey, baseUrl });
      io.stdout.write(`Logged in to ${baseUrl} as ${account.email}; saved in ${file}.\n`);
      return EXIT.ok;
    },
  },
  {
    name: 'logout',
    summary: 'Remove the saved API key and gateway',
    usage: '',
    args: [],
    async run({ io }) {
      const { file, removed } = removeLogin(io.env);
      io.stdout.write(removed ? `Removed ${file}.\n` : `Not logged in: there is no ${file}.\n`);
      return EXIT.ok;
    },
  },
  {
    name: 'completion',
    summary: 'Print the shell completion script (bash; zsh through bashcompinit)',
    usage: 'bash',
    args: ['shell'],
    details: [
      'Load it in this shell:  source <(brandradar completion bash)',
      'Keep it:                brandradar completion bash > ~/.local/share/bash-completion/completions/brandradar',
      'zsh: run autoload -U bashcompinit && bashcompinit first, then source it the same way.',
    ],
    async run({ io, args }) {
      if (args[0] !== 'bash') throw new UsageError('the script is written for bash (zsh loads it through bashcompinit): brandradar completion bash');
      const commands = [
        ...Object.entries(COMMANDS).flatMap(([group, list]) => list.map((c): CompletedCommand => ({ words: [group, c.name], flags: Object.keys(c.options ?? {}) }))),
        ...TOP_LEVEL.map((c): CompletedCommand => ({ words: [c.name], flags: Object.keys(c.options ?? {}), ...(c.name === 'completion' ? { firstArgument: ['bash'] } : {}) })),
      ];
      io.stdout.write(bashCompletion(commands, Object.keys(GLOBAL_OPTIONS)));
      return EXIT.ok;
    },
  },
];

/** The key for `login` from standard input: asked for on a terminal, else its first line. */
async function readApiKey(io: Io): Promise<string> {
  const key = (io.stdin.isTTY ? await askHidden(io, 'API key (brk_…): ') : (await readAll(io.stdin)).split('\n', 1)[0]!).trim();
  if (!key) throw new UsageError('no API key: pass --api-key or give it on standard input');
  return key;
}

/** `insights add --json`: the client's result, with a refused activation's error as the API stated it. */
function addedJson(added: CompetitorAdded): unknown {
  const r = added.reactivation;
  if (r.outcome !== 'refused') return added;
  const { status, code, message, details } = r.error;
  return { ...added, reactivation: { outcome: r.outcome, error: { status, code, message, ...details } } };
}

function optional(values: Values, ...names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (typeof values[n] === 'string' ? [[n, values[n]]] : [])));
}

const topLevel = (name: string | undefined) => TOP_LEVEL.find((c) => c.name === name);
const groupRows = (group: string) => (COMMANDS[group] ?? []).map((c) => [`${group} ${c.name}`, c.summary]);
/** As `--help` lists them: the groups' commands, then each top-level command followed by those of its group of the same name (`insights`, `insights add`). */
const COMMAND_LIST = [
  ...Object.keys(COMMANDS)
    .filter((group) => !topLevel(group))
    .flatMap(groupRows),
  ...TOP_LEVEL.flatMap((c) => [[c.name, c.summary], ...groupRows(c.name)]),
];
const NAME_WIDTH = Math.max(...COMMAND_LIST.map(([name]) => name!.length)) + 1;

const HELP = `Usage: brandradar <command> [options]

Commands:
${COMMAND_LIST.map(([name, summary]) => `  ${name!.padEnd(NAME_WIDTH)} ${summary}`).join('\n')}

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

function commandHelp(fullName: string, c: Command): string {
  return [`Usage: brandradar ${fullName} ${c.usage}`, '', c.summary + '.', ...(c.details ? ['', ...c.details] : []), '', 'Also: --api-key, --base-url, --help (see brandradar --help).', ''].join('\n');
}

/** Runs one command line; resolves to the exit code. */
export async function runCli(argv: string[], io: Io): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    return report(io, error);
  }
}

async function dispatch(argv: string[], io: Io): Promise<number> {
  const [first, second] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    (first === undefined ? io.stderr : io.stdout).write(HELP);
    return first === undefined ? EXIT.usage : EXIT.ok;
  }
  if (first === '--version' || first === '-V') {
    io.stdout.write(`brandradar ${cliVersion()}\n`);
    return EXIT.ok;
  }
  // A group may share its name with a top-level command (`insights`, `insights add`): a second word
  // naming none of the group's commands is then the top-level command's argument.
  const group = COMMANDS[first];
  const inGroup = group !== undefined && (group.some((c) => c.name === second) || !topLevel(first));
  let command: Command | undefined;
  let fullName: string;
  let rest: string[];
  if (inGroup) {
    command = group.find((c) => c.name === second);
    fullName = `${first} ${second}`;
    rest = argv.slice(2);
    if (!command) {
      const width = Math.max(...group.map((c) => c.name.length));
      const groupHelp = `Usage: brandradar ${first} <${group.map((c) => c.name).join('|')}> [options]\n\n${group.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}\n`;
      if (second === '--help' || second === '-h') {
        io.stdout.write(groupHelp);
        return EXIT.ok;
      }
      throw new UsageError(second === undefined ? `missing ${first} command\n\n${groupHelp}` : `unknown command: ${first} ${second}\n\n${groupHelp}`);
    }
  } else {
    command = topLevel(first);
    fullName = first;
    rest = argv.slice(1);
    if (!command) throw new UsageError(`unknown command: ${first} (see brandradar --help)`);
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${commandHelp(fullName, command)}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(commandHelp(fullName, command));
    return EXIT.ok;
  }
  if (positionals.length !== command.args.length) {
    throw new UsageError(`expected ${command.args.length ? command.args.map((a) => `<${a}>`).join(' ') : 'no arguments'}, got ${positionals.length ? positionals.join(' ') : 'none'}\n\n${commandHelp(fullName, command)}`);
  }
  let client: BrandradarClient | undefined;
  return command.run({
    io,
    values,
    args: positionals,
    client: () => {
      if (client) return client;
      const { apiKey, baseUrl } = connection(values, io.env);
      if (!apiKey) throw new UsageError('no API key: pass --api-key, set BRANDRADAR_API_KEY or run brandradar login');
      return (client = newClient(io, baseUrl, apiKey));
    },
  });
}

/**
 * Each setting from its flag, else its environment variable, else the login saved by `brandradar
 * login` (read only when a flag and a variable leave one open); the gateway defaults to the local one.
 */
function connection(values: Values, env: NodeJS.ProcessEnv): { apiKey: string | undefined; baseUrl: string } {
  const apiKey = str(values, 'api-key') ?? env.BRANDRADAR_API_KEY;
  const baseUrl = str(values, 'base-url') ?? env.BRANDRADAR_BASE_URL;
  const saved = apiKey !== undefined && baseUrl !== undefined ? undefined : readLogin(env);
  return { apiKey: apiKey ?? saved?.apiKey, baseUrl: baseUrl ?? saved?.baseUrl ?? DEFAULT_BASE_URL };
}

function newClient(io: Io, baseUrl: string, apiKey: string): BrandradarClient {
  return new BrandradarClient({
    baseUrl,
    apiKey,
    onRetry: ({ delayMs, status }) => io.stderr.write(`${status === null ? 'no answer' : `HTTP ${status}`}; retrying in ${(delayMs / 1000).toFixed(1)} s\n`),
  });
}

function report(io: Io, error: unknown): number {
  if (error instanceof UsageError || error instanceof ConfigError) {
    io.stderr.write(`brandradar: ${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof BrandradarApiError) {
    const facts = Object.entries(error.details).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`);
    // The message names the field as a user knows it; the path says where it is in a definition file.
    const issues = error.issues.map((i) => `  ${i.message}${i.path ? ` (at ${i.path})` : ''}`);
    io.stderr.write(`brandradar: ${error.code} (HTTP ${error.status}): ${error.message}\n${[...issues, ...facts].map((l) => `${l}\n`).join('')}`);
    return EXIT.apiError;
  }
  if (error instanceof BrandradarRefusedError) {
    io.stderr.write(`brandradar: ${error.code}: ${error.message}\n`);
    return EXIT.apiError;
  }
  if (error instanceof BrandradarNetworkError) {
    io.stderr.write(`brandradar: ${error.message}\n`);
    return EXIT.network;
  }
  if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('E')) {
    // A file that could not be read or written (ENOENT, EACCES, …).
    io.stderr.write(`brandradar: ${error.message}\n`);
    return EXIT.usage;
  }
  throw error;
}

/** Progress on standard error: one updating line on a terminal, else a line per change. */
function progressLines(io: Io): { show(line: string): void; end(): void } {
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

/** Polls a run to its end, showing progress on standard error; exit 3 when it ended FAILED. */
async function waitForRun(io: Io, client: BrandradarClient, started: Run, asJson: boolean): Promise<number> {
  const progress = progressLines(io);
  const show = (run: Run) => progress.show(runProgressLine(run));
  show(started);
  const run = isFinished(started) ? started : await client.waitForRun(started.trackerId, started.id, { onProgress: show });
  progress.end();
  io.stdout.write(asJson ? jsonText({ run }) : `${runProgressLine(run)}\n`);
  return run.status === 'FAILED' ? EXIT.failed : EXIT.ok;
}

/** Polls a reanalysis to its end as waitForRun does a run; exit 5, saying how to wait again, when it is still going at the client's timeout. */
async function waitForReanalysis(io: Io, client: BrandradarClient, started: Reanalysis, requestToken: string, asJson: boolean): Promise<number> {
  const progress = progressLines(io);
  const show = (job: Reanalysis) => progress.show(reanalysisLine(job));
  show(started);
  let job: Reanalysis;
  try {
    job = isReanalysisFinished(started) ? started : await client.waitForReanalysis(started.trackerId, started.id, { onProgress: show });
  } catch (error) {
    if (!(error instanceof BrandradarWaitTimeoutError)) throw error;
    progress.end();
    io.stderr.write(`brandradar: gave up waiting: the reanalysis is ${error.message}; it goes on. Wait again: brandradar trackers reanalyze ${started.trackerId} --request-token ${requestToken} --wait\n`);
    return EXIT.gaveUpWaiting;
  }
  progress.end();
  io.stdout.write(asJson ? jsonText({ reanalysis: job }) : `${reanalysisLine(job)}\n`);
  return job.status === 'FAILED' ? EXIT.failed : EXIT.ok;
}

async function confirm(io: Io, question: string): Promise<boolean> {
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
async function askHidden(io: Io, question: string): Promise<string> {
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

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}
