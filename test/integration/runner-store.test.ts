import { randomUUID } from 'node:crypto';
import { SURFACES, type Surface, type Tracker } from '@brandradar/contracts';
import { MongoClient } from 'mongodb';
import { ensureIndexes } from '@brandradar/platform';
import { newRun, type AnswerRecord, type RunState } from '../../services/runner/src/domain/run';
import { answerSlots } from '../../services/runner/src/domain/sampling';
import { RUN_LIST_MAX, RUN_LIST_TRIM_AT, RunStore, runIndexes } from '../../services/runner/src/store/runs';
import { scratchDb } from '../support/scratch-db';

// The runner's answer records against the run's FerretDB: what a run lists is what it counted,
// however many runners execute it at once or late (the chaos test once billed a run for an answer
// that a second runner had since overwritten with a failure).
const db = scratchDb('runner-store');
let store: RunStore;

beforeAll(async () => {
  await ensureIndexes(db(), runIndexes);
  store = new RunStore(db());
});

const now = new Date('2026-11-24T09:00:00.000Z');
const FREE = Object.fromEntries(SURFACES.map((s) => [s, 0])) as Record<Surface, number>;

async function runningRun(sampling: Partial<Pick<Tracker, 'samplesPerPrompt'>> = {}): Promise<RunState> {
  const tracker: Tracker = {
    id: randomUUID(),
    name: 'Project tools',
    status: 'ACTIVE',
    cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
    primitive: 'rankings',
    prompts: ['best project tools', 'tools like monday.com'],
    models: ['chatgpt'],
    brand: 'monday.com',
    competitors: ['$x'],
    url: null,
    aliases: [],
    samplesPerPrompt: 1,
    samplingMode: 'fixed',
    alerts: { significantChange: false },
    country: null,
    ...sampling,
    estimatedCostMicroPerRun: 10_000,
    maxCostMicroPerRun: null,
    nextRunAt: null,
    lastRunAt: null,
    pauseReason: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const run = newRun({ accountId: randomUUID(), tracker, definitionVersion: 1, trigger: 'manual', requestToken: randomUUID(), scheduledFor: null, estimatedCostMicro: 10_000, now, deadlineAt: new Date(now.getTime() + 3_600_000) });
  await store.insertManual(run, []);
  const running = await store.advance(run, 'QUEUED', { status: 'RUNNING', startedAt: now, rates: { ...FREE, chatgpt: 5_000 } });
  if (!running) throw new Error('the run did not start');
  return running;
}

function answer(status: 'succeeded' | 'failed'): AnswerRecord {
  return status === 'succeeded'
    ? { promptIndex: 0, model: 'chatgpt', sample: 1, status, provider: 'openai', providerModel: 'gpt', method: 'api', text: 'monday.com is first', truncated: false, citations: [], searchQueries: [], consultedSources: null, metrics: null, error: null, fetchedAt: now.toISOString(), localised: false }
    : { promptIndex: 0, model: 'chatgpt', sample: 1, status, provider: 'openai', providerModel: null, method: null, text: null, truncated: false, citations: [], searchQueries: [], consultedSources: null, metrics: null, error: { code: 'provider_unavailable', message: 'down' }, fetchedAt: null, localised: false };
}

it('keeps the first answer stored for a slot: a second runner records its outcome, not its own', async () => {
  const run = await runningRun();
  const [slot] = answerSlots(run.definition);
  await store.saveAnswers(run, [{ slot: slot!, answer: answer('succeeded') }]);
  await store.saveAnswers(run, [{ slot: slot!, answer: answer('failed') }]);
  expect((await store.get(run.id))!.outcomes).toEqual({ [slot!.key]: 'succeeded' });
  expect((await store.answer(run.id, slot!, null))!.status).toBe('succeeded');
});

it('agrees on one answer per slot however concurrent runners race to save it', async () => {
  const run = await runningRun();
  const [slot] = answerSlots(run.definition);
  await Promise.all(Array.from({ length: 8 }, (_, i) => store.saveAnswers(run, [{ slot: slot!, answer: answer(i % 2 ? 'failed' : 'succeeded') }])));
  const stored = (await store.answer(run.id, slot!, null))!.status;
  expect((await store.get(run.id))!.outcomes).toEqual({ [slot!.key]: stored });
});

it('stores a batch of answers of several samples in one call, each under its own slot, and keeps a slot stored before', async () => {
  const run = await runningRun({ samplesPerPrompt: 3 });
  const [first, second, third] = answerSlots(run.definition);
  await store.saveAnswers(run, [{ slot: first!, answer: answer('failed') }]);
  await store.saveAnswers(run, [
    { slot: first!, answer: answer('succeeded') },
    { slot: second!, answer: { ...answer('succeeded'), sample: 2 } },
    { slot: third!, answer: { ...answer('failed'), sample: 3 } },
  ]);
  expect((await store.get(run.id))!.outcomes).toEqual({ [first!.key]: 'failed', [second!.key]: 'succeeded', [third!.key]: 'failed' });
  expect((await store.answer(run.id, second!, null))!.sample).toBe(2);
  expect((await store.answersOf(run)).size).toBe(3);
});

it('changes nothing a finished run lists when a late runner saves an answer', async () => {
  const run = await runningRun();
  const [first, second] = answerSlots(run.definition);
  await store.saveAnswers(run, [{ slot: first!, answer: answer('succeeded') }]);
  const outcomes = (await store.get(run.id))!.outcomes;
  const finished = await store.advance(run, 'RUNNING', { status: 'PARTIAL', finishedAt: now, billedCostMicro: 5_000 }, [], outcomes);
  expect(finished).not.toBeNull();

  await store.saveAnswers(run, [
    { slot: first!, answer: answer('failed') },
    { slot: second!, answer: { ...answer('succeeded'), promptIndex: 1 } },
  ]);
  expect((await store.get(run.id))!.outcomes).toEqual({ [first!.key]: 'succeeded' });
  expect((await store.answer(run.id, first!, null))!.status).toBe('succeeded');
});

describe("a tracker's run list", () => {
  const queued = (tracker: RunState, minute: number) => ({ ...tracker, id: randomUUID(), requestToken: randomUUID(), createdAt: new Date(now.getTime() + minute * 60_000) });

  it('lists runs stored before it existed (built on first use), newest first, for their account only', async () => {
    const first = await runningRun();
    const older = queued(first, -5);
    await store.insertScheduled([{ ...older, scheduledFor: older.createdAt }]);
    expect(await store.listIdsForTracker(first.accountId, first.trackerId, 10)).toEqual([first.id, older.id]);
    expect(await store.listIdsForTracker(randomUUID(), first.trackerId, 10)).toEqual([]);
    expect(await store.listIdsForTracker(first.accountId, first.trackerId, 1)).toEqual([first.id]);
  });

  it('keeps every run listed at once by concurrent writers, and is gone with its tracker', async () => {
    const first = await runningRun();
    await store.listIdsForTracker(first.accountId, first.trackerId, 1); // the list exists from here on
    const runs = Array.from({ length: 12 }, (_, i) => queued(first, i + 1));
    await Promise.all(runs.map((run) => store.insertScheduled([{ ...run, scheduledFor: run.createdAt }]).then(() => store.list([run]))));
    expect(await store.listIdsForTracker(first.accountId, first.trackerId, 100)).toEqual([...runs.reverse().map((r) => r.id), first.id]);
    await store.deleteForTracker(first.trackerId);
    expect(await store.listIdsForTracker(first.accountId, first.trackerId, 100)).toEqual([]);
  });

  it('completes a list that adding a run created with the runs from before lists', async () => {
    const first = await runningRun(); // stored, never listed
    const later = queued(first, 5);
    await store.insertScheduled([{ ...later, scheduledFor: later.createdAt }]);
    await store.list([later]);
    expect(await store.listIdsForTracker(first.accountId, first.trackerId, 10)).toEqual([later.id, first.id]);
    expect(await store.listIdsForTracker(first.accountId, first.trackerId, 10)).toEqual([later.id, first.id]);
  });

  it('keeps the newest runs however many concurrent writers add past its trim', async () => {
    const first = await runningRun();
    await store.listIdsForTracker(first.accountId, first.trackerId, 1);
    const runs = Array.from({ length: RUN_LIST_TRIM_AT + 60 }, (_, i) => queued(first, i + 1));
    const batches = Array.from({ length: runs.length / 10 }, (_, i) => runs.slice(i * 10, i * 10 + 10));
    await Promise.all(batches.map((batch) => store.list(batch)));
    await store.list(runs.slice(-3)); // listed again: once
    const newest = runs.slice(-RUN_LIST_MAX).reverse().map((r) => r.id);
    expect(await store.listIdsForTracker(first.accountId, first.trackerId, RUN_LIST_MAX)).toEqual(newest);
    const stored = await db().collection<{ _id: string; runs: unknown[] }>('run_lists').findOne({ _id: first.trackerId });
    expect(stored!.runs.length).toBeLessThanOrEqual(RUN_LIST_TRIM_AT + 10);
    expect(stored!.runs.length).toBeLessThan(runs.length);
  });

  it('lists runs with one write per tracker, without reading the list', async () => {
    const client = await new MongoClient(process.env.TEST_MONGO_URL!, { monitorCommands: true }).connect();
    try {
      const monitored = new RunStore(client.db(db().databaseName));
      const first = await runningRun();
      await monitored.listIdsForTracker(first.accountId, first.trackerId, 1);
      const commands: string[] = [];
      client.on('commandStarted', (e) => commands.push(`${e.commandName} ${String(e.command[e.commandName])}`));
      const other = await runningRun();
      await monitored.list([queued(first, 1), queued(first, 2), queued(other, 1)]);
      expect(commands.sort()).toEqual(['update run_lists', 'update run_lists']);
    } finally {
      await client.close();
    }
  });
});
