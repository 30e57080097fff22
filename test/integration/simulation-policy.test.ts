import { startService } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { workflowService } from '../../services/workflow/src/service';
import { accountSettlesAt } from '../support/accounts';
import { eventually } from '../support/eventually';
import { startStack, type TestStack } from '../support/stack';

// No silent simulation in production, and simulated answers are never billed at live prices unless
// an operator says so (issue 15): SIMULATED_ANSWERS refuse | free (default) | bill.
let stack: TestStack;

beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, workflowService, gatewayService], { SIMULATED_ANSWERS: 'free' });
});
afterAll(() => stack.stop());

it('refuses to start a runner or workflow service that would simulate a surface when SIMULATED_ANSWERS=refuse', async () => {
  const refusing = (service: string) => stack.serviceEnv(service, { SIMULATED_ANSWERS: 'refuse' });
  await expect(startService(runnerService, refusing('runner'))).rejects.toThrow(/No credentials for chatgpt, claude, perplexity, gemini, google_ai_overview, and SIMULATED_ANSWERS=refuse/);
  await expect(startService(workflowService, refusing('workflow'))).rejects.toThrow(/No credentials for .*SIMULATED_ANSWERS=refuse/);
});

it('bills nothing for a run of simulated surfaces by default', async () => {
  const { apiKey } = await stack.account();
  const body = { name: 'Simulated', cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 }, primitive: 'sentiment', prompts: ['is acme good?'], brand: 'Acme' };
  const t = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body })).body.tracker;
  expect(t.estimatedCostMicroPerRun).toBe(13_000); // the estimate is the card's: a live surface could answer
  await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
  const queued = (await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'free' } })).body.run;
  const run = await eventually(async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${queued.id}`, { key: apiKey })).body.run, (r) => r?.status === 'COMPLETED');
  expect(run.billedCostMicro).toBe(0);
  expect(run.results[0].answers.every((a: { provider: string }) => a.provider === 'simulated')).toBe(true);
  await accountSettlesAt(stack, apiKey, { balanceMicro: 1_000_000, spentThisMonthMicro: 0 });
});

it('bills nothing for a content brief of simulated sources by default', async () => {
  const { apiKey } = await stack.account();
  const res = await stack.api('POST', '/api/v1/workflows/content-brief', { key: apiKey, body: { topic: 'crm for startups' } });
  expect(res.status).toBe(200);
  expect(res.body.billedCostMicro).toBe(0);
  expect((await stack.api('GET', '/api/v1/account', { key: apiKey })).body.account).toMatchObject({ balanceMicro: 1_000_000, spentThisMonthMicro: 0 });
});

it('holds only what a content brief could bill, so an account without credit gets a brief that costs nothing', async () => {
  const { apiKey } = await stack.account(0);
  const res = await stack.api('POST', '/api/v1/workflows/content-brief', { key: apiKey, body: { topic: 'crm for startups' } });
  expect([res.status, res.body.billedCostMicro]).toEqual([200, 0]);
});
