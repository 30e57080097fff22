import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { BULK_STATEMENTS, ensureIndexes } from '@brandradar/platform';
import { activateTracker, createTracker, type TrackerState } from '../../services/tracker/src/domain/lifecycle';
import { TrackerStore, trackerIndexes } from '../../services/tracker/src/store/trackers';
import { scratchDb } from '../support/scratch-db';

// The tracker store's schedule advance against FerretDB: a dispatched batch's trackers move on in
// one store command, and every account written is told (its cached list pages go).
const db = scratchDb('tracker-store');
const now = new Date('2026-11-22T09:00:00.000Z');
const occurrence = new Date('2026-11-23T09:00:00.000Z');
const next = new Date('2026-11-30T09:00:00.000Z');
const advancedAt = new Date('2026-11-23T09:00:02.000Z');

beforeAll(() => ensureIndexes(db(), trackerIndexes));

function activeTracker(accountId: string): TrackerState {
  const definition = { name: 'T', cadence: { frequency: 'weekly' as const, timezone: 'UTC', time: '09:00', weekday: 1 }, primitive: 'sentiment' as const, prompts: ['p'], models: ['chatgpt' as const], brand: 'Acme', competitors: [], url: null };
  const created = createTracker({ id: randomUUID(), accountId, definition, estimate: 5_000, now });
  if (!created.ok) throw new Error('not created');
  const active = activateTracker(created.state, { submittedMax: 5_000, estimate: 5_000, balanceMicro: 5_000, spentThisMonthMicro: 0, spendLimitMicroPerMonth: null, nextRunAt: occurrence, now });
  if (!active.ok) throw new Error('not activated');
  return active.state;
}

it("advances a batch's trackers in one command per BULK_STATEMENTS and tells every account written", async () => {
  const client = await new MongoClient(process.env.TEST_MONGO_URL!, { monitorCommands: true }).connect();
  try {
    const written: string[] = [];
    const store = new TrackerStore(client.db(db().databaseName), (accountId) => written.push(accountId));
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    // 25 trackers per account at most: a batch larger than two commands' worth spans three accounts.
    const trackers = [...Array.from({ length: BULK_STATEMENTS }, () => activeTracker(a)), ...Array.from({ length: BULK_STATEMENTS }, () => activeTracker(b)), activeTracker(c)];
    for (const t of trackers) await store.insert(t, []);
    written.length = 0;
    const commands: string[] = [];
    client.on('commandStarted', (e) => commands.push(`${e.commandName} ${String(e.command[e.commandName])}`));

    const advances = trackers.map((t) => ({ accountId: t.accountId, id: t.id, scheduledFor: occurrence, nextRunAt: next }));
    expect(await store.advanceAllIfAt(advances, advancedAt)).toBe(true);
    expect(commands).toEqual(['update trackers', 'update trackers', 'update trackers']);
    expect([...new Set(written)].sort()).toEqual([a, b, c].sort());
    for (const t of trackers) expect(await store.get(t.accountId, t.id)).toMatchObject({ nextRunAt: next, lastRunAt: advancedAt, updatedAt: advancedAt });

    // The same batch again (a retry): nothing matches, and nothing changed.
    expect(await store.advanceAllIfAt(advances, new Date(advancedAt.getTime() + 1_000))).toBe(false);
    for (const t of trackers) expect(await store.get(t.accountId, t.id)).toMatchObject({ nextRunAt: next, lastRunAt: advancedAt });

    // Another account's id matches nothing either.
    const [first] = trackers;
    expect(await store.advanceAllIfAt([{ accountId: b, id: first!.id, scheduledFor: next, nextRunAt: new Date(next.getTime() + 7 * 86_400_000) }], advancedAt)).toBe(false);
    expect(await store.get(a, first!.id)).toMatchObject({ nextRunAt: next });
  } finally {
    await client.close();
  }
});
