import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort, ManagedProcess, REPO_ROOT, type NatsServer } from '@brandradar/devstack';
import { eventually } from '../support/eventually';
import { natsUserEnv, provisionStreams, stackEnv, startTestNats } from '../support/stack';

// A service that starts while its NATS cluster has no JetStream leader (a server was lost and the
// others are electing new ones, which takes seconds) must wait for JetStream instead of exiting
// on the first request that goes unanswered: the orchestrator would restart it only after a
// back-off, and its log said no more than "NatsError: TIMEOUT". Two of three servers down keep
// the cluster without a leader for as long as the test needs; it gets one back when they return.
let nats: NatsServer;
let service: ManagedProcess | undefined;

beforeAll(async () => {
  nats = await startTestNats('start', { nodes: 3 });
  await provisionStreams(nats);
});
afterAll(async () => {
  await service?.stop();
  await nats?.stop();
});

it('a service started while the cluster has no JetStream leader waits for one, and is ready once there is', async () => {
  await Promise.all(nats.nodes.slice(0, 2).map((n) => n.process.kill()));

  const opsPort = await freePort();
  const lines: string[] = [];
  const env = stackEnv(
    { natsUrl: nats.url, mongoUrl: process.env.TEST_MONGO_URL!, gatewayPort: 0, adminPort: 0, adminToken: 'unused' },
    { ...natsUserEnv(nats, 'tracker'), OPS_PORT: String(opsPort), MONGO_DB: `t${randomBytes(4).toString('hex')}-tracker`, LOG_LEVEL: 'warn' },
  );
  service = new ManagedProcess('tracker', process.execPath, [path.join(REPO_ROOT, 'services', 'tracker', 'dist', 'main.js')], (line) => lines.push(line), { ...process.env, ...env });
  service.start();
  // A JetStream request goes unanswered within 5 s; the service says it asks again, and is still running.
  const waiting = await eventually(
    async () => ({ running: service!.running, waits: lines.filter((l) => l.includes('JetStream not answering')).length }),
    (s) => !s.running || s.waits >= 1,
    30_000,
    100,
  );
  expect({ running: waiting.running, output: waiting.running ? '' : lines.join('\n') }).toEqual({ running: true, output: '' });

  await nats.restart(); // the two servers come back; the cluster elects its leaders
  const ready = await eventually(
    () => fetch(`http://127.0.0.1:${opsPort}/readyz`).then((r) => r.status, () => 0),
    (status) => status === 200 || !service!.running,
    60_000,
    200,
  );
  expect({ ready, output: ready === 200 ? '' : lines.join('\n') }).toEqual({ ready: 200, output: '' });
}, 120_000);
