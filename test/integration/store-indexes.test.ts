import { randomBytes } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { provisionServiceUser, psql, sqlLiteral, type PostgresAccess } from '@brandradar/devstack';
import { ensureIndexes, outboxIndex } from '@brandradar/platform';
import { runIndexes } from '../../services/runner/src/store/runs';
import { trackerIndexes } from '../../services/tracker/src/store/trackers';
import { eventually } from '../support/eventually';

// FerretDB v1 on PostgreSQL filters equality as `_jsonb->'field' @> value`, which its own B-tree
// indexes cannot serve; the local store gives each of them a GIN twin. FerretDB's `explain` returns
// PostgreSQL's plan, so this checks that a find by `_id` or by an indexed field reads an index, for
// a collection a service user (as under `npm start`) made. Needs the PostgreSQL store (the default).
const run = randomBytes(4).toString('hex');
const db = `indexes-${run}`;
let client: MongoClient;
let pg: PostgresAccess;

beforeAll(async () => {
  if (!process.env.TEST_POSTGRES) throw new Error('this file needs the PostgreSQL store (LOCAL_STORE unset or postgresql)');
  pg = JSON.parse(process.env.TEST_POSTGRES) as PostgresAccess;
  const url = await provisionServiceUser(pg, process.env.TEST_MONGO_URL!, { db, user: `indexes-${run}`, password: randomBytes(12).toString('hex') });
  client = await new MongoClient(url, { serverSelectionTimeoutMS: 5_000 }).connect();
  const runs = client.db(db).collection<{ _id: string; dedupeKey: string; accountId: string; hasPendingEvents: boolean }>('runs');
  await runs.createIndex({ dedupeKey: 1 }, { unique: true });
  await ensureIndexes(client.db(db), [outboxIndex('runs')]);
  await runs.insertMany(Array.from({ length: 3_000 }, (_, i) => ({ _id: `run-${i}`, dedupeKey: `key-${i}`, accountId: `account-${i % 50}`, hasPendingEvents: i === 1234 })));
});
afterAll(() => client.close());

/** Every node type of a PostgreSQL plan (JSON format), outermost first. */
function nodeTypes(plan: { 'Node Type': string; Plans?: unknown[] }): string[] {
  return [plan['Node Type'], ...(plan.Plans ?? []).flatMap((p) => nodeTypes(p as typeof plan))];
}

async function planOf(filter: Record<string, string | boolean | null>, collection = 'runs', database = client.db(db)): Promise<string[]> {
  const explained = await database.command({ explain: { find: collection, filter } });
  return nodeTypes(explained.queryPlanner.Plan);
}

it.each([
  ['_id', { _id: 'run-1234' }],
  ['an indexed field', { dedupeKey: 'key-1234' }],
  ["the outbox sweep's flag", { hasPendingEvents: true }],
])('finds by %s with an index scan, never reading the whole table', async (_what, filter) => {
  const plan = await planOf(filter);
  expect(plan).toContain('Bitmap Index Scan');
  expect(plan).not.toContain('Seq Scan');
  expect(await client.db(db).collection<{ _id: string }>('runs').countDocuments(filter)).toBe(1);
});

// FerretDB prepares each statement once per connection, with the field names as parameters; a
// generic plan (PostgreSQL's choice after five runs) cannot match `_jsonb->'field'` indexes. The
// store forces custom plans, so a compare-and-swap filter run again and again stays an index scan.
it('keeps using the index for a compare-and-swap filter run many times over one connection, on a table that grew meanwhile', async () => {
  const docs = client.db(db).collection<{ _id: string; rev: number }>('swapped');
  const scans = async () => {
    const out = await psql(pg, `SELECT coalesce(sum(idx_scan), 0) FROM pg_stat_user_tables WHERE schemaname = ${sqlLiteral(db)} AND relname LIKE 'swapped\\_%'`);
    return Number(out.trim());
  };
  // While the table is small, a plan that reads it all is as cheap as any: the statement is planned then.
  await docs.insertOne({ _id: 'doc-0', rev: 0 });
  for (let i = 0; i < 10; i++) await docs.findOne({ _id: 'doc-0', rev: 0 });
  await docs.insertMany(Array.from({ length: 3_000 }, (_, i) => ({ _id: `doc-${i + 1}`, rev: 0 })));
  for (let i = 0; i < 20; i++) expect(await docs.findOne({ _id: `doc-${i}`, rev: 0 })).not.toBeNull();
  // Each of those 20 finds read the index. A PostgreSQL backend publishes its statistics at the end
  // of a statement at least a second after its last report, or else only after 10 s idle: a read of
  // another table (it counts no scan of this one) over the same connections makes them report.
  const others = client.db(db).collection<{ _id: string }>('runs');
  await eventually(async () => (await others.findOne({ _id: 'run-0' }), scans()), (indexScans) => indexScans >= 20, 30_000, 200);
});

/** The PostgreSQL table behind one of this file's collections. */
async function tableOf(collection: string): Promise<string> {
  return (await psql(pg, `SELECT format('%I.%I', schemaname, relname) FROM pg_stat_user_tables WHERE schemaname = ${sqlLiteral(db)} AND relname LIKE ${sqlLiteral(`${collection}\\_%`)}`)).trim();
}

/** The buffers PostgreSQL touches to find one document by `_id` the way FerretDB asks. */
async function blocksToFind(table: string, id: string): Promise<number> {
  const explained = await psql(pg, `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT _jsonb FROM ${table} WHERE _jsonb->'_id' @> ${sqlLiteral(JSON.stringify(id))}`);
  const plan = (JSON.parse(explained) as [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number; 'Actual Rows': number } }])[0].Plan;
  expect(plan['Actual Rows']).toBe(1);
  return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
}

// A GIN index's "fast update" keeps new entries in an unsorted pending list that every search reads
// whole until a vacuum merges it: a find by `_id` right after thousands of inserts read all of them
// (2.8 ms per tracker advance among 10,000 seeded trackers). The twins are made without one.
it('finds by _id reading a few index pages right after thousands of inserts (no pending list to read)', async () => {
  expect(await blocksToFind(await tableOf('runs'), 'run-2999')).toBeLessThan(8);
});

it("turns off the pending list of an older cluster's twins at start, merging what it holds", async () => {
  const older = client.db(db).collection<{ _id: string }>('older');
  await older.insertOne({ _id: 'doc-first' });
  const table = await tableOf('older');
  const ginOfTable = `FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam WHERE am.amname = 'gin' AND i.indrelid = '${table}'::regclass`;
  // As an older version made it: with fast update on.
  await psql(pg, `SELECT format('ALTER INDEX %s SET (fastupdate = on)', i.indexrelid::regclass) ${ginOfTable}\\gexec`);
  await older.insertMany(Array.from({ length: 3_000 }, (_, i) => ({ _id: `doc-${i}` })));
  expect(await blocksToFind(table, 'doc-2999')).toBeGreaterThanOrEqual(8);

  // The line the store runs at every start, for this table.
  await psql(pg, `SELECT count(public.brandradar_equality_index(i.indexrelid)) FROM pg_index i WHERE i.indrelid = '${table}'::regclass`);
  expect(await blocksToFind(table, 'doc-2999')).toBeLessThan(8);
  expect((await psql(pg, `SELECT string_agg(array_to_string(c.reloptions, ','), ';') ${ginOfTable}`)).trim()).toBe('fastupdate=off');
});

it('still reads the whole table for a field without an index (nothing is twinned but indexes)', async () => {
  expect(await planOf({ accountId: 'account-7' })).toContain('Seq Scan');
});

// The reads behind the tracker list, the report and a run, and the outbox sweep, with the services'
// own indexes: each is answered by an index however many other accounts' documents the store holds.
describe("the services' hot paths", () => {
  let admin: MongoClient;
  let hot: Db;
  beforeAll(async () => {
    admin = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
    hot = admin.db(`hot-paths-${run}`);
    await ensureIndexes(hot, [...trackerIndexes, ...runIndexes]);
    const n = 3_000;
    const outbox = { pendingEvents: [], hasPendingEvents: false, rev: 0 };
    await hot.collection('trackers').insertMany(Array.from({ length: n }, (_, i) => ({ _id: `tracker-${i}`, accountId: `account-${i}`, slot: 0, deletedAt: null, ...outbox })) as never[]);
    await hot.collection('runs').insertMany(Array.from({ length: n }, (_, i) => ({ _id: `run-${i}`, accountId: `account-${i}`, trackerId: `tracker-${i}`, dedupeKey: `key-${i}`, slot: `run-${i}`, slotHolder: i % 2 ? null : `account-${i}`, ...outbox })) as never[]);
    await hot.collection('run_lists').insertMany(Array.from({ length: n }, (_, i) => ({ _id: `tracker-${i}`, accountId: `account-${i}`, runs: [], complete: true })) as never[]);
    await hot.collection('answers').insertMany(Array.from({ length: n }, (_, i) => ({ _id: `run-${i}:0:chatgpt`, runId: `run-${i}`, trackerId: `tracker-${i}` })) as never[]);
  });
  afterAll(() => admin.close());

  it.each([
    ['trackers', 'a list of trackers', { accountId: 'account-7', deletedAt: null }],
    ['trackers', 'a tracker', { _id: 'tracker-7', accountId: 'account-7', deletedAt: null }],
    ['trackers', 'the outbox sweep', { hasPendingEvents: true }],
    ['run_lists', "a tracker's newest run ids", { _id: 'tracker-7' }],
    ['runs', "a tracker's runs, read once to build its run list", { trackerId: 'tracker-7' }],
    ['runs', 'a run', { _id: 'run-7' }],
    ['runs', "a manual run's request token (a replay, or a slot taken)", { dedupeKey: 'key-7' }],
    ['runs', "the manual slots an account's runs hold", { slotHolder: 'account-8' }],
    ['answers', "a run's answers", { runId: 'run-7' }],
  ])('%s: %s is an index scan', async (collection, _what, filter) => {
    const plan = await planOf(filter, collection, hot);
    expect(plan).toContain('Bitmap Index Scan');
    expect(plan).not.toContain('Seq Scan');
  });
});
