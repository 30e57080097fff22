/**
 * The shapes of a run's summary metrics and of its delta against the previous comparable run
 * (api-contract §4). The runner stores them; the gateway documents them in OpenAPI.
 *
 * Units of analysis: an *answer* is one surface's succeeded answer to one prompt; only succeeded
 * answers are analysed. A prompt may be asked several times per surface: the answers of one prompt
 * on one surface are a *cell*, correlated draws taken as one cluster. Rates are proportions of
 * answers, shares proportions of mentions or citations; both get intervals on their effective
 * sample size, the design effect estimated over cells (answers to the same prompt on different
 * surfaces may agree more than chance, which the intervals do not model).
 */
import { z } from 'zod';
import { RUN_DELTA_EXAMPLE, RUN_METRICS_EXAMPLE } from './examples';

/** Spec §8: percentage-point changes need at least this many answers in each group. */
export const MIN_ANSWERS_FOR_CHANGE = 10;
/** A change is called distinguishable from no change when its p-value is below this. */
export const SIGNIFICANCE_LEVEL = 0.05;
/** Spec §2.3: said with every delta. */
export const CAUSATION_NOTE = 'Changes between runs do not establish cause.';

const Probability = z.number().min(0).max(1);
const Count = z.int().min(0);

export const Interval = z
  .object({ low: Probability, high: Probability })
  .meta({ id: 'ConfidenceInterval', description: '95% Wilson score interval, rounded outward to 4 decimals.' });
export type Interval = z.infer<typeof Interval>;

/** Metrics stored before a prompt could be asked several times per surface lack the fields added then. */
const ABSENT_BEFORE_SAMPLES = 'Absent on metrics computed before 2026-11-28.';
const ADDED_WITH_SAMPLES = `${ABSENT_BEFORE_SAMPLES} Those had one answer per cell: read it as \`n\`.`;

/**
 * `count` of `n`, their ratio, and the cells they come from: what a rate and a share have in
 * common. The effective sample size is added by each (a share has had one from the start).
 */
const proportion = (nDescription: string, clustersDescription: string) => ({
  value: Probability.nullable().meta({ description: '`count / n` to 4 decimals; null when `n` is 0.' }),
  count: Count,
  n: Count.meta({ description: nDescription }),
  clusters: Count.optional().meta({ description: `${clustersDescription} ${ADDED_WITH_SAMPLES}` }),
  interval: Interval.nullable().meta({ description: 'Wilson score interval on `count · effectiveN / n` of `effectiveN`; null when `n` is 0.' }),
});

const EFFECTIVE_N =
  '`n` divided by the design effect (the cluster-robust variance of the proportion over cells, divided by the variance of `n` independent units, at least 1), to 2 decimals: the number of independent observations the clustered units are worth. The interval is taken on it. Equal to `n` when every cell has one answer.';

export const Rate = z
  .object({
    ...proportion(
      'Sample size: the number of answers the rate is taken over.',
      'The prompt × surface cells with at least one answer in the sample: the clusters the interval and the change test treat as independent.',
    ),
    effectiveN: z.number().min(0).optional().meta({ description: `${EFFECTIVE_N} ${ADDED_WITH_SAMPLES}` }),
  })
  .meta({ id: 'MetricRate', description: 'A proportion of answers, with its sample size, its cells and its 95% interval.' });
export type Rate = z.infer<typeof Rate>;

export const Share = z
  .object({
    ...proportion(
      'The denominator: all mentions (or citations) counted in the group.',
      "The prompt × surface cells of the group's answers (also those with no mention or citation): the clusters whose units are summed.",
    ),
    effectiveN: z.number().min(0).meta({ description: EFFECTIVE_N }),
  })
  .meta({ id: 'MetricShare', description: 'A share of mentions or citations; its units come in clusters (the answers of a prompt × surface cell).' });
export type Share = z.infer<typeof Share>;

export const Stability = z
  .object({
    cells: z.int().min(1).meta({ description: 'Prompt × surface cells with at least 2 answers.' }),
    agreeing: Count.meta({ description: 'Of those, the cells whose answers all agree on whether the name is mentioned: all mention it, or none does.' }),
    rate: Probability.meta({ description: '`agreeing / cells` to 4 decimals.' }),
    interval: Interval.meta({ description: 'Wilson score interval over the cells, taken as independent.' }),
  })
  .meta({
    id: 'MentionStability',
    description: 'How repeatable the mention is when a prompt is asked several times on a surface: the share of cells whose answers agree.',
  });
export type Stability = z.infer<typeof Stability>;

export const PositionQuartiles = z
  .object({
    p25: z.number().min(1),
    median: z.number().min(1),
    p75: z.number().min(1),
  })
  .meta({
    id: 'PositionQuartiles',
    description:
      "Quartiles of the name's place over the answers that give it one, to 2 decimals, by linear interpolation between order statistics (Hyndman & Fan type 7, R's and NumPy's default): the q quantile of N sorted places is the place at h = (N − 1)·q, interpolated between ⌊h⌋ and ⌈h⌉ (0-based). The median of places 1, 2, 4, 5 is 3.",
  });
export type PositionQuartiles = z.infer<typeof PositionQuartiles>;

export const AveragePosition = z
  .object({
    value: z.number().min(1).nullable().meta({ description: 'Mean list place to 2 decimals; null when `n` is 0.' }),
    n: Count.meta({ description: 'Answers that give the brand a place.' }),
  })
  .meta({ id: 'AveragePosition' });
export type AveragePosition = z.infer<typeof AveragePosition>;

export const NetSentiment = z
  .object({
    value: z.number().min(-1).max(1).nullable().meta({ description: '`positiveRate − negativeRate` to 4 decimals; null when `n` is 0.' }),
    n: Count.meta({ description: 'Answers that mention the brand.' }),
  })
  .meta({ id: 'NetSentiment' });
export type NetSentiment = z.infer<typeof NetSentiment>;

export const BrandMetrics = z
  .object({
    name: z.string(),
    role: z.enum(['brand', 'competitor']),
    mentions: Count.meta({ description: 'Answers that mention the name (an answer counts once however often it names it).' }),
    mentionRate: Rate.meta({ description: 'Answers that mention the name / analysed answers.' }),
    averagePosition: AveragePosition.meta({
      description:
        "Mean of the name's 1-based place over the answers that give it one: its item in the answer's list, or its order of first mention among the tracked names when the answer has no list. An answer whose list does not include the name gives it no place.",
    }),
    positionQuartiles: PositionQuartiles.nullable()
      .optional()
      .meta({ description: `The spread of the places averaged in \`averagePosition\`; null when no answer places the name. ${ABSENT_BEFORE_SAMPLES}` }),
    top3Rate: Rate.meta({ description: 'Answers that place the name 1st to 3rd / analysed answers.' }),
    shareOfVoice: Share.meta({
      description: 'Answers that mention the name / the sum over all tracked names of answers that mention them. Sums to 1 over the names.',
    }),
    stability: Stability.nullable()
      .optional()
      .meta({ description: `Over the cells with at least 2 answers; null when no cell has 2. ${ABSENT_BEFORE_SAMPLES}` }),
  })
  .meta({ id: 'BrandMetrics' });
export type BrandMetrics = z.infer<typeof BrandMetrics>;

const answers = Count.meta({ description: 'Analysed (succeeded) answers.' });

const rankingGroup = { answers, brands: z.array(BrandMetrics).meta({ description: 'The brand (if any) first, then the competitors in tracker order.' }) };

export const DomainMetrics = z
  .object({
    domain: z.string().meta({ description: 'Registrable domain by the Public Suffix List, e.g. `acme.co.uk`.' }),
    citations: Count.meta({ description: 'Distinct normalised URLs of the domain cited, summed over answers.' }),
    share: Share.meta({ description: "The domain's citations / all citations." }),
  })
  .meta({ id: 'DomainMetrics' });
export type DomainMetrics = z.infer<typeof DomainMetrics>;

/**
 * Domains listed per group of citation metrics; the others are counted together. A run may cite
 * thousands of domains; listing them all would make its metrics megabytes, too large for a message.
 */
export const MAX_LISTED_DOMAINS = 25;

const citationGroup = {
  answers,
  citations: Count.meta({ description: 'All citations: distinct normalised http(s) URLs per answer, summed over answers.' }),
  domains: z.array(DomainMetrics).max(MAX_LISTED_DOMAINS).meta({ description: `The ${MAX_LISTED_DOMAINS} most cited domains, most cited first; ties by domain name.` }),
  unlistedDomains: z
    .object({ domains: Count, citations: Count })
    .meta({ description: `The domains cited beyond the ${MAX_LISTED_DOMAINS} listed, and their citations, counted together.` }),
  urlCitedRate: Rate.nullable().meta({ description: 'Answers citing the tracked URL (normalised, http and https alike) / analysed answers; null without a URL.' }),
  domainCitedRate: Rate.nullable().meta({ description: "Answers citing any page of the tracked URL's registrable domain / analysed answers; null without a URL." }),
};

const sentimentGroup = {
  answers,
  mentions: Count.meta({ description: 'Answers that mention the brand; the sample of the rates below.' }),
  positiveRate: Rate.meta({ description: 'Mentioning answers classed positive / mentioning answers.' }),
  neutralRate: Rate.meta({ description: 'Mentioning answers classed neutral / mentioning answers.' }),
  negativeRate: Rate.meta({ description: 'Mentioning answers classed negative / mentioning answers.' }),
  netSentiment: NetSentiment,
  stability: Stability.nullable()
    .optional()
    .meta({ description: `Whether the brand is mentioned, over the cells with at least 2 answers; null when no cell has 2. ${ABSENT_BEFORE_SAMPLES}` }),
};

const bySurface = <T extends z.ZodRawShape>(shape: T) =>
  z.record(z.string(), z.object(shape)).meta({ description: 'The same metrics for each surface that answered, keyed by surface.' });

export const RankingMetrics = z.object({ primitive: z.enum(['rankings', 'compare']), ...rankingGroup, bySurface: bySurface(rankingGroup) }).meta({ id: 'RankingMetrics' });
export const CitationMetrics = z
  .object({
    primitive: z.literal('citations'),
    url: z.string().nullable().meta({ description: 'The tracked URL, normalised; null when the tracker has none.' }),
    ...citationGroup,
    bySurface: bySurface(citationGroup),
  })
  .meta({ id: 'CitationMetrics' });
export const SentimentMetrics = z
  .object({ primitive: z.literal('sentiment'), brand: z.string(), ...sentimentGroup, bySurface: bySurface(sentimentGroup) })
  .meta({ id: 'SentimentMetrics' });
export type RankingMetrics = z.infer<typeof RankingMetrics>;
export type CitationMetrics = z.infer<typeof CitationMetrics>;
export type SentimentMetrics = z.infer<typeof SentimentMetrics>;
export type RankingGroup = Omit<RankingMetrics, 'primitive' | 'bySurface'>;
export type CitationGroup = Omit<CitationMetrics, 'primitive' | 'url' | 'bySurface'>;
export type SentimentGroup = Omit<SentimentMetrics, 'primitive' | 'brand' | 'bySurface'>;

/** A run's summary metrics, by primitive (api-contract §4). */
export const RunMetrics = z.discriminatedUnion('primitive', [RankingMetrics, CitationMetrics, SentimentMetrics]).meta({
  id: 'RunMetrics',
  description: 'Summary metrics of one run over its succeeded answers, overall and per surface.',
  example: RUN_METRICS_EXAMPLE,
});
export type RunMetrics = z.infer<typeof RunMetrics>;

// ---- Delta ----

export const CountChange = z
  .object({ current: Count.nullable(), previous: Count.nullable(), change: z.int().nullable() })
  .meta({ id: 'CountChange', description: '`current − previous`; null when the count does not exist in one of the runs.' });
export type CountChange = z.infer<typeof CountChange>;

export const RateChange = z
  .object({
    current: Probability.nullable(),
    previous: Probability.nullable(),
    change: z.number().min(-100).max(100).nullable().meta({ description: 'Percentage points, 2 decimals; null when `insufficientSample` or when the value does not exist in one run.' }),
    insufficientSample: z.boolean().meta({ description: `True when either run's sample (\`n\`) is below ${MIN_ANSWERS_FOR_CHANGE}.` }),
    pValue: Probability.nullable().meta({
      description:
        "Two-sided p-value for 'no change': for rates, Fisher's exact test when both runs' `effectiveN` equal their `n` (one answer per cell, or answers in a cell no more alike than independent ones), else the larger of Fisher's exact test on effective counts and a pooled t-test on effective sample sizes with clusters₁ + clusters₂ − 2 degrees of freedom; for shares, a pooled z-test on effective sample sizes. Null whenever `change` is. 4 decimals; below 0.0001 two significant digits (e.g. `2.2e-59`), never 0. Not adjusted for the many comparisons in one delta.",
    }),
    significant: z.boolean().nullable().meta({ description: `\`pValue < ${SIGNIFICANCE_LEVEL}\`; null whenever \`change\` is.` }),
  })
  .meta({ id: 'RateChange' });
export type RateChange = z.infer<typeof RateChange>;

export const ValueChange = z
  .object({
    current: z.number().nullable(),
    previous: z.number().nullable(),
    change: z.number().nullable().meta({ description: "`current − previous` in the value's own unit; null when `insufficientSample` or a value is missing." }),
    insufficientSample: z.boolean(),
  })
  .meta({ id: 'ValueChange', description: 'Change of an average (list place) or of net sentiment; no significance test.' });
export type ValueChange = z.infer<typeof ValueChange>;

export const BrandDelta = z
  .object({
    name: z.string(),
    role: z.enum(['brand', 'competitor']),
    presence: z.enum(['both', 'current', 'previous']).meta({ description: 'Runs that track the name; a name tracked in one run only has no changes.' }),
    mentions: CountChange,
    mentionRate: RateChange,
    averagePosition: ValueChange,
    top3Rate: RateChange,
    shareOfVoice: RateChange,
  })
  .meta({ id: 'BrandDelta' });
export type BrandDelta = z.infer<typeof BrandDelta>;

export const DomainDelta = z
  .object({ domain: z.string(), citations: CountChange, share: RateChange })
  .meta({
    id: 'DomainDelta',
    description:
      'A domain listed in either run. One not cited in the other run counts as cited 0 times there; one cited there but not among its listed domains has null values there and no change.',
  });
export type DomainDelta = z.infer<typeof DomainDelta>;

const rankingDeltaGroup = { answers: CountChange, brands: z.array(BrandDelta) };
const citationDeltaGroup = {
  answers: CountChange,
  citations: CountChange,
  domains: z.array(DomainDelta),
  urlCitedRate: RateChange.nullable(),
  domainCitedRate: RateChange.nullable(),
};
const sentimentDeltaGroup = {
  answers: CountChange,
  mentions: CountChange,
  positiveRate: RateChange,
  neutralRate: RateChange,
  negativeRate: RateChange,
  netSentiment: ValueChange,
};

const deltaHeader = {
  previousRunId: z
    .uuid()
    .optional()
    .meta({ description: 'The run this one is compared with. Absent only on deltas computed before it was recorded.' }),
  note: z.literal(CAUSATION_NOTE),
  minimumAnswers: z.literal(MIN_ANSWERS_FOR_CHANGE).meta({ description: 'Smallest sample, in each run, for which a change is given.' }),
  significanceLevel: z.literal(SIGNIFICANCE_LEVEL),
};

export const RankingDelta = z
  .object({ primitive: z.enum(['rankings', 'compare']), ...deltaHeader, ...rankingDeltaGroup, bySurface: bySurface(rankingDeltaGroup) })
  .meta({ id: 'RankingDelta' });
export const CitationDelta = z
  .object({ primitive: z.literal('citations'), ...deltaHeader, ...citationDeltaGroup, bySurface: bySurface(citationDeltaGroup) })
  .meta({ id: 'CitationDelta' });
export const SentimentDelta = z
  .object({ primitive: z.literal('sentiment'), ...deltaHeader, ...sentimentDeltaGroup, bySurface: bySurface(sentimentDeltaGroup) })
  .meta({ id: 'SentimentDelta' });
export type RankingDelta = z.infer<typeof RankingDelta>;
export type CitationDelta = z.infer<typeof CitationDelta>;
export type SentimentDelta = z.infer<typeof SentimentDelta>;
type DeltaHeader = 'primitive' | keyof typeof deltaHeader | 'bySurface';
export type RankingDeltaGroup = Omit<RankingDelta, DeltaHeader>;
export type CitationDeltaGroup = Omit<CitationDelta, DeltaHeader>;
export type SentimentDeltaGroup = Omit<SentimentDelta, DeltaHeader>;

/** The change of a run's metrics against the previous comparable run (spec §2.3, api-contract §4). */
export const RunDelta = z.discriminatedUnion('primitive', [RankingDelta, CitationDelta, SentimentDelta]).meta({
  id: 'RunDelta',
  description: `Changes since the newest earlier COMPLETED or PARTIAL run of the same definition. ${CAUSATION_NOTE}`,
  example: RUN_DELTA_EXAMPLE,
});
export type RunDelta = z.infer<typeof RunDelta>;
