import { z } from 'zod';
import { CAUSATION_NOTE, Interval, RESEARCH_LISTS } from '@brandradar/analysis';
import { queryInteger, Surface, Timestamp } from './common';

/**
 * Insights (api-contract §12): what a tracker's newest runs say beyond its own metrics: names the
 * answers put forward that it does not track, and the sources that cite competitors but not the brand.
 */
export const INSIGHTS_LIMITS = {
  /** Newest COMPLETED or PARTIAL runs an insight may look at. */
  runs: 10,
  discoveredNames: 20,
  citationGaps: 20,
  /** Answers quoted as evidence per discovered name. */
  examples: 3,
  /** URLs listed per citation gap. */
  gapUrls: 5,
  searches: RESEARCH_LISTS.searches,
  consultedNotCited: RESEARCH_LISTS.consultedNotCited,
  /**
   * Succeeded answers read at most: runs are taken newest first while their answers fit (the first
   * always does: a run has at most 1,500), so large runs give fewer runs than asked for.
   */
  answers: 3_000,
} as const;

const Count = z.int().min(0);
const Probability = z.number().min(0).max(1);

export const InsightsQuery = z
  .object({
    runs: queryInteger(1, INSIGHTS_LIMITS.runs)
      .default(1)
      .meta({
        description: `The newest N COMPLETED or PARTIAL runs to read, 1–${INSIGHTS_LIMITS.runs}; default 1. Runs are read newest first while their succeeded answers total at most ${INSIGHTS_LIMITS.answers}, so large runs give fewer (\`runs\` in the answer lists those read).`,
      }),
  })
  .strict();
export type InsightsQuery = z.infer<typeof InsightsQuery>;

export const DiscoveredNameExample = z
  .object({
    runId: z.uuid(),
    prompt: z.string(),
    model: Surface,
    sample: z.int().min(1),
    start: Count.meta({ description: "Offset (UTF-16 code units) into the answer's `text` where the name starts." }),
    end: Count.meta({ description: 'Offset just past the name: `text.slice(start, end)` is the name as the answer wrote it.' }),
    excerpt: z
      .object({
        text: z.string().meta({ description: 'The line of the answer that holds the name, at most 240 characters around it.' }),
        start: Count,
        end: Count.meta({ description: '`excerpt.text.slice(start, end)` is the name.' }),
      })
      .meta({ description: 'The evidence to show beside the name without fetching the run.' }),
  })
  .meta({ id: 'DiscoveredNameExample' });
export type DiscoveredNameExample = z.infer<typeof DiscoveredNameExample>;

export const DiscoveredName = z
  .object({
    name: z.string().meta({ description: 'The name as the answers most often write it.' }),
    answers: Count.meta({ description: 'Analysed answers that put the name forward (in a list item, heading, table row or bold span).' }),
    n: Count.meta({ description: 'Analysed answers: the sample `rate` is taken over.' }),
    rate: Probability.meta({ description: '`answers / n`, 4 decimals.' }),
    clusters: Count.meta({ description: 'Prompt × surface cells of the sample: answers of one cell are correlated draws, taken as one cluster.' }),
    interval: Interval.nullable().meta({ description: '95% Wilson interval of the rate on its effective sample size (the design effect over cells); null when `n` is 0.' }),
    surfaces: z.array(Surface).meta({ description: 'The surfaces whose answers put the name forward, most answers first.' }),
    bySurface: z
      .record(z.string(), z.object({ answers: Count, n: Count }))
      .meta({ description: 'Per surface that answered: the answers that put the name forward, of its analysed answers.' }),
    examples: z.array(DiscoveredNameExample).max(INSIGHTS_LIMITS.examples).meta({ description: `Up to ${INSIGHTS_LIMITS.examples} answers that put it forward, newest run first.` }),
  })
  .meta({ id: 'DiscoveredName' });
export type DiscoveredName = z.infer<typeof DiscoveredName>;

export const CitationGap = z
  .object({
    domain: z.string().meta({ description: 'Registrable domain (`g2.com`), as in the citation metrics.' }),
    answers: Count.meta({ description: 'Answers citing it that mention a competitor but not the brand.' }),
    names: z.array(z.string()).meta({ description: 'The competitors those answers mention, most answers first.' }),
    urls: z.array(z.string()).max(INSIGHTS_LIMITS.gapUrls).meta({ description: `The pages of the domain those answers cite, most cited first; at most ${INSIGHTS_LIMITS.gapUrls}.` }),
  })
  .meta({ id: 'CitationGap' });
export type CitationGap = z.infer<typeof CitationGap>;

/** The uncertainty of a share of the answers whose surface reports what it searched and read. */
const reportedRate = (what: string) => ({
  answers: Count.meta({ description: what }),
  n: Count.meta({ description: 'Analysed answers whose surface reports what it searched and read (ChatGPT, Claude, Gemini; `consultedSources` not null): the sample `rate` is taken over.' }),
  rate: Probability.meta({ description: '`answers / n`, 4 decimals; 0 when `n` is 0.' }),
  clusters: Count.meta({ description: 'Prompt × surface cells of the sample: answers of one cell are correlated draws, taken as one cluster.' }),
  interval: Interval.nullable().meta({ description: '95% Wilson interval of the rate on its effective sample size (the design effect over cells); null when `n` is 0.' }),
});

export const SearchInsight = z
  .object({
    query: z.string().meta({ description: 'The search as the answers most often write it; searches differing only in case and spacing are one.' }),
    ...reportedRate('Answers whose surface ran this search (once per answer, however often it ran).'),
    surfaces: z.array(Surface).meta({ description: 'The surfaces that ran it, most answers first.' }),
  })
  .meta({ id: 'SearchInsight' });
export type SearchInsight = z.infer<typeof SearchInsight>;

export const ConsultedNotCited = z
  .object({
    domain: z.string().meta({ description: "The publisher's registrable domain, as citations count it." }),
    consulted: Count.meta({ description: 'Answers whose surface read a page of the domain.' }),
    cited: Count.meta({ description: 'Answers that cited a page of the domain.' }),
    ...reportedRate('Answers that read a page of the domain and cited none.'),
  })
  .meta({ id: 'ConsultedNotCited' });
export type ConsultedNotCited = z.infer<typeof ConsultedNotCited>;

const InsightsRun = z.object({ id: z.uuid(), status: z.enum(['COMPLETED', 'PARTIAL']), finishedAt: Timestamp }).meta({ id: 'InsightsRun' });

export const Insights = z
  .object({
    trackerId: z.uuid(),
    runs: z.array(InsightsRun).meta({
      description: `The runs read, newest first: the newest \`runs\` asked for, fewer when their answers would exceed ${INSIGHTS_LIMITS.answers}; empty when the tracker has no COMPLETED or PARTIAL run yet.`,
    }),
    answers: Count.meta({ description: 'The succeeded answers of those runs: what was analysed.' }),
    discoveredNames: z.array(DiscoveredName).max(INSIGHTS_LIMITS.discoveredNames).meta({
      description: `Names the answers put forward (list-item leads, headings, bold names, first table cells) that the tracker does not track as brand, competitor or alias, folded like tracked names (case, diacritics, spacing); most answers first, at most ${INSIGHTS_LIMITS.discoveredNames}.`,
    }),
    citationGaps: z
      .array(CitationGap)
      .max(INSIGHTS_LIMITS.citationGaps)
      .nullable()
      .meta({
        description: `compare and sentiment: domains cited in answers that mention a competitor but not the brand (sentiment trackers have no competitors: the names those answers put forward stand in for them); most answers first, at most ${INSIGHTS_LIMITS.citationGaps}. Null for rankings and citations trackers, which have no brand.`,
      }),
    gapAnswers: Count.nullable().meta({ description: 'Answers that mention a competitor but not the brand: where citation gaps are looked for. Null when `citationGaps` is.' }),
    searches: z.array(SearchInsight).max(INSIGHTS_LIMITS.searches).meta({
      description: `The web searches the surfaces ran most often for the tracker's prompts, most answers first, at most ${INSIGHTS_LIMITS.searches}. Perplexity and Google AI Overviews do not report theirs, and answers stored before searches were recorded have none.`,
    }),
    consultedNotCited: z.array(ConsultedNotCited).max(INSIGHTS_LIMITS.consultedNotCited).meta({
      description: `Pages the surfaces read for your prompts and then did not cite: domains read in more answers than cited, most consulted first, at most ${INSIGHTS_LIMITS.consultedNotCited}.`,
    }),
    note: z.literal(CAUSATION_NOTE),
  })
  .meta({ id: 'Insights' });
export type Insights = z.infer<typeof Insights>;

/** One significant change a run's delta flags, as an alert states it. */
export const SignificantChange = z
  .object({
    name: z.string().nullable().meta({ description: 'The tracked name; null for a citations tracker’s URL rates.' }),
    role: z.enum(['brand', 'competitor', 'url']),
    metric: z.enum(['mentionRate', 'top3Rate', 'shareOfVoice', 'positiveRate', 'neutralRate', 'negativeRate', 'urlCitedRate', 'domainCitedRate']),
    current: Probability,
    previous: Probability,
    change: z.number().meta({ description: 'Percentage points.' }),
    interval: z
      .object({ low: z.number(), high: z.number() })
      .nullable()
      .meta({ description: "95% interval of the change in percentage points (Newcombe's method from both runs' intervals); null when a run's interval is missing." }),
    pValue: Probability,
  })
  .meta({ id: 'SignificantChange' });
export type SignificantChange = z.infer<typeof SignificantChange>;
