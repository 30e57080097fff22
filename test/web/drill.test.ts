import { computeMetrics } from '@brandradar/analysis';
import type { Run, Surface } from '@brandradar/contracts';
import { surfaceName } from '../../packages/web/src/surfaces';
import { finishedRuns, heatLevel, heatColumns, HEAT_DOMAINS, promptRates, rateText, surfaceMetrics, surfaceRows, type MeasuredRun } from '../../packages/web/src/drill';
import { measuresFor, valueText } from '../../packages/web/src/measures';
import { runAnswer, type RunAnswer } from '../support/run-answers';

// The report's breakdowns by surface and by prompt (packages/web/src/drill.ts), in node, with
// hostile names and prompts: user data is never a key.
type Answer = RunAnswer;
const LONG = `Acme ${'x'.repeat(195)}`;
const NAMES = ['monday.com', '$x', '__proto__', '🦄 Unicorn', LONG];
const PROMPTS = ['__proto__', 'constructor?', `Which CRM is best? ${'🦄'.repeat(90)}`];
const SURFACES: Surface[] = ['chatgpt', 'perplexity', 'google_ai_overview'];

const answer = (model: Surface, sample: number, mentioned: readonly string[] | null): Answer =>
  runAnswer({ model, sample, tracked: NAMES, mentioned, text: mentioned === null ? undefined : `Try ${mentioned.join(' and ')}.` });

/** Two samples per prompt × surface: which names each mentions follows from the cell's place, so counts are known. */
const results = PROMPTS.map((prompt, p) => ({
  prompt,
  answers: SURFACES.flatMap((model, s) =>
    [1, 2].map((sample) => answer(model, sample, p === 2 && s === 2 && sample === 2 ? null : NAMES.filter((_, i) => (i + p + s + sample) % 3 === 0))),
  ),
}));
const metrics = computeMetrics({
  primitive: 'compare',
  brand: NAMES[0]!,
  competitors: NAMES.slice(1),
  url: null,
  answers: results.flatMap((r) => r.answers.filter((a) => a.text !== null).map((a) => ({ prompt: r.prompt, surface: a.model, sample: a.sample, text: a.text!, citations: [] }))),
});
const run = { id: 'run-1', models: SURFACES, samplesPerPrompt: 2, results, metrics } as unknown as MeasuredRun;

describe('the breakdown by surface', () => {
  const measure = measuresFor('compare').find((m) => m.id === 'mentionRate')!;

  it('reads each surface\'s figures with the measure the charts use', () => {
    const rows = surfaceRows(run, measure, NAMES);
    expect(rows.map((r) => r.surface)).toEqual(SURFACES);
    for (const row of rows) {
      const group = metrics.primitive === 'compare' ? metrics.bySurface[row.surface]! : null;
      expect(row.stats).toEqual(group!.brands.map((b) => b.mentionRate));
      expect(row.stats.every((s) => s !== null && s.interval !== undefined && s.clusters === 3)).toBe(true);
    }
    // The answers per surface add up to the run's.
    expect(rows.reduce((sum, r) => sum + r.stats[0]!.n, 0)).toBe(measure.stats(metrics)[0]!.stat.n);
  });

  it('shows no figure for a surface without analysed answers or a name it does not report', () => {
    const claude = { ...run, models: ['claude', ...SURFACES] } as MeasuredRun;
    const rows = surfaceRows(claude, measure, ['nobody', NAMES[1]!]);
    expect(rows[0]).toEqual({ surface: 'claude', stats: [null, null] });
    expect(rows[1]!.stats[0]).toBeNull();
    expect(surfaceMetrics(metrics, 'claude')).toBeNull();
  });

  it('lays a surface\'s group over the run\'s own fields, for every primitive', () => {
    const sentiment = computeMetrics({ primitive: 'sentiment', brand: '__proto__', competitors: [], url: null, answers: [{ prompt: 'p', surface: 'gemini', text: '__proto__ is great.', citations: [] }] });
    const perGemini = surfaceMetrics(sentiment, 'gemini');
    expect(perGemini).toMatchObject({ primitive: 'sentiment', brand: '__proto__', mentions: 1 });
    expect(measuresFor('sentiment')[0]!.stats(perGemini!)).toEqual([{ name: '__proto__', stat: sentiment.primitive === 'sentiment' ? sentiment.bySurface.gemini!.positiveRate : null }]);
    const citations = computeMetrics({ primitive: 'citations', brand: null, competitors: [], url: 'https://monday.com/', answers: [{ prompt: 'p', surface: 'claude', text: 't', citations: [{ url: 'https://monday.com/', title: null }] }] });
    expect(measuresFor('citations')[1]!.stats(surfaceMetrics(citations, 'claude')!)[0]!.stat).toMatchObject({ value: 1, n: 1 });
  });

  it('names surfaces as users know them and values in their unit', () => {
    expect(SURFACES.map(surfaceName)).toEqual(['ChatGPT', 'Perplexity', 'Google AI Overviews']);
    const [rate, , , position] = measuresFor('compare');
    expect([valueText(rate!, 2 / 3), valueText(rate!, null), valueText(position!, 2.3333), valueText(measuresFor('sentiment')[3]!, 0.25)]).toEqual(['66.7%', '—', '2.33', '+0.25']);
  });
});

describe('the heat map by prompt', () => {
  it('counts an answer once per prompt × name over every surface and sample, failed answers left out', () => {
    const rows = promptRates(run, heatColumns(run), null);
    expect(rows.map((r) => r.prompt)).toEqual(PROMPTS);
    expect(rows.map((r) => r.rates.map((c) => c.n))).toEqual([[6, 6, 6, 6, 6], [6, 6, 6, 6, 6], [5, 5, 5, 5, 5]]);
    // By construction a name is mentioned in 2 of a prompt's 6 answers; the failed answer would have mentioned the 1st and 4th name.
    expect(rows.map((r) => r.rates.map((c) => c.mentioned))).toEqual([[2, 2, 2, 2, 2], [2, 2, 2, 2, 2], [1, 2, 2, 1, 2]]);
    expect(rows[2]!.rates.map(rateText)).toEqual(['20%', '40%', '40%', '20%', '40%']);
  });

  it('filters to one surface', () => {
    const rows = promptRates(run, { ...heatColumns(run), names: [NAMES[4]!, 'not tracked'] }, 'google_ai_overview');
    expect(rows.map((r) => r.rates.map((c) => c.n))).toEqual([[2, 2], [2, 2], [1, 1]]);
    expect(rows.every((r) => r.rates[1]!.mentioned === 0)).toBe(true);
    expect(promptRates(run, heatColumns(run), 'claude').every((r) => r.rates.every((c) => c.n === 0))).toBe(true);
  });

  it('says a rate as text, with a shade that follows it', () => {
    expect([rateText({ mentioned: 4, n: 6 }), rateText({ mentioned: 0, n: 0 })]).toEqual(['67%', '—']);
    expect([0, 1, 2, 3, 4, 5, 6].map((m) => heatLevel({ mentioned: m, n: 6 }))).toEqual([0, 1, 2, 2, 3, 4, 4]);
    expect(heatLevel({ mentioned: 0, n: 0 })).toBe(0);
  });

  it('counts mentions of every tracked name, of a sentiment run\'s brand, or citations of a citations run\'s most cited domains', () => {
    expect(heatColumns(run)).toMatchObject({ names: NAMES, verb: 'mention' });
    expect(heatColumns({ metrics: { primitive: 'sentiment', brand: '$x' } } as unknown as MeasuredRun)).toMatchObject({ names: ['$x'], verb: 'mention' });
    const domains = ['__proto__.com', 'monday.com', ...Array.from({ length: 10 }, (_, i) => `site${i}.example`)];
    const citing = (cited: string[]): Answer => ({ ...answer('claude', 1, []), metrics: { analysisVersion: 'v', citedDomains: cited, citesUrl: null } });
    const citations = {
      models: ['claude'],
      results: [{ prompt: 'constructor', answers: [citing(['monday.com', '__proto__.com']), citing(['monday.com']), citing([]), answer('claude', 4, null)] }],
      metrics: { primitive: 'citations', domains: domains.map((domain) => ({ domain })) },
    } as unknown as MeasuredRun;
    const columns = heatColumns(citations);
    expect(columns).toMatchObject({ names: domains.slice(0, HEAT_DOMAINS), verb: 'cite' });
    expect(promptRates(citations, columns, null)[0]!.rates.slice(0, 3)).toEqual([
      { mentioned: 1, n: 3 },
      { mentioned: 2, n: 3 },
      { mentioned: 0, n: 3 },
    ]);
  });

  it('takes the measured runs in the order given', () => {
    const runs = [{ id: 'a', metrics: null }, { id: 'b', metrics }, { id: 'c', metrics }] as unknown as Run[];
    expect(finishedRuns(runs).map((r) => r.id)).toEqual(['b', 'c']);
  });
});
