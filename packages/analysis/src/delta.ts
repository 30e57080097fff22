/**
 * The change of a run's metrics against the previous comparable run (spec §2.3, §8; api-contract §4).
 *
 * Rule: a rate's, share's or average's change is given only when the answers it is taken over
 * number at least {@link MIN_ANSWERS_FOR_CHANGE} in both runs; otherwise it is null with
 * `insufficientSample: true`. "The answers it is taken over" is each metric's own sample: the
 * analysed answers for mention, top-3, cited and share metrics; the mentioning answers for the
 * sentiment rates and net sentiment; the answers that place the name for its average position. For
 * the sentiment rates and positions this is stricter than counting all analysed answers, never
 * looser. Counts always get their integer change.
 *
 * Significance: for rates, Fisher's exact test while both runs' answers are as good as independent
 * (design effect 1, as with one answer per prompt × surface cell), else a test of clustered
 * proportions on the effective samples; for shares, a pooled z-test on effective sample sizes
 * (stats.ts says why). `significant` is `pValue < 0.05` for that one comparison alone; with many
 * names, domains and surfaces in one delta, some changes will pass by chance.
 */
import { cellsOf, citationGroup, rankingGroup, sentimentGroup, type TrackedName } from './metrics';
import { foldKey } from './fold';
import {
  CAUSATION_NOTE,
  MIN_ANSWERS_FOR_CHANGE,
  SIGNIFICANCE_LEVEL,
  type AveragePosition,
  type BrandDelta,
  type BrandMetrics,
  type CitationDeltaGroup,
  type CitationGroup,
  type CountChange,
  type DomainDelta,
  type DomainMetrics,
  type NetSentiment,
  type Rate,
  type RateChange,
  type RankingDeltaGroup,
  type RankingGroup,
  type RunDelta,
  type RunMetrics,
  type SentimentDeltaGroup,
  type SentimentGroup,
  type Share,
  type ValueChange,
} from './schemas';
import { clusteredTwoProportionPValue, fisherExactPValue, reportedPValue, round, twoProportionPValue, wilsonInterval, type ClusteredCount } from './stats';

const HEADER = { note: CAUSATION_NOTE, minimumAnswers: MIN_ANSWERS_FOR_CHANGE, significanceLevel: SIGNIFICANCE_LEVEL } as const;

/**
 * `current` against `previous`, overall and per surface. A surface that answered in one run only
 * counts as having answered nothing in the other. Both runs must be of the same primitive.
 */
export function computeDelta(current: RunMetrics, previous: RunMetrics): RunDelta {
  switch (current.primitive) {
    case 'rankings':
    case 'compare': {
      if (previous.primitive !== current.primitive) break;
      const empty = (other: RankingGroup) => rankingGroup([], cellsOf([]), other.brands.map(({ name, role }): TrackedName => ({ name, role })));
      return { primitive: current.primitive, ...HEADER, ...rankingDelta(current, previous), bySurface: perSurface(current.bySurface, previous.bySurface, empty, rankingDelta) };
    }
    case 'citations': {
      if (previous.primitive !== 'citations') break;
      const empty = () => citationGroup([], cellsOf([]), current.url);
      return { primitive: 'citations', ...HEADER, ...citationDelta(current, previous), bySurface: perSurface(current.bySurface, previous.bySurface, empty, citationDelta) };
    }
    case 'sentiment': {
      if (previous.primitive !== 'sentiment') break;
      const empty = () => sentimentGroup([], cellsOf([]));
      return { primitive: 'sentiment', ...HEADER, ...sentimentDelta(current, previous), bySurface: perSurface(current.bySurface, previous.bySurface, empty, sentimentDelta) };
    }
  }
  throw new RangeError(`cannot compare a ${current.primitive} run with a ${previous.primitive} run`);
}

function perSurface<G, D>(current: Record<string, G>, previous: Record<string, G>, empty: (other: G) => G, delta: (c: G, p: G) => D): Record<string, D> {
  const surfaces = [...new Set([...Object.keys(current), ...Object.keys(previous)])].sort();
  return Object.fromEntries(
    surfaces.map((surface) => {
      const c = current[surface];
      const p = previous[surface];
      // At least one side exists: the surface came from one of the two key lists.
      return [surface, delta(c ?? empty(p!), p ?? empty(c!))];
    }),
  );
}

function rankingDelta(current: RankingGroup, previous: RankingGroup): RankingDeltaGroup {
  const answers = countChange(current.answers, previous.answers);
  // Names match across runs as the tracker compares them: case- and accent-insensitively.
  const before = new Map(previous.brands.map((b) => [foldKey(b.name), b]));
  const now = new Set(current.brands.map((b) => foldKey(b.name)));
  const kept = current.brands.map((c) => brandDelta(c, before.get(foldKey(c.name)), answers));
  const dropped = previous.brands.filter((p) => !now.has(foldKey(p.name))).map((p) => brandDelta(undefined, p, answers));
  return { answers, brands: kept.concat(dropped) };
}

/** A name tracked in one run only (a competitor added or removed) gets its values but no changes. */
function brandDelta(current: BrandMetrics | undefined, previous: BrandMetrics | undefined, answers: CountChange): BrandDelta {
  if (current && previous) {
    return {
      name: current.name,
      role: current.role,
      presence: 'both',
      mentions: countChange(current.mentions, previous.mentions),
      mentionRate: rateChange(current.mentionRate, previous.mentionRate),
      averagePosition: valueChange(current.averagePosition, previous.averagePosition),
      top3Rate: rateChange(current.top3Rate, previous.top3Rate),
      shareOfVoice: shareChange(current.shareOfVoice, previous.shareOfVoice, answers),
    };
  }
  const { name, role } = (current ?? previous)!;
  return {
    name,
    role,
    presence: current ? 'current' : 'previous',
    mentions: { current: current?.mentions ?? null, previous: previous?.mentions ?? null, change: null },
    mentionRate: unpaired(current?.mentionRate, previous?.mentionRate),
    averagePosition: { current: current?.averagePosition.value ?? null, previous: previous?.averagePosition.value ?? null, change: null, insufficientSample: false },
    top3Rate: unpaired(current?.top3Rate, previous?.top3Rate),
    shareOfVoice: unpaired(current?.shareOfVoice, previous?.shareOfVoice),
  };
}

function citationDelta(current: CitationGroup, previous: CitationGroup): CitationDeltaGroup {
  const answers = countChange(current.answers, previous.answers);
  const before = new Map(previous.domains.map((d) => [d.domain, d]));
  const now = new Set(current.domains.map((d) => d.domain));
  const domains = [...current.domains.map((d) => d.domain), ...previous.domains.map((d) => d.domain).filter((d) => !now.has(d))];
  // A domain missing from a run that lists every domain it cited was cited 0 times there; when the run's
  // list was cut, its count there is unknown.
  const of = (group: CitationGroup, lookup: Map<string, DomainMetrics>, domain: string): DomainMetrics | undefined =>
    lookup.get(domain) ?? (group.unlistedDomains.domains === 0 ? { domain, citations: 0, share: zeroShare(group.citations) } : undefined);
  const after = new Map(current.domains.map((d) => [d.domain, d]));
  return {
    answers,
    citations: countChange(current.citations, previous.citations),
    domains: domains.map((domain): DomainDelta => {
      const c = of(current, after, domain);
      const p = of(previous, before, domain);
      if (!c || !p) return { domain, citations: { current: c?.citations ?? null, previous: p?.citations ?? null, change: null }, share: unpaired(c?.share, p?.share) };
      return { domain, citations: countChange(c.citations, p.citations), share: shareChange(c.share, p.share, answers) };
    }),
    urlCitedRate: optionalRateChange(current.urlCitedRate, previous.urlCitedRate),
    domainCitedRate: optionalRateChange(current.domainCitedRate, previous.domainCitedRate),
  };
}

function sentimentDelta(current: SentimentGroup, previous: SentimentGroup): SentimentDeltaGroup {
  return {
    answers: countChange(current.answers, previous.answers),
    mentions: countChange(current.mentions, previous.mentions),
    positiveRate: rateChange(current.positiveRate, previous.positiveRate),
    neutralRate: rateChange(current.neutralRate, previous.neutralRate),
    negativeRate: rateChange(current.negativeRate, previous.negativeRate),
    netSentiment: valueChange(current.netSentiment, previous.netSentiment),
  };
}

function countChange(current: number, previous: number): CountChange {
  return { current, previous, change: current - previous };
}

function sufficient(...samples: number[]): boolean {
  return samples.every((n) => n >= MIN_ANSWERS_FOR_CHANGE);
}

function withheld(current: number | null, previous: number | null): RateChange {
  return { current, previous, change: null, insufficientSample: true, pValue: null, significant: null };
}

function tested(current: number, previous: number, change: number, pValue: number): RateChange {
  return { current, previous, change: round(change * 100, 2), insufficientSample: false, pValue: reportedPValue(pValue), significant: pValue < SIGNIFICANCE_LEVEL };
}

/** Change in percentage points, computed from the exact counts; the sample rule counts answers, not cells. */
function rateChange(current: Rate, previous: Rate): RateChange {
  if (current.value === null || previous.value === null || !sufficient(current.n, previous.n)) return withheld(current.value, previous.value);
  const change = current.count / current.n - previous.count / previous.n;
  return tested(current.value, previous.value, change, rateChangePValue(clusteredCount(current), clusteredCount(previous)));
}

/**
 * Fisher's exact test when neither run's answers are more alike within their cells than
 * independent answers (effective sample = sample), as before prompts were asked repeatedly; else
 * the test of clustered proportions, whose calibration calibration.ts shows.
 */
function rateChangePValue(current: ClusteredCount, previous: ClusteredCount): number {
  if (current.effectiveN === current.n && previous.effectiveN === previous.n) return fisherExactPValue(current.count, current.n, previous.count, previous.n);
  return clusteredTwoProportionPValue(current, previous);
}

/** A stored rate's counts; metrics stored before cells were modelled had one answer per cell. */
function clusteredCount({ count, n, effectiveN, clusters }: Rate): ClusteredCount {
  return { count, n, effectiveN: effectiveN ?? n, clusters: clusters ?? n };
}

/** Shares are taken over a group's answers, so the group's answers decide whether the sample suffices. */
function shareChange(current: Share, previous: Share, answers: CountChange): RateChange {
  if (current.value === null || previous.value === null || !sufficient(answers.current ?? 0, answers.previous ?? 0)) {
    return withheld(current.value, previous.value);
  }
  const c = current.count / current.n;
  const p = previous.count / previous.n;
  return tested(current.value, previous.value, c - p, twoProportionPValue(c, current.effectiveN, p, previous.effectiveN));
}

/** For `urlCitedRate`: null when neither run tracks a URL, values without change when one does. */
function optionalRateChange(current: Rate | null, previous: Rate | null): RateChange | null {
  if (current && previous) return rateChange(current, previous);
  if (!current && !previous) return null;
  return unpaired(current ?? undefined, previous ?? undefined);
}

function unpaired(current: Rate | Share | undefined, previous: Rate | Share | undefined): RateChange {
  return { current: current?.value ?? null, previous: previous?.value ?? null, change: null, insufficientSample: false, pValue: null, significant: null };
}

/** Difference of the published values (places to 2 decimals, net sentiment to 4); no test. */
function valueChange(current: AveragePosition | NetSentiment, previous: AveragePosition | NetSentiment): ValueChange {
  if (current.value === null || previous.value === null || !sufficient(current.n, previous.n)) {
    return { current: current.value, previous: previous.value, change: null, insufficientSample: true };
  }
  return { current: current.value, previous: previous.value, change: round(current.value - previous.value, 4), insufficientSample: false };
}

/** The share of a domain a run did not cite: 0 of its `total` citations. */
function zeroShare(total: number): Share {
  return { value: total === 0 ? null : 0, count: 0, n: total, effectiveN: total, interval: wilsonInterval(0, total) };
}
