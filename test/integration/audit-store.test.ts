// FerretDB 1.x drops a top-level field set to null from an upsert's $setOnInsert (MongoDB keeps it):
// an audit entry of a call that succeeded (errorCode null) is stored without the field on either,
// and reads back as the API's entry, null included.
import { randomBytes, randomUUID } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { AuditEntry, type AuditRecorded } from '@brandradar/contracts';
import { auditEntryOf } from '../../services/billing/src/domain/audit';
import { AuditStore } from '../../services/billing/src/store/audit';

let client: MongoClient;
let db: Db;
beforeAll(async () => {
  client = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
  db = client.db(`audit-store-${randomBytes(4).toString('hex')}`);
});
afterAll(async () => {
  await db.dropDatabase();
  await client.close();
});

const event = (accountId: string, errorCode: string | null): AuditRecorded => ({
  version: 1,
  eventId: randomUUID(),
  occurredAt: new Date().toISOString(),
  accountId,
  requestId: 'audit-store.null',
  actor: { kind: 'key', id: '3f9a1c2b7d4e', name: '__proto__ 🚀 $x' },
  action: 'createTracker',
  method: 'POST',
  target: {},
  status: errorCode ? 403 : 201,
  errorCode,
});

it('reads an entry stored without an error code back with errorCode null, which the API schema accepts', async () => {
  const store = new AuditStore(db);
  const accountId = randomUUID();
  await store.record(event(accountId, null));
  await store.record(event(accountId, 'insufficient_scope'));
  const raw = await db.collection('audit_entries').find({ accountId }).sort({ status: 1 }).toArray();
  // Stored the same way whichever store: a success has no errorCode field at all.
  expect(raw.map((r) => ({ status: r.status, has: 'errorCode' in r }))).toEqual([
    { status: 201, has: false },
    { status: 403, has: true },
  ]);
  const entries = (await store.page(accountId, 10, null)).map(auditEntryOf);
  expect(entries.map((e) => AuditEntry.parse(e).errorCode).sort()).toEqual(['insufficient_scope', null]);
});
