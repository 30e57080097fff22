import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { connect, type NatsConnection } from 'nats';
import { EVENTS, PROVISION_USER, STREAMS } from '@brandradar/contracts';
import { freePort, type NatsServer } from '@brandradar/devstack';
import { baseConfigSchema, loadConfig, mongoConfigSchema, natsServers, startService, type ServiceDefinition } from '@brandradar/platform';
import { trackerService } from '../../services/tracker/src/service';
import { HARNESS_USER, natsUserEnv, startTestNats } from '../support/stack';

/**
 * PROVISION_ONLY=true, the mode the Helm pre-install/pre-upgrade Job runs each service's image
 * in: it connects, creates the Mongo indexes, every stream and the service's own consumers,
 * closes everything and returns without starting handlers or the ops port.
 */
let nats: NatsServer;
let nc: NatsConnection;
let mongo: MongoClient;
const id = randomBytes(4).toString('hex');

beforeAll(async () => {
  nats = await startTestNats('provision');
  nc = await connect({ servers: natsServers(nats.url), user: HARNESS_USER, pass: nats.credentials(HARNESS_USER).password });
  mongo = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
});
afterAll(async () => {
  await nc?.close();
  await mongo?.close();
  await nats?.stop();
});

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });
}

const [stream] = Object.values(STREAMS);
const streamEvent = EVENTS.find((e) => e.stream.name === stream!.name)!;

describe('startService with PROVISION_ONLY=true', () => {
  it('creates indexes, streams and consumers, then closes everything without serving', async () => {
    const started = jest.fn(async () => undefined);
    const def: ServiceDefinition<any> = {
      name: 'provtest',
      configSchema: baseConfigSchema.extend(mongoConfigSchema.shape),
      database: { indexes: [{ collection: 'things', key: { key: 1 }, options: { name: 'key_unique', unique: true } }] },
      consumers: () => [{ stream: stream!, durable: 'provtest', events: [streamEvent], ackWaitMs: 30_000, maxDeliver: 5 }],
      start: started,
    };
    const opsPort = await freePort();
    const service = await startService(def, {
      NATS_URL: nats.url,
      ...natsUserEnv(nats, PROVISION_USER),
      MONGO_URL: process.env.TEST_MONGO_URL,
      MONGO_DB: `t${id}-provtest`,
      OPS_PORT: String(opsPort),
      LOG_LEVEL: 'silent',
      PROVISION_ONLY: 'true',
    });

    expect(service.provisionOnly).toBe(true);
    expect(started).not.toHaveBeenCalled();
    expect(await refused(opsPort)).toBe(true);

    const jsm = await nc.jetstreamManager();
    for (const s of Object.values(STREAMS)) expect((await jsm.streams.info(s.name)).config.name).toBe(s.name);
    const consumer = await jsm.consumers.info(stream!.name, 'provtest');
    expect(consumer.config.filter_subjects ?? [consumer.config.filter_subject]).toEqual([streamEvent.subject]);

    const indexes = await mongo.db(`t${id}-provtest`).collection('things').indexes();
    expect(indexes.map((i) => i.name)).toContain('key_unique');

    await service.stop(); // already stopped: a no-op
  });

  it('provisions a real service (tracker) with the consumers and indexes it declares, and is idempotent', async () => {
    const env = { NATS_URL: nats.url, ...natsUserEnv(nats, PROVISION_USER), MONGO_URL: process.env.TEST_MONGO_URL, MONGO_DB: `t${id}-tracker`, OPS_PORT: String(await freePort()), LOG_LEVEL: 'silent', PROVISION_ONLY: 'true' };
    for (let i = 0; i < 2; i++) {
      const service = await startService(trackerService, env);
      expect(service.provisionOnly).toBe(true);
      expect(await refused(Number(env.OPS_PORT))).toBe(true);
    }
    const config = loadConfig('tracker', trackerService.configSchema, env);
    const jsm = await nc.jetstreamManager();
    for (const c of trackerService.consumers?.(config) ?? []) expect((await jsm.consumers.info(c.stream.name, c.durable)).name).toBe(c.durable);
    const expected = (trackerService.database?.indexes ?? []).filter((ix) => ix.options?.name).map((ix) => ix.options!.name);
    const names = new Set<string>();
    for (const collection of new Set((trackerService.database?.indexes ?? []).map((ix) => ix.collection))) {
      for (const ix of await mongo.db(`t${id}-tracker`).collection(collection).indexes()) names.add(ix.name!);
    }
    for (const name of expected) expect(names).toContain(name);
  });

  it('is off unless set, and refuses a value that is not a boolean', () => {
    const base = { NATS_URL: 'nats://x:4222', NATS_USER: 'svc', NATS_PASSWORD: 'secret' };
    expect(loadConfig('svc', baseConfigSchema, base).PROVISION_ONLY).toBe(false);
    expect(loadConfig('svc', baseConfigSchema, { ...base, PROVISION_ONLY: 'false' }).PROVISION_ONLY).toBe(false);
    expect(() => loadConfig('svc', baseConfigSchema, { ...base, PROVISION_ONLY: 'yes' })).toThrow(/PROVISION_ONLY/);
  });
});
