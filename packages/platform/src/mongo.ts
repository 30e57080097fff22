import type { EventEmitter } from 'node:events';
import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import {
  MongoBulkWriteError,
  MongoClient,
  type Collection,
  type CommandFailedEvent,
  type CommandStartedEvent,
  type CommandSucceededEvent,
  type CreateIndexesOptions,
  type Db,
  type Document,
  type Filter,
  type IndexSpecification,
  type OptionalUnlessRequiredId,
  type UpdateFilter,
} from 'mongodb';
import { tracer } from './tracing';

/** An index a service needs; created at start (and by the deploy-time provisioning job). */
export interface IndexSpec {
  collection: string;
  key: IndexSpecification;
  options?: CreateIndexesOptions & { name: string };
}

/**
 * A connected client. `operationTimeoutMs` bounds how long one command waits for its answer: the
 * driver closes the connection then and fails the command (driver 7 ignores `timeoutMS`, so it is
 * `socketTimeoutMS`, which only runs while a command waits, never on an idle connection).
 */
export async function connectMongo(url: string, appName: string, operationTimeoutMs: number): Promise<MongoClient> {
  // monitorCommands makes the client emit the command events traceMongoCommands turns into spans.
  const client = new MongoClient(url, { appName, serverSelectionTimeoutMS: 10_000, socketTimeoutMS: operationTimeoutMs, monitorCommands: true });
  traceMongoCommands(client);
  await client.connect();
  return client;
}

/** Connection upkeep and authentication, not the service's work: no spans. */
const UNTRACED = new Set(['hello', 'ismaster', 'ping', 'endsessions', 'saslstart', 'saslcontinue', 'authenticate', 'getnonce', 'buildinfo', 'killcursors']);

/**
 * Turns the driver's command monitoring into CLIENT spans `<command> <collection>`
 * (`find trackers`), so a trace continues from a handler's span into Mongo.
 *
 * The driver emits `commandStarted` synchronously from the operation's own
 * async call chain (also after waiting for a pooled connection), so
 * `context.active()` there is the caller's context; the telemetry integration
 * test checks this for concurrent commands on a one-connection pool.
 * Commands outside any span (outbox sweeps, index creation at start) make no
 * span, or every timer tick would start a trace of its own.
 *
 * Attributes name the database, collection, operation and server only: never
 * filters, documents or error messages, which carry customer data.
 */
export function traceMongoCommands(client: EventEmitter): void {
  const open = new Map<string, Span>();
  const key = (e: { requestId: number; connectionId?: string | number }) => `${e.connectionId ?? ''}:${e.requestId}`;

  client.on('commandStarted', (e: CommandStartedEvent) => {
    const parent = context.active();
    if (UNTRACED.has(e.commandName.toLowerCase()) || !trace.getSpan(parent)) return;
    const collection = collectionOf(e);
    const [host, port] = splitAddress(e.address);
    const span = tracer.startSpan(
      collection ? `${e.commandName} ${collection}` : e.commandName,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'mongodb',
          'db.system': 'mongodb', // the name before semantic conventions 1.26, for older backends
          'db.namespace': e.databaseName,
          'db.operation.name': e.commandName,
          ...(collection ? { 'db.collection.name': collection } : {}),
          'server.address': host,
          ...(port ? { 'server.port': port } : {}),
        },
      },
      parent,
    );
    open.set(key(e), span);
  });

  client.on('commandSucceeded', (e: CommandSucceededEvent) => {
    const span = open.get(key(e));
    if (!span) return;
    open.delete(key(e));
    span.end();
  });

  client.on('commandFailed', (e: CommandFailedEvent) => {
    const span = open.get(key(e));
    if (!span) return;
    open.delete(key(e));
    // The code and its name only: a server's message can quote the document (a duplicate key's value).
    const { code, codeName } = e.failure as { code?: unknown; codeName?: unknown };
    if (typeof code === 'number' || typeof code === 'string') span.setAttribute('db.response.status_code', String(code));
    const errorType = typeof codeName === 'string' ? codeName : e.failure.name;
    span.setAttribute('error.type', errorType);
    span.setStatus({ code: SpanStatusCode.ERROR, message: errorType });
    span.end();
  });
}

/** The collection a command works on: the value of its first field (`{find: 'trackers', …}`), or `collection` for getMore. */
function collectionOf(e: CommandStartedEvent): string | undefined {
  const target: unknown = e.commandName === 'getMore' ? e.command.collection : e.command[e.commandName];
  return typeof target === 'string' ? target : undefined;
}

/** `host:port` or `[v6::addr]:port`. */
function splitAddress(address: string): [string, number | undefined] {
  const m = /^\[?(.*?)\]?(?::(\d+))?$/.exec(address);
  return m?.[2] ? [m[1]!, Number(m[2])] : [address, undefined];
}

export async function ensureIndexes(db: Db, indexes: readonly IndexSpec[]): Promise<void> {
  for (const ix of indexes) await db.collection(ix.collection).createIndex(ix.key, ix.options);
}

/** Duplicate-key errors, as MongoDB and FerretDB report them. */
export function isDuplicateKeyError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 11000;
}

/** Inserts `doc`; false when a unique index refused it as a duplicate (a retry of the same insert, or a race lost). */
export async function insertIfNew<T extends Document>(collection: Collection<T>, doc: OptionalUnlessRequiredId<T>): Promise<boolean> {
  try {
    await collection.insertOne(doc);
    return true;
  } catch (e) {
    if (isDuplicateKeyError(e)) return false;
    throw e;
  }
}

/**
 * Inserts `docs` in one command, each on its own (`ordered: false`), and tells for each whether it
 * went in: `false` where a unique index refused it as a duplicate. Any other failure is thrown.
 */
export async function insertEach<T extends Document>(collection: Collection<T>, docs: OptionalUnlessRequiredId<T>[]): Promise<boolean[]> {
  const inserted = docs.map(() => true);
  try {
    await collection.insertMany(docs, { ordered: false });
  } catch (e) {
    if (!(e instanceof MongoBulkWriteError)) throw e;
    const errors = [e.writeErrors].flat();
    if (errors.length === 0 || errors.some((w) => w.code !== 11000)) throw e;
    for (const w of errors) inserted[w.index] = false;
  }
  return inserted;
}

/**
 * Applies each update to the one document its filter names by `_id`, all in one command, each on
 * its own (`ordered: false`). Each goes as an `updateMany`, which on a unique `_id` changes the
 * same single document: FerretDB v1 keeps the read of every `updateOne` that matched open until
 * the whole command ends, one PostgreSQL connection each, so a command of 50 such updates waits
 * for ever on its pool of 50; an `updateMany`'s read runs to its end and lets go at once.
 */
export async function updateEach<T extends Document>(collection: Collection<T>, updates: { filter: Filter<T> & { _id: unknown }; update: UpdateFilter<T> }[]): Promise<void> {
  if (updates.length === 0) return;
  await collection.bulkWrite(updates.map(({ filter, update }) => ({ updateMany: { filter, update } })), { ordered: false });
}
