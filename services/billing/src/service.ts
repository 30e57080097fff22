import { AuditQueries, BillingNotices, BillingQueries, PeopleQueries, SessionQueries } from '@brandradar/contracts';
import { consumeEvents, ledgerAmountMicro, publishNotice, runPeriodically, serveQueries, watchNotices, type ServiceDefinition } from '@brandradar/platform';
import { auditConsumer, auditQueryHandlers, createAuditSweeper } from './audit-trail';
import { billingConfigSchema, type BillingConfig } from './config';
import { peopleQueryHandlers } from './people-queries';
import { billingQueryHandlers } from './queries';
import { sessionQueryHandlers } from './session-queries';
import { AccountStore, accountIndexes } from './store/accounts';
import { Announcements, announcementIndexes } from './store/announcements';
import { ApiKeyStore, apiKeyIndexes } from './store/api-keys';
import { AuditStore, auditIndexes } from './store/audit';
import { Ledger, ledgerIndexes } from './store/ledger';
import { HoldExpiryStore, holdExpiryIndexes } from './store/hold-expiries';
import { PeopleStore, peopleIndexes } from './store/people';
import { RateCardStore } from './store/rate-cards';
import { SessionStore, sessionIndexes } from './store/sessions';
import { createHoldSweeper } from './sweeper';

/** Billing owns accounts, their members and API keys, balances, the ledger, rate cards and the audit trail. */
export const billingService: ServiceDefinition<BillingConfig> = {
  name: 'billing',
  configSchema: billingConfigSchema,
  database: { indexes: [...accountIndexes, ...apiKeyIndexes, ...ledgerIndexes, ...holdExpiryIndexes, ...announcementIndexes, ...peopleIndexes, ...sessionIndexes, ...auditIndexes] },
  consumers: () => [auditConsumer],
  async start({ config, nats, db, logger, metrics, shutdown }) {
    const announcements = new Announcements(db, nats, logger);
    // Each replica keeps the accounts it read; one that changes one tells the others, before it answers.
    const accounts = new AccountStore(db, (accountId) => publishNotice(nats, BillingNotices.accountChanged, { version: 1, accountId }));
    // After a reconnect (notices sent meanwhile were missed) it forgets every account.
    const accountChanges = watchNotices(nats, BillingNotices.accountChanged, ({ accountId }) => accounts.forget(accountId), logger, () => accounts.forget());
    const stores = {
      accounts,
      apiKeys: new ApiKeyStore(db),
      ledger: new Ledger(db, ledgerAmountMicro(metrics)),
      rateCards: new RateCardStore(db),
      holdExpiries: new HoldExpiryStore(db),
      announcements,
      people: new PeopleStore(db),
    };
    const handlers = billingQueryHandlers(stores);
    const sessions = new SessionStore(db);
    const peopleHandlers = peopleQueryHandlers(stores);
    const audit = new AuditStore(db);
    const auditIntake = await consumeEvents(nats, auditConsumer, logger, ({ payload }) => audit.record(payload), { concurrency: 8 });
    const subscriptions = [
      ...serveQueries(nats, BillingQueries, handlers, 'billing', logger),
      ...serveQueries(nats, PeopleQueries, peopleHandlers, 'billing', logger),
      ...serveQueries(nats, AuditQueries, auditQueryHandlers(audit), 'billing', logger),
      ...serveQueries(nats, SessionQueries, sessionQueryHandlers({ ...stores, sessions, redeemInvitation: (tokenSha256) => peopleHandlers.redeemInvitation({ version: 1, tokenSha256 }) }), 'billing', logger),
    ];
    const sweep = createHoldSweeper({ ...stores, logger, now: () => new Date() });
    const stopExpiring = runPeriodically(config.HOLD_SWEEP_MS, sweep, (err) => logger.warn({ err }, 'hold sweep failed'));
    const stopAnnouncing = announcements.startSweeping(config.OUTBOX_SWEEP_MS);
    const stopSessionSweep = runPeriodically(config.SESSION_SWEEP_MS, () => sessions.sweep(new Date()), (err) => logger.warn({ err }, 'session sweep failed'));
    const sweepAudit = createAuditSweeper(audit, config.AUDIT_RETENTION_DAYS, () => new Date(), logger);
    const stopAuditSweep = runPeriodically(config.AUDIT_SWEEP_MS, sweepAudit, (err) => logger.warn({ err }, 'audit retention sweep failed'));
    shutdown.register('intake', 'stop billing queries, the audit intake and the sweepers', async () => {
      await Promise.all([stopExpiring(), stopAnnouncing(), stopSessionSweep(), stopAuditSweep(), auditIntake.stop(), accountChanges.stop(), ...subscriptions.map((s) => s.drain())]);
    });
  },
};
