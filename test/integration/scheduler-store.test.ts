import { randomUUID } from 'node:crypto';
import type { Tracker } from '@brandradar/contracts';
import { ensureIndexes } from '@brandradar/platform';
import { ScheduleStore, scheduleIndexes, type ScheduleDoc } from '../../services/scheduler/src/store/schedules';
import { onTimeBucket } from '../../services/scheduler/src/domain/due';
import { activeTracker } from '../support/scheduler-load';
import { scratchDb } from '../support/scratch-db';

// The scheduler's batch reads and writes of schedules against the real store: a bucket's due
// schedules in one read (those filed elsewhere by `_id`), a batch moved on in one write, each
// update still conditional on the schedule as it was read. More schedules than FerretDB's 50
// PostgreSQL connections per user: a command of single-document updates that each matched held
// one connection until it ended, and the 50th waited for ever.
const db = scratchDb('scheduler-store');
let store: ScheduleStore;

beforeAll(async () => {
  await ensureIndexes(db(), scheduleIndexes);
  store = new ScheduleStore(db());
});

const dueAt = new Date('2030-01-07T09:00:00.000Z');
const now = new Date(dueAt.getTime() + 1_000);
const next = new Date('2030-01-14T09:00:00.000Z');

const accountId = randomUUID();

async function stored(count: number): Promise<Tracker[]> {
  const trackers = Array.from({ length: count }, () => activeTracker(dueAt));
  for (const t of trackers) await store.apply(accountId, t, 1, true);
  return trackers;
}

it('finds every due schedule of a bucket of 120 in one pass, and moves them all on', async () => {
  const trackers = await stored(120);
  const bucket = onTimeBucket(dueAt, accountId);
  const due = await store.dueIn(bucket, [], now, 1);
  expect(new Set(due.map((s) => s._id))).toEqual(new Set(trackers.map((t) => t.id)));

  await store.advance(due.map((from) => ({ from, next })));
  for (const t of trackers) expect(await store.get(t.id)).toMatchObject({ nextRunAt: next, dueBucket: onTimeBucket(next, accountId) });
  expect(await store.dueIn(bucket, trackers.map((t) => t.id), now, 4)).toEqual([]);
}, 60_000);

it('reads a schedule listed in a bucket it was not filed on time in, leaves out one paused, not yet due or unknown, and keeps a tracker event stored after the read', async () => {
  const [due, paused, later, edited] = await stored(4);
  await store.apply(accountId, { ...paused!, updatedAt: new Date(dueAt.getTime() + 1).toISOString() }, 1, false);
  await store.apply(accountId, { ...later!, nextRunAt: next.toISOString(), updatedAt: new Date(dueAt.getTime() + 1).toISOString() }, 1, true);
  const elsewhere = `${new Date(now.getTime() + 60_000).toISOString()}/0`;
  const found = await store.dueIn(elsewhere, [due!.id, paused!.id, later!.id, edited!.id, randomUUID()], now, 2);
  expect(found.map((s) => s._id).sort()).toEqual([due!.id, edited!.id].sort());

  // The tracker is edited after the bucket read it: the advance must not overwrite the edit.
  const editedAt = new Date(dueAt.getTime() + 2);
  const laterStill = new Date('2030-02-01T10:00:00.000Z');
  await store.apply(accountId, { ...edited!, nextRunAt: laterStill.toISOString(), updatedAt: editedAt.toISOString() }, 2, true);
  await store.advance(found.map((from) => ({ from, next })));
  const after = (await store.get(edited!.id)) as ScheduleDoc;
  expect(after.nextRunAt).toEqual(laterStill);
  expect(after.version).toEqual(editedAt);
  expect((await store.get(due!.id))?.nextRunAt).toEqual(next);
});
