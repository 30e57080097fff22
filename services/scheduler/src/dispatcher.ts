import { BillingQueries, RunQueries, TrackerQueries } from '@brandradar/contracts';
import { DomainError, query, type Logger, type NatsLink } from '@brandradar/platform';
import type { Counter } from 'prom-client';
import { decide, nextAfter } from './domain/dispatch';
import type { ScheduleDoc, ScheduleStore } from './store/schedules';

export interface DispatcherDeps {
  store: ScheduleStore;
  nats: NatsLink;
  logger: Logger;
  now: () => Date;
  owner: string;
  leaseMs: number;
  concurrency: number;
  outcomes: Counter<'outcome'>;
}

/**
 * Claims due schedules and turns each occurrence into exactly one run or one
 * pause. Any number of replicas may run this: a claim is one atomic update,
 * and the runner keeps one run per (tracker, scheduledFor) whatever happens.
 */
export function createDispatcher(d: DispatcherDeps) {
  async function dispatch(s: ScheduleDoc): Promise<void> {
    const scheduledFor = s.nextRunAt!;
    const { accountId, tracker } = s;
    const definitionVersion = s.definitionVersion ?? 1; // schedules kept before definition versions existed
    try {
      const [{ account }, { rates }] = await Promise.all([
        query(d.nats, BillingQueries.getAccount, { version: 1, accountId }),
        query(d.nats, BillingQueries.getRates, { version: 1 }),
      ]);
      const decision = decide(tracker, account, rates, scheduledFor);
      if (decision.kind === 'pause') {
        await query(d.nats, TrackerQueries.autoPause, { version: 1, accountId, trackerId: tracker.id, reason: decision.reason });
        await d.store.deactivate(tracker.id);
        d.outcomes.inc({ outcome: decision.reason });
        return;
      }
      await query(d.nats, RunQueries.createScheduled, { version: 1, accountId, tracker, definitionVersion, scheduledFor: scheduledFor.toISOString(), estimatedCostMicro: decision.estimatedCostMicro });
      const next = nextAfter(tracker, scheduledFor, d.now());
      await query(d.nats, TrackerQueries.advanceSchedule, { version: 1, accountId, trackerId: tracker.id, scheduledFor: scheduledFor.toISOString(), nextRunAt: next.toISOString() });
      await d.store.advance(tracker.id, scheduledFor, next);
      d.outcomes.inc({ outcome: 'run' });
    } catch (e) {
      if (e instanceof DomainError && e.error.code === 'not_found') {
        await d.store.deactivate(tracker.id); // the tracker (or its account) is gone
        return;
      }
      d.logger.warn({ err: e, trackerId: tracker.id, scheduledFor }, 'dispatch failed; will retry');
      await d.store.retryAt(tracker.id, scheduledFor, new Date(d.now().getTime() + 5_000));
      d.outcomes.inc({ outcome: 'retry' });
    }
  }

  /** Dispatches everything due now, `concurrency` at a time; resolves when nothing due is left unclaimed. */
  return async function dispatchDue(): Promise<number> {
    let dispatched = 0;
    for (;;) {
      const batch = await d.store.claimDue(d.now(), d.leaseMs, d.owner, d.concurrency * 4);
      if (batch.length === 0) return dispatched;
      const queue = [...batch];
      const worker = async () => {
        for (let s = queue.shift(); s; s = queue.shift()) await dispatch(s);
      };
      await Promise.all(Array.from({ length: d.concurrency }, worker));
      dispatched += batch.length;
    }
  };
}
