import v8 from 'node:v8';
import vm from 'node:vm';
import type { Surface } from '@brandradar/contracts';
import type { Logger } from '@brandradar/platform';
import { ProviderError, type Answer, type Providers } from '@brandradar/providers';
import type { Histogram } from 'prom-client';
import { briefRequest } from './domain/request';
import { createSimulatedSearchData, createSimulatedVideos } from './sources/simulated';
import type { SearchDataSource } from './sources';
import { createStepRunner, type StepDeps } from './steps';

const now = new Date('2026-11-22T09:00:00.000Z');
const clock = () => now;

type Ask = (surface: Surface, signal?: AbortSignal) => Promise<Omit<Answer, 'surface'>>;
function providers(ask: Ask): Providers {
  return {
    askSurface: async (surface, _prompt, opts) => ({ surface, ...(await ask(surface, opts?.signal)) }),
    providerOf: { chatgpt: 'openai', claude: 'anthropic', perplexity: 'perplexity', gemini: 'google', google_ai_overview: 'serpapi' },
    billed: () => true,
  };
}
const answered = (surface: Surface): Omit<Answer, 'surface'> => ({
  provider: 'openai',
  model: `${surface}-model`,
  searchQueries: [],
  consultedSources: null,
  method: 'api',
  text: 'Acme and Beta lead.',
  truncated: false,
  citations: [{ url: `https://${surface}.example.com/x`, title: null }],
  localised: false,
  fetchedAt: now.toISOString(),
});
/** Never answers, but gives up when its signal aborts, as the real clients do. */
const hanging = (signal?: AbortSignal) => new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));

function setup(over: Partial<StepDeps> = {}) {
  const observed: [Record<string, string>, number][] = [];
  const errors: unknown[] = [];
  const deps: StepDeps = {
    providers: providers(async (s) => answered(s)),
    searchData: createSimulatedSearchData(clock),
    videos: createSimulatedVideos(clock),
    clock,
    deadlines: { answers: 1_000, citations: 1_200, keyword_demand: 1_000, questions: 1_000, video_trends: 1_000 },
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
    video: { lookbackDays: 30, maxResults: 10, order: 'viewCount' },
    stepDuration: { observe: (labels: Record<string, string>, value: number) => observed.push([labels, value]) } as unknown as Histogram<'step' | 'outcome'>,
    logger: { error: (o: unknown) => errors.push(o) } as unknown as Logger,
    ...over,
  };
  return { run: createStepRunner(deps), observed, errors };
}

describe('the step runner', () => {
  it('runs the five steps, cited sources from the answers, and records each duration by outcome', async () => {
    const { run, observed } = setup();
    const out = await run(briefRequest({ topic: 'Best CRM', brand: 'Acme', country: 'FR' }), 'account-1');
    expect(Object.values(out).map((o) => o.ok)).toEqual([true, true, true, true, true]);
    expect(out.answers.ok && out.answers.data.answers.map((a) => [a.surface, a.brandMentioned])).toEqual([
      ['chatgpt', true],
      ['perplexity', true],
      ['gemini', true],
    ]);
    expect(out.citations.ok && out.citations.data.domains.map((d) => d.domain)).toEqual(['example.com']);
    expect(out.keyword_demand.ok && out.keyword_demand.data).toMatchObject({ seedKeyword: 'best crm', country: 'fr', locationCode: 2250, languageCode: 'fr' });
    expect(out.video_trends.ok && out.video_trends.data).toMatchObject({ topic: 'best crm', region: 'FR', publishedAfter: '2026-10-23T09:00:00.000Z' });
    expect(observed.map(([labels]) => labels).sort((a, b) => (a.step! < b.step! ? -1 : 1))).toEqual([
      { step: 'answers', outcome: 'succeeded' },
      { step: 'citations', outcome: 'succeeded' },
      { step: 'keyword_demand', outcome: 'succeeded' },
      { step: 'questions', outcome: 'succeeded' },
      { step: 'video_trends', outcome: 'succeeded' },
    ]);
  });

  it('keeps the surfaces that answered when another misses the deadline', async () => {
    // The step stops asking a tenth of its budget before its deadline: 300 ms here, so a busy machine's
    // pause between the two timers cannot make the step itself miss its deadline. (It missed it twice,
    // under load, while the stop was an AbortSignal.timeout inside AbortSignal.any, which Node 20 may
    // collect before it fires.)
    const deadlines = { answers: 3_000, citations: 3_200, keyword_demand: 3_000, questions: 3_000, video_trends: 3_000 };
    const { run } = setup({ deadlines, providers: providers((s, signal) => (s === 'gemini' ? hanging(signal) : Promise.resolve(answered(s)))) });
    const out = await run(briefRequest({ topic: 'crm' }), 'account-1');
    expect(out.answers.ok && out.answers.data).toMatchObject({ answered: 2, failed: 1 });
    expect(out.answers.ok && out.answers.data.answers[2]).toMatchObject({ surface: 'gemini', status: 'failed', provider: 'google', error: { code: 'deadline_exceeded' } });
    expect(out.citations.ok).toBe(true);
  });

  it('stops asking at its cutoff while the garbage collector runs (a timer the collector cannot take)', async () => {
    v8.setFlagsFromString('--expose_gc');
    const collectGarbage = vm.runInNewContext('gc') as () => void;
    const deadlines = { answers: 1_000, citations: 1_200, keyword_demand: 1_000, questions: 1_000, video_trends: 1_000 };
    const { run } = setup({ deadlines, providers: providers((s, signal) => (s === 'gemini' ? hanging(signal) : Promise.resolve(answered(s)))) });
    const collecting = setInterval(collectGarbage, 20);
    try {
      const out = await run(briefRequest({ topic: 'crm' }), 'account-1');
      expect(out.answers.ok && out.answers.data).toMatchObject({ answered: 2, failed: 1 });
    } finally {
      clearInterval(collecting);
    }
  });

  it('retries a transient surface error, and fails answers and sources when no surface answers', async () => {
    let calls = 0;
    const { run, observed } = setup({
      providers: providers(async () => {
        calls++;
        throw new ProviderError({ kind: calls === 1 ? 'transient' : 'permanent', code: calls === 1 ? 'server_error' : 'client_error', message: 'no' });
      }),
    });
    const out = await run(briefRequest({ topic: 'crm', models: ['claude'] }), 'account-1');
    expect(calls).toBe(2);
    expect(out.answers).toEqual({ ok: false, error: { code: 'no_answers', message: 'No AI surface answered (claude: client_error).' } });
    expect(out.citations).toEqual({ ok: false, error: { code: 'no_answers', message: 'There are no AI answers to take cited sources from.' } });
    expect(observed.filter(([l]) => l.outcome === 'failed').map(([l]) => l.step).sort()).toEqual(['answers', 'citations']);
  });

  it('fails keyword demand and questions for a market DataForSEO does not cover', async () => {
    const { run } = setup();
    const out = await run(briefRequest({ topic: 'crm', country: 'is' }), 'account-1');
    expect(out.keyword_demand).toEqual({ ok: false, error: { code: 'unsupported_country', message: expect.stringMatching(/^Keyword data and search questions are not offered for IS; offered: ae, ar, /) } });
    expect(out.questions.ok).toBe(false);
    expect(out.video_trends.ok).toBe(true);
  });

  it('reports a step that misses its deadline as timed out, and a bug as internal_error, logged', async () => {
    const slow: SearchDataSource = { provider: 'dataforseo', keywordDemand: (_s, _m, signal) => hanging(signal), searchQuestions: async () => { throw new TypeError('boom'); } };
    const { run, observed, errors } = setup({ searchData: slow, deadlines: { answers: 1_000, citations: 1_000, keyword_demand: 50, questions: 1_000, video_trends: 1_000 } });
    const out = await run(briefRequest({ topic: 'crm' }), 'account-1');
    expect(out.keyword_demand).toEqual({ ok: false, error: { code: 'deadline_exceeded', message: 'No result within 50 ms.' } });
    expect(out.questions).toEqual({ ok: false, error: { code: 'internal_error', message: 'The step failed on our side.' } });
    expect(observed.find(([l]) => l.step === 'keyword_demand')![0].outcome).toBe('timed_out');
    expect(errors).toEqual([expect.objectContaining({ step: 'questions', err: expect.any(TypeError) })]);
  });
});
