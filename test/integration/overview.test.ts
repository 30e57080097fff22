// The overview (issue 34) through the API: every tracker with its headline figure, its change and its trend.
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { startStack, type TestStack } from '../support/stack';
import { activeTracker, finishedRun } from '../support/tracker-runs';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
});
afterAll(() => stack.stop());

const cadence = { frequency: 'weekly' as const, timezone: 'UTC', time: '09:00', weekday: 1 };
const compare = { name: 'CRM', cadence, primitive: 'compare', prompts: ['best CRM for a small sales team', 'which CRM should a startup pick'], models: ['chatgpt', 'perplexity'], brand: 'HubSpot', competitors: ['Salesforce'] };

type Proportion = { value: number | null; n: number; clusters?: number; interval: { low: number; high: number } | null };
type Run = {
  id: string;
  status: string;
  finishedAt: string;
  metrics: { brands: { name: string; shareOfVoice: Proportion }[] };
  delta: { previousRunId: string; brands: { name: string; shareOfVoice: Record<string, unknown> }[] } | null;
};
type Row = { tracker: { id: string; name: string }; headline: { measure: string; name: string | null; points: Record<string, unknown>[]; change: Record<string, unknown> | null } | null };

const overview = (key: string, query = '') => stack.api('GET', `/api/v1/overview${query}`, { key });

describe('the overview', () => {
  let key: string;
  let withRuns: string;
  let withoutRuns: string;
  let runs: Run[];
  beforeAll(async () => {
    key = (await stack.account()).apiKey;
    withRuns = await activeTracker(stack, key, compare);
    runs = [await finishedRun<Run>(stack, key, withRuns, 'overview-1'), await finishedRun<Run>(stack, key, withRuns, 'overview-2')];
    withoutRuns = (await stack.api('POST', '/api/v1/trackers', { key, body: { ...compare, name: 'No runs yet' } })).body.tracker.id;
  });

  it("gives each tracker its headline: the brand's share of voice in each finished run, oldest first, and the newest run's change", async () => {
    const res = await overview(key);
    expect(res.status).toBe(200);
    const rows = res.body.trackers as Row[];
    expect(rows.map((r) => r.tracker.id)).toEqual([withoutRuns, withRuns]); // newest first, as `GET /api/v1/trackers`
    expect(res.body.nextCursor).toBeNull();
    expect(rows[0]!.headline).toBeNull();

    const shareOf = (run: Run) => run.metrics.brands.find((b) => b.name === 'HubSpot')!.shareOfVoice;
    const headline = rows[1]!.headline!;
    expect(headline).toMatchObject({ measure: 'shareOfVoice', name: 'HubSpot' });
    expect(headline.points).toEqual(
      runs.map((run) => {
        const { value, n, clusters, interval } = shareOf(run);
        return { runId: run.id, finishedAt: run.finishedAt, value, n, clusters: clusters ?? null, interval };
      }),
    );
    const newest = runs[1]!;
    expect(newest.delta).not.toBeNull();
    expect(headline.change).toEqual({
      ...newest.delta!.brands.find((b) => b.name === 'HubSpot')!.shareOfVoice,
      previousRunId: runs[0]!.id,
      minimumAnswers: 10,
    });
  });

  it('pages and filters like the tracker list', async () => {
    const first = await overview(key, '?limit=1');
    expect(first.status).toBe(200);
    expect((first.body.trackers as Row[]).map((r) => r.tracker.id)).toEqual([withoutRuns]);
    const second = await overview(key, `?limit=1&cursor=${first.body.nextCursor}`);
    expect((second.body.trackers as Row[]).map((r) => r.tracker.id)).toEqual([withRuns]);
    const active = await overview(key, '?status=ACTIVE');
    expect((active.body.trackers as Row[]).map((r) => r.tracker.id)).toEqual([withRuns]);
  });

  it("never shows another account's trackers", async () => {
    const other = (await stack.account()).apiKey;
    const res = await overview(other);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ trackers: [], nextCursor: null });
  });

  it('refuses a bad query in the error shape, and a caller without a key', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?status=DONE', '?cursor=nope', '?other=1']) {
      const res = await overview(key, query);
      expect([query, res.status, res.body.error.code, typeof res.body.error.message]).toEqual([query, 400, 'validation_error', 'string']);
    }
    expect((await stack.api('GET', '/api/v1/overview', {})).status).toBe(401);
  });
});
