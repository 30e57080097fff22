import { BillingBroadcasts, BillingQueries } from '@brandradar/contracts';
import { broadcast, ledgerAmountMicro, listenBroadcasts, runPeriodically, serveQueries, type ServiceDefinition } from '@brandradar/platform';
import { billingConfigSchema, type BillingConfig } from './config';
import { billingQueryHandlers } from './queries';
import { AccountStore, accountIndexes } from './store/accounts';
import { Announcements, announcementIndexes } from './store/announcements';
import { ApiKeyStore, apiKeyIndexes } from './store/api-keys';
import { Ledger, ledgerIndexes } from './store/ledger';
import { HoldExpiryStore, holdExpiryIndexes } from './store/hold-expiries';
import { RateCardStore } from './store/rate-cards';
import { createHoldSweeper } from './sweeper';

/** Billing owns accounts, API keys, balances, the ledger and rate cards. */
export const billingService: ServiceDefinition<BillingConfig> = {
  name: 'billing',
  configSchema: billingConfigSchema,
  database: { indexes: [...accountIndexes, ...apiKeyIndexes, ...ledgerIndexes, ...holdExpiryIndexes, ...announcementIndexes] },
  async start({ config, nats, db, logger, metrics, shutdown }) {
    const announcements = new Announcements(db, nats, logger);
    // Each replica keeps the accounts it read; one that changes one tells the others, before it answers.
    const accounts = new AccountStore(db, (accountId) => broadcast(nats, BillingBroadcasts.accountChanged, { version: 1, accountId }));
    const accountChanges = listenBroadcasts(nats, BillingBroadcasts.accountChanged, logger, ({ accountId }) => accounts.forget(accountId));
    const stopForgetting = nats.onReconnect(() => accounts.forget()); // broadcasts sent meanwhile were missed
    const stores = {
      accounts,
      apiKeys: new ApiKeyStore(db),
      ledger: new Ledger(db, ledgerAmountMicro(metrics)),
      rateCards: new RateCardStore(db),
      holdExpiries: new HoldExpiryStore(db),
      announcements,
    };
    const handlers = billingQueryHandlers(stores);
    const subscriptions = serveQueries(nats, BillingQueries, handlers, 'billing', logger);
    const sweep = createHoldSweeper({ ...stores, logger, now: () => new Date() });
    const stopExpiring = runPeriodically(config.HOLD_SWEEP_MS, sweep, (err) => logger.warn({ err }, 'hold sweep failed'));
    const stopAnnouncing = announcements.startSweeping(config.OUTBOX_SWEEP_MS);
    shutdown.register('intake', 'stop billing queries and the sweepers', async () => {
      stopForgetting();
      await Promise.all([stopExpiring(), stopAnnouncing(), accountChanges.drain(), ...subscriptions.map((s) => s.drain())]);
    });
  },
};
