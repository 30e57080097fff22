import { startGroundingRedirectPeer, type GroundingRedirectPeer } from '../support/peers/grounding-redirects';
import { fixtureReply, PEER_API_KEY, startGeminiPeer, startOpenAIPeer, startPerplexityPeer, type ProtocolPeer } from '../support/peers/providers';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { accountSettlesAt } from '../support/accounts';
import { eventually } from '../support/eventually';
import { startStack, type TestStack } from '../support/stack';

// The three default surfaces answer through local peers speaking their providers' wire formats.
let openai: ProtocolPeer;
let perplexity: ProtocolPeer;
let gemini: ProtocolPeer;
/** Stands in for vertexaisearch.cloud.google.com: each grounding redirect leads to the publisher's page. */
let redirectHost: GroundingRedirectPeer;
let stack: TestStack;
const TRADINGVIEW_PAGE = 'https://www.tradingview.com/symbols/NASDAQ-GOOG/';

beforeAll(async () => {
  [openai, perplexity, gemini, redirectHost] = await Promise.all([
    startOpenAIPeer(),
    startPerplexityPeer(),
    startGeminiPeer(),
    startGroundingRedirectPeer(() => ({ redirect: TRADINGVIEW_PAGE })),
  ]);
  stack = await startStack([billingService, trackerService, runnerService, gatewayService], {
    OPENAI_API_KEY: PEER_API_KEY,
    OPENAI_BASE_URL: openai.baseUrl,
    PERPLEXITY_API_KEY: PEER_API_KEY,
    PERPLEXITY_BASE_URL: perplexity.baseUrl,
    GEMINI_API_KEY: PEER_API_KEY,
    GEMINI_BASE_URL: gemini.baseUrl,
    GEMINI_REDIRECT_BASE_URL: redirectHost.origin,
    PROVIDER_RETRY_BASE_MS: '10',
    PROVIDER_RETRY_MAX_MS: '50',
  });
});
afterAll(async () => {
  await stack.stop();
  await Promise.all([openai.close(), perplexity.close(), gemini.close(), redirectHost.close()]);
});

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
const threeByThree = { name: 'Three by three', cadence, primitive: 'rankings', prompts: ['best tools', 'top tools', 'tools for teams'], competitors: ['Alpha', 'Beta'] };

async function activeTracker(key: string, body: Record<string, unknown> = threeByThree) {
  const t = (await stack.api('POST', '/api/v1/trackers', { key, body })).body.tracker;
  const res = await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
  expect(res.status).toBe(200);
  return res.body.tracker as { id: string; estimatedCostMicroPerRun: number };
}
const requestRun = (key: string, trackerId: string, requestToken: string) => stack.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key, body: { requestToken } });
const finished = (key: string, trackerId: string, runId: string) =>
  eventually(
    async () => (await stack.api('GET', `/api/v1/trackers/${trackerId}/runs/${runId}`, { key })).body.run,
    (run) => !['QUEUED', 'RUNNING'].includes(run.status),
  );

describe('a manual run', () => {
  it('with one surface failing is PARTIAL and bills the 6 answers that succeeded at their rates', async () => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    gemini.failNext({ status: 400 }, { status: 400 }, { status: 400 }); // permanent: not retried
    const queued = await requestRun(apiKey, t.id, 'partial-1');
    expect(queued.status).toBe(202);
    expect(queued.body.run).toMatchObject({ status: 'QUEUED', trigger: 'manual', requestToken: 'partial-1', estimatedCostMicro: 39_000, billedCostMicro: 0 });

    const run = await finished(apiKey, t.id, queued.body.run.id);
    expect(run).toMatchObject({ status: 'PARTIAL', billedCostMicro: 3 * 5_000 + 3 * 4_000, summary: { answers: 9, succeeded: 6, failed: 3 }, error: null });
    const answers = run.results.flatMap((r: { answers: unknown[] }) => r.answers);
    expect(answers.filter((a: any) => a.model === 'gemini')).toEqual(Array(3).fill(expect.objectContaining({ status: 'failed', error: expect.objectContaining({ code: 'client_error' }), text: null })));
    expect(answers.find((a: any) => a.model === 'chatgpt')).toMatchObject({ status: 'succeeded', provider: 'openai', method: 'api', providerModel: expect.any(String), metrics: { brands: [{ name: 'Alpha', mentioned: true, position: 1 }, { name: 'Beta', mentioned: true, position: 2 }] } });
    expect(run.metrics).toMatchObject({ primitive: 'rankings', answers: 6 });
    await accountSettlesAt(stack, apiKey, { balanceMicro: 1_000_000 - 27_000, spentThisMonthMicro: 27_000 });
  });

  it('where nothing succeeds is FAILED and bills nothing', async () => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey, { ...threeByThree, models: ['gemini'] });
    gemini.failNext({ status: 400 }, { status: 400 }, { status: 400 });
    const run = await finished(apiKey, t.id, (await requestRun(apiKey, t.id, 'fail-1')).body.run.id);
    expect(run).toMatchObject({ status: 'FAILED', billedCostMicro: 0, summary: { answers: 3, succeeded: 0, failed: 3 }, metrics: null, error: { code: 'no_answers' } });
    await accountSettlesAt(stack, apiKey, { balanceMicro: 1_000_000, spentThisMonthMicro: 0 });
  });

  it("stores a Gemini citation's publisher: the page its grounding redirect leads to where that is the titled publisher's, else the redirect, both with the title's domain", async () => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey, { ...threeByThree, prompts: ['google stock price'], models: ['gemini'] });
    gemini.replyNext(fixtureReply('gemini', 'grounded-cookbook'));
    const run = await finished(apiKey, t.id, (await requestRun(apiKey, t.id, 'gemini-publishers-1')).body.run.id);
    const [answer] = run.results.flatMap((r: { answers: unknown[] }) => r.answers);
    expect(answer.citations).toEqual([
      { url: TRADINGVIEW_PAGE, title: 'tradingview.com', domain: 'tradingview.com' },
      { url: expect.stringMatching(/^https:\/\/vertexaisearch\.cloud\.google\.com\/grounding-api-redirect\//), title: 'angelone.in', domain: 'angelone.in' },
    ]);
    expect(redirectHost.requests.map((r) => r.method)).toEqual(['HEAD', 'HEAD']);
  });

  it('retries transient provider errors (429, 5xx) and completes', async () => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey, { ...threeByThree, prompts: ['only one'], models: ['chatgpt'] });
    const before = openai.requests.length;
    openai.failNext({ status: 429, retryAfterSeconds: 0 }, { status: 503 });
    const run = await finished(apiKey, t.id, (await requestRun(apiKey, t.id, 'retry-1')).body.run.id);
    expect(run).toMatchObject({ status: 'COMPLETED', billedCostMicro: 5_000 });
    expect(openai.requests.length - before).toBe(3);
  });

  it('replays a request token: 200 with the same run and no second charge; another tracker gets 409', async () => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    const first = await requestRun(apiKey, t.id, 'replay-1');
    const again = await requestRun(apiKey, t.id, 'replay-1'); // while QUEUED or RUNNING
    expect(again.status).toBe(200);
    expect(again.body.run.id).toBe(first.body.run.id);
    const done = await finished(apiKey, t.id, first.body.run.id);
    const later = await requestRun(apiKey, t.id, 'replay-1'); // and after it finished
    expect([later.status, later.body.run.id, later.body.run.status]).toEqual([200, first.body.run.id, done.status]);

    const other = await activeTracker(apiKey, { ...threeByThree, name: 'Other' });
    const conflict = await requestRun(apiKey, other.id, 'replay-1');
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('request_token_conflict');

    const report = (await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey })).body;
    expect(report.runs).toHaveLength(1);
    await accountSettlesAt(stack, apiKey, { balanceMicro: 1_000_000 - done.billedCostMicro, spentThisMonthMicro: done.billedCostMicro });
  });

  it('makes exactly one run and one charge from 50 concurrent requests with one token', async () => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    const results = await Promise.all(Array.from({ length: 50 }, () => requestRun(apiKey, t.id, 'burst-1')));
    expect(results.filter((r) => r.status === 202)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(49);
    expect(new Set(results.map((r) => r.body.run.id)).size).toBe(1);
    const run = await finished(apiKey, t.id, results[0]!.body.run.id);
    const { runs } = (await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey })).body;
    expect(runs).toHaveLength(1);
    await accountSettlesAt(stack, apiKey, { balanceMicro: 1_000_000 - run.billedCostMicro, spentThisMonthMicro: run.billedCostMicro });
  });
});

describe('refusals', () => {
  it('needs an ACTIVE tracker: 409 tracker_not_active with its status and pauseReason', async () => {
    const { apiKey } = await stack.account();
    const draft = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: threeByThree })).body.tracker;
    const res = await requestRun(apiKey, draft.id, 'draft-1');
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'tracker_not_active', status: 'DRAFT', pauseReason: null });
  });

  it('pauses the tracker (cost_above_maximum) instead of running above the accepted maximum', async () => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    const { rates } = (await stack.admin('GET', '/admin/v1/rates')).body;
    await stack.admin('PUT', '/admin/v1/rates', { surfaces: { ...rates.surfaces, gemini: rates.surfaces.gemini + 1 }, workflowSteps: rates.workflowSteps });
    try {
      const res = await requestRun(apiKey, t.id, 'dear-1');
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'tracker_not_active', status: 'PAUSED', pauseReason: 'cost_above_maximum' });
      expect((await stack.api('GET', `/api/v1/trackers/${t.id}`, { key: apiKey })).body.tracker).toMatchObject({ status: 'PAUSED', pauseReason: 'cost_above_maximum' });
      expect((await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey })).body.runs).toEqual([]);
    } finally {
      await stack.admin('PUT', '/admin/v1/rates', { surfaces: rates.surfaces, workflowSteps: rates.workflowSteps });
    }
  });

  it('answers 402 when the balance cannot cover the estimate', async () => {
    const { apiKey } = await stack.account(39_000);
    const t = await activeTracker(apiKey);
    await finished(apiKey, t.id, (await requestRun(apiKey, t.id, 'spend-all')).body.run.id);
    const res = await requestRun(apiKey, t.id, 'broke-1');
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: 'insufficient_credits', requiredMicro: 39_000 });
  });

  it.each([
    ['no body', undefined],
    ['an empty token', { requestToken: '' }],
    ['a token of 201 characters', { requestToken: 'x'.repeat(201) }],
    ['an unknown field', { requestToken: 'a', force: true }],
  ])('rejects %s with 400', async (_name, body) => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    const res = await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body });
    expect(res.status).toBe(400);
    expect((await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey })).body.runs).toEqual([]);
  });

  it("treats another account's tracker and run as unknown", async () => {
    const owner = await stack.account();
    const other = await stack.account();
    const t = await activeTracker(owner.apiKey);
    const run = (await requestRun(owner.apiKey, t.id, 'mine')).body.run;
    for (const [method, path, body] of [
      ['POST', `/api/v1/trackers/${t.id}/runs`, { requestToken: 'theirs' }],
      ['GET', `/api/v1/trackers/${t.id}/runs/${run.id}`, undefined],
      ['GET', `/api/v1/trackers/${t.id}/report`, undefined],
    ] as const) {
      const res = await stack.api(method, path, { key: other.apiKey, body });
      expect([path, res.status, res.body.error.code]).toEqual([path, 404, 'not_found']);
    }
  });
});

describe('report', () => {
  it('lists runs newest first, up to `limit`, and computes deltas only with at least 10 answers per run', async () => {
    const { apiKey } = await stack.account();
    // 3 prompts × 3 surfaces = 9 answers per run: too few for percentage-point changes.
    const nine = await activeTracker(apiKey);
    // 5 prompts × 2 surfaces = 10 answers per run: enough.
    const ten = await activeTracker(apiKey, { ...threeByThree, name: 'Ten', prompts: ['a1', 'a2', 'a3', 'a4', 'a5'], models: ['chatgpt', 'perplexity'] });
    for (const t of [nine, ten]) {
      for (const token of ['r1', 'r2']) await finished(apiKey, t.id, (await requestRun(apiKey, t.id, `${t.id}-${token}`)).body.run.id);
    }

    const nineReport = (await stack.api('GET', `/api/v1/trackers/${nine.id}/report?limit=1`, { key: apiKey })).body;
    expect(nineReport.runs).toHaveLength(1);
    expect(nineReport.runs[0].requestToken).toBe(`${nine.id}-r2`);
    const alpha9 = nineReport.runs[0].delta.brands.find((b: { name: string }) => b.name === 'Alpha');
    expect(nineReport.runs[0].delta.note).toMatch(/do not establish cause/);
    expect(alpha9.mentionRate).toMatchObject({ change: null, insufficientSample: true });

    const tenReport = (await stack.api('GET', `/api/v1/trackers/${ten.id}/report`, { key: apiKey })).body;
    expect(tenReport.runs.map((r: { requestToken: string }) => r.requestToken)).toEqual([`${ten.id}-r2`, `${ten.id}-r1`]);
    expect(tenReport.runs[1].delta).toBeNull(); // nothing earlier to compare with
    expect(tenReport.runs[0].delta.previousRunId).toBe(tenReport.runs[1].id);
    const alpha10 = tenReport.runs[0].delta.brands.find((b: { name: string }) => b.name === 'Alpha');
    expect(alpha10.mentionRate).toMatchObject({ change: 0, insufficientSample: false });
  });

  it('reads ids in a path case-insensitively, as UUIDs are (an id copied in capitals names the same tracker and run)', async () => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    const run = await finished(apiKey, t.id, (await requestRun(apiKey, t.id, 'capitals')).body.run.id);
    const tracker = await stack.api('GET', `/api/v1/trackers/${t.id.toUpperCase()}`, { key: apiKey });
    expect([tracker.status, tracker.body.tracker.id]).toEqual([200, t.id]);
    const one = await stack.api('GET', `/api/v1/trackers/${t.id.toUpperCase()}/runs/${run.id.toUpperCase()}`, { key: apiKey });
    expect([one.status, one.body.run.id]).toEqual([200, run.id]);
  });

  it.each(['limit=0', 'limit=101', 'limit=x', 'limit=0x10', 'limit=1e1', 'limit=%205', 'since=yesterday'])('rejects %s with 400', async (q) => {
    const { apiKey } = await stack.account();
    const t = await activeTracker(apiKey);
    const res = await stack.api('GET', `/api/v1/trackers/${t.id}/report?${q}`, { key: apiKey });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_error', issues: [expect.objectContaining({ path: q.split('=')[0] })] });
  });
});
