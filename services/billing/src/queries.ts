import { randomUUID } from 'node:crypto';
import { unauthorized, type BillingQueries } from '@brandradar/contracts';
import { DomainError, type QueryRequest, type QueryResult } from '@brandradar/platform';
import { applyCredit, newAccount, toApiAccount } from './domain/accounts';
import { digestsMatch, generateApiKey } from './domain/api-keys';
import type { AccountStore } from './store/accounts';
import type { ApiKeyStore } from './store/api-keys';
import type { Ledger } from './store/ledger';
import type { RateCardStore } from './store/rate-cards';

type Q = typeof BillingQueries;

export interface BillingStores {
  accounts: AccountStore;
  apiKeys: ApiKeyStore;
  ledger: Ledger;
  rateCards: RateCardStore;
}

/** The billing service's answers to queries, one function per query subject. */
export function billingQueryHandlers(s: BillingStores, now: () => Date = () => new Date()) {
  async function credit(accountId: string, amountMicro: number, reference: string) {
    const result = await s.accounts.change(accountId, (a) => applyCredit(a, amountMicro, reference));
    await s.ledger.record({ _id: `credit:${accountId}:${reference}`, accountId, kind: 'credit', amountMicro, reference, createdAt: now() });
    return result.state;
  }

  async function issueKey(accountId: string) {
    const key = generateApiKey();
    await s.apiKeys.insert({ _id: key.keyId, accountId, secretSha256: key.secretSha256, createdAt: now(), revokedAt: null });
    return key;
  }

  return {
    async getRates(): Promise<QueryResult<Q['getRates']>> {
      return { rates: await s.rateCards.current() };
    },

    async createAccount({ input }: QueryRequest<Q['createAccount']>): Promise<QueryResult<Q['createAccount']>> {
      let account = newAccount({ id: randomUUID(), email: input.email, name: input.name, spendLimitMicroPerMonth: input.spendLimitMicroPerMonth, now: now() });
      await s.accounts.insert(account);
      if (input.creditsMicro) account = await credit(account._id, input.creditsMicro, 'initial-credit');
      const key = await issueKey(account._id);
      return { account: toApiAccount(account), apiKey: key.apiKey, keyId: key.keyId };
    },

    async createApiKey({ accountId }: QueryRequest<Q['createApiKey']>): Promise<QueryResult<Q['createApiKey']>> {
      await s.accounts.get(accountId); // 404 for an unknown account
      const key = await issueKey(accountId);
      return { apiKey: key.apiKey, keyId: key.keyId };
    },

    async getAccount({ accountId }: QueryRequest<Q['getAccount']>): Promise<QueryResult<Q['getAccount']>> {
      return { account: toApiAccount(await s.accounts.get(accountId)) };
    },

    async verifyApiKey({ keyId, secretSha256 }: QueryRequest<Q['verifyApiKey']>): Promise<QueryResult<Q['verifyApiKey']>> {
      const record = await s.apiKeys.find(keyId);
      // Unknown, revoked and wrong keys are one answer, so none can be told apart.
      if (!record || record.revokedAt || !digestsMatch(record.secretSha256, secretSha256)) throw new DomainError(unauthorized());
      return { accountId: record.accountId, keyId };
    },
  };
}
