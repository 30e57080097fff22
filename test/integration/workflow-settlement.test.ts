import { PEER_API_KEY, startOpenAIPeer, type ProtocolPeer } from '../support/peers/providers';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { workflowService } from '../../services/workflow/src/service';
import { eventually } from '../support/eventually';
import { startSlowProxy } from '../support/slow-proxy';
import { startStack, type TestStack } from '../support/stack';

// A content brief whose charge cannot be captured when its steps are done (billing is down):
// the caller still gets the brief, and the charge is captured once billing is back, exactly once.
let openai: ProtocolPeer;
let slow: Awaited<ReturnType<typeof startSlowProxy>>;
let stack: TestStack;

beforeAll(async () => {
  openai = await startOpenAIPeer();
  // chatgpt answers after 1.5 s: time to stop billing while the steps run.
  slow = await startSlowProxy(openai.baseUrl, 1_500);
  stack = await startStack([billingService, workflowService, gatewayService], {
    OPENAI_API_KEY: PEER_API_KEY,
    OPENAI_BASE_URL: slow.baseUrl,
    OUTBOX_SWEEP_MS: '200',
  });
});
afterAll(async () => {
  await stack.stop();
  await slow.close();
  await openai.close();
});

it('answers with the brief when billing is down at capture time, and captures the charge once billing is back', async () => {
  const credits = 1_000_000;
  const { apiKey } = await stack.account(credits);
  const before = slow.received;
  const call = stack.api('POST', '/api/v1/workflows/content-brief', { key: apiKey, body: { topic: 'crm for startups' } });
  await eventually(async () => slow.received - before, (n) => n >= 1); // the hold is placed and the steps are running
  await stack.running.get('billing')!.stop();

  const res = await call;
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ status: 'workflow_result', billedCostMicro: 82_000 });
  expect(res.body.results.every((r: { ok: boolean }) => r.ok)).toBe(true);

  await stack.start(billingService);
  const account = await eventually(
    async () => (await stack.api('GET', '/api/v1/account', { key: apiKey })).body.account,
    (a) => a?.spentThisMonthMicro === 82_000,
  );
  // Captured once, and nothing is still held: the balance is the credits less the charge.
  expect(account.balanceMicro).toBe(credits - 82_000);
});
