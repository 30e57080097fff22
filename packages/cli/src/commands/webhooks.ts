/** `brandradar webhooks …`: endpoints that receive the account's events, and their delivery logs. */
import type { WebhookEventType } from '@brandradar/client';
import { deliveryTable, webhookCreatedText, webhookDetails, webhookStatus, webhookTable } from '../output';
import type { CommandSpec } from '../command';
import { UsageError } from '../exit';
import { JSON_OPTION, pageOf, LIST_DETAILS, QUIET_DETAIL, QUIET_OPTION, repeatedOption, reply, replyList, replyPage, say, str, stringOption, strs, type Values } from '../options';

/** The events a webhook may receive, each in words for the help (api-contract §13). */
const WEBHOOK_EVENTS: Record<WebhookEventType, string> = {
  'run.finished': 'a run ended COMPLETED, PARTIAL or FAILED (its summary)',
  'run.significant_change': 'a finished run shows a significant change (alerting trackers)',
  'tracker.activated': 'a tracker was activated',
  'tracker.paused': 'a tracker was paused, by you or automatically',
  'tracker.deleted': 'a tracker was deleted',
  'brief.finished': 'a content brief finished',
};
const EVENT_NAMES = Object.keys(WEBHOOK_EVENTS).filter((e): e is WebhookEventType => e in WEBHOOK_EVENTS);
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
const webhookSwitch = (status: 'enabled' | 'disabled'): CommandSpec => ({
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

export const WEBHOOK_COMMANDS: CommandSpec[] = [
  {
    name: 'list',
    summary: 'List your webhook endpoints, newest first',
    usage: '[-q] [--json]',
    args: [],
    options: [...JSON_OPTION, ...QUIET_OPTION],
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
    options: [...JSON_OPTION, stringOption('url'), repeatedOption('event'), stringOption('description')],
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
      return say(io, `Deleted ${args[0]}.\n`);
    },
  },
  {
    name: 'deliveries',
    summary: "An endpoint's delivery log, newest first",
    usage: '<webhook-id> [--limit N] [--cursor C] [-q] [--json]',
    args: ['webhook-id'],
    options: [...JSON_OPTION, ...QUIET_OPTION, stringOption('limit'), stringOption('cursor')],
    details: [
      'Each delivery: its id (the webhook-id header of every attempt), event, status (pending,',
      'succeeded, failed), attempts so far, how the last went (HTTP status, or the error when no',
      'response came) and when the next is due. --json has every attempt.',
      ...LIST_DETAILS,
    ],
    async run({ io, values, args, client }) {
      const page = await client().webhookDeliveries(args[0]!, pageOf(values));
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
];
