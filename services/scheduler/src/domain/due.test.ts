import { randomUUID } from 'node:crypto';
import { DUE_SHARDS, WRITE_MARGIN_MS, bucketId, ceilMinute, hintMinute, laterMinute, minutesThrough, onTimeBucket, shardOf, walkEveryMinuteFrom } from './due';

const at = (iso: string) => new Date(iso);

describe('due buckets', () => {
  it('files an occurrence under its minute, rounded up, so the whole bucket is due when the minute starts', () => {
    expect(ceilMinute(at('2030-01-07T09:00:00.000Z'))).toEqual(at('2030-01-07T09:00:00.000Z'));
    expect(ceilMinute(at('2030-01-07T08:59:00.001Z'))).toEqual(at('2030-01-07T09:00:00.000Z'));
  });

  it('files an occurrence that is already due under the minute under way', () => {
    expect(hintMinute(at('2030-01-07T09:00:00Z'), at('2030-01-01T00:00:00Z'))).toEqual(at('2030-01-07T09:00:00Z'));
    expect(hintMinute(at('2030-01-07T09:00:00Z'), at('2030-01-07T10:30:20Z'))).toEqual(at('2030-01-07T10:30:00Z'));
  });

  it('moves a hint from a sealed bucket to a later one, never into the past', () => {
    expect(laterMinute(at('2030-01-07T09:00:00Z'), at('2030-01-07T09:00:00Z'))).toEqual(at('2030-01-07T09:01:00Z'));
    expect(laterMinute(at('2030-01-07T09:00:00Z'), at('2030-01-07T12:00:30Z'))).toEqual(at('2030-01-07T12:01:00Z'));
  });

  it('keeps a tracker in one shard and spreads trackers over all of them', () => {
    const id = randomUUID();
    expect(shardOf(id)).toBe(shardOf(id));
    const counts = new Array<number>(DUE_SHARDS).fill(0);
    for (let i = 0; i < DUE_SHARDS * 100; i++) counts[shardOf(randomUUID())]! += 1;
    expect(Math.min(...counts)).toBeGreaterThan(40);
    expect(Math.max(...counts)).toBeLessThan(180);
  });

  it('names a bucket by minute and shard only', () => {
    expect(bucketId(at('2030-01-07T09:00:00Z'), 7)).toBe('2030-01-07T09:00:00.000Z/7');
  });
});

describe('the walk of a dispatch pass', () => {
  it('walks every minute from the cursor through now', () => {
    const cursor = at('2030-01-07T09:00:00Z');
    expect(walkEveryMinuteFrom(cursor, at('2030-01-07T09:02:30Z'))).toEqual(cursor);
    expect(minutesThrough(cursor, at('2030-01-07T09:02:30Z'))).toEqual([at('2030-01-07T09:00:00Z'), at('2030-01-07T09:01:00Z'), at('2030-01-07T09:02:00Z')]);
  });

  it('after downtime, walks every minute only within the write margin', () => {
    expect(walkEveryMinuteFrom(at('2030-01-01T00:00:00Z'), at('2030-01-07T09:30:30Z'))).toEqual(new Date(at('2030-01-07T09:31:00Z').getTime() - WRITE_MARGIN_MS));
  });

  it('names as a schedule\'s on-time bucket the one its hint goes to when filed before the occurrence', () => {
    const accountId = randomUUID();
    const occurrence = at('2030-01-07T08:59:30Z');
    const filed = bucketId(hintMinute(occurrence, at('2030-01-07T08:00:00Z')), shardOf(accountId));
    expect(onTimeBucket(occurrence, accountId)).toBe(filed);
    expect(filed).toBe(`2030-01-07T09:00:00.000Z/${shardOf(accountId)}`);
  });
});
