// Insights (api-contract §12) through the API: names the answers put forward that the tracker does not track, and citation gaps.
import { computeInsights, detectBrands, nameKey, type InsightAnswer } from '@brandradar/analysis';
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
const prompts = ['best CRM for a small sales team', 'CRM like HubSpot but cheaper', 'which CRM should a startup pick'];
const compare = { name: 'CRM', cadence, primitive: 'compare', prompts, models: ['chatgpt', 'perplexity', 'gemini'], brand: 'HubSpot', competitors: ['Salesforce'] };

type Source = { url: string; title: string | null };
type Answer = { model: string; sample: number; status: string; text: string | null; citations: Source[]; searchQueries: string[]; consultedSources: Source[] | null };
type Run = { id: string; status: string; finishedAt: string; results: { prompt: string; answers: Answer[] }[] };
type Example = { runId: string; prompt: string; model: string; sample: number; start: number; end: number; excerpt: { text: string; start: number; end: number } };
type DiscoveredName = { name: string; answers: number; n: number; rate: number; surfaces: string[]; examples: Example[] };

const insights = (key: string, id: string, query = '') => stack.api('GET', `/api/v1/trackers/${id}/insights${query}`, { key });

/** The succeeded answers of `runs` (newest first) as insights read them. */
const answersOf = (runs: Run[]): InsightAnswer[] =>
  runs.flatMap((run) =>
    run.results.flatMap((r) =>
      r.answers.filter((a) => a.status === 'succeeded').map((a) => ({ runId: run.id, prompt: r.prompt, surface: a.model, sample: a.sample, text: a.text!, citations: a.citations, searchQueries: a.searchQueries, consultedSources: a.consultedSources })),
    ),
  );

describe('insights of a tracker', () => {
  let key: string;
  let id: string;
  let runs: Run[];
  beforeAll(async () => {
    key = (await stack.account()).apiKey;
    id = await activeTracker(stack, key, compare);
  });

  it('are empty before any run finished, with the lists the primitive has', async () => {
    const res = await insights(key, id);
    expect(res.status).toBe(200);
    expect(res.body.insights).toMatchObject({ trackerId: id, runs: [], answers: 0, discoveredNames: [], citationGaps: [], gapAnswers: 0 });
  });

  it('read the newest finished runs with the current names: what the analysis gives on their answers', async () => {
    runs = [await finishedRun<Run>(stack, key, id, 'insights-1'), await finishedRun<Run>(stack, key, id, 'insights-2')].reverse();
    const names = { primitive: 'compare' as const, brand: 'HubSpot', competitors: ['Salesforce'], aliases: [] };
    for (const [query, read] of [['', runs.slice(0, 1)], ['?runs=2', runs], ['?runs=10', runs]] as const) {
      const res = await insights(key, id, query);
      expect(res.status).toBe(200);
      expect(res.body.insights).toEqual({
        trackerId: id,
        runs: read.map((r) => ({ id: r.id, status: r.status, finishedAt: r.finishedAt })),
        ...JSON.parse(JSON.stringify(computeInsights(names, answersOf(read)))),
      });
    }
  });

  it('discover names the simulated answers list beside the tracked ones, with evidence that points into the answers', async () => {
    const { discoveredNames } = (await insights(key, id, '?runs=2')).body.insights as { discoveredNames: DiscoveredName[] };
    expect(discoveredNames.length).toBeGreaterThan(0);
    expect(discoveredNames.map((d) => d.answers)).toEqual([...discoveredNames.map((d) => d.answers)].sort((a, b) => b - a));
    for (const d of discoveredNames) {
      expect([nameKey('HubSpot'), nameKey('Salesforce')]).not.toContain(nameKey(d.name));
      expect(d.rate).toBeCloseTo(d.answers / d.n, 4);
      for (const e of d.examples) {
        const answer = runs.find((r) => r.id === e.runId)!.results.find((r) => r.prompt === e.prompt)!.answers.find((a) => a.model === e.model && a.sample === e.sample)!;
        expect(nameKey(answer.text!.slice(e.start, e.end))).toBe(nameKey(d.name));
        expect(e.excerpt.text.slice(e.excerpt.start, e.excerpt.end)).toBe(answer.text!.slice(e.start, e.end));
      }
    }
  });

  it('list the searches the surfaces ran and the sites they read but did not cite, over the answers that report them', async () => {
    type Rated = { answers: number; n: number; rate: number; interval: { low: number; high: number } | null };
    const body = (await insights(key, id, '?runs=2')).body.insights as { searches: (Rated & { query: string; surfaces: string[] })[]; consultedNotCited: (Rated & { domain: string; consulted: number; cited: number })[] };
    // chatgpt and gemini report their research; perplexity does not.
    const reporting = answersOf(runs).filter((a) => a.consultedSources !== null);
    expect(reporting.map((a) => a.surface).sort()).toEqual(answersOf(runs).filter((a) => a.surface !== 'perplexity').map((a) => a.surface).sort());
    expect(body.searches.length).toBeGreaterThan(0);
    for (const s of [...body.searches, ...body.consultedNotCited]) {
      expect(s.n).toBe(reporting.length);
      expect(s.rate).toBeCloseTo(s.answers / s.n, 4);
      expect(s.interval!.low).toBeLessThanOrEqual(s.rate);
    }
    for (const s of body.searches) expect(s.surfaces.every((surface) => surface !== 'perplexity')).toBe(true);
    for (const d of body.consultedNotCited) expect(d.consulted).toBeGreaterThan(d.cited);
  });

  it('list citation gaps only from answers that name a competitor but not the brand', async () => {
    const body = (await insights(key, id, '?runs=2')).body.insights as { citationGaps: { domain: string; answers: number; names: string[] }[]; gapAnswers: number };
    const gapAnswers = answersOf(runs).filter((a) => {
      const [brand, competitor] = detectBrands(a.text, [{ name: 'HubSpot' }, { name: 'Salesforce' }]);
      return !brand!.mentioned && competitor!.mentioned;
    });
    expect(body.gapAnswers).toBe(gapAnswers.length);
    for (const gap of body.citationGaps) {
      expect(gap.names).toEqual(['Salesforce']);
      expect(gap.answers).toBeLessThanOrEqual(body.gapAnswers);
    }
  });

  it('no longer discover a name once it is tracked', async () => {
    const { discoveredNames } = (await insights(key, id, '?runs=2')).body.insights as { discoveredNames: DiscoveredName[] };
    const added = discoveredNames[0]!.name;
    expect((await stack.api('PATCH', `/api/v1/trackers/${id}`, { key, body: { ...compare, competitors: ['Salesforce', added] } })).status).toBe(200);
    const after = (await insights(key, id, '?runs=2')).body.insights as { discoveredNames: DiscoveredName[]; citationGaps: { names: string[] }[] };
    expect(after.discoveredNames.map((d) => nameKey(d.name))).not.toContain(nameKey(added));
  });

  it('refuse a bad number of runs with the fields named, and unknown trackers with 404', async () => {
    for (const query of ['?runs=0', '?runs=11', '?runs=abc', '?runs=1.5', '?runs=', '?other=1', '?runs=1&runs=2']) {
      const res = await insights(key, id, query);
      expect([query, res.status, res.body.error.code]).toEqual([query, 400, 'validation_error']);
    }
    expect((await insights(key, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const other = (await stack.account()).apiKey;
    expect((await insights(other, id)).status).toBe(404);
    expect((await stack.api('GET', `/api/v1/trackers/${id}/insights`, {})).status).toBe(401);
  });
});

describe('insights of other primitives', () => {
  it('have no citation gaps for a rankings tracker, and take hostile names as names', async () => {
    const { apiKey: key } = await stack.account();
    const competitors = ['monday.com', '$x', '__proto__', 'HubSpot 🚀', 'S'.repeat(100)];
    const id = await activeTracker(stack, key, { name: 'Hostile', cadence, primitive: 'rankings', prompts: prompts.slice(0, 1), models: ['chatgpt'], competitors });
    await finishedRun<Run>(stack, key, id, 'hostile');
    const res = await insights(key, id);
    expect(res.status).toBe(200);
    expect(res.body.insights.citationGaps).toBeNull();
    expect(res.body.insights.gapAnswers).toBeNull();
    expect(res.body.insights.answers).toBe(1);
  });
});
