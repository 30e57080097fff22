import { z } from 'zod';
import type { KeywordMetric } from '@brandradar/contracts';
import { ProviderError } from '@brandradar/providers';
import type { Market } from '../domain/markets';
import type { PeopleAlsoAsk } from '../domain/questions';
import { fetchJson } from '@brandradar/providers';
import { under } from './http';
import type { SearchDataSource } from './types';

export type DataForSeoOptions = { login: string; password: string; baseUrl: string; keywordLimit: number };

/**
 * DataForSEO v3 over its REST API (HTTP Basic auth, one task per POST, Live
 * methods so the answer comes in the same request):
 * - keyword demand: `POST /v3/dataforseo_labs/google/keyword_suggestions/live`,
 *   the seed's own metrics (`include_seed_keyword`) and the longer searches
 *   containing it, by search volume;
 * - questions: `POST /v3/serp/google/organic/live/advanced`, the first results
 *   page, read for its `people_also_ask` and `related_searches` items.
 * Both are localised by Google Ads location code and language.
 */
export function createDataForSeoSource(options: DataForSeoOptions): SearchDataSource {
  const authorization = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`;
  const post = async <R extends z.ZodType>(path: string, task: Record<string, unknown>, result: R, signal: AbortSignal): Promise<z.infer<R> | null> => {
    const body = await fetchJson(
      under(options.baseUrl, path),
      { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify([task]), signal },
      envelope(result),
    );
    return firstResult(body);
  };

  return {
    provider: 'dataforseo',
    async keywordDemand(seed, market, signal) {
      const task = { keyword: seed, ...localisation(market), include_seed_keyword: true, limit: options.keywordLimit, order_by: ['keyword_info.search_volume,desc'] };
      const result = await post('v3/dataforseo_labs/google/keyword_suggestions/live', task, suggestionsResult, signal);
      return {
        seed: result?.seed_keyword_data ? keywordMetric(result.seed_keyword_data) : null,
        keywords: (result?.items ?? []).map(keywordMetric).filter((k) => k.keyword !== seed),
      };
    },
    async searchQuestions(seed, market, signal) {
      const result = await post('v3/serp/google/organic/live/advanced', { keyword: seed, ...localisation(market), depth: 10 }, serpResult, signal);
      return readSerp(result?.items ?? []);
    },
  };
}

const localisation = (market: Market) => ({ location_code: market.locationCode, language_code: market.languageCode });

// ---------------------------------------------------------------- envelope and its status codes

const OK = 20000;
/** Per-minute request limits: worth retrying after a pause. */
const TOO_MANY_REQUESTS = new Set([40202, 40209]);

function envelope<R extends z.ZodType>(result: R) {
  return z.object({
    status_code: z.number(),
    status_message: z.string().default(''),
    tasks: z
      .array(z.object({ status_code: z.number(), status_message: z.string().default(''), result: z.array(result).nullish() }))
      .nullish(),
  });
}

/**
 * DataForSEO answers HTTP 200 with its own status codes, for the whole
 * request and for each task: 20000 is success, 5xxxx its own failures
 * (transient), 4xxxx ours (permanent: credentials, balance, a bad field),
 * except the per-minute limits.
 */
function firstResult<T>(body: { status_code: number; status_message: string; tasks?: { status_code: number; status_message: string; result?: T[] | null }[] | null }): T | null {
  if (body.status_code !== OK) throw statusError(body.status_code, body.status_message);
  const task = body.tasks?.[0];
  if (!task) throw new ProviderError({ kind: 'permanent', code: 'malformed_response', message: 'DataForSEO answered without a task' });
  if (task.status_code !== OK) throw statusError(task.status_code, task.status_message);
  return task.result?.[0] ?? null;
}

function statusError(code: number, message: string): ProviderError {
  const text = `DataForSEO ${code}: ${message}`;
  if (code >= 50000) return new ProviderError({ kind: 'transient', code: 'server_error', message: text });
  if (TOO_MANY_REQUESTS.has(code)) return new ProviderError({ kind: 'transient', code: 'rate_limited', message: text });
  return new ProviderError({ kind: 'permanent', code: 'client_error', message: text });
}

// ---------------------------------------------------------------- keyword suggestions

const keywordData = z.object({
  keyword: z.string(),
  keyword_info: z
    .object({
      search_volume: z.number().nullish(),
      cpc: z.number().nullish(),
      competition: z.number().nullish(),
      competition_level: z.string().nullish(),
      monthly_searches: z.array(z.object({ year: z.number(), month: z.number(), search_volume: z.number().nullish() })).nullish(),
    })
    .nullish(),
  keyword_properties: z.object({ keyword_difficulty: z.number().nullish() }).nullish(),
  search_intent_info: z.object({ main_intent: z.string().nullish() }).nullish(),
});
const suggestionsResult = z.object({ seed_keyword_data: keywordData.nullish(), items: z.array(keywordData).nullish() });

const COMPETITION_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
const MONTHS = 12;

function keywordMetric(k: z.infer<typeof keywordData>): KeywordMetric {
  const info = k.keyword_info;
  const level = info?.competition_level?.toUpperCase();
  return {
    keyword: k.keyword,
    searchVolume: wholeOrNull(info?.search_volume),
    cpc: info?.cpc ?? null,
    competition: info?.competition ?? null,
    competitionLevel: COMPETITION_LEVELS.find((l) => l === level) ?? null,
    keywordDifficulty: wholeOrNull(k.keyword_properties?.keyword_difficulty),
    intent: k.search_intent_info?.main_intent ?? null,
    monthlySearches: (info?.monthly_searches ?? [])
      .map((m) => ({ year: m.year, month: m.month, searchVolume: wholeOrNull(m.search_volume) }))
      .sort((a, b) => b.year - a.year || b.month - a.month)
      .slice(0, MONTHS),
  };
}

const wholeOrNull = (n: number | null | undefined): number | null => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : null);

// ---------------------------------------------------------------- SERP

/** The page's items come in many types; only the two read here are parsed, each leniently. */
const serpResult = z.object({ items: z.array(z.looseObject({ type: z.string() })).nullish() });
const paaElement = z.looseObject({
  title: z.string().nullish(),
  expanded_element: z.array(z.looseObject({ description: z.string().nullish(), url: z.string().nullish(), domain: z.string().nullish() })).nullish(),
});
const nestedItems = z.looseObject({ items: z.array(z.unknown()).nullish() });

function readSerp(items: { type: string }[]): { peopleAlsoAsk: PeopleAlsoAsk[]; related: string[] } {
  const peopleAlsoAsk: PeopleAlsoAsk[] = [];
  const related: string[] = [];
  for (const item of items) {
    const children = nestedItems.safeParse(item).data?.items ?? [];
    if (item.type === 'people_also_ask') {
      for (const child of children) {
        const q = paaElement.safeParse(child).data;
        if (!q?.title) continue;
        const expanded = q.expanded_element?.[0];
        peopleAlsoAsk.push({ question: q.title, answer: expanded?.description ?? null, url: expanded?.url ?? null, domain: expanded?.domain ?? null });
      }
    } else if (item.type === 'related_searches' || item.type === 'people_also_search') {
      for (const child of children) if (typeof child === 'string' && child.trim()) related.push(child.trim());
    }
  }
  return { peopleAlsoAsk, related };
}
