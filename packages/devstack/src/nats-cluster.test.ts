import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { NatsUser } from '@brandradar/contracts';
import { connectNats, createLogger, ensureStream, type NatsLink } from '@brandradar/platform';
import { localNatsPorts, natsNodeCount } from './local-stack';
import { describedNatsUsers, randomPasswords } from './nats-auth';
import { freePort, waitUntil } from './ports';
import { startNats, type NatsServer } from './processes';

describe('LOCAL_NATS_NODES', () => {
  it('is 1 unless set, and 1 or 3 when set', () => {
    expect(natsNodeCount({})).toBe(1);
    expect(natsNodeCount({ LOCAL_NATS_NODES: '1' })).toBe(1);
    expect(natsNodeCount({ LOCAL_NATS_NODES: '3' })).toBe(3);
  });

  it.each(['2', '5', '0', 'three', '', ' 3'])('refuses %j, naming the values it takes', (value) => {
    expect(() => natsNodeCount({ LOCAL_NATS_NODES: value })).toThrow(`LOCAL_NATS_NODES must be 1 (one nats-server) or 3 (a cluster of three), got ${value}`);
  });

  it('puts a local cluster on LOCAL_NATS_PORT and the ports after it, each route port 2000 above', () => {
    expect(localNatsPorts({ natsPort: 14222, natsNodes: 1 })).toEqual([{ port: 14222, clusterPort: 16222 }]);
    expect(localNatsPorts({ natsPort: 14222, natsNodes: 3 })).toEqual([
      { port: 14222, clusterPort: 16222 },
      { port: 14223, clusterPort: 16223 },
      { port: 14224, clusterPort: 16224 },
    ]);
    expect(() => localNatsPorts({ natsPort: 64000, natsNodes: 3 })).toThrow('LOCAL_NATS_PORT 64000 leaves no room');
  });
});

describe('startNats with three nodes', () => {
  let nats: NatsServer;
  let link: NatsLink;
  const stream = { name: 'CLUSTER_TEST', retention: 'limits' as const, description: 'devstack cluster test' };

  beforeAll(async () => {
    const nodes = [];
    for (let i = 0; i < 3; i++) nodes.push({ port: await freePort(), clusterPort: await freePort() });
    // The described users (startNats's readiness asks as the provisioning user) and one that may do anything.
    const anyone: NatsUser = { user: 'anyone', password: randomBytes(12).toString('hex'), permissions: { publish: { allow: ['>'] }, subscribe: { allow: ['>'] } } };
    const users = [...describedNatsUsers(randomPasswords()), anyone];
    nats = await startNats({ nodes, storeDir: path.join(process.env.TEST_DATA_DIR!, `nats-cluster-${randomBytes(4).toString('hex')}`), sink: () => undefined, users });
    link = await connectNats(nats.url, 'cluster-test', createLogger('cluster-test', 'silent'), nats.credentials(anyone.user));
  });
  afterAll(async () => {
    await link?.nc.close();
    await nats?.stop();
  });

  const info = () => link.jsm.streams.info(stream.name);

  it('lists every server in its URL and keeps a stream on all three', async () => {
    expect(nats.nodes.map((n) => n.name)).toEqual(['nats-1', 'nats-2', 'nats-3']);
    expect(nats.url.split(',')).toEqual(nats.nodes.map((n) => n.url));
    await ensureStream(link.jsm, stream, ['cluster-test.>'], 3);
    const { cluster } = await info();
    expect([cluster!.leader, ...cluster!.replicas!.map((r) => r.name)].sort()).toEqual(['nats-1', 'nats-2', 'nats-3']);
  });

  it('goes on without a SIGKILLed server, which restarts on its ports and data and catches up', async () => {
    await link.js.publish('cluster-test.a', new TextEncoder().encode('before'));
    // The stream's leader, so the other two must elect another.
    const { cluster } = await info();
    const killed = nats.nodes.find((n) => n.name === cluster!.leader)!;
    await killed.process.kill();
    expect(killed.process.running).toBe(false);
    // The other two keep a quorum: the stream takes messages once it has a leader among them.
    await waitUntil('a publish with a server down', () => link.js.publish('cluster-test.a', new TextEncoder().encode('during'), { timeout: 2_000 }), 60_000);
    await killed.restart();
    await waitUntil('the restarted server caught up', async () => {
      const { cluster, state } = await info();
      const replicas = cluster!.replicas ?? [];
      if (state.messages !== 2 || replicas.length !== 2 || !replicas.every((r) => r.current && !r.offline)) throw new Error(JSON.stringify(cluster));
    }, 60_000);
  }, 150_000);

  it('after all three are SIGKILLed, restart() returns once the streams have leaders again, with their messages', async () => {
    await nats.kill();
    expect(nats.nodes.every((n) => !n.process.running)).toBe(true);
    await nats.restart();
    // This test's connection reconnects on its own schedule; the stream answers as soon as it has.
    await waitUntil('the harness reconnected', () => link.jsm.getAccountInfo(), 30_000);
    const { cluster, state } = await info();
    expect(cluster!.leader).toBeDefined();
    expect(state.messages).toBe(2);
  }, 150_000);
});
