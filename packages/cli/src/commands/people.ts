/** `brandradar members …` and `brandradar keys …`: who acts in the account, and with which key (api-contract §15). */
import type { Role, Scope } from '@brandradar/client';
import type { CommandSpec } from '../command';
import { UsageError } from '../exit';
import { keyCreatedText, keyTable, memberTable, memberText } from '../output';
import { choice, JSON_OPTION, QUIET_DETAIL, QUIET_OPTION, repeatedOption, reply, replyList, say, str, stringOption, strs, type Values } from '../options';

const ROLES: readonly Role[] = ['owner', 'editor', 'viewer'];
const SCOPES: readonly Scope[] = ['read', 'run', 'manage', 'admin'];
const ROLE_DETAILS = ['Roles: owner (everything), editor (everything but members and keys), viewer (reads).'];
const ONLY_OWNERS = 'Needs a key with the admin scope (an owner’s).';

function role(values: Values): Role {
  const found = choice(values, 'role', ROLES);
  if (found === undefined) throw new UsageError('--role is required: owner, editor or viewer');
  return found;
}

function scopes(values: Values): Scope[] {
  const given = strs(values, 'scope') ?? [];
  if (given.length === 0) throw new UsageError(`--scope is required: one or more of ${SCOPES.join(', ')}`);
  return given.map((raw) => {
    const found = SCOPES.find((s) => s === raw.toLowerCase());
    if (found === undefined) throw new UsageError(`--scope must be one of ${SCOPES.join(', ')}`);
    return found;
  });
}

const DAY_MS = 86_400_000;

/**
 * When a key given `--expires` stops working: `30d` (days from now), a date (`2027-03-31`: the end
 * of that day, UTC) or an ISO 8601 time as the API takes it.
 */
export function expiryOf(raw: string, now: Date): string {
  const days = /^(\d{1,4})d$/.exec(raw);
  if (days) return new Date(now.getTime() + Number(days[1]) * DAY_MS).toISOString();
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    const end = new Date(`${raw}T23:59:59.999Z`);
    if (!Number.isNaN(end.getTime())) return end.toISOString();
  }
  const at = new Date(raw);
  if (/^\d{4}-\d{2}-\d{2}T/.test(raw) && !Number.isNaN(at.getTime())) return at.toISOString();
  throw new UsageError('--expires must be a number of days (30d), a date (2027-03-31) or an ISO 8601 time');
}

export const MEMBER_COMMANDS: CommandSpec[] = [
  {
    name: 'list',
    summary: "List the account's members and their roles, invited ones too",
    usage: '[-q] [--json]',
    args: [],
    options: [...JSON_OPTION, ...QUIET_OPTION],
    details: [...ROLE_DETAILS, ONLY_OWNERS, QUIET_DETAIL],
    async run({ io, values, client }) {
      const members = await client().people.listMembers();
      return replyList(io, values, { members }, members.map((m) => m.id), () => memberTable(members));
    },
  },
  {
    name: 'invite',
    summary: 'Invite a person by e-mail with a role; they get a single-use link valid 72 hours',
    usage: '<email> --role viewer|editor|owner [--json]',
    args: ['email'],
    options: [...JSON_OPTION, stringOption('role')],
    details: [...ROLE_DETAILS, ONLY_OWNERS],
    async run({ io, values, args, client }) {
      const member = await client().people.inviteMember(args[0]!, role(values));
      return reply(io, values, { member }, () => `${memberText(member)}\nInvited: the e-mail is on its way.\n`);
    },
  },
  {
    name: 'change',
    summary: "Change a member's role; the last owner keeps theirs",
    usage: '<member-id> --role viewer|editor|owner [--json]',
    args: ['member-id'],
    options: [...JSON_OPTION, stringOption('role')],
    details: [...ROLE_DETAILS, 'The account always keeps one owner: demoting the last is refused (last_owner).'],
    async run({ io, values, args, client }) {
      const member = await client().people.changeRole(args[0]!, role(values));
      return reply(io, values, { member }, () => memberText(member));
    },
  },
  {
    name: 'remove',
    summary: 'Remove a member, or withdraw an invitation',
    usage: '<member-id>',
    args: ['member-id'],
    details: ['The last owner cannot be removed (last_owner). Keys the member created stay until revoked.'],
    async run({ io, args, client }) {
      await client().people.removeMember(args[0]!);
      return say(io, `Removed ${args[0]}.\n`);
    },
  },
];

export const KEY_COMMANDS: CommandSpec[] = [
  {
    name: 'list',
    summary: "List the account's API keys: scopes, who made them, last use, expiry",
    usage: '[-q] [--json]',
    args: [],
    options: [...JSON_OPTION, ...QUIET_OPTION],
    details: ['Never the secrets: only their hashes are stored. Last use is kept to within about a minute.', ONLY_OWNERS, QUIET_DETAIL],
    async run({ io, values, client }) {
      const apiKeys = await client().people.listApiKeys();
      return replyList(io, values, { apiKeys }, apiKeys.map((k) => k.id), () => keyTable(apiKeys));
    },
  },
  {
    name: 'create',
    summary: 'Create an API key with the scopes its task needs; the key is printed once',
    usage: '--name N --scope S [--scope S…] [--expires E] [--json]',
    args: [],
    options: [...JSON_OPTION, stringOption('name'), repeatedOption('scope'), stringOption('expires')],
    details: [
      '--name N     what uses it, e.g. "Wall dashboard" (up to 100 characters)',
      '--scope S    repeat for each: read (every GET, CSV, the MCP read tools), run (manual runs,',
      '             reanalysis, briefs: what spends money), manage (trackers, activation, webhooks),',
      '             admin (members and keys); at most what the key creating it holds',
      '--expires E  30d (days from now), 2027-03-31 (the end of that day, UTC) or an ISO 8601 time;',
      '             left out, the key does not expire',
    ],
    async run({ io, values, client }) {
      const expires = str(values, 'expires');
      const created = await client().people.createApiKey({ name: str(values, 'name') ?? '', scopes: scopes(values), ...(expires === undefined ? {} : { expiresAt: expiryOf(expires, new Date()) }) });
      return reply(io, values, created, () => keyCreatedText(created));
    },
  },
  {
    name: 'revoke',
    summary: 'Revoke an API key: every gateway refuses it within a second',
    usage: '<key-id>',
    args: ['key-id'],
    details: ['The id is the 12 hex characters after brk_ (keys list shows it).'],
    async run({ io, args, client }) {
      await client().people.revokeApiKey(args[0]!);
      return say(io, `Revoked ${args[0]}.\n`);
    },
  },
];
