import { BillingQueries } from '@brandradar/contracts';
import { serveQuery, type ServiceDefinition } from '@brandradar/platform';
import { billingConfigSchema, type BillingConfig } from './config';
import { billingQueryHandlers } from './queries';
import { AccountStore, accountIndexes } from './store/accounts';
import { ApiKeyStore, apiKeyIndexes } from './store/api-keys';
import { Ledger, ledgerIndexes } from './store/ledger';
import { RateCardStore } from './store/rate-cards';

/** Billing owns accounts, API keys, balances, the ledger and rate cards. */
export const billingService: ServiceDefinition<BillingConfig> = {
  name: 'billing',
  configSchema: billingConfigSchema,
  database: { indexes: [...accountIndexes, ...apiKeyIndexes, ...ledgerIndexes] },
  async start({ nats, db, logger, shutdown }) {
    const handlers = billingQueryHandlers({
      accounts: new AccountStore(db),
      apiKeys: new ApiKeyStore(db),
      ledger: new Ledger(db),
      rateCards: new RateCardStore(db),
    });
    const subscriptions = [
      serveQuery(nats.nc, BillingQueries.getRates, 'billing', logger, handlers.getRates),
      serveQuery(nats.nc, BillingQueries.publishRates, 'billing', logger, handlers.publishRates),
      serveQuery(nats.nc, BillingQueries.createAccount, 'billing', logger, handlers.createAccount),
      serveQuery(nats.nc, BillingQueries.createApiKey, 'billing', logger, handlers.createApiKey),
      serveQuery(nats.nc, BillingQueries.revokeApiKey, 'billing', logger, handlers.revokeApiKey),
      serveQuery(nats.nc, BillingQueries.getAccount, 'billing', logger, handlers.getAccount),
      serveQuery(nats.nc, BillingQueries.credit, 'billing', logger, handlers.credit),
      serveQuery(nats.nc, BillingQueries.closeAccount, 'billing', logger, handlers.closeAccount),
      serveQuery(nats.nc, BillingQueries.hold, 'billing', logger, handlers.hold),
      serveQuery(nats.nc, BillingQueries.capture, 'billing', logger, handlers.capture),
      serveQuery(nats.nc, BillingQueries.verifyApiKey, 'billing', logger, handlers.verifyApiKey),
    ];
    shutdown.register('intake', 'stop billing queries', () => Promise.all(subscriptions.map((s) => s.drain())));
  },
};
