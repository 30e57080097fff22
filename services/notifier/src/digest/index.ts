import type { Db } from 'mongodb';
import { DigestDataQueries } from '@brandradar/contracts';
import { query, type Logger, type NatsLink } from '@brandradar/platform';
import type { MailOutbox } from '../store/mail-outbox';
import { reportPdf } from '@brandradar/report-render';
import { headlineChartPng } from './chart';
import { DigestIncidents, incidentOf } from './incidents';
import { digestQueryHandlers } from './queries';
import { DigestSettingsStore } from './settings-store';
import { sweepDigests } from './sweep';

export { digestIncidentIndexes } from './incidents';
export { digestSettingsIndexes } from './settings-store';

/** A claim outlives building one digest (one query to the tracker service, a few charts) many times over. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** A digest that could not be built (the tracker service away) is tried again this much later. */
const RETRY_MS = 60_000;
/** The tracker service asks the runner for each tracker's insights over ten runs: longer than a query's usual 5 s, well within the claim. */
const TRACKERS_TIMEOUT_MS = 60_000;

export interface DigestParts {
  db: Db;
  nats: NatsLink;
  outbox: MailOutbox;
  appUrl: string;
  senderAddress: string;
  emailOf: (accountId: string) => Promise<string | null>;
  recorded: () => void;
  logger: Logger;
}

/**
 * The weekly digest (api-contract §16): its settings' queries, the sweep that sends what is due at
 * a given instant (the clock is the caller's, so a test moves it instead of waiting), and the
 * recording of each week's failed runs and pauses from the events the notifier receives.
 */
export function weeklyDigest(p: DigestParts) {
  const settings = new DigestSettingsStore(p.db);
  const incidents = new DigestIncidents(p.db);
  const sweepDeps = {
    settings,
    incidents,
    outbox: p.outbox,
    trackersOf: async (accountId: string, since: Date) =>
      (await query(p.nats, DigestDataQueries.trackers, { version: 1, accountId, since: since.toISOString() }, TRACKERS_TIMEOUT_MS)).trackers,
    chartOf: headlineChartPng,
    reportPdfOf: async (accountId: string, trackerId: string, timeZone: string) => {
      const { tracker, runIds, insights } = await query(p.nats, DigestDataQueries.report, { version: 1, accountId, trackerId });
      // One run at a time, each in a message of its own; the heads carry every figure a report PDF draws.
      const runs = [];
      for (const runId of runIds) {
        const { run } = await query(p.nats, DigestDataQueries.reportRun, { version: 1, accountId, trackerId, runId });
        if (run) runs.push({ ...run, results: [] });
      }
      return reportPdf({ tracker, runs }, { insights, timeZone });
    },
    appUrl: p.appUrl,
    senderAddress: p.senderAddress,
    leaseMs: CLAIM_LEASE_MS,
    retryMs: RETRY_MS,
    recorded: p.recorded,
    wallClock: () => new Date(),
    logger: p.logger,
  };
  /** Keeps a failed run or a pause for the week's digest; idempotent by event id. */
  const recordIncident = async (subject: string, payload: unknown) => {
    const incident = incidentOf(subject, payload);
    if (incident) await incidents.record(incident);
  };
  return {
    queries: digestQueryHandlers({ settings, emailOf: p.emailOf }),
    sweep: (now: Date) => sweepDigests(sweepDeps, now),
    recordIncident,
  };
}
