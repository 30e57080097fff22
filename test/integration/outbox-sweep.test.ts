import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import type { NatsServer } from '@brandradar/devstack';
import { HARNESS_USER, startTestNats } from '../support/stack';
import { connectNats, createLogger, Outbox, type NatsLink } from '@brandradar/platform';

// A service's shutdown stops the outbox sweep, then closes its store: the pass under way must be
// done by then. Before, it was cut by the close and its MongoClientClosedError went unhandled
// (the largest-report bench failed that way while shutting down).
let nats: NatsServer;
let link: NatsLink;
beforeAll(async () => {
  nats = await startTestNats('outbox');
  link = await connectNats(nats.url, 'outbox-sweep-test', createLogger('outbox-sweep-test', 'silent'), nats.credentials(HARNESS_USER));
});
afterAll(async () => {
  await link.nc.close();
  await nats.stop();
});

it('stopping the sweep waits for the pass under way, so the store can be closed right after', async () => {
  const client = await new MongoClient(process.env.TEST_MONGO_URL!, { monitorCommands: true }).connect();
  const outbox = new Outbox(client.db(`outbox-sweep-${randomBytes(4).toString('hex')}`), 'docs', link, createLogger('outbox-sweep-test', 'silent'));
  const passStarted = new Promise<void>((resolve) => client.on('commandStarted', (e) => e.commandName === 'find' && resolve()));
  const stop = outbox.startSweeping(100);
  await passStarted;
  await stop();
  await client.close();
});
