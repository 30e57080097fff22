import { createHash } from 'node:crypto';

const MINUTE_MS = 60_000;

/**
 * Due occurrences are filed in buckets: one per minute (the occurrence's
 * instant rounded up, so everything in the bucket is due once the minute
 * starts) and shard, the shard being a hash of the tracker's account id.
 * Sharding keeps each bucket small when thousands of trackers share a minute,
 * and lets replicas work on different buckets of the same minute; by account,
 * so an account's trackers due together share a bucket and its account is
 * read once for all of them.
 */
export const DUE_SHARDS = 32;

/**
 * A writer files a hint at the current minute or later, by its own clock, and
 * re-reads the seal right after. A minute this far in the past therefore gets
 * no new hint, and a dispatcher catching up need not seal it if nobody ever
 * wrote to it: it reads only the minutes that exist (a range query, made only
 * when catching up, never per tick in steady state).
 */
export const WRITE_MARGIN_MS = 10 * MINUTE_MS;

/** Where a dispatch pass starts walking every minute: the cursor, or the write margin's start when catching up. */
export function walkEveryMinuteFrom(cursor: Date, now: Date): Date {
  const recent = ceilMinute(new Date(now.getTime() - WRITE_MARGIN_MS));
  return cursor.getTime() > recent.getTime() ? cursor : recent;
}

/** Every minute from `from` through `now`. */
export function minutesThrough(from: Date, now: Date): Date[] {
  const out: Date[] = [];
  for (let m = from; m.getTime() <= now.getTime(); m = nextMinute(m)) out.push(m);
  return out;
}

export function ceilMinute(at: Date): Date {
  return new Date(Math.ceil(at.getTime() / MINUTE_MS) * MINUTE_MS);
}

export function nextMinute(minute: Date): Date {
  return new Date(minute.getTime() + MINUTE_MS);
}

/**
 * The bucket a hint goes to: the occurrence's minute, or for an occurrence
 * already due the minute under way (if a dispatcher has read that one already,
 * the hint moves on to the next: dispatched at most a minute late).
 */
export function hintMinute(at: Date, now: Date): Date {
  return at.getTime() > now.getTime() ? ceilMinute(at) : new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
}

/** Where a hint goes when its bucket was already sealed (read by a dispatcher): a later one, never one in the past. */
export function laterMinute(sealed: Date, now: Date): Date {
  const next = nextMinute(sealed);
  const current = ceilMinute(now);
  return next.getTime() > current.getTime() ? next : current;
}

/** An account's shard: stable for the account, spread evenly over the shards. */
export function shardOf(accountId: string): number {
  return createHash('sha256').update(accountId).digest().readUInt32BE(0) % DUE_SHARDS;
}

/** The `_id` of a bucket: the minute and the shard, never a tracker or account id. */
export function bucketId(minute: Date, shard: number): string {
  return `${minute.toISOString()}/${shard}`;
}

/**
 * The bucket a schedule's occurrence is filed in when it is filed on time: its minute and its
 * account's shard. A schedule carries it, so a bucket finds its on-time schedules by one indexed
 * equality instead of one read per schedule.
 */
export function onTimeBucket(nextRunAt: Date, accountId: string): string {
  return bucketId(ceilMinute(nextRunAt), shardOf(accountId));
}
