import { DEFAULT_RATES, TrackerQueries } from '@brandradar/contracts';
import { query, startService, type NatsLink, type RunningService } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { connectAs, startStack, type TestStack } from '../support/stack';

// Issue 16: each tracker replica keeps pages of each account's list; every write drops them on
// every replica before the write's reply. Two replicas share the queries (`stack`'s and `replicaB`),
// with a time to live of an hour, so only an invalidation can make a list change here.
let stack: TestStack;
let replicaB: RunningService;
let scheduler: NatsLink;

beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService], { LIST_CACHE_TTL_MS: '3600000' });
  replicaB = await startService(trackerService, stack.serviceEnv('tracker'));
  scheduler = await connectAs(stack.nats, 'list-cache-test-scheduler', 'scheduler');
});
afterAll(async () => {
  await scheduler.nc.close();
  await replicaB.stop();
  await stack.stop();
});

interface Listed {
  id: string;
  name: string;
  status: string;
  nextRunAt: string | null;
  lastRunAt: string | null;
  pauseReason: string | null;
  estimatedCostMicroPerRun: number;
}

const replicas = (): RunningService[] => [stack.running.get('tracker')!, replicaB];

/** One replica's `tracker_list_cache_lookups_total` by result, from its ops port. */
async function lookups(service: RunningService): Promise<Record<'hit' | 'miss' | 'shared', number>> {
  const text = await (await fetch(`http://127.0.0.1:${service.opsPort}/metrics`)).text();
  const count = (result: string) => Number(text.split('\n').find((l) => l.startsWith(`tracker_list_cache_lookups_total{result="${result}"`))?.split(' ').pop() ?? 0);
  return { hit: count('hit'), miss: count('miss'), shared: count('shared') };
}
const answered = async () => Promise.all(replicas().map(async (r) => Object.values(await lookups(r)).reduce((a, b) => a + b, 0)));

async function list(key: string): Promise<Listed[]> {
  const res = await stack.api('GET', '/api/v1/trackers?limit=25', { key });
  expect(res.status).toBe(200);
  return res.body.trackers;
}

/**
 * Lists one at a time until each replica has answered at least once, checking every answer. The
 * replica that answered is told by its lookup counters (nothing else lists meanwhile).
 */
async function listedOnBoth(key: string, check: (trackers: Listed[]) => void): Promise<void> {
  const seen = [false, false];
  for (let i = 0; i < 100 && !seen.every(Boolean); i++) {
    const before = await answered();
    check(await list(key));
    const after = await answered();
    after.forEach((n, r) => (seen[r] ||= n > before[r]!));
  }
  expect(seen).toEqual([true, true]);
}

/** Lists until both replicas have answered from their caches: each holds the account's page now. */
async function cachedOnBoth(key: string): Promise<void> {
  const hits = await Promise.all(replicas().map(async (r) => (await lookups(r)).hit));
  await eventually(
    async () => {
      await list(key);
      return Promise.all(replicas().map(async (r, i) => (await lookups(r)).hit > hits[i]!));
    },
    (cached) => cached.every(Boolean),
  );
}

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
const definition = (name: string) => ({ name, cadence, primitive: 'sentiment', prompts: ['is acme good?'], brand: 'Acme', models: ['chatgpt'] });
const find = (trackers: Listed[], id: string) => trackers.find((t) => t.id === id);

async function create(key: string, name: string): Promise<Listed> {
  const res = await stack.api('POST', '/api/v1/trackers', { key, body: definition(name) });
  expect(res.status).toBe(201);
  return res.body.tracker;
}
async function activate(key: string, t: Listed): Promise<Listed> {
  const res = await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
  expect(res.status).toBe(200);
  return res.body.tracker;
}

it('shows every write of the public API in the next list, on both replicas', async () => {
  const { apiKey: key } = await stack.account();
  await cachedOnBoth(key);

  const t = await create(key, 'Created');
  await listedOnBoth(key, (ts) => expect(find(ts, t.id)).toMatchObject({ name: 'Created', status: 'DRAFT' }));
  await cachedOnBoth(key);

  const renamed = await stack.api('PATCH', `/api/v1/trackers/${t.id}`, { key, body: definition('Renamed') });
  expect(renamed.status).toBe(200);
  await listedOnBoth(key, (ts) => expect(find(ts, t.id)).toMatchObject({ name: 'Renamed' }));
  await cachedOnBoth(key);

  const active = await activate(key, renamed.body.tracker);
  await listedOnBoth(key, (ts) => expect(find(ts, t.id)).toMatchObject({ status: 'ACTIVE', nextRunAt: active.nextRunAt }));
  await cachedOnBoth(key);

  expect((await stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key })).status).toBe(200);
  await listedOnBoth(key, (ts) => expect(find(ts, t.id)).toMatchObject({ status: 'PAUSED', nextRunAt: null }));
  await cachedOnBoth(key);

  expect((await stack.api('DELETE', `/api/v1/trackers/${t.id}`, { key })).status).toBe(204);
  await listedOnBoth(key, (ts) => expect(find(ts, t.id)).toBeUndefined());
});

it("shows the scheduler's and the runner's writes (schedule advanced, auto-pause, a run queued) in the next list", async () => {
  const { accountId, apiKey: key } = await stack.account();
  const t = await activate(key, await create(key, 'Scheduled'));
  await cachedOnBoth(key);

  const nextRunAt = new Date(Date.parse(t.nextRunAt!) + 7 * 86_400_000).toISOString();
  const advanced = await query(scheduler, TrackerQueries.advanceSchedules, { version: 1, schedules: [{ accountId, trackerId: t.id, scheduledFor: t.nextRunAt!, nextRunAt }] });
  expect(advanced.gone).toEqual([]);
  await listedOnBoth(key, (ts) => expect(find(ts, t.id)).toMatchObject({ nextRunAt }));
  await cachedOnBoth(key);

  // A run queued by hand: the runner announces it, and the tracker service records its time.
  const queued = await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key, body: { requestToken: 'list-cache-run' } });
  expect(queued.status).toBe(202);
  await eventually(() => list(key), (ts) => find(ts, t.id)?.lastRunAt === queued.body.run.createdAt);
  await listedOnBoth(key, (ts) => expect(find(ts, t.id)).toMatchObject({ lastRunAt: queued.body.run.createdAt }));
  await cachedOnBoth(key);

  await query(scheduler, TrackerQueries.autoPause, { version: 1, accountId, trackerId: t.id, reason: 'insufficient_credits' });
  await listedOnBoth(key, (ts) => expect(find(ts, t.id)).toMatchObject({ status: 'PAUSED', pauseReason: 'insufficient_credits' }));
});

it("advances a batch of schedules across accounts, answers for trackers paused or gone, and changes nothing when the batch is retried", async () => {
  const [a, b] = [await stack.account(), await stack.account()];
  const [a1, a2, b1] = [await activate(a.apiKey, await create(a.apiKey, 'A1')), await activate(a.apiKey, await create(a.apiKey, 'A2')), await activate(b.apiKey, await create(b.apiKey, 'B1'))];
  const gone = await activate(b.apiKey, await create(b.apiKey, 'Gone'));
  const paused = await activate(b.apiKey, await create(b.apiKey, 'Paused'));
  for (const t of [gone, paused]) expect((await stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key: b.apiKey })).status).toBe(200);
  expect((await stack.api('DELETE', `/api/v1/trackers/${gone.id}`, { key: b.apiKey })).status).toBe(204);
  await cachedOnBoth(a.apiKey);
  await cachedOnBoth(b.apiKey);

  const week = (t: Listed) => new Date(Date.parse(t.nextRunAt!) + 7 * 86_400_000).toISOString();
  const schedule = (accountId: string, t: Listed) => ({ accountId, trackerId: t.id, scheduledFor: t.nextRunAt!, nextRunAt: week(t) });
  const all = [schedule(a.accountId, a1), schedule(a.accountId, a2), schedule(b.accountId, b1)];
  expect((await query(scheduler, TrackerQueries.advanceSchedules, { version: 1, schedules: all })).gone).toEqual([]);
  await listedOnBoth(a.apiKey, (ts) => expect([find(ts, a1.id)?.nextRunAt, find(ts, a2.id)?.nextRunAt]).toEqual([week(a1), week(a2)]));
  await listedOnBoth(b.apiKey, (ts) => expect(find(ts, b1.id)).toMatchObject({ nextRunAt: week(b1), lastRunAt: expect.any(String) }));

  // Retried (a reply lost), now with trackers paused and gone since: no schedule moves twice.
  const retried = await query(scheduler, TrackerQueries.advanceSchedules, { version: 1, schedules: [...all, schedule(b.accountId, gone), { ...schedule(b.accountId, paused), scheduledFor: paused.nextRunAt! }] });
  expect(retried.gone).toEqual([gone.id]);
  await listedOnBoth(b.apiKey, (ts) => {
    expect(find(ts, b1.id)).toMatchObject({ status: 'ACTIVE', nextRunAt: week(b1) });
    expect(find(ts, paused.id)).toMatchObject({ status: 'PAUSED', nextRunAt: null, lastRunAt: expect.any(String) });
    expect(find(ts, gone.id)).toBeUndefined();
  });
  await listedOnBoth(a.apiKey, (ts) => expect([find(ts, a1.id)?.nextRunAt, find(ts, a2.id)?.nextRunAt]).toEqual([week(a1), week(a2)]));
});

it("shows billing's changes (account closed, new rates) once the tracker service has acted on them", async () => {
  const { accountId, apiKey: key } = await stack.account();
  const t = await activate(key, await create(key, 'Billed'));
  await cachedOnBoth(key);

  // Dearer rates: the estimate goes up, past the accepted maximum, so the tracker pauses too.
  expect((await stack.admin('PUT', '/admin/v1/rates', { ...DEFAULT_RATES, surfaces: { ...DEFAULT_RATES.surfaces, chatgpt: 7_000 } })).status).toBe(200);
  try {
    await eventually(() => list(key), (ts) => find(ts, t.id)?.estimatedCostMicroPerRun !== t.estimatedCostMicroPerRun);
    await listedOnBoth(key, (ts) => expect(find(ts, t.id)).toMatchObject({ estimatedCostMicroPerRun: t.estimatedCostMicroPerRun + 2_000, status: 'PAUSED', pauseReason: 'cost_above_maximum' }));
  } finally {
    await stack.admin('PUT', '/admin/v1/rates', DEFAULT_RATES);
  }
  await eventually(() => list(key), (ts) => find(ts, t.id)?.estimatedCostMicroPerRun === t.estimatedCostMicroPerRun);
  const other = await activate(key, await create(key, 'Closed'));
  await cachedOnBoth(key);

  expect((await stack.admin('POST', `/admin/v1/accounts/${accountId}/close`)).status).toBe(200);
  await eventually(() => list(key), (ts) => find(ts, other.id)?.status === 'PAUSED');
  await listedOnBoth(key, (ts) => expect(find(ts, other.id)).toMatchObject({ status: 'PAUSED', pauseReason: 'account_closed' }));
});

// The race itself (a read under way when the write lands, finishing after the invalidation) cannot
// be forced from outside here: the local store runs one command at a time per database, so a read
// begun before a write always comes back before it. packages/platform/src/grouped-cache.test.ts forces that interleaving.
it('shows each rename in the next list after bursts of lists around it, on both replicas', async () => {
  const { apiKey: key } = await stack.account();
  const t = await create(key, 'Round 0');
  for (let round = 1; round <= 5; round++) {
    const lists = Array.from({ length: 20 }, () => list(key));
    const renamed = await stack.api('PATCH', `/api/v1/trackers/${t.id}`, { key, body: definition(`Round ${round}`) });
    expect(renamed.status).toBe(200);
    const more = Array.from({ length: 20 }, () => list(key));
    await Promise.all([...lists, ...more]);
    await listedOnBoth(key, (ts) => expect(find(ts, t.id)!.name).toBe(`Round ${round}`));
  }
});

it('lists hostile names exactly, and their changes; refuses a name of 200 characters', async () => {
  const { apiKey: key } = await stack.account();
  const names = ['monday.com', '$x', '__proto__', 'constructor', '🚀 Brand ✨', 'x'.repeat(100)];
  const created: Listed[] = [];
  for (const name of names) created.push(await create(key, name));
  await cachedOnBoth(key);
  // Longer than a name may be (100 characters): refused, and the list stays as it was.
  const tooLong = await stack.api('POST', '/api/v1/trackers', { key, body: definition('x'.repeat(200)) });
  expect([tooLong.status, tooLong.body.error.code]).toEqual([400, 'validation_error']);
  await listedOnBoth(key, (ts) => expect(ts.map((t) => t.name).sort()).toEqual([...names].sort()));
  await cachedOnBoth(key);

  expect((await stack.api('PATCH', `/api/v1/trackers/${created[0]!.id}`, { key, body: definition('$set') })).status).toBe(200);
  await listedOnBoth(key, (ts) => expect(find(ts, created[0]!.id)!.name).toBe('$set'));
  // Another account with the same names sees only its own trackers.
  const other = await stack.account();
  await create(other.apiKey, '__proto__');
  expect((await list(other.apiKey)).map((t) => t.name)).toEqual(['__proto__']);
  expect(await list(key)).toHaveLength(names.length);
});

it('forgets every page after a NATS reconnect (notices sent meanwhile were missed)', async () => {
  const { apiKey: key } = await stack.account();
  await create(key, 'Reconnected');
  await cachedOnBoth(key);
  const ready = () => Promise.all([...replicas(), stack.running.get('gateway')!].map((s) => fetch(`http://127.0.0.1:${s.opsPort}/readyz`).then((r) => r.status)));

  await stack.nats.kill();
  await eventually(ready, (s) => s.every((status) => status === 503));
  await stack.nats.restart();
  await eventually(ready, (s) => s.every((status) => status === 200));

  const misses = await Promise.all(replicas().map(async (r) => (await lookups(r)).miss));
  await listedOnBoth(key, (ts) => expect(ts.map((t) => t.name)).toEqual(['Reconnected']));
  expect(await Promise.all(replicas().map(async (r, i) => (await lookups(r)).miss > misses[i]!))).toEqual([true, true]);
});
