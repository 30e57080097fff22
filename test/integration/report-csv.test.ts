// The report and the insights as CSV (api-contract §13, §14) over HTTP: the same runs and figures as the JSON, formulas neutralised.
import { parse } from 'csv-parse/sync';
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

const HEADER = ['run_id', 'finished_at', 'analysis_version', 'surface', 'name', 'metric', 'value', 'n', 'clusters', 'low', 'high'];
const HOSTILE = '=HYPERLINK("http://evil.example","click")';
const compare = {
  name: 'CRM',
  cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'compare',
  prompts: ['best CRM for a small sales team', 'CRM like HubSpot but cheaper'],
  models: ['chatgpt', 'perplexity'],
  brand: 'HubSpot',
  competitors: [HOSTILE, 'monday.com'],
};

type Rate = { value: number | null; n: number; clusters?: number; interval: { low: number; high: number } | null };
type Brand = { name: string; mentions: number; mentionRate: Rate; shareOfVoice: Rate; top3Rate: Rate; averagePosition: { value: number | null; n: number } };
type Group = { answers: number; brands: Brand[] };
type ReportRun = { id: string; finishedAt: string; analysisVersion: string; metrics: Group & { bySurface: Record<string, Group> } };

const csv = (key: string, path: string) => fetch(`${stack.gatewayUrl}${path}`, { headers: { Authorization: `Bearer ${key}`, Accept: 'text/csv' } });
const cell = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The CSV cells a JSON figure should give: value, n, clusters, low, high. */
function expectedCells(group: Group, brand: Brand, metric: string): string[] {
  if (metric === 'averagePosition') return [cell(brand.averagePosition.value), cell(brand.averagePosition.n), '', '', ''];
  if (metric === 'mentions') return [cell(brand.mentions), cell(group.answers), '', '', ''];
  const rate = brand[metric as 'mentionRate' | 'shareOfVoice' | 'top3Rate'];
  return [cell(rate.value), cell(rate.n), cell(rate.clusters), cell(rate.interval?.low), cell(rate.interval?.high)];
}

describe('report as CSV', () => {
  let key: string;
  let trackerId: string;
  beforeAll(async () => {
    ({ apiKey: key } = await stack.account(10_000_000));
    trackerId = await activeTracker(stack, key, compare);
    for (const token of ['csv-1', 'csv-2']) expect((await finishedRun(stack, key, trackerId, token)).status).toBe('COMPLETED');
  }, 120_000);

  it('gives a row per run × surface × name × metric with the JSON report’s figures, newest run first', async () => {
    const res = await csv(key, `/api/v1/trackers/${trackerId}/report`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="report-${trackerId}.csv"`);
    expect(res.headers.get('vary')).toMatch(/Accept/);
    const [header, ...rows]: string[][] = parse(await res.text());
    expect(header).toEqual(HEADER);

    const { runs } = (await stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key })).body as { runs: ReportRun[] };
    expect(runs).toHaveLength(2);
    const metrics = ['mentionRate', 'shareOfVoice', 'top3Rate', 'averagePosition', 'mentions'];
    const surfaces = Object.keys(runs[0]!.metrics.bySurface);
    expect(surfaces.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(2 * (surfaces.length + 1) * 3 * metrics.length);
    expect([...new Set(rows.map((row) => row[0]))]).toEqual(runs.map((run) => run.id));

    const expected = runs.flatMap((run) =>
      [['all', run.metrics] as const, ...Object.entries(run.metrics.bySurface)].flatMap(([surface, group]) =>
        group.brands.flatMap((brand) =>
          metrics.map((metric) => [run.id, run.finishedAt, run.analysisVersion, surface, brand.name === HOSTILE ? `'${HOSTILE}` : brand.name, metric, ...expectedCells(group, brand, metric)]),
        ),
      ),
    );
    expect(rows).toEqual(expected);
    expect(rows.some((row) => row[4] === `'${HOSTILE}`)).toBe(true);
  });

  it('honours limit like the JSON report', async () => {
    const { runs } = (await stack.api('GET', `/api/v1/trackers/${trackerId}/report?limit=1`, { key })).body as { runs: ReportRun[] };
    const report: string[][] = parse(await (await csv(key, `/api/v1/trackers/${trackerId}/report?limit=1`)).text());
    const rows = report.slice(1);
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set([runs[0]!.id]));
  });

  it('refuses in the JSON error shape before streaming: a bad limit, another account’s tracker, no key', async () => {
    const badLimit = await csv(key, `/api/v1/trackers/${trackerId}/report?limit=0`);
    expect(badLimit.status).toBe(400);
    expect(((await badLimit.json()) as { error: { code: string } }).error.code).toBe('validation_error');
    const { apiKey: other } = await stack.account();
    const foreign = await csv(other, `/api/v1/trackers/${trackerId}/report`);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await csv('br_live_not_a_key', `/api/v1/trackers/${trackerId}/report`)).status).toBe(401);
  });

  it('gives the insights a row per discovered name, search and site read but not cited, as the JSON insights', async () => {
    type Share = { answers: number; n: number; rate: number; clusters: number; interval: { low: number; high: number } | null };
    type Listed = Share & { surfaces?: string[]; consulted?: number; cited?: number };
    const { insights } = (await stack.api('GET', `/api/v1/trackers/${trackerId}/insights?runs=2`, { key })).body as {
      insights: { discoveredNames: Array<Listed & { name: string }>; searches: Array<Listed & { query: string }>; consultedNotCited: Array<Listed & { domain: string }> };
    };
    // The simulated ChatGPT reports its searches; Perplexity does not.
    expect(insights.searches.length).toBeGreaterThan(0);
    const res = await csv(key, `/api/v1/trackers/${trackerId}/insights?runs=2`);
    expect([res.status, res.headers.get('content-type'), res.headers.get('content-disposition')]).toEqual([200, 'text/csv; charset=utf-8', `attachment; filename="insights-${trackerId}.csv"`]);
    const [header, ...rows]: string[][] = parse(await res.text());
    expect(header).toEqual(['list', 'item', 'answers', 'n', 'rate', 'clusters', 'low', 'high', 'surfaces', 'consulted', 'cited']);
    const row = (list: string, item: string, l: Listed) => [list, item, cell(l.answers), cell(l.n), cell(l.rate), cell(l.clusters), cell(l.interval?.low), cell(l.interval?.high), l.surfaces?.join(' | ') ?? '', cell(l.consulted), cell(l.cited)];
    const neutral = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
    expect(rows).toEqual([
      ...insights.discoveredNames.map((d) => row('discoveredNames', neutral(d.name), d)),
      ...insights.searches.map((q) => row('searches', neutral(q.query), q)),
      ...insights.consultedNotCited.map((c) => row('consultedNotCited', c.domain, c)),
    ]);
  });

  it('still answers JSON without Accept, or when JSON is preferred', async () => {
    const plain = await stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key });
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    const preferred = await stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key, headers: { Accept: 'application/json, text/csv;q=0.5' } });
    expect(preferred.headers.get('content-type')).toMatch(/^application\/json/);
    expect(preferred.body.runs).toHaveLength(2);
  });
});
