import type { Client } from 'openapi-fetch';
import type { components, paths } from './generated/api';
import type { Send } from './people';

type Schemas = components['schemas'];
export type DigestSettings = Schemas['DigestSettings'];
export type DigestReply = Schemas['DigestReply'];
export type DigestSettingsInput = Schemas['DigestSettingsInput'];

/** The account's weekly digest by e-mail (api-contract §16), as `client.digest`. Reading needs `read`, setting `admin`. */
export class WeeklyDigest {
  constructor(
    private readonly raw: Client<paths, 'application/json'>,
    private readonly send: Send,
  ) {}

  /** The setting, or the default (off, Mondays 09:00 UTC, to the account's address), and `nextSendAt` (null while off). */
  async get(): Promise<DigestReply> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/account/digest', init))).data;
  }

  /** Replaces the whole setting; a PUT, so repeating it is safe. */
  async set(input: DigestSettingsInput): Promise<DigestReply> {
    return (await this.send(true, (init) => this.raw.PUT('/api/v1/account/digest', { body: input, ...init }))).data;
  }
}
