import { computeDelta, computeMetrics, type AnalysedAnswer, type AnalysisInput, type RunDelta, type RunMetrics } from '@brandradar/analysis';
import { Headline, OVERVIEW_LIMITS, RunQueries } from '@brandradar/contracts';
import { headlineOf, type FinishedRunFigures } from './headline';

let promptNo = 0;
/** `n` answers, each to its own prompt (one answer per cell). */
const answers = (n: number, text: string, citations: string[] = []): AnalysedAnswer[] =>
  Array.from({ length: n }, () => ({ prompt: `prompt ${++promptNo}`, surface: 'chatgpt', text, citations: citations.map((url) => ({ url, title: null })) }));

type Names = Omit<AnalysisInput, 'answers'>;
const subjectOf = (names: Names) => ({ primitive: names.primitive, brand: names.brand, url: names.url });

let runNo = 0;
/** Runs over each group of answers, oldest first, each with its delta against the one before; returned newest first as the runner reads them. */
function runsOver(names: Names, ...groups: AnalysedAnswer[][]): FinishedRunFigures[] {
  const runs: FinishedRunFigures[] = [];
  let previous: FinishedRunFigures | null = null;
  for (const group of groups) {
    const metrics: RunMetrics = computeMetrics({ ...names, answers: group });
    const id = `00000000-0000-4000-8000-${String(++runNo).padStart(12, '0')}`;
    const delta: RunDelta | null = previous ? { ...computeDelta(metrics, previous.metrics), previousRunId: previous.id } : null;
    previous = { id, finishedAt: new Date(Date.UTC(2026, 10, runNo)), metrics, delta };
    runs.push(previous);
  }
  return runs.reverse();
}

const values = (h: ReturnType<typeof headlineOf>) => h?.points.map((p) => p.value);

describe('headlineOf', () => {
  it('is null for a tracker without finished runs', () => {
    expect(headlineOf({ primitive: 'compare', brand: 'Acme', url: null }, [])).toBeNull();
  });

  it("compare: the brand's share of voice, oldest point first, with the newest run's change", () => {
    const names: Names = { primitive: 'compare', brand: 'Acme', competitors: ['Beta'], url: null };
    const runs = runsOver(names, answers(12, 'Only Beta.'), answers(12, '1. Acme\n2. Beta'));
    const h = headlineOf(subjectOf(names), runs);
    expect(Headline.parse(h)).toEqual(h);
    expect(h).toMatchObject({ measure: 'shareOfVoice', name: 'Acme' });
    expect(values(h)).toEqual([0, 0.5]);
    expect(h!.points[1]).toMatchObject({ runId: runs[0]!.id, finishedAt: runs[0]!.finishedAt.toISOString(), n: 24, clusters: 12 });
    expect(h!.points[1]!.interval).toEqual({ low: expect.any(Number), high: expect.any(Number) });
    expect(h!.change).toMatchObject({ previousRunId: runs[1]!.id, current: 0.5, previous: 0, change: 50, significant: true, insufficientSample: false, minimumAnswers: 10 });
    expect(h!.change!.pValue).toBeLessThan(0.05);
  });

  it('says a change of too few answers is insufficient, without a p-value', () => {
    const names: Names = { primitive: 'compare', brand: 'Acme', competitors: ['Beta'], url: null };
    const h = headlineOf(subjectOf(names), runsOver(names, answers(3, 'Only Beta.'), answers(3, 'Acme and Beta.')));
    expect(h!.change).toMatchObject({ change: null, pValue: null, significant: null, insufficientSample: true });
  });

  it('has no change when the newest run has no delta', () => {
    const names: Names = { primitive: 'sentiment', brand: 'Acme', competitors: [], url: null };
    const h = headlineOf(subjectOf(names), runsOver(names, answers(5, 'Acme is excellent and reliable.')));
    expect(h).toMatchObject({ measure: 'positiveRate', name: 'Acme', change: null });
    expect(h!.points).toHaveLength(1);
  });

  it.each(['monday.com', '$x', '__proto__', 'constructor', '🚀 Rocket', 'N'.repeat(200)])('rankings: the name leading the newest run, even %p', (hostile) => {
    const names: Names = { primitive: 'rankings', brand: null, competitors: ['Acme', hostile], url: null };
    // Acme leads the older run, the hostile name the newer: the headline follows the newest leader back.
    const runs = runsOver(names, answers(10, 'Acme is good.'), answers(10, `1. ${hostile}\n2. Acme`), answers(10, `${hostile} wins.`));
    const h = headlineOf(subjectOf(names), runs);
    expect(h).toMatchObject({ measure: 'shareOfVoice', name: hostile });
    expect(values(h)).toEqual([0, 0.5, 1]);
    expect(h!.change).toMatchObject({ current: 1, previous: 0.5, change: 50 });
  });

  it('rankings: a tie goes to the first name listed', () => {
    const names: Names = { primitive: 'rankings', brand: null, competitors: ['Acme', 'Beta'], url: null };
    expect(headlineOf(subjectOf(names), runsOver(names, answers(4, 'Beta and Acme.')))?.name).toBe('Acme');
  });

  it("sentiment: the share of the brand's mentioning answers that read positive", () => {
    const names: Names = { primitive: 'sentiment', brand: '__proto__', competitors: [], url: null };
    const runs = runsOver(names, [...answers(5, '__proto__ is excellent and reliable.'), ...answers(5, '__proto__ is terrible and slow.'), ...answers(2, 'Nothing here.')]);
    const h = headlineOf(subjectOf(names), runs);
    expect(h!.points[0]).toMatchObject({ value: 0.5, n: 10 });
  });

  it('citations with a URL: the rate of answers citing it', () => {
    const names: Names = { primitive: 'citations', brand: null, competitors: [], url: 'https://acme.com/' };
    const runs = runsOver(names, [...answers(3, 'See.', ['https://acme.com/']), ...answers(1, 'See.', ['https://beta.com/'])]);
    expect(headlineOf(subjectOf(names), runs)).toMatchObject({ measure: 'urlCitedRate', name: null, points: [{ value: 0.75, n: 4 }] });
  });

  it("citations without a URL: the leading domain's share, a run where it is not listed left out", () => {
    const names: Names = { primitive: 'citations', brand: null, competitors: [], url: null };
    const runs = runsOver(
      names,
      answers(2, 'See.', ['https://other.org/']),
      [...answers(1, 'See.', ['https://monday.com/a']), ...answers(1, 'See.', ['https://beta.com/'])],
      [...answers(3, 'See.', ['https://monday.com/a']), ...answers(1, 'See.', ['https://beta.com/'])],
    );
    const h = headlineOf(subjectOf(names), runs);
    expect(h).toMatchObject({ measure: 'domainShare', name: 'monday.com' });
    expect(values(h)).toEqual([0.5, 0.75]);
    expect(h!.change).toMatchObject({ current: 0.75, previous: 0.5 });
  });

  it('leaves out runs of another primitive, and gives no change when the newest lacks the measure', () => {
    const compare: Names = { primitive: 'compare', brand: 'Acme', competitors: ['Beta'], url: null };
    const runs = runsOver(compare, answers(4, 'Acme.'));
    const h = headlineOf({ primitive: 'sentiment', brand: 'Acme', url: null }, runs);
    expect(h).toEqual({ measure: 'positiveRate', name: 'Acme', points: [], change: null });
  });
});

describe('a headlines reply at the limits', () => {
  it('stays under half of a NATS message (1 MiB) with the longest names at their most escaped', () => {
    const point = {
      runId: '00000000-0000-4000-8000-000000000001',
      finishedAt: '2026-11-28T09:00:00.000Z',
      value: 0.1234,
      interval: { low: 0.0123, high: 0.9876 },
      n: 1_000_000,
      clusters: 1_000_000,
    };
    const change = { current: 0.1234, previous: 0.5678, change: -44.44, pValue: 2.2e-59, significant: true, insufficientSample: false, previousRunId: point.runId, minimumAnswers: 10 as const };
    // A domain has at most 253 characters; a control character is 6 bytes of JSON.
    const headline = { measure: 'domainShare' as const, name: '\u0001'.repeat(253), points: Array.from({ length: OVERVIEW_LIMITS.points }, () => point), change };
    const reply = { headlines: Array.from({ length: OVERVIEW_LIMITS.trackers }, () => ({ trackerId: point.runId, headline })) };
    expect(RunQueries.headlines.response.parse(reply)).toEqual(reply);
    expect(Buffer.byteLength(JSON.stringify(reply))).toBeLessThan(512 * 1024);
  });
});
