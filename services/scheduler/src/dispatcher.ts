import { BillingQueries, RunQueries, TrackerQueries, type RatesInput } from '@brandradar/contracts';
import { DomainError, query, type Logger, type NatsLink } from '@brandradar/platform';
import type { Counter } from 'prom-client';
import { decide, nextAfter } from './domain/dispatch';
import { hintMinute, minutesThrough, nextMinute, walkEveryMinuteFrom } from './domain/due';
import type { DueStore } from './store/due';
import type { ScheduleStore } from './store/schedules';

export interface DispatcherDeps {
  schedules: ScheduleStore;
  due: DueStore;
  nats: NatsLink;
  logger: Logger;
  now: () => Date;
  owner: string;
  leaseMs: number;
  concurrency: number;
  outcomes: Counter<'outcome'>;
}

/** A dispatch that could not reach a dependency is tried again from a bucket at least this much later. */
const RETRY_MS = 5_000;

/**
 * Turns each due occurrence into exactly one run or one pause. Any number of
 * replicas may run this: they claim different due buckets, and the runner
 * keeps one run per (tracker, scheduledFor) whatever happens (a bucket taken
 * over from a replica that died, a hint read twice).
 */
export function createDispatcher(d: DispatcherDeps) {
  /** Dispatches the tracker's occurrence if it is due; a hint whose occurrence has moved on is ignored. */
  async function dispatch(trackerId: string, rates: () => Promise<RatesInput>): Promise<void> {
    const s = await d.schedules.get(trackerId);
    if (!s?.active || !s.nextRunAt || s.nextRunAt.getTime() > d.now().getTime()) return;
    const scheduledFor = s.nextRunAt;
    const { accountId, tracker, definitionVersion } = s;
    try {
      const [{ account }, card] = await Promise.all([query(d.nats, BillingQueries.getAccount, { version: 1, accountId }), rates()]);
      const decision = decide(tracker, account, card, scheduledFor);
      if (decision.kind === 'pause') {
        await query(d.nats, TrackerQueries.autoPause, { version: 1, accountId, trackerId, reason: decision.reason });
        await d.schedules.deactivate(trackerId);
        d.outcomes.inc({ outcome: decision.reason });
        return;
      }
      await query(d.nats, RunQueries.createScheduled, { version: 1, accountId, tracker, definitionVersion: definitionVersion ?? 1, scheduledFor: scheduledFor.toISOString(), estimatedCostMicro: decision.estimatedCostMicro });
      const next = nextAfter(tracker, scheduledFor, d.now());
      await query(d.nats, TrackerQueries.advanceSchedule, { version: 1, accountId, trackerId, scheduledFor: scheduledFor.toISOString(), nextRunAt: next.toISOString() });
      // Filed before the schedule moves on, so a crash in between leaves a stale hint, never a lost one.
      await d.due.hint(trackerId, next, d.now());
      await d.schedules.advance(s, next);
      d.outcomes.inc({ outcome: 'run' });
    } catch (e) {
      if (e instanceof DomainError && e.error.code === 'not_found') {
        await d.schedules.deactivate(trackerId); // the tracker (or its account) is gone
        d.outcomes.inc({ outcome: 'gone' });
        return;
      }
      d.logger.warn({ err: e, trackerId, scheduledFor }, 'dispatch failed; will retry');
      await d.due.hint(trackerId, new Date(d.now().getTime() + RETRY_MS), d.now());
      d.outcomes.inc({ outcome: 'retry' });
    }
  }

  /** Seals a claimed bucket and dispatches what it names, `concurrency` at a time; the bucket is done unless the store failed. */
  async function work(bucket: string): Promise<boolean> {
    const queue = await d.due.sealBucket(bucket);
    let rates: Promise<RatesInput> | undefined;
    const ratesOnce = () => (rates ??= query(d.nats, BillingQueries.getRates, { version: 1 }).then((r) => r.rates));
    let failed = false;
    const worker = async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        await dispatch(id, ratesOnce).catch((err: unknown) => {
          failed = true; // the bucket stays claimed until its lease ends, then it is read again
          d.logger.error({ err, bucket }, 'dispatch could not record its outcome');
        });
      }
    };
    await Promise.all(Array.from({ length: d.concurrency }, worker));
    if (!failed) await d.due.finish(bucket);
    return !failed;
  }

  /** Whether every bucket of the minute is done, after working those this replica could claim. */
  async function workMinute(minute: Date): Promise<boolean> {
    let complete = true;
    for (const bucket of shuffle(await d.due.sealMinute(minute))) {
      const claim = await d.due.claim(bucket, d.owner, d.now(), d.leaseMs);
      if (claim.kind === 'busy' || (claim.kind === 'claimed' && !(await work(bucket)))) complete = false;
    }
    return complete;
  }

  /** The first pass on a store kept before due buckets existed files every active schedule once. */
  async function firstCursor(now: Date): Promise<Date> {
    const start = hintMinute(now, now);
    for await (const s of d.schedules.active()) if (s.nextRunAt) await d.due.hint(s._id, s.nextRunAt, now);
    await d.due.advanceCursor(start);
    return start;
  }

  /** One pass: every minute from the cursor through now, then the cursor moves past those fully done. */
  return async function dispatchDue(): Promise<void> {
    const now = d.now();
    const cursor = (await d.due.cursor()) ?? (await firstCursor(now));
    const from = walkEveryMinuteFrom(cursor, now);
    const minutes = [...(from.getTime() > cursor.getTime() ? await d.due.minutesBetween(cursor, from) : []), ...minutesThrough(from, now)];
    let doneUntil = cursor;
    let contiguous = true;
    for (const minute of minutes) {
      contiguous = (await workMinute(minute)) && contiguous;
      if (contiguous) doneUntil = nextMinute(minute);
    }
    if (doneUntil.getTime() > cursor.getTime()) await d.due.advanceCursor(doneUntil);
  };
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
