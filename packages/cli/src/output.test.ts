import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BrandradarApiError, type BrandMetrics, type ContentBriefResult, type DiscoveredName, type Insights, type Reanalysis, type Run, type components } from '@brandradar/client';
import {
  accountDetails,
  answerPlan,
  briefMarkdown,
  competitorAddedText,
  evidenceLine,
  headlineChangeText,
  headlineChanges,
  headlineText,
  insightsText,
  mixedVersionsNote,
  money,
  nameTable,
  overviewTable,
  percent,
  rateChangeText,
  rateTable,
  reanalysisLine,
  reportTable,
  runDetails,
  runProgressLine,
  runTable,
  sparkline,
  table,
  trackerDetails,
  trackerTable,
  valueChangeText,
} from './output';

type Schemas = components['schemas'];
const document = JSON.parse(readFileSync(path.join(__dirname, '../../client/openapi.json'), 'utf8'));
/** The contract's own example of a schema, as the OpenAPI document gives it. */
const example = <K extends keyof Schemas>(name: K): Schemas[K] => document.components.schemas[name].example;

const tracker = example('Tracker');
const run = (over: Partial<Run> = {}): Run => ({
  id: '7d1c2b3a-0000-4000-8000-000000000001',
  trackerId: tracker.id,
  trigger: 'manual',
  requestToken: 'token-1',
  status: 'COMPLETED',
  scheduledFor: null,
  createdAt: '2026-11-22T09:00:00.000Z',
  startedAt: '2026-11-22T09:00:01.000Z',
  finishedAt: '2026-11-22T09:00:09.000Z',
  deadlineAt: '2026-11-22T09:10:00.000Z',
  primitive: 'compare',
  models: ['chatgpt', 'gemini'],
  samplesPerPrompt: 1,
  samplingMode: 'fixed',
  analysisVersion: '2026-11-28.1',
  estimatedCostMicro: 9_000,
  billedCostMicro: 5_000,
  results: [{ prompt: 'best crm', answers: [answer('chatgpt', 'succeeded'), answer('gemini', 'failed')] }],
  summary: { answers: 2, succeeded: 1, failed: 1 },
  metrics: example('RunMetrics'),
  delta: null,
  error: null,
  ...over,
});
function answer(model: 'chatgpt' | 'gemini', status: 'succeeded' | 'failed'): Run['results'][number]['answers'][number] {
  return { model, sample: 1, status, provider: 'simulated', providerModel: null, method: 'api', text: status === 'succeeded' ? 'Acme leads.' : null, truncated: false, citations: [], searchQueries: [], consultedSources: null, metrics: null, error: null, fetchedAt: null, localised: false };
}

describe('money and percent', () => {
  it('shows micro-units as dollars, keeping sub-cent digits', () => {
    expect(money(39_000)).toBe('$0.39');
    expect(money(0)).toBe('$0.00');
    expect(money(1_000_000)).toBe('$10.00');
    expect(money(125)).toBe('$0.00125');
  });
  it('shows rates as percentages, and a dash for none', () => {
    expect(percent(0.75)).toBe('75.0%');
    expect(percent(null)).toBe('–');
  });
});

describe('table', () => {
  it('aligns columns under a rule, without trailing blanks', () => {
    expect(table(['A', 'LONGER'], [['wide cell', 'x'], ['b', '']])).toBe('A          LONGER\n---------  ------\nwide cell  x\nb\n');
  });
});

describe('trackers', () => {
  it('lists id, name, status with the pause reason, cost and next run', () => {
    const paused = { ...tracker, status: 'PAUSED' as const, pauseReason: 'insufficient_credits' as const, nextRunAt: null };
    const out = trackerTable([tracker, paused]);
    expect(out.split('\n')[0]).toMatch(/^ID\s+NAME\s+STATUS\s+PRIMITIVE\s+PER RUN\s+NEXT RUN$/);
    expect(out).toContain(`${tracker.id}  ${tracker.name}`);
    expect(out).toContain('PAUSED (insufficient_credits)');
    expect(out).toContain(money(tracker.estimatedCostMicroPerRun));
    expect(trackerTable([])).toBe('No trackers.\n');
  });
  it('shows one tracker field by field', () => {
    const out = trackerDetails(tracker);
    expect(out).toContain(`id:`);
    expect(out).toMatch(new RegExp(`cadence:\\s+weekly on day 1 at 09:00 ${tracker.cadence.timezone}`));
    expect(out).toMatch(new RegExp(`competitors:\\s+${tracker.competitors.join(', ')}`));
    expect(out).toMatch(/answers per run:\s+9 \(3 prompts × 3 surfaces × 1 sample\)\n/);
    expect(out).toMatch(/alerts:\s+none\n/);
    expect(out).toMatch(/country:\s+– \(answers are not localised\)\n/);
  });
  it('says when a run alerts by e-mail and which market the prompts are asked for', () => {
    const out = trackerDetails({ ...tracker, alerts: { significantChange: true }, country: 'de' });
    expect(out).toMatch(/alerts:\s+e-mail on a significant change\n/);
    expect(out).toMatch(/country:\s+de\n/);
  });
  it('says how many answers a run asks for, at most when adaptive', () => {
    const adaptive = trackerDetails({ ...tracker, samplesPerPrompt: 5, samplingMode: 'adaptive', estimatedCostMicroPerRun: 5 * tracker.estimatedCostMicroPerRun });
    expect(adaptive).toMatch(/answers per run:\s+up to 45 \(3 prompts × 3 surfaces × 2–5 samples, adaptive\)\n/);
    expect(adaptive).toMatch(/estimate per run:\s+\$1\.95 at most \(adaptive runs usually bill less\)\n/);
  });
});

describe('answerPlan', () => {
  it('multiplies prompts, surfaces and samples, with the range an adaptive run may ask', () => {
    expect(answerPlan({ prompts: 3, surfaces: 2, samplesPerPrompt: 5, samplingMode: 'fixed' })).toBe('3 prompts × 2 surfaces × 5 samples');
    expect(answerPlan({ prompts: 3, surfaces: 2, samplesPerPrompt: 5, samplingMode: 'adaptive' })).toBe('3 prompts × 2 surfaces × 2–5 samples, adaptive');
    // Adaptive with 2 or fewer samples asks them all first: there is no range.
    expect(answerPlan({ prompts: 1, surfaces: 1, samplesPerPrompt: 1, samplingMode: 'adaptive' })).toBe('1 prompt × 1 surface × 1 sample, adaptive');
  });
});

describe('runProgressLine', () => {
  it('counts the answers so far while a run is going', () => {
    const going = run({ status: 'RUNNING', summary: { answers: 6, succeeded: 0, failed: 0 }, billedCostMicro: 0, metrics: null });
    expect(runProgressLine(going)).toBe(`run ${going.id} RUNNING 2/6 answers (1 succeeded, 1 failed)`);
  });
  it('adds what a finished run billed, and why it failed', () => {
    expect(runProgressLine(run())).toMatch(/COMPLETED 2\/2 answers \(1 succeeded, 1 failed\), billed \$0\.05$/);
    const failed = run({ status: 'FAILED', results: [], billedCostMicro: 0, summary: { answers: 0, succeeded: 0, failed: 0 }, error: { code: 'tracker_not_active', message: 'The tracker was paused.' } });
    expect(runProgressLine(failed)).toMatch(/FAILED 0\/0 .*billed \$0\.00: tracker_not_active: The tracker was paused\.$/);
  });
});

/** The example run's metrics with what samples add to each name: 27 of 30 cells stable, places 1–3. */
function sampledMetrics(): Run['metrics'] {
  const metrics = example('RunMetrics');
  if (metrics.primitive !== 'compare' && metrics.primitive !== 'rankings') throw new Error('the example is a compare run');
  const brands: BrandMetrics[] = metrics.brands.map((b, i) => ({
    ...b,
    mentionRate: { ...b.mentionRate, n: 150, clusters: 30 },
    stability: i === 0 ? { cells: 30, agreeing: 27, rate: 0.9, interval: { low: 0.7438, high: 0.9654 } } : null,
    positionQuartiles: i === 0 ? { p25: 1, median: 2, p75: 3.5 } : null,
  }));
  return { ...metrics, brands };
}

describe('runDetails', () => {
  it('shows the plan and each name with its mention rate, stability and places', () => {
    const sampled = run({ samplesPerPrompt: 5, samplingMode: 'fixed', summary: { answers: 150, succeeded: 150, failed: 0 }, metrics: sampledMetrics() });
    const lines = runDetails(sampled).split('\n');
    expect(lines[1]).toBe('150 answers (1 prompt × 2 surfaces × 5 samples)');
    expect(lines[2]).toBe('analysis version 2026-11-28.1');
    expect(lines[4]).toMatch(/^NAME\s+MENTION RATE\s+95% INTERVAL\s+SAMPLE\s+STABILITY\s+POSITION MEDIAN \(P25–P75\)$/);
    expect(lines[6]).toMatch(/150 answers in 30 cells\s+stable in 27 of 30 cells, 90\.0% \(74\.4%–96\.5%\)\s+2 \(1–3\.5\)$/);
    expect(lines[7]).toMatch(/150 answers in 30 cells\s+–\s+–$/);
    expect(runDetails(sampled)).toContain('Stability: of the cells with at least 2 answers, those whose answers all agree');
  });
  it('leaves out what a run of one sample per cell does not have', () => {
    const out = runDetails(run());
    expect(out).not.toMatch(/STABILITY|cells/);
    expect(out).toMatch(/POSITION MEDIAN \(P25–P75\)\n[\s\S]*\s1 \(1–3\)\n/);
    expect(out.split('\n')[1]).toBe('2 answers (1 prompt × 2 surfaces × 1 sample)');
    expect(nameTable(run({ metrics: null }))).toBeNull();
  });
  it('names the analysis version only of a run that has figures', () => {
    expect(runDetails(run({ analysisVersion: 'unversioned' }))).toContain('\nanalysis version unversioned\n');
    expect(runDetails(run({ status: 'RUNNING', metrics: null }))).not.toContain('analysis version');
  });
});

describe('reportTable', () => {
  it('has a row per run with the mention rate of each name', () => {
    const metrics = example('RunMetrics');
    if (metrics.primitive !== 'compare' && metrics.primitive !== 'rankings') throw new Error('the example is a compare run');
    const out = reportTable({ tracker, runs: [run(), run({ status: 'FAILED', metrics: null, billedCostMicro: 0 })], analysisVersions: ['2026-11-28.1'] });
    const lines = out.split('\n');
    expect(lines[0]).toBe(`${tracker.name} (${tracker.id}) · ${tracker.primitive} · ${tracker.status}`);
    expect(lines[2]).toMatch(/^CREATED\s+TRIGGER\s+STATUS\s+ANSWERS\s+BILLED\s+MENTION RATE$/);
    expect(lines[4]).toContain(metrics.brands.map((b) => `${b.name} ${percent(b.mentionRate.value)}`).join(', '));
    expect(lines[5]).toMatch(/FAILED\s+1\/2\s+\$0\.00\s+–$/);
  });
  it('shows the latest measured run by name under the table', () => {
    const out = reportTable({ tracker, runs: [run({ status: 'FAILED', metrics: null }), run({ metrics: sampledMetrics(), createdAt: '2026-11-21T09:00:00.000Z' })], analysisVersions: ['2026-11-28.1'] });
    expect(out).toContain('\nThe latest measured run (2026-11-21T09:00:00.000Z), 2 answers (1 prompt × 2 surfaces × 1 sample):\nNAME');
    expect(out).toContain('stable in 27 of 30 cells');
  });
  it('adds the change of each name\'s mention rate since the run before, marking a significant one', () => {
    const delta = example('RunDelta');
    if (delta.primitive !== 'compare' && delta.primitive !== 'rankings') throw new Error('the example is a compare delta');
    const [acme, ...others] = delta.brands;
    const significant = { ...delta, brands: [{ ...acme!, mentionRate: { ...acme!.mentionRate, significant: true } }, ...others] };
    const out = reportTable({ tracker, runs: [run({ delta: significant }), run({ createdAt: '2026-11-15T09:00:00.000Z' })], analysisVersions: ['2026-11-28.1'] });
    const lines = out.split('\n');
    expect(lines[2]).toMatch(/\s+MENTION RATE\s+CHANGE$/);
    expect(lines[4]).toMatch(/\s+Acme \+41\.7 pp\*, /);
    expect(lines[5]).toMatch(/\s+–$/);
    expect(out).toContain('* significant (p < 0.05), n<10 too few answers');
    // No run with a delta: no column.
    expect(reportTable({ tracker, runs: [run()], analysisVersions: ['2026-11-28.1'] })).not.toMatch(/CHANGE/);
    expect(headlineChanges(run())).toBeNull();
  });
  it('gives the change of the figure shown for citations (the same domains) and sentiment (net, in its unit)', () => {
    const metrics = example('RunMetrics');
    if (metrics.primitive !== 'compare' && metrics.primitive !== 'rankings') throw new Error('the example is a compare run');
    const share = metrics.brands[0]!.shareOfVoice;
    const rate = metrics.brands[0]!.mentionRate;
    const rateChange = { current: 0.5, previous: 0.25, change: 25, insufficientSample: false, pValue: 0.01, significant: true };
    const header = { note: 'Changes between runs do not establish cause.', minimumAnswers: 10, significanceLevel: 0.05 } as const;
    const counted = { current: 9, previous: 8, change: 1 };
    const domains = [
      { domain: 'g2.com', citations: 4, share },
      { domain: '__proto__', citations: 2, share },
    ];
    const citations = run({
      primitive: 'citations',
      metrics: { primitive: 'citations', url: null, answers: 12, citations: 6, domains, unlistedDomains: { domains: 0, citations: 0 }, urlCitedRate: null, domainCitedRate: null, bySurface: {} },
      delta: { primitive: 'citations', ...header, answers: counted, citations: counted, domains: [{ domain: 'g2.com', citations: counted, share: rateChange }], urlCitedRate: null, domainCitedRate: null, bySurface: {} },
    });
    expect(headlineChanges(citations)).toBe('g2.com +25.0 pp*, __proto__ –');
    const net = { current: 0.4, previous: 0.25, change: 0.15, insufficientSample: false };
    const sentiment = run({
      primitive: 'sentiment',
      metrics: { primitive: 'sentiment', brand: 'Acme', answers: 12, mentions: 10, positiveRate: rate, neutralRate: rate, negativeRate: rate, netSentiment: { value: 0.4, n: 10 }, bySurface: {} },
      delta: { primitive: 'sentiment', ...header, answers: counted, mentions: counted, positiveRate: rateChange, neutralRate: rateChange, negativeRate: rateChange, netSentiment: net, bySurface: {} },
    });
    expect(headlineChanges(sentiment)).toBe('+0.15');
    expect(valueChangeText({ ...net, change: null, insufficientSample: true }, 10)).toBe('n<10');
    expect(reportTable({ tracker: { ...tracker, primitive: 'sentiment' }, runs: [sentiment], analysisVersions: ['2026-11-28.1'] })).toContain('in net sentiment (−1 to 1; not tested for significance)');
  });
  it('writes a change in percentage points, n<10 for a sample too small, – for none', () => {
    const change = { current: 0.5, previous: 0.625, change: -12.5, insufficientSample: false, pValue: 0.01, significant: true };
    expect(rateChangeText(change, 10)).toBe('-12.5 pp*');
    expect(rateChangeText({ ...change, change: 3, significant: false }, 10)).toBe('+3.0 pp');
    expect(rateChangeText({ ...change, change: null, pValue: null, significant: null, insufficientSample: true }, 10)).toBe('n<10');
    expect(rateChangeText({ ...change, change: null, pValue: null, significant: null }, 10)).toBe('–');
  });
  it('says when there are no runs', () => {
    expect(reportTable({ tracker, runs: [], analysisVersions: [] })).toMatch(/No runs yet\.\n$/);
  });
  it('says when its runs were analysed with different rules, and how to compare them all', () => {
    const mixed = { tracker, runs: [run(), run({ analysisVersion: 'unversioned', createdAt: '2026-11-15T09:00:00.000Z' })], analysisVersions: ['2026-11-28.1', 'unversioned'] };
    const lines = reportTable(mixed).split('\n');
    expect(lines.slice(1, 4)).toEqual([
      '',
      'This report mixes analysis versions (2026-11-28.1, unversioned): changes are only computed between runs of one version.',
      `Recompute history to compare them all: brandradar trackers reanalyze ${tracker.id}`,
    ]);
    expect(lines[5]).toMatch(/^CREATED\s+TRIGGER\s+STATUS\s+ANSWERS\s+BILLED\s+ANALYSIS\s+MENTION RATE$/);
    expect(lines[7]).toMatch(/\$0\.05\s+2026-11-28\.1\s+Acme/);
    expect(lines[8]).toMatch(/\$0\.05\s+unversioned\s+Acme/);
    // One version: no note, no column.
    expect(mixedVersionsNote({ tracker, analysisVersions: ['2026-11-28.1'] })).toBe('');
    expect(reportTable({ ...mixed, analysisVersions: ['2026-11-28.1'] })).not.toMatch(/ANALYSIS|mixes/);
  });
});

describe('reanalysisLine', () => {
  const job = (over: Partial<Reanalysis> = {}): Reanalysis => ({ ...example('Reanalysis'), ...over });
  it('counts the runs recomputed so far', () => {
    expect(reanalysisLine(job())).toBe('reanalysis 9a8b7c6d-0000-4000-8000-000000000002 RUNNING 3/10 runs recomputed');
  });
  it('names the version a completed job recomputed with, and why a failed one failed', () => {
    expect(reanalysisLine(job({ status: 'COMPLETED', runs: { total: 10, done: 10 }, analysisVersion: '2026-11-28.1' }))).toMatch(/COMPLETED 10\/10 runs recomputed with analysis version 2026-11-28\.1$/);
    expect(reanalysisLine(job({ status: 'FAILED', error: { code: 'reanalysis_failed', message: 'A run could not be read.' } }))).toMatch(/FAILED 3\/10 runs recomputed: reanalysis_failed: A run could not be read\.$/);
  });
});

describe('briefMarkdown', () => {
  const step = <E extends string, D>(endpoint: E, tool: string, data: D) => ({ endpoint, tool, why: `Why ${endpoint}.`, ok: true as const, data });
  const brief: ContentBriefResult = {
    status: 'workflow_result',
    workflow: 'generate_content_brief',
    summary: 'Buyers ask about price.',
    input: { topic: 'choosing a CRM', country: 'us', models: ['chatgpt'] },
    results: [
      step('/v1/ai/answers', 'service_ai_answers', example('AiAnswersData')),
      step('/v1/ai/citations', 'service_ai_citations', example('CitedSourcesData')),
      step('/v1/keywords/demand', 'service_keyword_demand', example('KeywordDemandData')),
      { endpoint: '/v1/questions', tool: 'service_questions', why: 'Why questions.', ok: false, data: { error: example('WorkflowStepError') } },
      step('/v1/video/trends', 'service_video_trends', example('VideoTrendsData')),
    ] as ContentBriefResult['results'],
    suggestedPrompt: 'Write an article | about CRMs.',
    billedCostMicro: 82_000,
  };

  it('has the topic, summary, prompt, a section per step and the charge', () => {
    const md = briefMarkdown(brief);
    expect(md.startsWith('# Content brief: choosing a CRM\n\nBuyers ask about price.\n')).toBe(true);
    expect(md).toContain('```text\nWrite an article | about CRMs.\n```');
    expect([...md.matchAll(/^## (\/v1\/\S+)$/gm)].map((m) => m[1])).toEqual(['/v1/ai/answers', '/v1/ai/citations', '/v1/keywords/demand', '/v1/questions', '/v1/video/trends']);
    expect(md).toContain('- **chatgpt**: Start from your sales process');
    expect(md).toMatch(/\| example\.com \| 3 \| 42\.9% \|/);
    expect(md).toContain('| crm for small business |');
    expect(md).toContain('Not available: No result within 20000 ms. (`deadline_exceeded`)');
    expect(md).toContain('- [How to Choose a CRM in 2026 (Step by Step)](https://www.youtube.com/watch?v=dQw4w9WgXcQ) · Sales Ops Weekly · 4821 views/day');
    expect(md.trimEnd().endsWith('_Billed $0.82._')).toBe(true);
  });
});

describe('insights', () => {
  const zoho: DiscoveredName = {
    name: 'Zoho CRM',
    answers: 3,
    n: 9,
    rate: 0.3333,
    clusters: 9,
    interval: { low: 0.1206, high: 0.6458 },
    surfaces: ['chatgpt', 'gemini'],
    bySurface: { chatgpt: { answers: 2, n: 3 }, gemini: { answers: 1, n: 3 }, perplexity: { answers: 0, n: 3 } },
    examples: [
      {
        runId: '7d1c2b3a-0000-4000-8000-000000000001',
        prompt: 'best CRM for small business',
        model: 'chatgpt',
        sample: 1,
        start: 40,
        end: 48,
        excerpt: { text: '3. **Zoho CRM** – affordable,\tand\u001b[2J broad.', start: 5, end: 13 },
      },
    ],
  };
  const insights = (over: Partial<Insights> = {}): Insights => ({
    trackerId: tracker.id,
    runs: [{ id: '7d1c2b3a-0000-4000-8000-000000000001', status: 'COMPLETED', finishedAt: '2026-11-22T09:00:09.000Z' }],
    answers: 9,
    discoveredNames: [zoho],
    citationGaps: [{ domain: 'g2.com', answers: 2, names: ['HubSpot'], urls: ['https://www.g2.com/categories/crm', 'https://www.g2.com/x'] }],
    gapAnswers: 4,
    searches: [],
    consultedNotCited: [],
    note: 'Changes between runs do not establish cause.',
    ...over,
  });

  it('marks the name in the line of its first example, on one line without control characters', () => {
    expect(evidenceLine(zoho)).toBe('chatgpt, "best CRM for small business": 3. **»Zoho CRM«** – affordable, and [2J broad.');
    expect(evidenceLine({ ...zoho, examples: [] })).toBe('no example quoted');
    const long = { ...zoho, examples: [{ ...zoho.examples[0]!, prompt: 'p'.repeat(100) }] };
    expect(evidenceLine(long)).toContain(`"${'p'.repeat(59)}…"`);
  });

  it('lists each discovered name with its answers, rate, interval and surfaces, its evidence under it, then the citation gaps and the note', () => {
    const lines = insightsText(insights()).split('\n');
    expect(lines[0]).toBe('Insights from the newest run (9 answers).');
    expect(lines[2]).toBe('Names the answers put forward that the tracker does not track:');
    expect(lines[3]).toMatch(/^NAME\s+ANSWERS\s+RATE \(95% INTERVAL\)\s+SURFACES$/);
    expect(lines[5]).toMatch(/^Zoho CRM\s+3\/9\s+33\.3% \(12\.1%–64\.6%\)\s+chatgpt, gemini$/);
    expect(lines[6]).toBe(`  ${evidenceLine(zoho)}`);
    expect(lines[8]).toBe('Sources cited by answers that mention a competitor but not the brand (4 such answers):');
    expect(lines[9]).toMatch(/^DOMAIN\s+ANSWERS\s+NAMES\s+FIRST URL$/);
    expect(lines[11]).toMatch(/^g2\.com\s+2\s+HubSpot\s+https:\/\/www\.g2\.com\/categories\/crm$/);
    expect(lines.slice(-2)).toEqual(['Changes between runs do not establish cause.', '']);
  });

  it('lists the searches the surfaces ran and the sites they read but did not cite, each with its sample and interval', () => {
    const text = insightsText(
      insights({
        searches: [{ query: 'best crm | 2026\n$x', answers: 3, n: 4, rate: 0.75, clusters: 2, interval: { low: 0.3, high: 0.95 }, surfaces: ['chatgpt', 'gemini'] }],
        consultedNotCited: [{ domain: 'reddit.com', consulted: 4, cited: 1, answers: 3, n: 4, rate: 0.75, clusters: 2, interval: { low: 0.3, high: 0.95 } }],
      }),
    );
    expect(text).toMatch(/Searches the surfaces ran for your prompts \(ChatGPT, Claude and Gemini report theirs\):\nSEARCH\s+ANSWERS\s+RATE \(95% INTERVAL\)\s+SURFACES\n/);
    expect(text).toMatch(/best crm \| 2026 \$x\s+3\/4\s+75\.0% \(30\.0%–95\.0%\)\s+chatgpt, gemini/);
    expect(text).toMatch(/Pages the surfaces read for your prompts and then did not cite:\nDOMAIN\s+READ\s+CITED\s+READ, NOT CITED \(95% INTERVAL\)\n[-\s]+\nreddit\.com\s+4\s+1\s+3\/4 75\.0% \(30\.0%–95\.0%\)/);
    expect(insightsText(insights())).toContain('Searches the surfaces ran for your prompts (ChatGPT, Claude and Gemini report theirs):\nnone reported.\n');
  });

  it('says when there is nothing to list, and leaves out citation gaps where the primitive has none', () => {
    const empty = insightsText(insights({ runs: [], answers: 0, discoveredNames: [], citationGaps: [], gapAnswers: 0 }));
    expect(empty).toBe("No finished run yet: insights read a tracker's COMPLETED and PARTIAL runs.\nChanges between runs do not establish cause.\n");
    const rankings = insightsText(insights({ discoveredNames: [], citationGaps: null, gapAnswers: null, runs: [...insights().runs, ...insights().runs] }));
    expect(rankings).toContain('Insights from the 2 newest runs (9 answers).\n\nNames the answers put forward that the tracker does not track:\nnone.\n');
    expect(rankings).not.toContain('Sources cited');
    expect(insightsText(insights({ citationGaps: [] }))).toContain('Sources cited by answers that mention a competitor but not the brand (4 such answers):\nnone.\n');
  });

  it('says what adding a competitor did to the schedule, and how to activate a DRAFT', () => {
    const draft = { ...tracker, competitors: [...tracker.competitors, 'Zoho CRM'] };
    const activation = { tracker: { ...draft, status: 'ACTIVE' as const }, balanceMicro: 900_000, costMicroPerRun: 39_000, runsDryAt: null };
    const job = { ...example('Reanalysis'), status: 'QUEUED' as const, runs: { total: 3, done: 0 } };
    const reactivated = competitorAddedText({ tracker: activation.tracker, reactivation: { outcome: 'reactivated', activation }, reanalysis: job }, 'Zoho CRM');
    expect(reactivated).toBe(`Added Zoho CRM to the competitors of ${tracker.name} (${tracker.id}).\nIt is ACTIVE again at $0.39 per run.\n${reanalysisLine(job)}\n`);
    const activate = `Activate it: brandradar trackers activate ${tracker.id}`;
    const changed = competitorAddedText({ tracker: draft, reactivation: { outcome: 'estimate_changed', acceptedMicroPerRun: 39_000, estimatedCostMicroPerRun: 42_000 }, reanalysis: null }, 'Zoho CRM');
    expect(changed.split('\n')[1]).toBe(`It is a DRAFT: its estimate is now $0.42 per run, not the $0.39 accepted (rates changed). ${activate}`);
    const error = new BrandradarApiError(402, 'insufficient_credits', 'The balance does not cover a run.', [], { balanceMicro: 1_000 }, null);
    const refused = competitorAddedText({ tracker: draft, reactivation: { outcome: 'refused', error }, reanalysis: null }, 'Zoho CRM');
    expect(refused.split('\n')[1]).toBe(`It is a DRAFT: activating it again was refused: insufficient_credits: The balance does not cover a run. ${activate}`);
    const notActive = competitorAddedText({ tracker: draft, reactivation: { outcome: 'not_active' }, reanalysis: null }, 'Zoho CRM');
    expect(notActive.split('\n')).toEqual([expect.stringMatching(/^Added Zoho CRM/), `It is a DRAFT, as every edited tracker is. ${activate}`, '']);
  });
});

describe('account, rates and runs', () => {
  it('shows the account with its money as dollars, and no limit as none', () => {
    const out = accountDetails({ id: 'a1', email: 'ann@example.com', name: null, status: 'open', balanceMicro: 982_000, spendLimitMicroPerMonth: null, spentThisMonthMicro: 18_000, simulated: false, createdAt: '2026-11-22T09:00:00.000Z' });
    expect(out).toContain('balance:          $9.82\n');
    expect(out).toContain('spent this month: $0.18\n');
    expect(out).toContain('monthly limit:    none\n');
  });

  it('shows the rate card as the price per answer and per brief step', () => {
    const out = rateTable(example('RateCard'));
    expect(out).toMatch(/^SURFACE +PER ANSWER$/m);
    expect(out).toMatch(/^google_ai_overview +\$0\.06$/m);
    expect(out).toMatch(/^keyword_demand +\$0\.16$/m);
  });

  it('lists runs with their ids first, and says when there is none', () => {
    expect(runTable([run()]).split('\n')[2]).toBe(`${run().id}  2026-11-22T09:00:00.000Z  manual   COMPLETED  1/2      $0.05`);
    expect(runTable([])).toBe('No runs yet.\n');
  });
});

describe('the overview', () => {
  const point = (value: number | null, n = 45, clusters: number | null = 45) => ({
    runId: '7d1c2b3a-0000-4000-8000-000000000001',
    finishedAt: '2026-11-22T09:00:09.000Z',
    value,
    interval: value === null ? null : { low: 0.281, high: 0.409 },
    n,
    clusters,
  });
  const change = { current: 0.342, previous: 0.291, change: 5.1, pValue: 0.0123, significant: true, insufficientSample: false, previousRunId: null, minimumAnswers: 10 as const };

  it('says the newest figure with its interval and sample, and whose it is', () => {
    expect(headlineText({ measure: 'shareOfVoice', name: 'monday.com', points: [point(0.2), point(0.342)], change: null })).toBe('monday.com: share of voice 34.2% (28.1%–40.9%, n=45)');
    expect(headlineText({ measure: 'urlCitedRate', name: null, points: [point(0.342, 45, 9)], change: null })).toBe('URL cited 34.2% (28.1%–40.9%, n=45, 9 cells)');
    expect(headlineText({ measure: 'positiveRate', name: 'Evil\nName', points: [point(null, 0, 0)], change: null })).toBe('Evil Name: positive – (–, n=0)');
    expect(headlineText({ measure: 'domainShare', name: null, points: [], change: null })).toBe('Share of citations: not in the newest run');
  });

  it('says a change with its significance, or why there is none', () => {
    expect(headlineChangeText(change)).toBe('+5.1 pp, significant p=0.012');
    expect(headlineChangeText({ ...change, change: -0.8, pValue: 0.64, significant: false })).toBe('-0.8 pp, not significant p=0.640');
    expect(headlineChangeText({ ...change, pValue: 2.2e-59 })).toBe('+5.1 pp, significant p<0.001');
    expect(headlineChangeText({ ...change, change: null, pValue: null, significant: null, insufficientSample: true })).toBe('not enough answers');
    expect(headlineChangeText(null)).toBe('—');
  });

  it('draws the trend from the lowest bar to the highest', () => {
    expect(sparkline([0.1, 0.2, 0.3, 0.45, 0.8])).toBe('▁▂▃▄█');
    expect(sparkline([0.5, null, 0.5])).toBe('▄ ▄');
    expect(sparkline([])).toBe('');
  });

  it('lists each tracker with its headline, change and trend, and one without a run as such', () => {
    const out = overviewTable({
      trackers: [
        { tracker: { ...tracker, name: 'CRM' }, headline: { measure: 'shareOfVoice', name: 'HubSpot', points: [point(0.291), point(0.342)], change } },
        { tracker: { ...tracker, name: 'New', status: 'DRAFT' }, headline: null },
      ],
      nextCursor: null,
    });
    const [header, , first, second] = out.split('\n');
    expect(header).toMatch(/^NAME\s+PRIMITIVE\s+STATUS\s+HEADLINE\s+CHANGE\s+TREND$/);
    expect(first).toMatch(/^CRM\s+compare\s+DRAFT\s+HubSpot: share of voice 34\.2% \(28\.1%–40\.9%, n=45\)\s+\+5\.1 pp, significant p=0\.012\s+▁█$/);
    expect(second).toMatch(/^New\s+compare\s+DRAFT\s+no run yet\s+—$/);
    expect(overviewTable({ trackers: [], nextCursor: null })).toBe('No trackers.\n');
  });
});
