import { z } from 'zod';
import { LEGACY_ANALYSIS_VERSION, MAX_SENTIMENT_EVIDENCE, RunDelta, RunMetrics } from '@brandradar/analysis';
import { MAX_URL_CHARS, Micro, queryInteger, Surface, Timestamp, userText } from './common';
import { LIMITS, Primitive, SamplingMode, Tracker } from './tracker';

export const RunStatus = z.enum(['QUEUED', 'RUNNING', 'COMPLETED', 'PARTIAL', 'FAILED']).meta({
  id: 'RunStatus',
  description: 'COMPLETED: every answer succeeded; PARTIAL: some did; FAILED: none did, or the run could not start (see `error`).',
});
export type RunStatus = z.infer<typeof RunStatus>;
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ['QUEUED', 'RUNNING'];

/**
 * What one answer may hold, so that any run fits its store and its messages whatever a provider
 * sends. "Characters" are UTF-16 code units, as JSON and JavaScript count them; a cut never splits
 * a surrogate pair. Control characters other than tab, line feed and carriage return are removed.
 */
export const MAX_ANSWER_TEXT_CHARS = 20_000;
/** The first this many citations with a valid http(s) URL are kept. */
export const MAX_CITATIONS_PER_ANSWER = 20;
/** A citation with a longer URL is dropped (see MAX_URL_CHARS); a longer title is cut. */
export const MAX_CITATION_TITLE_CHARS = 300;
/**
 * The first this many searches of an answer are kept, each cut to MAX_SEARCH_QUERY_CHARS, and the
 * first MAX_CONSULTED_SOURCES pages it read: with the text and citations at their caps an answer
 * stays well inside one page of answers (RUN_ANSWERS_PAGE_BYTES), whatever a provider sends.
 */
export const MAX_SEARCH_QUERIES = 20;
export const MAX_SEARCH_QUERY_CHARS = 200;
export const MAX_CONSULTED_SOURCES = 25;

export const Problem = z.object({ code: z.string(), message: z.string() });

/** A page an answer cites or read, with its publisher (api-contract §14). */
export const AnswerSource = z
  .object({
    url: z.string().max(MAX_URL_CHARS).meta({ description: "The page's URL; for Gemini, Google's grounding redirect where its target could not be resolved." }),
    title: z.string().max(MAX_CITATION_TITLE_CHARS).nullable().meta({ description: `Cut to at most ${MAX_CITATION_TITLE_CHARS} characters.` }),
    domain: z.string().meta({
      description:
        "The publisher's registrable domain (`g2.com`), the one every domain metric, citation gap and cited-sources figure counts. For a Gemini grounding redirect, the publisher its title names, never google.com.",
    }),
  })
  .meta({ id: 'AnswerSource' });
export type AnswerSource = z.infer<typeof AnswerSource>;

/** Counted mentions listed per name and answer; more are counted, not listed, so a document stays bounded. */
export const MAX_SPANS_PER_BRAND = 20;

const MentionSpan = z
  .object({ start: z.int().min(0), end: z.int().min(1) })
  .meta({
    id: 'MentionSpan',
    description: 'Where a counted mention is in the answer `text`: UTF-16 code units, `end` exclusive, so `text.slice(start, end)` is what was counted.',
  });

const EvidenceSpan = z
  .object({ start: z.int().min(0), end: z.int().min(1) })
  .meta({
    id: 'EvidenceSpan',
    description: 'A clause of the answer `text` that decided its sentiment: UTF-16 code units, `end` exclusive, so `text.slice(start, end)` is the clause.',
  });

/**
 * One tracked name in one answer. Names are values, never keys: a brand may be any string
 * (`monday.com`, `$HOOD`, `__proto__`), which a document store or a JSON object key would mangle.
 */
const AnswerBrand = z
  .object({
    name: z.string().meta({ description: 'The tracked name exactly as the tracker lists it.' }),
    mentioned: z.boolean(),
    position: z.int().min(1).nullable().optional().meta({ description: "rankings, compare: the name's 1-based place in the answer's list (or order of first mention); null if absent." }),
    spans: z
      .array(MentionSpan)
      .max(MAX_SPANS_PER_BRAND)
      .optional()
      .meta({
        description: `The evidence: each counted mention of the name or one of its aliases, in text order, the first ${MAX_SPANS_PER_BRAND}. Absent in runs analysed before spans were recorded.`,
      }),
  })
  .meta({ id: 'AnswerBrand' });
type AnswerBrand = z.infer<typeof AnswerBrand>;

/**
 * Defaulted so that runs and answers analysed before versions were recorded still parse: they
 * report `unversioned`, and no delta compares them with a versioned run until they are reanalysed.
 */
const analysisVersion = (what: string) =>
  z
    .string()
    .default(LEGACY_ANALYSIS_VERSION)
    .meta({ description: `The version of the detection and metric rules ${what} was computed with (api-contract §11); \`${LEGACY_ANALYSIS_VERSION}\` for results computed before versions were recorded. A reanalysis sets the current one.` });

/** What one answer says, for the tracker's primitive. */
export const AnswerMetrics = z
  .object({
    analysisVersion: analysisVersion('this answer'),
    brands: z.array(AnswerBrand).optional().meta({ description: 'rankings, compare: the brand (if any) then the competitors, in tracker order; sentiment: the brand alone.' }),
    sentiment: z
      .enum(['positive', 'neutral', 'negative'])
      .nullable()
      .optional()
      .meta({
        description:
          "sentiment: how the answer speaks of the brand, from what is said of it, not of the names beside it (in 'HubSpot is free to start, but Salesforce gets expensive', HubSpot's is positive); null if not mentioned.",
      }),
    sentimentEvidence: z
      .array(EvidenceSpan)
      .max(MAX_SENTIMENT_EVIDENCE)
      .optional()
      .meta({
        description: `sentiment: the clauses that decided \`sentiment\`, the weightiest first, at most ${MAX_SENTIMENT_EVIDENCE} (for \`neutral\`, the first clauses about the brand). \`[]\` when the brand is not mentioned or no clause is about it, and for answers analysed before evidence was recorded (a reanalysis computes it). Absent for the other primitives.`,
      }),
    citedDomains: z.array(z.string()).optional().meta({ description: 'citations: registrable domains cited, each once.' }),
    citesUrl: z.boolean().nullable().optional().meta({ description: "citations: whether the tracker's URL is cited; null without a URL." }),
  })
  .meta({ id: 'AnswerMetrics' });
export type AnswerMetrics = z.infer<typeof AnswerMetrics>;

export const RunAnswer = z
  .object({
    model: Surface,
    // Defaulted so that answers stored before samples existed (each the only one of its cell) still parse.
    sample: z
      .int()
      .min(1)
      .max(LIMITS.samplesPerPrompt)
      .default(1)
      .meta({ description: "1-based: which of the cell's answers (this prompt on this surface) in the run this is." }),
    status: z.enum(['succeeded', 'failed']),
    provider: z.string().nullable().meta({ description: 'Who answered: openai, anthropic, google, perplexity, serpapi, or simulated.' }),
    providerModel: z.string().nullable().meta({ description: "The provider's model id." }),
    method: z.enum(['api', 'serp']).nullable().meta({ description: 'How the answer was measured: a model API, or a search engine results page.' }),
    text: z
      .string()
      .max(MAX_ANSWER_TEXT_CHARS)
      .nullable()
      .meta({
        description: `The answer as the provider gave it, without control characters other than tab, line feed and carriage return, cut to at most ${MAX_ANSWER_TEXT_CHARS} characters (UTF-16 code units; never inside a surrogate pair). Null when the answer failed.`,
      }),
    truncated: z.boolean().meta({ description: `True when the provider's text was longer than ${MAX_ANSWER_TEXT_CHARS} characters and was cut.` }),
    citations: z
      .array(AnswerSource)
      .max(MAX_CITATIONS_PER_ANSWER)
      .meta({ description: `The first ${MAX_CITATIONS_PER_ANSWER} sources cited with an absolute http(s) URL of at most ${MAX_URL_CHARS} characters, in the provider's order; others are left out.` }),
    // Defaulted so that answers stored before searches were recorded still parse (api-contract §14).
    searchQueries: z
      .array(z.string().max(MAX_SEARCH_QUERY_CHARS))
      .max(MAX_SEARCH_QUERIES)
      .default([])
      .meta({
        description: `The web searches the surface ran for this answer, in order, as its API reports them (ChatGPT, Claude, Gemini; the first ${MAX_SEARCH_QUERIES}, each cut to ${MAX_SEARCH_QUERY_CHARS} characters). \`[]\` when it ran none, when its API does not report them (Perplexity, Google AI Overviews), or for answers stored before searches were recorded.`,
      }),
    consultedSources: z
      .array(AnswerSource)
      .max(MAX_CONSULTED_SOURCES)
      .nullable()
      .default(null)
      .meta({
        description: `The pages the surface retrieved for this answer, cited or not (the first ${MAX_CONSULTED_SOURCES}, kept as citations are). Null where its API does not say (Perplexity, Google AI Overviews), for failed answers, and for answers stored before pages read were recorded.`,
      }),
    metrics: AnswerMetrics.nullable(),
    error: Problem.nullable(),
    fetchedAt: Timestamp.nullable(),
    // Defaulted so that answers stored before markets existed (never localised) still parse.
    localised: z
      .boolean()
      .default(false)
      .meta({
        description:
          "True when the tracker has a `country` and this answer's surface was asked for that market by its API (search results for Google AI Overviews; the web search's location for ChatGPT, Claude and Perplexity); false otherwise, also when the answer failed.",
      }),
  })
  .meta({ id: 'RunAnswer' });
export type RunAnswer = z.infer<typeof RunAnswer>;

const runFields = {
  id: z.uuid(),
  trackerId: z.uuid(),
  trigger: z.enum(['manual', 'scheduled']),
  requestToken: z.string().nullable(),
  status: RunStatus,
  scheduledFor: Timestamp.nullable(),
  createdAt: Timestamp,
  startedAt: Timestamp.nullable(),
  finishedAt: Timestamp.nullable(),
  deadlineAt: Timestamp.meta({
    description:
      'Fixed when the run is queued, from the answers it may ask (prompts × surfaces × samples) and the per-call timeout. A run not finished by then ends PARTIAL with what succeeded, or FAILED, with `error.code` `run_timed_out`; its hold is released either way.',
  }),
  primitive: Primitive,
  models: z.array(Surface),
  // Defaulted so that runs stored before samples existed (one answer per cell) still parse.
  samplesPerPrompt: z.int().min(1).max(LIMITS.samplesPerPrompt).default(1).meta({ description: "The tracker's `samplesPerPrompt` when the run was queued." }),
  samplingMode: SamplingMode.default('fixed'),
  analysisVersion: analysisVersion("the run's metrics and delta"),
  estimatedCostMicro: Micro.meta({ description: 'The run’s cost if every answer succeeds, at the rates of its start; never above the accepted maximum.' }),
  billedCostMicro: Micro.meta({ description: 'What was billed: the run-start rate of each succeeded answer’s surface. 0 until the run finishes.' }),
};
const runOutcomeFields = {
  summary: z.object({ answers: z.int().min(0), succeeded: z.int().min(0), failed: z.int().min(0) }).meta({
    description:
      'While QUEUED or RUNNING, `answers` is the number planned (prompts × models × `samplesPerPrompt`; adaptive: the most it may ask); once finished, `answers = succeeded + failed` over the answers asked, whatever their sample (an answer a run did not get before its end counts as failed; a cell an adaptive run did not need to ask again is not counted; a run that never started has 0).',
  }),
  metrics: RunMetrics.nullable().meta({ description: 'Summary metrics over the succeeded answers; null until finished or when nothing succeeded.' }),
  delta: RunDelta.nullable().meta({ description: 'Change against the newest earlier COMPLETED or PARTIAL run of the same definition; null when there is none.' }),
  error: Problem.nullable().meta({
    description:
      'Why a run is FAILED, or why a PARTIAL run stopped early: `tracker_not_active` or `tracker_changed` (it did not start: paused, closed, deleted or edited since it was queued; nothing billed, no e-mail), `cost_above_maximum`, `insufficient_credits`, `spend_limit_reached`, `account_closed` (it did not start), `no_answers`, `run_timed_out`, `execution_failed` (the runner gave up on it after repeated failures).',
  }),
};

const RunResult = z.object({
  prompt: z.string(),
  answers: z.array(RunAnswer).meta({ description: 'The answers so far, every sample: in the order of `models`, and by `sample` within a model.' }),
});
type RunResult = z.infer<typeof RunResult>;

/**
 * A run without its results: what events and run lists carry. Every part is bounded (metrics list
 * at most 25 domains), so it always fits one message; results come in pages of answers.
 */
export const RunSummary = z.object({ ...runFields, ...runOutcomeFields }).meta({ id: 'RunSummary' });
export type RunSummary = z.infer<typeof RunSummary>;

export const Run = z
  .object({ ...runFields, results: z.array(RunResult).meta({ description: 'One entry per prompt, in tracker order.' }), ...runOutcomeFields })
  .meta({ id: 'Run' });
export type Run = z.infer<typeof Run>;

/** A manual run's idempotency token: any text of 1–200 characters (whitespace too), without NUL or lone surrogates. */
export const RequestToken = userText(200);

export const ManualRunInput = z
  .object({ requestToken: RequestToken.meta({ description: 'Not secret; new for each run, 1–200 characters. Repeating it returns the same run without another charge.' }) })
  .strict()
  .meta({ id: 'ManualRunInput', example: { requestToken: 'weekly-review-2026-11-22' } });

export const ReportQuery = z.object({ limit: queryInteger(1, 100).default(20) }).strict();

export const Report = z
  .object({
    tracker: Tracker,
    runs: z.array(Run).meta({ description: 'Newest first.' }),
    analysisVersions: z.array(z.string()).meta({
      description:
        'The analysis versions of the runs listed, newest run first, each once. More than one means the report mixes rules: no delta compares runs of different versions, so reanalyse the tracker (`POST /api/v1/trackers/{id}/reanalysis`) to compare them all.',
    }),
  })
  .meta({ id: 'Report' });
