import { randomUUID } from 'node:crypto';
import { BillingEvents, notFound, SCOPES, unauthorized, type BillingQueries } from '@brandradar/contracts';
import { DomainError, type QueryRequest, type QueryResult } from '@brandradar/platform';
import { applyCredit, closeAccount, newAccount, toApiAccount, type AccountState } from './domain/accounts';
import { digestsMatch, generateApiKey } from './domain/api-keys';
import { keyUsable, nameOf } from './domain/people';
import { captureHold, holdStanding, placeHold, type HoldStanding } from './domain/holds';
import { keyPowers } from './key-powers';
import { recordHoldEntries } from './settlement';
import type { AccountStore } from './store/accounts';
import type { Announcements } from './store/announcements';
import type { ApiKeyStore } from './store/api-keys';
import type { HoldExpiryStore } from './store/hold-expiries';
import type { Ledger } from './store/ledger';
import type { PeopleStore } from './store/people';
import type { RateCardStore } from './store/rate-cards';

type Q = typeof BillingQueries;

export interface BillingStores {
  accounts: AccountStore;
  apiKeys: ApiKeyStore;
  ledger: Ledger;
  rateCards: RateCardStore;
  holdExpiries: HoldExpiryStore;
  announcements: Announcements;
  people: PeopleStore;
}

/**
 * The billing service's answers to queries, one function per query subject.
 * Money operations change the account document first (compare-and-swap, with
 * the idempotency key inside it) and then write the ledger entry under the
 * same key. The entry is written on replays too, so one lost after a crash
 * between the two writes is restored by the caller's retry.
 */
export function billingQueryHandlers(s: BillingStores, now: () => Date = () => new Date()) {
  async function credit(accountId: string, amountMicro: number, reference: string, field?: string): Promise<AccountState> {
    const result = await s.accounts.change(accountId, (a) => applyCredit(a, amountMicro, reference, field));
    await s.ledger.record({ accountId, kind: 'credit', amountMicro, chargedMicro: 0, reference, createdAt: now() });
    return result.state;
  }

  async function issueKey(accountId: string) {
    const key = generateApiKey();
    // An operator's key holds every scope (api-contract §15).
    await s.apiKeys.insert({ _id: key.keyId, accountId, secretSha256: key.secretSha256, createdAt: now(), revokedAt: null, scopes: [...SCOPES], createdBy: null, expiresAt: null, lastUsedAt: null });
    return key;
  }

  const accountReply = (state: AccountState) => ({ account: toApiAccount(state, now()) });
  const holdReply = (state: AccountState, standing: HoldStanding) => ({ ...accountReply(state), ...standing, expiresAt: standing.expiresAt.toISOString() });

  return {
    async getRates(): Promise<QueryResult<Q['getRates']>> {
      return { rates: await s.rateCards.current() };
    },

    async publishRates({ rates }: QueryRequest<Q['publishRates']>): Promise<QueryResult<Q['publishRates']>> {
      const card = await s.rateCards.publish(rates, now());
      await s.announcements.announce(BillingEvents.ratesPublished, { rates: card }, now());
      return { rates: card };
    },

    async createAccount({ input }: QueryRequest<Q['createAccount']>): Promise<QueryResult<Q['createAccount']>> {
      let state = newAccount({ id: randomUUID(), email: input.email, name: input.name, spendLimitMicroPerMonth: input.spendLimitMicroPerMonth, simulated: input.simulated, now: now() });
      await s.accounts.insert(state);
      if (input.creditsMicro) state = await credit(state._id, input.creditsMicro, 'initial-credit', 'creditsMicro');
      const key = await issueKey(state._id);
      return { ...accountReply(state), apiKey: key.apiKey, keyId: key.keyId };
    },

    async createApiKey({ accountId }: QueryRequest<Q['createApiKey']>): Promise<QueryResult<Q['createApiKey']>> {
      await s.accounts.get(accountId); // 404 for an unknown account
      const key = await issueKey(accountId);
      return { apiKey: key.apiKey, keyId: key.keyId };
    },

    async listApiKeys({ accountId }: QueryRequest<Q['listApiKeys']>): Promise<QueryResult<Q['listApiKeys']>> {
      await s.accounts.get(accountId); // 404 for an unknown account
      const keys = await s.apiKeys.forAccount(accountId);
      return { apiKeys: keys.map((k) => ({ keyId: k._id, createdAt: k.createdAt.toISOString(), revokedAt: k.revokedAt?.toISOString() ?? null })) };
    },

    async revokeApiKey({ keyId }: QueryRequest<Q['revokeApiKey']>): Promise<QueryResult<Q['revokeApiKey']>> {
      const record = await s.apiKeys.revoke(keyId, now());
      if (!record) throw new DomainError(notFound());
      // Announced on every revoke, a repeat included, like a close: an operator's retry repairs a lost event.
      await s.announcements.announce(BillingEvents.apiKeyRevoked, { keyId, accountId: record.accountId }, now());
      return { keyId, accountId: record.accountId };
    },

    async getAccount({ accountId }: QueryRequest<Q['getAccount']>): Promise<QueryResult<Q['getAccount']>> {
      const account = await s.accounts.read(accountId);
      if (!account) throw new DomainError(notFound());
      return accountReply(account);
    },

    async credit({ accountId, amountMicro, reference }: QueryRequest<Q['credit']>): Promise<QueryResult<Q['credit']>> {
      return accountReply(await credit(accountId, amountMicro, reference));
    },

    async closeAccount({ accountId }: QueryRequest<Q['closeAccount']>): Promise<QueryResult<Q['closeAccount']>> {
      const { state } = await s.accounts.change(accountId, closeAccount);
      // Announced on every close, a repeat included, so an operator's retry also repairs a lost event.
      await s.announcements.announce(BillingEvents.accountClosed, { accountId }, now());
      return accountReply(state);
    },

    async hold({ accountId, holdKey, amountMicro, expiresAt }: QueryRequest<Q['hold']>): Promise<QueryResult<Q['hold']>> {
      // Read before the change: a key in the ledger is at least as old as the account's record of it.
      const ledgerHasHold = await s.ledger.has('hold', accountId, holdKey);
      const requestedExpiry = new Date(expiresAt);
      await s.holdExpiries.schedule(accountId, holdKey, requestedExpiry);
      let state: AccountState;
      try {
        ({ state } = await s.accounts.change(accountId, (a) => placeHold(a, { holdKey, amountMicro, expiresAt: requestedExpiry }, now(), ledgerHasHold)));
      } catch (e) {
        if (e instanceof DomainError) await s.holdExpiries.forget(accountId, holdKey); // refused: nothing to expire
        throw e;
      }
      const standing = holdStanding(state, holdKey);
      if (standing.capturedMicro !== null) await s.holdExpiries.forget(accountId, holdKey);
      else if (standing.expiresAt.getTime() !== requestedExpiry.getTime()) await s.holdExpiries.schedule(accountId, holdKey, standing.expiresAt);
      // The ledger is what refuses very old replays of the key, so its entry is restored on every replay.
      await recordHoldEntries(s.ledger, accountId, standing, now());
      return holdReply(state, standing);
    },

    async capture({ accountId, holdKey, amountMicro }: QueryRequest<Q['capture']>): Promise<QueryResult<Q['capture']>> {
      const { state } = await s.accounts.change(accountId, (a) => captureHold(a, { holdKey, amountMicro }, now()));
      const standing = holdStanding(state, holdKey);
      await s.holdExpiries.forget(accountId, holdKey);
      await recordHoldEntries(s.ledger, accountId, standing, now());
      return holdReply(state, standing);
    },

    async listOpenHolds({ accountId }: QueryRequest<Q['listOpenHolds']>): Promise<QueryResult<Q['listOpenHolds']>> {
      const account = await s.accounts.get(accountId);
      const holds = [...account.holds].sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime());
      return { holds: holds.map((h) => ({ holdKey: h.holdKey, heldMicro: h.amountMicro, placedAt: h.placedAt.toISOString(), expiresAt: h.expiresAt.toISOString() })) };
    },

    async verifyApiKey({ keyId, secretSha256 }: QueryRequest<Q['verifyApiKey']>): Promise<QueryResult<Q['verifyApiKey']>> {
      const record = await s.apiKeys.find(keyId);
      // Unknown, revoked, expired and wrong keys are one answer, so none can be told apart.
      if (!record || !keyUsable(record, now()) || !digestsMatch(record.secretSha256, secretSha256)) throw new DomainError(unauthorized());
      const owner = await s.accounts.read(record.accountId);
      // A key whose creating member was removed is refused like a revoked one.
      const scopes = await keyPowers(s, record);
      if (!owner || !scopes) throw new DomainError(unauthorized());
      return { accountId: record.accountId, keyId, accountStatus: owner.status, name: nameOf(record), scopes, expiresAt: record.expiresAt?.toISOString() ?? null };
    },
  };
}
