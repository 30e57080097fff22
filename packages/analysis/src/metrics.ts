import { detectBrands, type TrackedBrand } from './detect';
import {
  MAX_LISTED_DOMAINS,
  type AveragePosition,
  type BrandMetrics,
  type CitationGroup,
  type DomainMetrics,
  type NetSentiment,
  type Rate,
  type RankingGroup,
  type RunMetrics,
  type SentimentGroup,
  type Share,
} from './schemas';
import { classifySentiment, type SentimentLabel } from './sentiment';
import { designEffect, round, wilsonInterval } from './stats';
import { hostOf, normalizeUrl, pageOf, registrableDomain } from './urls';

export type Primitive = 'rankings' | 'compare' | 'citations' | 'sentiment';

/** One succeeded answer: a surface's reply to one prompt. */
export interface AnalysedAnswer {
  prompt: string;
  surface: string;
  text: string;
  citations: readonly { url: string; title: string | null }[];
}

/** A run to analyse: its succeeded answers and the tracker's definition. */
export interface AnalysisInput {
  primitive: Primitive;
  /** Required for `sentiment`; the tracker's own brand in `compare`. */
  brand: string | null;
  competitors: readonly string[];
  /** The page whose citations `citations` counts, if any. */
  url: string | null;
  /** Other names that count as the brand or a competitor; none when absent. */
  aliases?: readonly { name: string; aliases: readonly string[] }[];
  answers: readonly AnalysedAnswer[];
}

/** A name whose metrics a rankings or compare run reports. */
export interface TrackedName {
  name: string;
  role: 'brand' | 'competitor';
}

/** The summary metrics of a run (api-contract §4), overall and per surface. See schemas.ts for every definition. */
export function computeMetrics(input: AnalysisInput): RunMetrics {
  const { answers } = input;
  // Each answer is analysed once; the overall and per-surface groups aggregate the same facts.
  switch (input.primitive) {
    case 'rankings':
    case 'compare': {
      const tracked = trackedNames(input.brand, input.competitors);
      const facts = answerRankings(answers, tracked.map(({ name }) => withAliases(name, input.aliases)));
      return { primitive: input.primitive, ...rankingGroup(facts, tracked), bySurface: perSurface(answers, facts, (group) => rankingGroup(group, tracked)) };
    }
    case 'citations': {
      const url = input.url === null ? null : normalizeUrl(input.url);
      if (input.url !== null && url === null) throw new RangeError(`not an absolute http(s) URL: ${input.url}`);
      const facts = answers.map(citedUrls);
      return { primitive: 'citations', url, ...citationGroup(facts, url), bySurface: perSurface(answers, facts, (group) => citationGroup(group, url)) };
    }
    case 'sentiment': {
      const brand = input.brand;
      if (brand === null) throw new RangeError('a sentiment run needs a brand');
      const facts = answers.map((a) => classifySentiment(a.text, withAliases(brand, input.aliases)));
      return { primitive: 'sentiment', brand, ...sentimentGroup(facts), bySurface: perSurface(answers, facts, sentimentGroup) };
    }
  }
}

/** `name` with the aliases the tracker gives it. */
export function withAliases(name: string, aliases: AnalysisInput['aliases']): TrackedBrand {
  return { name, aliases: aliases?.find((a) => a.name === name)?.aliases ?? [] };
}

function trackedNames(brand: string | null, competitors: readonly string[]): TrackedName[] {
  const names: TrackedName[] = brand === null ? [] : [{ name: brand, role: 'brand' }];
  return names.concat(competitors.map((name) => ({ name, role: 'competitor' as const })));
}

/** `metricsOf` applied to the facts of each surface's answers, keyed by surface in alphabetical order. */
function perSurface<F, T>(answers: readonly AnalysedAnswer[], facts: readonly F[], metricsOf: (facts: F[]) => T): Record<string, T> {
  const surfaces = [...new Set(answers.map((a) => a.surface))].sort();
  return Object.fromEntries(surfaces.map((surface) => [surface, metricsOf(facts.filter((_, i) => answers[i]!.surface === surface))]));
}

/** What one answer says about the tracked names, in their order. */
export interface AnswerRanking {
  mentioned: boolean[];
  places: (number | null)[];
}

function answerRankings(answers: readonly AnalysedAnswer[], brands: readonly TrackedBrand[]): AnswerRanking[] {
  return answers.map(({ text }) => {
    const found = detectBrands(text, brands);
    return { mentioned: found.map((b) => b.mentioned), places: found.map((b) => b.position) };
  });
}

/** Rankings and compare metrics of a group of answers. */
export function rankingGroup(answers: readonly AnswerRanking[], tracked: readonly TrackedName[]): RankingGroup {
  // Share of voice: each answer contributes one unit of voice per tracked name it mentions.
  const namedPerAnswer = answers.map((a) => a.mentioned.filter(Boolean).length);
  const brands = tracked.map(({ name, role }, j): BrandMetrics => {
    const mentions = answers.map((a) => (a.mentioned[j] ? 1 : 0));
    const placed = answers.map((a) => a.places[j] ?? null).filter((p) => p !== null);
    const count = sum(mentions);
    return {
      name,
      role,
      mentions: count,
      mentionRate: rate(count, answers.length),
      averagePosition: averagePosition(placed),
      top3Rate: rate(placed.filter((p) => p <= 3).length, answers.length),
      shareOfVoice: share(mentions, namedPerAnswer),
    };
  });
  return { answers: answers.length, brands };
}

/** Citation metrics of a group of answers, given each answer's cited URLs; `url` is the tracked URL, normalised. */
export function citationGroup(answers: readonly string[][], url: string | null): CitationGroup {
  const perAnswer = answers.map((urls) => countBy(urls.map((u) => registrableDomain(hostOf(u)))));
  const totals = answers.map((urls) => urls.length);
  const domains = [...new Set(perAnswer.flatMap((counts) => [...counts.keys()]))].map((domain): DomainMetrics => {
    const counts = perAnswer.map((c) => c.get(domain) ?? 0);
    return { domain, citations: sum(counts), share: share(counts, totals) };
  });
  domains.sort((a, b) => b.citations - a.citations || (a.domain < b.domain ? -1 : 1));
  const unlisted = domains.slice(MAX_LISTED_DOMAINS);
  const citedRate = (hit: (urls: string[]) => boolean) => rate(answers.filter(hit).length, answers.length);
  let urlCitedRate: Rate | null = null;
  let domainCitedRate: Rate | null = null;
  if (url !== null) {
    const page = pageOf(url);
    const site = registrableDomain(hostOf(url));
    urlCitedRate = citedRate((urls) => urls.some((u) => pageOf(u) === page));
    domainCitedRate = citedRate((urls) => urls.some((u) => registrableDomain(hostOf(u)) === site));
  }
  return {
    answers: answers.length,
    citations: sum(totals),
    domains: domains.slice(0, MAX_LISTED_DOMAINS),
    unlistedDomains: { domains: unlisted.length, citations: sum(unlisted.map((d) => d.citations)) },
    urlCitedRate,
    domainCitedRate,
  };
}

/**
 * An answer's citations, normalised, each page once (its http and https forms are one page);
 * citations that are not http(s) URLs are left out.
 */
function citedUrls(answer: AnalysedAnswer): string[] {
  const pages = new Map<string, string>();
  for (const citation of answer.citations) {
    const url = normalizeUrl(citation.url);
    if (url !== null && !pages.has(pageOf(url))) pages.set(pageOf(url), url);
  }
  return [...pages.values()];
}

/** Sentiment metrics of a group of answers, given each answer's class (null: brand not mentioned). */
export function sentimentGroup(answers: readonly (SentimentLabel | null)[]): SentimentGroup {
  const labels = answers.filter((label) => label !== null);
  const n = labels.length;
  const count = (label: SentimentLabel) => labels.filter((l) => l === label).length;
  const positive = count('positive');
  const negative = count('negative');
  const netSentiment: NetSentiment = { value: n === 0 ? null : round((positive - negative) / n, 4), n };
  return {
    answers: answers.length,
    mentions: n,
    positiveRate: rate(positive, n),
    neutralRate: rate(count('neutral'), n),
    negativeRate: rate(negative, n),
    netSentiment,
  };
}

/** `count` of `n` answers, with its Wilson interval. */
export function rate(count: number, n: number): Rate {
  return { value: n === 0 ? null : round(count / n, 4), count, n, interval: wilsonInterval(count, n) };
}

/**
 * Σcounts / Σtotals over answers (clusters), with a Wilson interval on the effective sample size
 * Σtotals / design effect (see stats.ts).
 */
export function share(counts: readonly number[], totals: readonly number[]): Share {
  const count = sum(counts);
  const n = sum(totals);
  const effectiveN = n / designEffect(counts, totals);
  return {
    value: n === 0 ? null : round(count / n, 4),
    count,
    n,
    effectiveN: round(effectiveN, 2),
    interval: n === 0 ? null : wilsonInterval((count / n) * effectiveN, effectiveN),
  };
}

function averagePosition(places: readonly number[]): AveragePosition {
  return { value: places.length === 0 ? null : round(sum(places) / places.length, 2), n: places.length };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function countBy(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}
