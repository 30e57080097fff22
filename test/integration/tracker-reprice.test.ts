import { BillingQueries, RateCard } from '@brandradar/contracts';
import type { NatsServer } from '@brandradar/devstack';
import { createLogger, Outbox, serveQueries, type NatsLink } from '@brandradar/platform';
import { MongoClient } from 'mongodb';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { billingEventHandlers } from '../../services/tracker/src/billing-events';
import { trackerService } from '../../services/tracker/src/service';
import { TrackerStore } from '../../services/tracker/src/store/trackers';
import { eventually } from '../support/eventually';
import { connectAs, startStack, startTestNats, type TestStack } from '../support/stack';

// New rates reprice every tracker in one walk that reads the card once. An operator who raises a
// price and restores it at once starts two walks; a tracker activated after the restore, at the
// restored prices, must not be paused by the first walk, still going on with the raised card.
let stack: TestStack;
let mongo: MongoClient;
/** A NATS of the test's own, where the rate card is whatever the test answers: the walk's card read, frozen before the restore. */
let lateNats: NatsServer;
let late: NatsLink;
const logger = createLogger('tracker-reprice-test', 'silent');

beforeAll(async () => {
  [stack, lateNats, mongo] = await Promise.all([
    startStack([billingService, trackerService, gatewayService]),
    startTestNats('tracker-reprice'),
    new MongoClient(process.env.TEST_MONGO_URL!).connect(),
  ]);
  late = await connectAs(lateNats, 'tracker-reprice-test');
});
afterAll(async () => {
  await late.nc.close();
  await Promise.all([stack.stop(), lateNats.stop(), mongo.close()]);
});

/** The tracker service's rates handler, on the stack's tracker store, whose card read answers `card`. */
async function walkWith(card: RateCard): Promise<void> {
  const subscriptions = serveQueries(late, { getRates: BillingQueries.getRates }, { getRates: async () => ({ rates: card }) }, 'billing', logger);
  try {
    const db = mongo.db(stack.dbName('tracker'));
    const deps = { store: new TrackerStore(db, () => undefined), outbox: new Outbox(db, 'trackers', late, logger), nats: late, now: () => new Date() };
    await billingEventHandlers(deps).ratesPublished();
  } finally {
    await Promise.all(subscriptions.map((s) => s.drain()));
  }
}

it('leaves a tracker activated after a price was restored alone when the walk of the raise reaches it late', async () => {
  const { apiKey } = await stack.account();
  const current = RateCard.parse((await stack.admin('GET', '/admin/v1/rates')).body.rates);
  const prices = { surfaces: current.surfaces, workflowSteps: current.workflowSteps };
  const raised = RateCard.parse((await stack.admin('PUT', '/admin/v1/rates', { ...prices, surfaces: { ...prices.surfaces, gemini: prices.surfaces.gemini + 1 } })).body.rates);
  const restored = RateCard.parse((await stack.admin('PUT', '/admin/v1/rates', prices)).body.rates);
  expect(restored.version).toBe(raised.version + 1);

  const body = { name: 'Late walk', cadence: { frequency: 'weekly', timezone: 'UTC', time: '08:00', weekday: 3 }, primitive: 'sentiment', prompts: ['is acme good?'], models: ['gemini'], brand: 'Acme' };
  const created = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body })).body.tracker;
  expect(created.estimatedCostMicroPerRun).toBe(prices.surfaces.gemini);
  const path = `/api/v1/trackers/${created.id}`;
  expect((await stack.api('POST', `${path}/activate`, { key: apiKey, body: { maxCostMicroPerRun: created.estimatedCostMicroPerRun } })).status).toBe(200);

  // The walk of the raise, reaching this tracker now, with the card it read before the restore was published.
  await walkWith(raised);
  expect((await stack.api('GET', path, { key: apiKey })).body.tracker).toMatchObject({ status: 'ACTIVE', pauseReason: null, estimatedCostMicroPerRun: prices.surfaces.gemini });

  // A card newer than the one it was priced at still reprices it, and pauses it above its maximum.
  expect((await stack.admin('PUT', '/admin/v1/rates', { surfaces: raised.surfaces, workflowSteps: raised.workflowSteps })).status).toBe(200);
  await eventually(
    async () => (await stack.api('GET', path, { key: apiKey })).body.tracker,
    (t) => t.status === 'PAUSED',
  );
  expect((await stack.api('GET', path, { key: apiKey })).body.tracker).toMatchObject({ pauseReason: 'cost_above_maximum', estimatedCostMicroPerRun: raised.surfaces.gemini });
});

it('reprices a tracker stored before trackers recorded their card with any card', async () => {
  const { apiKey } = await stack.account();
  const card = RateCard.parse((await stack.admin('GET', '/admin/v1/rates')).body.rates);
  const body = { name: 'Stored before', cadence: { frequency: 'weekly', timezone: 'UTC', time: '08:00', weekday: 3 }, primitive: 'sentiment', prompts: ['is acme good?'], models: ['chatgpt'], brand: 'Acme' };
  const created = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body })).body.tracker;
  const path = `/api/v1/trackers/${created.id}`;
  expect((await stack.api('POST', `${path}/activate`, { key: apiKey, body: { maxCostMicroPerRun: created.estimatedCostMicroPerRun } })).status).toBe(200);
  const trackers = mongo.db(stack.dbName('tracker')).collection<{ _id: string }>('trackers');
  expect((await trackers.updateOne({ _id: created.id }, { $unset: { ratesVersion: '' } })).modifiedCount).toBe(1);

  // The oldest card there is (version 1), at a higher price: applied, since the document records none.
  await walkWith({ ...card, version: 1, surfaces: { ...card.surfaces, chatgpt: card.surfaces.chatgpt + 1 } });
  expect((await stack.api('GET', path, { key: apiKey })).body.tracker).toMatchObject({ status: 'PAUSED', pauseReason: 'cost_above_maximum', estimatedCostMicroPerRun: card.surfaces.chatgpt + 1 });
});
