/** The account: its balance and prices, and the login the other commands use. */
import { gatewayUrl } from '@brandradar/client';
import { accountDetails, rateTable } from '../output';
import type { CommandSpec } from '../command';
import { removeLogin, saveLogin } from '../config';
import { DEFAULT_BASE_URL, newClient } from '../connection';
import { UsageError } from '../exit';
import { askHidden, readAll, type Io } from '../io';
import { JSON_OPTION, reply, say, str } from '../options';

/** The key for `login` from standard input: asked for on a terminal, else its first line. */
async function readApiKey(io: Io): Promise<string> {
  const key = (io.stdin.isTTY ? await askHidden(io, 'API key (brk_…): ') : (await readAll(io.stdin)).split('\n', 1)[0]!).trim();
  if (!key) throw new UsageError('no API key: pass --api-key or give it on standard input');
  return key;
}

export const ACCOUNT_COMMANDS: CommandSpec[] = [
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
];

export const LOGIN_COMMANDS: CommandSpec[] = [
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
      return say(io, `Logged in to ${baseUrl} as ${account.email}; saved in ${file}.\n`);
    },
  },
  {
    name: 'logout',
    summary: 'Remove the saved API key and gateway',
    usage: '',
    args: [],
    run({ io }) {
      const { file, removed } = removeLogin(io.env);
      return say(io, removed ? `Removed ${file}.\n` : `Not logged in: there is no ${file}.\n`);
    },
  },
];
