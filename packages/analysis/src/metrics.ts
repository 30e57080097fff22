import { detectBrands, type TrackedBrand } from './detect';
import {
  MAX_LISTED_DOMAINS,
  type AveragePosition,
  type BrandMetrics,
  type CitationGroup,
  type DomainMetrics,
  type NetSentiment,
  type PositionQuartiles,
  type Rate,
  type RankingGroup,
  type RankingMetrics,
  type RunMetrics,
  type SentimentGroup,
  type Share,
  type Stability,
} from './schemas';
import { brandSentiment } from './brand-sentiment';
import type { SentimentLabel } from './sentiment';
import { designEffect, quantile, round, wilsonInterval } from './stats';
import { citationDomain, hostOf, normalizeUrl, pageOf, registrableDomain } from './urls';

type Primitive = 'rankings' | 'compare' | 'citations' | 'sentiment';

/**
 * One succeeded answer: a surface's reply to one prompt. The answers of one prompt on one surface
 * are one cell, whatever their `sample`: correlated draws, analysed as one cluster.
 */
export interface AnalysedAnswer {
  prompt: string;
  surface: string;
  /** Which of the cell's samples (1-based), when the prompt is asked several times per surface. */
  sample?: number;
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
      return rankingMetrics(input.primitive, answers, facts, tracked);
    }
    case 'citations': {
      const url = input.url === null ? null : normalizeUrl(input.url);
      if (input.url !== null && url === null) throw new RangeError(`not an absolute http(s) URL: ${input.url}`);
      const facts = answers.map((a) => citedPages(a.citations));
      return { primitive: 'citations', url, ...citationGroup(facts, cellsOf(answers), url), bySurface: perSurface(answers, facts, (group, cells) => citationGroup(group, cells, url)) };
    }
    case 'sentiment': {
      const brand = input.brand;
      if (brand === null) throw new RangeError('a sentiment run needs a brand');
      const facts = answers.map((a) => brandSentiment(a.text, withAliases(brand, input.aliases))?.label ?? null);
      return { primitive: 'sentiment', brand, ...sentimentGroup(facts, cellsOf(answers)), bySurface: perSurface(answers, facts, sentimentGroup) };
    }
  }
}

/** What one answer was found to say about the tracked names, in their order (and, for sentiment, how it reads). */
export interface AnswerFinding extends AnswerRanking {
  sentiment?: SentimentLabel | null;
}

/**
 * The metrics `computeMetrics` gives, from what detection already found in each answer
 * (`findings[i]` of `answers[i]`, for the names of `input` in their order): no text is read again,
 * so answers analysed one by one (e.g. with pauses between them) cost only the aggregation here.
 * Citations are counted from the answers themselves, which needs no detection.
 */
export function metricsOfFindings(input: Omit<AnalysisInput, 'answers'>, answers: readonly AnalysedAnswer[], findings: readonly AnswerFinding[]): RunMetrics {
  switch (input.primitive) {
    case 'rankings':
    case 'compare':
      return rankingMetrics(input.primitive, answers, findings, trackedNames(input.brand, input.competitors));
    case 'sentiment': {
      if (input.brand === null) throw new RangeError('a sentiment run needs a brand');
      const labels = findings.map((f) => f.sentiment ?? null);
      return { primitive: 'sentiment', brand: input.brand, ...sentimentGroup(labels, cellsOf(answers)), bySurface: perSurface(answers, labels, sentimentGroup) };
    }
    case 'citations':
      return computeMetrics({ ...input, answers });
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

/**
 * Rankings or compare metrics, overall and per surface, from what each answer says about the
 * tracked names (`facts[i]` of `answers[i]`): everything `computeMetrics` does after detection.
 */
export function rankingMetrics(
  primitive: 'rankings' | 'compare',
  answers: readonly Cell[],
  facts: readonly AnswerRanking[],
  tracked: readonly TrackedName[],
): RankingMetrics {
  return { primitive, ...rankingGroup(facts, cellsOf(answers), tracked), bySurface: perSurface(answers, facts, (group, cells) => rankingGroup(group, cells, tracked)) };
}

/** What places an answer in its cell. */
type Cell = Pick<AnalysedAnswer, 'prompt' | 'surface'>;

/** The prompt × surface cells of a group's answers: `of[i]` is answer i's, numbered from 0 in order of first appearance. */
export interface Cells {
  of: readonly number[];
  count: number;
}

export function cellsOf(answers: readonly Cell[]): Cells {
  // By surface, then prompt: no key string to build per answer.
  const numbers = new Map<string, Map<string, number>>();
  let count = 0;
  const of = answers.map(({ prompt, surface }) => {
    const prompts = numbers.get(surface) ?? numbers.set(surface, new Map()).get(surface)!;
    const known = prompts.get(prompt);
    if (known !== undefined) return known;
    prompts.set(prompt, count);
    return count++;
  });
  return { of, count };
}

/** Σ of `values` (one per answer) within each cell. */
export function perCell(values: readonly number[], cells: Cells): number[] {
  const sums = new Array<number>(cells.count).fill(0);
  values.forEach((value, i) => (sums[cells.of[i]!]! += value));
  return sums;
}

/** `metricsOf` applied to the facts and cells of each surface's answers, keyed by surface in alphabetical order. */
function perSurface<F, T>(answers: readonly Cell[], facts: readonly F[], metricsOf: (facts: F[], cells: Cells) => T): Record<string, T> {
  const indices = new Map<string, number[]>();
  answers.forEach(({ surface }, i) => (indices.get(surface) ?? indices.set(surface, []).get(surface)!).push(i));
  const surfaces = [...indices.keys()].sort();
  return Object.fromEntries(
    surfaces.map((surface) => {
      const of = indices.get(surface)!;
      return [surface, metricsOf(of.map((i) => facts[i]!), cellsOf(of.map((i) => answers[i]!)))];
    }),
  );
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

/** Rankings and compare metrics of a group of answers in `cells`. */
export function rankingGroup(answers: readonly AnswerRanking[], cells: Cells, tracked: readonly TrackedName[]): RankingGroup {
  const answersPerCell = perCell(answers.map(() => 1), cells);
  // Share of voice: each answer contributes one unit of voice per tracked name it mentions.
  const namedPerCell = perCell(answers.map((a) => a.mentioned.filter(Boolean).length), cells);
  const brands = tracked.map(({ name, role }, j): BrandMetrics => {
    const mentions = answers.map((a) => (a.mentioned[j] ? 1 : 0));
    const mentionsPerCell = perCell(mentions, cells);
    const placed = answers.map((a) => a.places[j] ?? null).filter((p) => p !== null);
    return {
      name,
      role,
      mentions: sum(mentions),
      mentionRate: rate(mentionsPerCell, answersPerCell),
      averagePosition: averagePosition(placed),
      positionQuartiles: positionQuartiles(placed),
      top3Rate: rate(perCell(answers.map((a) => ((a.places[j] ?? Infinity) <= 3 ? 1 : 0)), cells), answersPerCell),
      shareOfVoice: share(mentionsPerCell, namedPerCell),
      stability: stability(mentionsPerCell, answersPerCell),
    };
  });
  return { answers: answers.length, brands };
}

/**
 * How often a cell's answers agree on whether the name is mentioned: over the cells with at least
 * two answers, those whose answers all mention it or all do not (`mentions[c]` of `answers[c]`).
 * Null when no cell has two answers.
 */
export function stability(mentions: readonly number[], answers: readonly number[]): Stability | null {
  let cells = 0;
  let agreeing = 0;
  answers.forEach((n, c) => {
    if (n < 2) return;
    cells++;
    if (mentions[c] === 0 || mentions[c] === n) agreeing++;
  });
  // At least one cell, so the interval exists.
  return cells === 0 ? null : { cells, agreeing, rate: round(agreeing / cells, 4), interval: wilsonInterval(agreeing, cells)! };
}

/** A page an answer cites: its normalised URL and its publisher's domain ({@link citationDomain}). */
export interface CitedPage {
  url: string;
  /** The URL as the answer cited it, for links. */
  cited: string;
  title: string | null;
  domain: string;
}

/** Citation metrics of a group of answers in `cells`, given each answer's cited pages; `url` is the tracked URL, normalised. */
export function citationGroup(answers: readonly CitedPage[][], cells: Cells, url: string | null): CitationGroup {
  const perAnswer = answers.map((pages) => countBy(pages.map((p) => p.domain)));
  const totals = answers.map((urls) => urls.length);
  const totalsPerCell = perCell(totals, cells);
  const domains = [...new Set(perAnswer.flatMap((counts) => [...counts.keys()]))].map((domain): DomainMetrics => {
    const counts = perAnswer.map((c) => c.get(domain) ?? 0);
    return { domain, citations: sum(counts), share: share(perCell(counts, cells), totalsPerCell) };
  });
  domains.sort((a, b) => b.citations - a.citations || (a.domain < b.domain ? -1 : 1));
  const unlisted = domains.slice(MAX_LISTED_DOMAINS);
  const answersPerCell = perCell(answers.map(() => 1), cells);
  const citedRate = (hit: (pages: CitedPage[]) => boolean) => rate(perCell(answers.map((pages) => (hit(pages) ? 1 : 0)), cells), answersPerCell);
  let urlCitedRate: Rate | null = null;
  let domainCitedRate: Rate | null = null;
  if (url !== null) {
    const page = pageOf(url);
    const site = registrableDomain(hostOf(url));
    urlCitedRate = citedRate((pages) => pages.some((p) => pageOf(p.url) === page));
    domainCitedRate = citedRate((pages) => pages.some((p) => p.domain === site));
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
 * An answer's citations, normalised, each page once (its http and https forms are one page), with
 * its publisher; citations that are not http(s) URLs are left out.
 */
export function citedPages(citations: AnalysedAnswer['citations']): CitedPage[] {
  const pages = new Map<string, CitedPage>();
  for (const citation of citations) {
    const url = normalizeUrl(citation.url);
    if (url !== null && !pages.has(pageOf(url))) pages.set(pageOf(url), { url, cited: citation.url, title: citation.title, domain: citationDomain(citation)! });
  }
  return [...pages.values()];
}

/** Sentiment metrics of a group of answers in `cells`, given each answer's class (null: brand not mentioned). */
export function sentimentGroup(answers: readonly (SentimentLabel | null)[], cells: Cells): SentimentGroup {
  // The rates are taken over mentioning answers, so a cell's sample is its mentioning answers.
  const mentioningPerCell = perCell(answers.map((label) => (label === null ? 0 : 1)), cells);
  const n = sum(mentioningPerCell);
  const classRate = (label: SentimentLabel) => rate(perCell(answers.map((l) => (l === label ? 1 : 0)), cells), mentioningPerCell);
  const positiveRate = classRate('positive');
  const negativeRate = classRate('negative');
  const netSentiment: NetSentiment = { value: n === 0 ? null : round((positiveRate.count - negativeRate.count) / n, 4), n };
  const stable = stability(mentioningPerCell, perCell(answers.map(() => 1), cells));
  return { answers: answers.length, mentions: n, positiveRate, neutralRate: classRate('neutral'), negativeRate, netSentiment, stability: stable };
}

/**
 * A proportion of answers from its per-cell counts: `hits[c]` of the `answers[c]` answers of cell c
 * in its sample; cells with none in the sample are not among its clusters. The interval is Wilson's
 * on the effective sample (see {@link clustered}).
 */
export function rate(hits: readonly number[], answers: readonly number[]): Rate {
  const sampled = (_: number, c: number) => answers[c]! > 0;
  return clustered(hits.filter(sampled), answers.filter(sampled));
}

/**
 * Σcounts / Σtotals over the cells of a group (every cell, also those with no mention or citation),
 * with a Wilson interval on the effective sample.
 */
function share(counts: readonly number[], totals: readonly number[]): Share {
  return clustered(counts, totals);
}

/**
 * Σy / Σx over clusters (cells), y[c] of x[c] in cluster c, with the effective sample size
 * Σx / design effect (stats.ts): the number of independent units the clustered ones are worth. The
 * Wilson interval is taken on the effective count and sample, so it widens as the cells' units
 * agree. One unit per cluster gives a design effect of exactly 1: the interval of independent units.
 */
function clustered(y: readonly number[], x: readonly number[]): Rate & Share {
  const count = sum(y);
  const n = sum(x);
  const deff = designEffect(y, x);
  return {
    value: n === 0 ? null : round(count / n, 4),
    count,
    n,
    clusters: x.length,
    effectiveN: round(n / deff, 2),
    interval: wilsonInterval(count / deff, n / deff),
  };
}

function averagePosition(places: readonly number[]): AveragePosition {
  return { value: places.length === 0 ? null : round(sum(places) / places.length, 2), n: places.length };
}

/** Quartiles of the places (type 7, see stats.ts), to 2 decimals; null when no answer places the name. */
function positionQuartiles(places: readonly number[]): PositionQuartiles | null {
  if (places.length === 0) return null;
  const sorted = [...places].sort((a, b) => a - b);
  const at = (q: number) => round(quantile(sorted, q), 2);
  return { p25: at(0.25), median: at(0.5), p75: at(0.75) };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

export function countBy<K extends string>(keys: readonly K[]): Map<K, number> {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}
