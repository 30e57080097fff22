import { BriefSummary, ContentBriefResult, DEFAULT_RATES, type AiAnswersData, type WorkflowAnswer } from '@brandradar/contracts';
import { chargeMicro } from './pricing';
import { briefRequest } from './request';
import { assembleBrief, billableUsage, briefSummary, type StepOutcomes } from './results';

const answer = (surface: WorkflowAnswer['surface'], ok: boolean): WorkflowAnswer => ({
  surface,
  status: ok ? 'succeeded' : 'failed',
  provider: 'simulated',
  model: ok ? `simulated-${surface}` : null,
  method: ok ? 'api' : null,
  text: ok ? 'An answer.' : null,
  citations: [],
  brandMentioned: null,
  fetchedAt: ok ? '2026-11-22T09:00:00.000Z' : null,
  error: ok ? null : { code: 'server_error', message: 'HTTP 500' },
});
const answers: AiAnswersData = { query: 'crm', country: 'us', surfaces: ['chatgpt', 'perplexity', 'gemini'], answered: 2, failed: 1, answers: [answer('chatgpt', true), answer('perplexity', false), answer('gemini', true)] };
const failure = (code: string) => ({ ok: false as const, error: { code, message: `${code}.` } });
const outcomes: StepOutcomes = {
  answers: { ok: true, data: answers },
  citations: { ok: true, data: { provider: 'simulated', answersAnalysed: 2, totalCitations: 0, domains: [], urls: [], brand: null } },
  keyword_demand: failure('deadline_exceeded'),
  questions: { ok: true, data: { provider: 'simulated', query: 'crm', country: 'us', locationCode: 2840, languageCode: 'en', questions: [], relatedSearches: [], fetchedAt: '2026-11-22T09:00:00.000Z' } },
  video_trends: failure('client_error'),
};

describe('billableUsage', () => {
  it('bills the steps that succeeded and the surfaces that answered', () => {
    const usage = billableUsage(outcomes);
    expect(usage).toEqual({ steps: ['answers', 'citations', 'questions'], surfaces: ['chatgpt', 'gemini'] });
    expect(chargeMicro(DEFAULT_RATES, usage.steps, usage.surfaces)).toBe(15_000 + 12_000 + 10_000 + 5_000 + 4_000);
  });

  it('bills no surface when the answers step failed', () => {
    expect(billableUsage({ ...outcomes, answers: failure('no_answers') }).surfaces).toEqual([]);
  });
});

describe('assembleBrief', () => {
  const brief = assembleBrief(briefRequest({ topic: 'crm' }), outcomes, 46_000);

  it('is the spec body, valid against the contract', () => {
    expect(ContentBriefResult.parse(brief)).toEqual(brief);
    expect(Object.keys(brief)).toEqual(['status', 'workflow', 'summary', 'input', 'results', 'suggestedPrompt', 'billedCostMicro']);
    expect(brief).toMatchObject({ status: 'workflow_result', workflow: 'generate_content_brief', input: { topic: 'crm', country: 'us', models: ['chatgpt', 'perplexity', 'gemini'] }, billedCostMicro: 46_000 });
  });

  it('lists the results in the contract order, a failed step with its error as data', () => {
    expect(brief.results.map((r) => [r.endpoint, r.tool, r.ok])).toEqual([
      ['/v1/ai/answers', 'service_ai_answers', true],
      ['/v1/ai/citations', 'service_ai_citations', true],
      ['/v1/keywords/demand', 'service_keyword_demand', false],
      ['/v1/questions', 'service_questions', true],
      ['/v1/video/trends', 'service_video_trends', false],
    ]);
    expect(brief.results[2]!.data).toEqual({ error: { code: 'deadline_exceeded', message: 'deadline_exceeded.' } });
    expect(brief.summary).toContain('Not available: keyword demand (deadline_exceeded); video trends (client_error)');
  });
});

describe('briefSummary', () => {
  const brief = assembleBrief(briefRequest({ topic: '__proto__ 🚀 monday.com', brand: '$x' }), outcomes, 46_000);
  const finishedAt = new Date('2026-11-22T09:00:05.000Z');

  it('tells what was asked and what came out, valid against the contract', () => {
    const summary = briefSummary(brief, 'key-1', finishedAt);
    expect(BriefSummary.parse(summary)).toEqual(summary);
    expect(summary).toEqual({
      idempotencyKey: 'key-1',
      input: brief.input,
      summary: brief.summary,
      steps: [
        { endpoint: '/v1/ai/answers', ok: true },
        { endpoint: '/v1/ai/citations', ok: true },
        { endpoint: '/v1/keywords/demand', ok: false },
        { endpoint: '/v1/questions', ok: true },
        { endpoint: '/v1/video/trends', ok: false },
      ],
      billedCostMicro: 46_000,
      finishedAt: '2026-11-22T09:00:05.000Z',
    });
  });

  it("leaves the steps' data and the suggested prompt out, to stay small", () => {
    const text = JSON.stringify(briefSummary(brief, null, finishedAt));
    expect(text).not.toContain('An answer.');
    expect(text).not.toContain(brief.suggestedPrompt);
    expect(text.length).toBeLessThan(JSON.stringify(brief).length / 2);
  });
});
