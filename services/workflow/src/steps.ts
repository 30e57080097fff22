import { detectBrands } from '@brandradar/analysis';
import type { AiAnswersData, KeywordDemandData, QuestionsData, Surface, VideoTrendsData, WorkflowAnswer, WorkflowStep } from '@brandradar/contracts';
import type { Logger } from '@brandradar/platform';
import { ProviderError, withRetries, type Providers, type RetryOptions } from '@brandradar/providers';
import type { Histogram } from 'prom-client';
import { StepFailure, stepError, withDeadline } from './deadline';
import { aggregateCitations } from './domain/citations';
import { seedKeyword } from './domain/keywords';
import { marketOf, SUPPORTED_MARKETS, type Market } from './domain/markets';
import { collectQuestions } from './domain/questions';
import type { BriefRequest } from './domain/request';
import type { StepOutcome, StepOutcomes } from './domain/results';
import { buildVideoTrends, windowStart } from './domain/video-trends';
import type { SearchDataSource, VideoSource } from './sources';

export interface StepDeps {
  providers: Providers;
  searchData: SearchDataSource;
  videos: VideoSource;
  clock: () => Date;
  /** Each step's deadline in ms, counted from the start of the call. */
  deadlines: Record<WorkflowStep, number>;
  retry: Pick<RetryOptions, 'attempts' | 'baseDelayMs' | 'maxDelayMs'>;
  video: { lookbackDays: number; maxResults: number; order: 'viewCount' | 'relevance' };
  stepDuration: Histogram<'step' | 'outcome'>;
  logger: Logger;
}

/** The answers step stops asking this long before its deadline, so the surfaces that did answer still count. */
const ANSWER_SETTLE_MS = 1_000;

/**
 * Runs the five steps at once, each under its own deadline; cited sources
 * start from the answers as soon as they are in. A failed step never stops
 * the others.
 */
export function createStepRunner(d: StepDeps) {
  const retrying = <T>(fn: () => Promise<T>, signal: AbortSignal) => withRetries(fn, { ...d.retry, signal });

  /** Runs a step under its deadline, recording how long it took and how it ended. */
  async function step<T>(name: WorkflowStep, work: (signal: AbortSignal) => Promise<T>): Promise<StepOutcome<T>> {
    const started = process.hrtime.bigint();
    const { outcome, timedOut, cause } = await withDeadline(d.deadlines[name], work);
    const result = outcome.ok ? 'succeeded' : timedOut ? 'timed_out' : 'failed';
    d.stepDuration.observe({ step: name, outcome: result }, Number(process.hrtime.bigint() - started) / 1e9);
    if (!outcome.ok && outcome.error.code === 'internal_error') d.logger.error({ err: cause, step: name }, 'workflow step failed unexpectedly');
    return outcome;
  }

  async function askSurface(request: BriefRequest, accountId: string, surface: Surface, signal: AbortSignal): Promise<WorkflowAnswer> {
    try {
      const a = await retrying(() => d.providers.askSurface(surface, request.topic, { signal, country: request.country, account: accountId }), signal);
      const brandMentioned = request.brand === null ? null : detectBrands(a.text, [{ name: request.brand }])[0]!.mentioned;
      return { surface, status: 'succeeded', provider: a.provider, model: a.model, method: a.method, text: a.text, citations: a.citations, brandMentioned, fetchedAt: a.fetchedAt, error: null };
    } catch (e) {
      const error = signal.aborted && !(e instanceof ProviderError) ? { code: 'deadline_exceeded', message: 'The surface did not answer before the deadline.' } : stepError(e);
      if (error.code === 'internal_error') d.logger.error({ err: e, surface }, 'surface call failed unexpectedly');
      return { surface, status: 'failed', provider: d.providers.providerOf[surface], model: null, method: null, text: null, citations: [], brandMentioned: null, fetchedAt: null, error };
    }
  }

  async function answers(request: BriefRequest, accountId: string, signal: AbortSignal): Promise<AiAnswersData> {
    const budget = d.deadlines.answers;
    // A timer of our own, not AbortSignal.timeout: inside AbortSignal.any, Node 20 may collect that
    // signal before it fires (nodejs/node#57736), and the step then missed its deadline with every answer lost.
    const stopAsking = new AbortController();
    const timer = setTimeout(() => stopAsking.abort(new DOMException('The answers step stopped asking.', 'TimeoutError')), Math.max(0, budget - Math.min(ANSWER_SETTLE_MS, budget / 10)));
    const cutoff = AbortSignal.any([signal, stopAsking.signal]);
    const list = await Promise.all(request.surfaces.map((s) => askSurface(request, accountId, s, cutoff))).finally(() => clearTimeout(timer));
    const answered = list.filter((a) => a.status === 'succeeded').length;
    if (answered === 0) throw new StepFailure('no_answers', `No AI surface answered (${list.map((a) => `${a.surface}: ${a.error?.code}`).join(', ')}).`);
    const provider = list.every((a) => a.provider === 'simulated') ? 'simulated' : 'ai_surfaces';
    return { provider, query: request.topic, country: request.country, surfaces: request.surfaces, answered, failed: list.length - answered, answers: list };
  }

  function marketFor(country: string): Market {
    const market = marketOf(country);
    if (!market) throw new StepFailure('unsupported_country', `Keyword data and search questions are not offered for ${country.toUpperCase()}; offered: ${SUPPORTED_MARKETS.join(', ')}.`);
    return market;
  }

  /** The keyword the three searches share; a topic without a letter or digit (`🚀🔥`) gives none to search for. */
  function searchKeyword(topic: string): string {
    const seed = seedKeyword(topic);
    if (!seed) throw new StepFailure('no_search_keyword', 'The topic has no letter or digit to search for, so keyword demand, questions and video trends were not asked.');
    return seed;
  }

  async function keywordDemand(request: BriefRequest, signal: AbortSignal): Promise<KeywordDemandData> {
    const market = marketFor(request.country);
    const seed = searchKeyword(request.topic);
    const found = await retrying(() => d.searchData.keywordDemand(seed, market, signal), signal);
    const volume = [found.seed, ...found.keywords].reduce((sum, k) => sum + (k?.searchVolume ?? 0), 0);
    return {
      provider: d.searchData.provider,
      seedKeyword: seed,
      country: request.country,
      locationCode: market.locationCode,
      languageCode: market.languageCode,
      seed: found.seed,
      keywords: found.keywords,
      totalSearchVolume: volume,
      fetchedAt: d.clock().toISOString(),
    };
  }

  async function questions(request: BriefRequest, signal: AbortSignal): Promise<QuestionsData> {
    const market = marketFor(request.country);
    const seed = searchKeyword(request.topic);
    const found = await retrying(() => d.searchData.searchQuestions(seed, market, signal), signal);
    return {
      provider: d.searchData.provider,
      query: seed,
      country: request.country,
      locationCode: market.locationCode,
      languageCode: market.languageCode,
      ...collectQuestions(seed, found.peopleAlsoAsk, found.related),
      fetchedAt: d.clock().toISOString(),
    };
  }

  async function videoTrends(request: BriefRequest, signal: AbortSignal): Promise<VideoTrendsData> {
    const topic = searchKeyword(request.topic);
    const region = request.country.toUpperCase();
    // One reading of the clock for the window and for views per day, so both describe one moment.
    const now = d.clock();
    const publishedAfter = windowStart(now, d.video.lookbackDays);
    const query = { q: topic, regionCode: region, publishedAfter, maxResults: d.video.maxResults, order: d.video.order };
    const videos = await retrying(() => d.videos.risingVideos(query, signal), signal);
    return buildVideoTrends({ topic, region, lookbackDays: d.video.lookbackDays, publishedAfter, provider: d.videos.provider, fetchedAt: now }, videos);
  }

  /** `accountId`: whose call it is, for its fair share of the AI surfaces' slots. */
  return async function runSteps(request: BriefRequest, accountId: string): Promise<StepOutcomes> {
    const answersDone = step('answers', (signal) => answers(request, accountId, signal));
    const [answersOutcome, citations, keywords, questionsOutcome, videos] = await Promise.all([
      answersDone,
      step('citations', async () => {
        const outcome = await answersDone;
        if (!outcome.ok) throw new StepFailure('no_answers', 'There are no AI answers to take cited sources from.');
        return aggregateCitations(outcome.data.answers, request.brand);
      }),
      step('keyword_demand', (signal) => keywordDemand(request, signal)),
      step('questions', (signal) => questions(request, signal)),
      step('video_trends', (signal) => videoTrends(request, signal)),
    ]);
    return { answers: answersOutcome, citations, keyword_demand: keywords, questions: questionsOutcome, video_trends: videos };
  };
}
