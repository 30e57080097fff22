import type { Client } from 'openapi-fetch';
import type { components, paths } from './generated/api';

type Schemas = components['schemas'];
export type Member = Schemas['Member'];
export type Role = Schemas['Role'];
export type Scope = Schemas['Scope'];
export type AccountApiKey = Schemas['AccountApiKey'];
export type CreateAccountApiKeyInput = Schemas['CreateAccountApiKeyInput'];
export type CreatedAccountApiKey = Schemas['CreatedAccountApiKey'];
export type CurrentApiKey = Schemas['CurrentApiKey']['key'];

/** The client's one way to send a call, with its retry policy (`idempotent`: whether repeating it is safe). */
export type Send = <D, E>(
  idempotent: boolean,
  attempt: (init: { signal: AbortSignal }) => Promise<{ data?: D; error?: E; response: Response }>,
) => Promise<{ data: NonNullable<D>; response: Response }>;

/**
 * An account's members and the API keys it manages itself (api-contract §15), as
 * `client.people`. All but {@link AccountPeople.currentApiKey} need the `admin` scope.
 */
export class AccountPeople {
  constructor(
    private readonly raw: Client<paths, 'application/json'>,
    private readonly send: Send,
  ) {}

  /** Every member, invited ones too, oldest first. */
  async listMembers(): Promise<Member[]> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/members', init))).data.members;
  }

  /** E-mails the address a single-use link (72 h) that makes them a member with `role`. Not repeated on 503: a second try would invite twice. */
  async inviteMember(email: string, role: Role): Promise<Member> {
    return (await this.send(false, (init) => this.raw.POST('/api/v1/members', { body: { email, role }, ...init }))).data.member;
  }

  /** The last owner keeps their role: 409 `last_owner`. */
  async changeRole(memberId: string, role: Role): Promise<Member> {
    return (await this.send(true, (init) => this.raw.PATCH('/api/v1/members/{id}', { params: { path: { id: memberId } }, body: { role }, ...init }))).data.member;
  }

  /** Removes a member or withdraws an invitation; the last owner stays (409 `last_owner`). */
  async removeMember(memberId: string): Promise<void> {
    await this.send(true, (init) => this.raw.DELETE('/api/v1/members/{id}', { params: { path: { id: memberId } }, ...init }));
  }

  /** Keys not revoked, oldest first; never their secrets. */
  async listApiKeys(): Promise<AccountApiKey[]> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/api-keys', init))).data.apiKeys;
  }

  /** The key's record and its secret (`apiKey`), answered only now. Not repeated on 503: a second try would make a second key. */
  async createApiKey(input: CreateAccountApiKeyInput): Promise<CreatedAccountApiKey> {
    return (await this.send(false, (init) => this.raw.POST('/api/v1/api-keys', { body: input, ...init }))).data;
  }

  /** Every gateway refuses the key within a second. */
  async revokeApiKey(keyId: string): Promise<void> {
    await this.send(true, (init) => this.raw.DELETE('/api/v1/api-keys/{id}', { params: { path: { id: keyId } }, ...init }));
  }

  /** The calling key's id, name and scopes (needs `read`). */
  async currentApiKey(): Promise<CurrentApiKey> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/api-keys/current', init))).data.key;
  }
}
