import { EventEmitter } from 'node:events';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { traceMongoCommands } from './mongo';
import { inSpan } from './tracing';

const exporter = new tracing.InMemorySpanExporter();
const sdk = new NodeSDK({ serviceName: 'mongo-test', spanProcessors: [new tracing.SimpleSpanProcessor(exporter)], logRecordProcessors: [] });
beforeAll(() => sdk.start());
afterAll(() => sdk.shutdown());
beforeEach(() => exporter.reset());

/** Events shaped like the driver's (only the fields the tracer reads). */
function driver() {
  const client = new EventEmitter();
  traceMongoCommands(client);
  let requestId = 0;
  return {
    start(commandName: string, command: Record<string, unknown>, address = '127.0.0.1:27017') {
      const ids = { requestId: ++requestId, connectionId: 3, address };
      client.emit('commandStarted', { ...ids, commandName, databaseName: 'brandradar-tracker', command });
      return {
        succeed: () => client.emit('commandSucceeded', { ...ids, commandName }),
        fail: (failure: Error) => client.emit('commandFailed', { ...ids, commandName, failure }),
      };
    },
  };
}

describe('traceMongoCommands', () => {
  it('makes a CLIENT span `<command> <collection>` under the span active when the command starts', async () => {
    const d = driver();
    const parent = await inSpan('handler', { kind: SpanKind.SERVER }, async (span) => {
      d.start('find', { find: 'trackers', filter: { accountId: 'acct-secret' } }).succeed();
      return span;
    });
    const [mongo] = exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.CLIENT);
    expect(mongo?.name).toBe('find trackers');
    expect(mongo?.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(mongo?.attributes).toEqual({
      'db.system.name': 'mongodb',
      'db.system': 'mongodb',
      'db.namespace': 'brandradar-tracker',
      'db.operation.name': 'find',
      'db.collection.name': 'trackers',
      'server.address': '127.0.0.1',
      'server.port': 27017,
    });
    expect(JSON.stringify(mongo?.attributes)).not.toContain('acct-secret');
  });

  it('names getMore by its collection and reads IPv6 addresses', async () => {
    const d = driver();
    await inSpan('handler', { kind: SpanKind.SERVER }, async () => d.start('getMore', { getMore: 42, collection: 'runs' }, '[::1]:27018').succeed());
    const mongo = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.CLIENT);
    expect(mongo?.name).toBe('getMore runs');
    expect(mongo?.attributes).toMatchObject({ 'server.address': '::1', 'server.port': 27018 });
  });

  it('ends a failed command with status ERROR and the error code, never the server message', async () => {
    const d = driver();
    const duplicate = Object.assign(new Error('E11000 duplicate key error dup key: { _id: "credit:acct-secret:ref" }'), { code: 11000, codeName: 'DuplicateKey' });
    await inSpan('handler', { kind: SpanKind.SERVER }, async () => d.start('insert', { insert: 'ledger' }).fail(duplicate));
    const mongo = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.CLIENT);
    expect(mongo?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'DuplicateKey' });
    expect(mongo?.attributes).toMatchObject({ 'db.response.status_code': '11000', 'error.type': 'DuplicateKey' });
    expect(JSON.stringify([mongo?.attributes, mongo?.status, mongo?.events])).not.toContain('acct-secret');
  });

  it('makes no span for connection upkeep, nor outside any span', async () => {
    const d = driver();
    d.start('find', { find: 'trackers' }).succeed(); // an outbox sweep's timer: no active span
    await inSpan('handler', { kind: SpanKind.SERVER }, async () => {
      for (const name of ['hello', 'isMaster', 'ping', 'endSessions', 'saslStart']) d.start(name, { [name]: 1 }).succeed();
    });
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['handler']);
  });
});
