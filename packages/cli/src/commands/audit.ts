/** `brandradar audit`: the account's audit trail. */
import type { CommandSpec } from '../command';
import { auditTable } from '../output';
import { JSON_OPTION, LIST_DETAILS, pageOf, QUIET_OPTION, replyPage, stringOption } from '../options';

export const AUDIT_COMMAND: CommandSpec = {
  name: 'audit',
  summary: "The account's audit trail: who changed what, newest first",
  usage: '[--limit N] [--cursor C] [-q] [--json]',
  args: [],
  options: [...JSON_OPTION, ...QUIET_OPTION, stringOption('limit'), stringOption('cursor')],
  details: [
    'Every call that changed, or tried to change, something in the account: when, who (a member',
    "by e-mail address, a key by name and id, or the operator), the operation, what it acted on,",
    'the status (with the error code of a refusal) and the request id. Reads are not recorded.',
    'Needs a key with the admin scope. Entries are kept at least 400 days.',
    ...LIST_DETAILS,
  ],
  async run({ io, values, client }) {
    const page = await client().auditEntries(pageOf(values));
    return replyPage(io, values, page, page.entries.map((e) => e.id), () => auditTable(page.entries));
  },
};
