import { BillingQueries, RunQueries, SCHEDULE_BATCH_MAX, TrackerQueries, type Account, type RatesInput } from '@brandradar/contracts';
import { DomainError, mapConcurrently, query, type Logger, type NatsLink } from '@brandradar/platform';
import type { Counter } from 'prom-client';
import { batches, decide, nextAfter } from './domain/dispatch';
import { WRITE_MARGIN_MS, hintMinute, minutesThrough, nextMinute, walkEveryMinuteFrom } from './domain/due';
import type { DueStore } from './store/due';
import type { ScheduleDoc, ScheduleStore } from './store/schedules';

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

/** Each batch message's JSON stays under a quarter of NATS' default max_payload (1 MiB). */
const BATCH_BYTES = 256 * 1024;

/** Buckets one replica works on at once: a bucket's steps wait on each other, so one at a time leaves the machine idle. */
const BUCKETS_AT_ONCE = 4;

/**
 * A bucket another replica holds is asked about again after this long (real time, not the
 * scheduler's clock): by then its holder has finished it or it is still at it; a holder that died
 * is noticed within this of its lease running out.
 */
const BUSY_RECHECK_MS = 1_000;

/** A batch is up to 100 occurrences' work for its answerer: it is given longer than a single query's 5 s before it is retried. */
const BATCH_TIMEOUT_MS = 30_000;

/** An occurrence found due and cleared to run. */
interface Due {
  schedule: ScheduleDoc;
  scheduledFor: Date;
  estimatedCostMicro: number;
}

/**
 * Turns each due occurrence into exactly one run or one pause. Any number of
 * replicas may run this: they claim different due buckets, and the runner
 * keeps one run per (tracker, scheduledFor) whatever happens (a bucket taken
 * over from a replica that died, a hint read twice). A bucket's runs are
 * created and its schedules moved on in batches: a few messages per bucket,
 * not several per occurrence.
 */
export function createDispatcher(d: DispatcherDeps) {
  const retryLater = async (schedules: ScheduleDoc[], err: unknown) => {
    d.logger.warn({ err, trackers: schedules.length }, 'dispatch failed; will retry');
    const at = new Date(d.now().getTime() + RETRY_MS);
    await d.due.hint(schedules.map(({ _id: trackerId, accountId }) => ({ trackerId, accountId, at })), d.now());
    d.outcomes.inc({ outcome: 'retry' }, schedules.length);
  };

  /** Checks one due occurrence: cleared to run, or the tracker paused (or found gone) here. */
  async function check(s: ScheduleDoc, reads: BucketReads): Promise<Due | null> {
    const scheduledFor = s.nextRunAt!;
    const { accountId, tracker, _id: trackerId } = s;
    try {
      const [account, rates] = await Promise.all([reads.account(accountId), reads.rates()]);
      const decision = decide(tracker, account, rates, scheduledFor);
      if (decision.kind === 'run') return { schedule: s, scheduledFor, estimatedCostMicro: decision.estimatedCostMicro };
      await query(d.nats, TrackerQueries.autoPause, { version: 1, accountId, trackerId, reason: decision.reason });
      await d.schedules.deactivate(trackerId);
      d.outcomes.inc({ outcome: decision.reason });
    } catch (e) {
      if (e instanceof DomainError && e.error.code === 'not_found') await gone(trackerId);
      else await retryLater([s], e);
    }
    return null;
  }

  async function gone(trackerId: string): Promise<void> {
    await d.schedules.deactivate(trackerId); // the tracker (or its account) is gone
    d.outcomes.inc({ outcome: 'gone' });
  }

  /** One message creates a batch's runs, one moves the trackers on; then the next occurrences are filed and the schedules advanced. */
  async function run(batch: Due[]): Promise<void> {
    const now = d.now();
    const next = batch.map(({ schedule, scheduledFor }) => nextAfter(schedule.tracker, scheduledFor, now));
    let goneIds: Set<string>;
    try {
      await query(d.nats, RunQueries.createScheduled, {
        version: 1,
        occurrences: batch.map(({ schedule: { accountId, tracker, definitionVersion }, scheduledFor, estimatedCostMicro }) => ({
          accountId,
          tracker,
          definitionVersion: definitionVersion ?? 1,
          scheduledFor: scheduledFor.toISOString(),
          estimatedCostMicro,
        })),
      }, BATCH_TIMEOUT_MS);
      const schedules = batch.map(({ schedule: { accountId, _id: trackerId }, scheduledFor }, i) => ({ accountId, trackerId, scheduledFor: scheduledFor.toISOString(), nextRunAt: next[i]!.toISOString() }));
      goneIds = new Set((await query(d.nats, TrackerQueries.advanceSchedules, { version: 1, schedules }, BATCH_TIMEOUT_MS)).gone);
    } catch (e) {
      await retryLater(batch.map((b) => b.schedule), e);
      return;
    }
    const moving = batch.flatMap(({ schedule }, i) => (goneIds.has(schedule._id) ? [] : [{ schedule, next: next[i]! }]));
    // Filed before the schedules move on, so a crash in between leaves stale hints, never lost ones.
    await d.due.hint(moving.map(({ schedule: { _id: trackerId, accountId }, next }) => ({ trackerId, accountId, at: next })), d.now());
    await d.schedules.advance(moving.map(({ schedule, next }) => ({ from: schedule, next })));
    d.outcomes.inc({ outcome: 'run' }, moving.length);
    for (const { schedule } of batch) if (goneIds.has(schedule._id)) await gone(schedule._id);
  }

  /** Seals a claimed bucket and dispatches what it names; the bucket is done unless the store failed. */
  async function work(bucket: string): Promise<boolean> {
    const reads = bucketReads(d.nats);
    try {
      // A hint whose occurrence has moved on (or whose tracker paused) is not among these.
      const schedules = await d.schedules.dueIn(bucket, await d.due.sealBucket(bucket), d.now(), d.concurrency);
      const cleared = (await mapConcurrently(schedules, d.concurrency, (s) => check(s, reads))).filter((c) => c !== null);
      await mapConcurrently(batches(cleared, SCHEDULE_BATCH_MAX, BATCH_BYTES), 2, run);
    } catch (err) {
      // The bucket stays claimed until its lease ends, then it is read again.
      d.logger.error({ err, bucket }, 'dispatch could not record its outcome');
      return false;
    }
    await d.due.finish(bucket);
    return true;
  }

  /**
   * Per minute not yet behind the cursor: its buckets, as sealing it returned them (a writer that
   * finds the minute sealed files its hint in a later one, so the list is final), and the buckets
   * this replica knows are done (Infinity) or saw held by another replica (when to ask again). A
   * pass every tick neither seals the minute again nor asks the store about each bucket again.
   */
  const known = new Map<number, { buckets: string[]; seen: Map<string, number> }>();

  /** Whether every bucket of the minute is done, after working those this replica could claim. */
  async function workMinute(minute: Date): Promise<boolean> {
    let state = known.get(minute.getTime());
    if (!state) known.set(minute.getTime(), (state = { buckets: await d.due.sealMinute(minute), seen: new Map() }));
    const { seen } = state;
    let complete = true;
    await mapConcurrently(shuffle([...state.buckets]), BUCKETS_AT_ONCE, async (bucket) => {
      const askAgainAt = seen.get(bucket);
      if (askAgainAt === Infinity) return;
      if (askAgainAt !== undefined) {
        if (askAgainAt > Date.now()) return void (complete = false);
        // Seen held before: one read says whether it still is, instead of three operations to try to claim it.
        const held = await d.due.claimState(bucket, d.now());
        if (held === 'done') return void seen.set(bucket, Infinity);
        if (held === 'busy') {
          complete = false;
          return void seen.set(bucket, Date.now() + BUSY_RECHECK_MS);
        }
      }
      const claim = await d.due.claim(bucket, d.owner, d.now(), d.leaseMs);
      if (claim.kind === 'done' || (claim.kind === 'claimed' && (await work(bucket)))) return void seen.set(bucket, Infinity);
      complete = false;
      if (claim.kind === 'busy') seen.set(bucket, Date.now() + BUSY_RECHECK_MS);
    });
    return complete;
  }

  /** The first pass on a store kept before due buckets existed files every active schedule once. */
  async function firstCursor(now: Date): Promise<Date> {
    const start = hintMinute(now, now);
    for await (const s of d.schedules.active()) if (s.nextRunAt) await d.due.hint([{ trackerId: s._id, accountId: s.accountId, at: s.nextRunAt }], now);
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
    if (doneUntil.getTime() > cursor.getTime()) {
      for (const minute of known.keys()) if (minute < doneUntil.getTime()) known.delete(minute);
      await d.due.advanceCursor(doneUntil);
      await d.due.forgetBefore(new Date(doneUntil.getTime() - WRITE_MARGIN_MS));
    }
  };
}

type BucketReads = ReturnType<typeof bucketReads>;

/**
 * The rate card and each account, asked once per bucket: a bucket holds the trackers of the same
 * accounts (it is sharded by account), and a failed answer is asked again by the next bucket.
 */
function bucketReads(nats: NatsLink) {
  let rates: Promise<RatesInput> | undefined;
  const accounts = new Map<string, Promise<Account>>();
  return {
    rates: () => (rates ??= query(nats, BillingQueries.getRates, { version: 1 }).then((r) => r.rates)),
    account(accountId: string): Promise<Account> {
      let account = accounts.get(accountId);
      if (!account) accounts.set(accountId, (account = query(nats, BillingQueries.getAccount, { version: 1, accountId }).then((r) => r.account)));
      return account;
    },
  };
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
