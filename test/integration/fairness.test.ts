import { PEER_API_KEY, startOpenAIPeer, type ProtocolPeer } from '../support/peers/providers';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { workflowService } from '../../services/workflow/src/service';
import { eventually } from '../support/eventually';
import { startSlowProxy } from '../support/slow-proxy';
import { startStack, type TestStack } from '../support/stack';

// chatgpt answers through a proxy that holds every call 2 s, so briefs and runs overlap for long
// enough to see who gets a slot; the other surfaces and sources are simulated.
const DELAY_MS = 2_000;
let openai: ProtocolPeer;
let slow: Awaited<ReturnType<typeof startSlowProxy>>;
let stack: TestStack;

beforeAll(async () => {
  openai = await startOpenAIPeer();
  slow = await startSlowProxy(openai.baseUrl, DELAY_MS);
  stack = await startStack([billingService, trackerService, runnerService, workflowService, gatewayService], {
    OPENAI_API_KEY: PEER_API_KEY,
    OPENAI_BASE_URL: slow.baseUrl,
    BRIEFS_PER_ACCOUNT: '2',
    PROVIDER_CONCURRENCY: '4',
    PROVIDER_CONCURRENCY_PER_ACCOUNT: '3',
  });
});
afterAll(async () => {
  await stack.stop();
  await slow.close();
  await openai.close();
});

const brief = (key: string, headers: Record<string, string> = {}) =>
  stack.api('POST', '/api/v1/workflows/content-brief', { key, body: { topic: 'crm for startups', models: ['chatgpt'] }, headers });
const account = async (key: string) => (await stack.api('GET', '/api/v1/account', { key })).body.account;

describe('concurrent content briefs per account', () => {
  it('refuses an account’s brief beyond its cap with 429 brief_limit_reached while another account’s brief runs, and frees the slots', async () => {
    const credits = 1_000_000;
    const a = await stack.account(credits);
    const b = await stack.account(credits);
    const before = slow.received;
    const running = [brief(a.apiKey), brief(a.apiKey)];
    await eventually(async () => slow.received - before, (n) => n >= 2); // both of A's briefs are asking chatgpt

    const [extra, extraWithKey, other] = await Promise.all([brief(a.apiKey), brief(a.apiKey, { 'Idempotency-Key': 'brief-3' }), brief(b.apiKey)]);
    for (const refused of [extra, extraWithKey]) {
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatchObject({ code: 'brief_limit_reached', message: expect.stringContaining('At most 2 content briefs') });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ status: 'workflow_result', billedCostMicro: 74_000 });

    const done = await Promise.all(running);
    expect(done.map((r) => r.status)).toEqual([200, 200]);
    // The refused briefs held and charged nothing; a refused Idempotency-Key may be used again.
    expect(await account(a.apiKey)).toMatchObject({ balanceMicro: credits - 2 * 74_000, spentThisMonthMicro: 2 * 74_000 });
    const retried = await brief(a.apiKey, { 'Idempotency-Key': 'brief-3' });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('provider slots shared between accounts', () => {
  const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
  async function manualRun(key: string, prompts: string[]) {
    const body = { name: 'Fair', cadence, primitive: 'sentiment', prompts, brand: 'Alpha', models: ['chatgpt'] };
    const t = (await stack.api('POST', '/api/v1/trackers', { key, body })).body.tracker;
    await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
    const run = (await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key, body: { requestToken: 'fair-1' } })).body.run;
    return { read: async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${run.id}`, { key })).body.run };
  }

  it('gives another account’s run a slot while one account’s large run holds the surface: it finishes first', async () => {
    const a = await stack.account();
    const b = await stack.account();
    const before = slow.received;
    const prompts = Array.from({ length: 12 }, (_, i) => `large run prompt ${i + 1}`);
    const large = await manualRun(a.apiKey, prompts);
    // A's run asks as many calls at once as one account may (3 of the 4 slots); the other 9 wait.
    await eventually(async () => slow.received - before, (n) => n >= 3);

    const small = await manualRun(b.apiKey, ['one prompt']);
    const finished = await eventually(small.read, (r) => r !== undefined && !['QUEUED', 'RUNNING'].includes(r.status), 30_000);
    const receivedWhenBFinished = slow.received - before;
    expect(finished).toMatchObject({ status: 'COMPLETED', billedCostMicro: 5_000 });
    // Without a fair share, B's call would have reached chatgpt after all 12 of A's.
    expect(receivedWhenBFinished).toBeLessThan(prompts.length);
    expect((await large.read()).status).toBe('RUNNING');

    const done = await eventually(large.read, (r) => r !== undefined && !['QUEUED', 'RUNNING'].includes(r.status), 60_000);
    expect(done).toMatchObject({ status: 'COMPLETED', billedCostMicro: prompts.length * 5_000 });
  });
});
