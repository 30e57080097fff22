// The trackers `npm start` gives a new demo account: created, activated and run through the API, each
// run comparing with the one before on a sample large enough for a change to be stated.
import { DEMO_TRACKERS, seedDemoTrackers } from '@brandradar/devstack';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { startStack, type TestStack } from '../support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
});
afterAll(() => stack.stop());

it('creates the demo trackers, active, each with runs that state their changes', async () => {
  const { apiKey } = await stack.account(10_000_000);
  const said: string[] = [];
  const seeded = await seedDemoTrackers(stack.gatewayUrl, apiKey, 2, (line) => said.push(line));
  expect(seeded.map((t) => t.name)).toEqual(DEMO_TRACKERS.map((d) => d.name));
  expect(said).toHaveLength(DEMO_TRACKERS.length);
  for (const tracker of seeded) {
    const { body } = await stack.api('GET', `/api/v1/trackers/${tracker.id}/report`, { key: apiKey });
    expect(body.tracker.status).toBe('ACTIVE');
    expect(body.runs.map((r: { status: string }) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const [latest, first] = body.runs;
    expect(latest.delta.previousRunId).toBe(first.id);
    expect(latest.summary.answers).toBeGreaterThanOrEqual(latest.delta.minimumAnswers);
    // Every tracked name's mention rate has a change with its significance, not "too few answers".
    for (const brand of latest.delta.brands) expect(brand.mentionRate).toMatchObject({ insufficientSample: false, significant: expect.any(Boolean) });
  }
});
