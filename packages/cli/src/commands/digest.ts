/** `brandradar digest …`: the account's weekly digest by e-mail (api-contract §16). */
import type { DigestReply, DigestSettings, DigestSettingsInput } from '@brandradar/client';
import type { CommandSpec } from '../command';
import { UsageError } from '../exit';
import { fields } from '../output/text';
import { booleanOption, exclusive, JSON_OPTION, reply, str, stringOption, type Values } from '../options';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** `1`, `monday` or `Mon` as the API's weekday (0 Sunday … 6 Saturday); out-of-range numbers go to the API, which says what is wrong. */
function weekdayOf(raw: string): number {
  if (/^\d+$/.test(raw)) return Number(raw);
  const day = WEEKDAYS.findIndex((d) => raw.length >= 3 && d.startsWith(raw.toLowerCase()));
  if (day < 0) throw new UsageError('--weekday must be 0–6 (0 is Sunday) or a day’s name, such as monday');
  return day;
}

function digestText({ digest: d, nextSendAt }: DigestReply): string {
  return fields([
    ['status', d.enabled ? 'on' : 'off'],
    ['sent', `${WEEKDAYS[d.weekday]!.replace(/^./, (c) => c.toUpperCase())}s at ${d.time} (${d.timezone})`],
    ['recipients', d.recipients.join(', ')],
    ['report PDFs', d.attachPdf ? 'attached' : 'not attached'],
    ['next e-mail', nextSendAt ?? '–'],
  ]);
}

/** The current setting with the options given laid over it: the API replaces the whole setting. */
function changed(current: DigestSettings, values: Values): DigestSettingsInput {
  exclusive(values, 'enable', 'disable');
  exclusive(values, 'attach-pdf', 'without-pdf');
  const weekday = str(values, 'weekday');
  const recipients = str(values, 'recipients');
  return {
    ...current,
    ...(values.enable ? { enabled: true } : values.disable ? { enabled: false } : {}),
    ...(weekday === undefined ? {} : { weekday: weekdayOf(weekday) }),
    ...(str(values, 'time') === undefined ? {} : { time: str(values, 'time')! }),
    ...(str(values, 'timezone') === undefined ? {} : { timezone: str(values, 'timezone')! }),
    ...(recipients === undefined ? {} : { recipients: recipients.split(',').map((r) => r.trim()).filter((r) => r !== '') }),
    ...(values['attach-pdf'] ? { attachPdf: true } : values['without-pdf'] ? { attachPdf: false } : {}),
  };
}

export const DIGEST_COMMANDS: CommandSpec[] = [
  {
    name: 'show',
    summary: 'The weekly digest by e-mail: on or off, when, and to whom',
    usage: '[--json]',
    args: [],
    options: JSON_OPTION,
    details: ['Off until an owner turns it on; by default Mondays 09:00 UTC, to the account’s address.'],
    async run({ io, values, client }) {
      const answer = await client().digest.get();
      return reply(io, values, answer, () => digestText(answer));
    },
  },
  {
    name: 'set',
    summary: 'Change the weekly digest; options not given stay as they are',
    usage: '[--enable|--disable] [--weekday D] [--time HH:mm] [--timezone Z] [--recipients a,b] [--attach-pdf|--without-pdf] [--json]',
    args: [],
    options: [
      ...JSON_OPTION,
      booleanOption('enable'),
      booleanOption('disable'),
      stringOption('weekday'),
      stringOption('time'),
      stringOption('timezone'),
      stringOption('recipients'),
      booleanOption('attach-pdf'),
      booleanOption('without-pdf'),
    ],
    details: [
      '--enable, --disable  send it, or stop sending it',
      '--weekday D          0–6 (0 is Sunday) or a day’s name: monday, mon',
      '--time HH:mm         the local time it is sent',
      '--timezone Z         an IANA time zone, such as Europe/Berlin',
      '--recipients a,b     1 to 10 e-mail addresses, comma-separated; replaces the list',
      '--attach-pdf, --without-pdf  attach each tracker’s report as a PDF, or not',
      'Each recipient gets one e-mail a week: every active or paused tracker’s headline with its',
      'change and significance, a chart, new names, the week’s failed runs and pauses, and links.',
      'Needs a key with the admin scope.',
    ],
    async run({ io, values, client }) {
      const api = client();
      const answer = await api.digest.set(changed((await api.digest.get()).digest, values));
      return reply(io, values, answer, () => digestText(answer));
    },
  },
];
