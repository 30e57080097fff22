import {
  CONTENT_BRIEF_STEPS,
  type AiAnswersData,
  type BriefSummary,
  type CitedSourcesData,
  type ContentBriefResult,
  type KeywordDemandData,
  type QuestionsData,
  type Surface,
  type VideoTrendsData,
  type WorkflowStep,
  type WorkflowStepError,
  type WorkflowStepResult,
} from '@brandradar/contracts';
import { composeSuggestedPrompt, composeSummary, type Findings } from './brief';
import type { BriefRequest } from './request';
import { STEP_TEXT } from './steps';

export type StepOutcome<T> = { ok: true; data: T } | { ok: false; error: WorkflowStepError };

/** What each step produced, by step. */
export interface StepOutcomes {
  answers: StepOutcome<AiAnswersData>;
  citations: StepOutcome<CitedSourcesData>;
  keyword_demand: StepOutcome<KeywordDemandData>;
  questions: StepOutcome<QuestionsData>;
  video_trends: StepOutcome<VideoTrendsData>;
}

/** What a call is charged for: the steps that succeeded and the surfaces that answered. */
export function billableUsage(outcomes: StepOutcomes): { steps: WorkflowStep[]; surfaces: Surface[] } {
  const steps = CONTENT_BRIEF_STEPS.map((s) => s.step).filter((step) => outcomes[step].ok);
  const answers = outcomes.answers.ok ? outcomes.answers.data.answers : [];
  return { steps, surfaces: answers.filter((a) => a.status === 'succeeded').map((a) => a.surface) };
}

/** The response body (spec §4.6): results in the contract's order, the summary and prompt composed from them. */
export function assembleBrief(request: BriefRequest, outcomes: StepOutcomes, billedCostMicro: number): ContentBriefResult {
  const findings = findingsOf(outcomes);
  return {
    status: 'workflow_result',
    workflow: 'generate_content_brief',
    summary: composeSummary(request, findings),
    input: request.echo,
    results: CONTENT_BRIEF_STEPS.map(({ step, endpoint, tool }) => {
      const outcome = outcomes[step];
      const why = STEP_TEXT[step].why;
      return (outcome.ok ? { endpoint, tool, why, ok: true, data: outcome.data } : { endpoint, tool, why, ok: false, data: { error: outcome.error } }) as WorkflowStepResult;
    }),
    suggestedPrompt: composeSuggestedPrompt(request, findings),
    billedCostMicro,
  };
}

/**
 * The brief as `brief.finished` tells of it: what was asked, the summary and whether each step
 * succeeded, never the steps' data (an event must fit NATS's max payload; the caller has the data).
 */
export function briefSummary(result: ContentBriefResult, idempotencyKey: string | null, finishedAt: Date): BriefSummary {
  return {
    idempotencyKey,
    input: result.input,
    summary: result.summary,
    steps: result.results.map(({ endpoint, ok }) => ({ endpoint, ok })),
    billedCostMicro: result.billedCostMicro,
    finishedAt: finishedAt.toISOString(),
  };
}

function findingsOf(o: StepOutcomes): Findings {
  const data = <T>(outcome: StepOutcome<T>): T | null => (outcome.ok ? outcome.data : null);
  return {
    answers: data(o.answers),
    citations: data(o.citations),
    keywords: data(o.keyword_demand),
    questions: data(o.questions),
    videos: data(o.video_trends),
    failures: CONTENT_BRIEF_STEPS.flatMap(({ step }) => {
      const outcome = o[step];
      return outcome.ok ? [] : [{ label: STEP_TEXT[step].label, error: outcome.error }];
    }),
  };
}
