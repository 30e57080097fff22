import type { Report, Run, RunAnswer, Tracker } from '@brandradar/client';
import { cutAtCodePoint } from '@brandradar/contracts';

/** The most answers one `get_run` page holds: enough to read, few enough for a model's context. */
export const MAX_ANSWERS_PER_PAGE = 20;
export const DEFAULT_ANSWERS_PER_PAGE = 5;
/** Each answer's text is cut to this many characters (UTF-16 code units, never inside a surrogate pair). */
export const ANSWER_TEXT_CHARS = 2_000;

/** A run without its answers: status, times, counts, metrics with n and intervals, the change against the run before. */
export type RunOverview = Omit<Run, 'results'> & { prompts: number };

export function runOverview(run: Run): RunOverview {
  const { results, ...rest } = run;
  return { ...rest, prompts: results.length };
}

/** A tracker as a list shows it: what it measures and its state, without its prompts. */
export function trackerSummary(t: Tracker) {
  return {
    id: t.id,
    name: t.name,
    primitive: t.primitive,
    status: t.status,
    cadence: t.cadence,
    brand: t.brand ?? null,
    competitors: t.competitors?.length ?? 0,
    prompts: t.prompts.length,
    models: t.models,
    lastRunAt: t.lastRunAt,
    nextRunAt: t.nextRunAt,
  };
}

/** A report with each run's overview in place of its answers (`get_run` pages through those). */
export function reportOverview(report: Report) {
  return { tracker: report.tracker, runs: report.runs.map(runOverview), analysisVersions: report.analysisVersions };
}

export interface AnswerEntry extends Omit<RunAnswer, 'text'> {
  prompt: string;
  text: string | null;
}

/**
 * One page of a run's answers, in the run's order (prompt, then surface, then sample). The cursor
 * is the position of the page's first answer, as decimal digits; `nextCursor` is null on the last page.
 * `truncated` says the text was cut, by the provider's limit or by this page's.
 */
export function answerPage(run: Run, page: { cursor?: string; limit?: number }): { answers: AnswerEntry[]; total: number; nextCursor: string | null } {
  const all = run.results.flatMap(({ prompt, answers }) => answers.map((answer) => ({ prompt, answer })));
  const start = page.cursor === undefined ? 0 : Number(page.cursor);
  const limit = page.limit ?? DEFAULT_ANSWERS_PER_PAGE;
  const answers = all.slice(start, start + limit).map(({ prompt, answer }) => {
    const cut = answer.text !== null && answer.text.length > ANSWER_TEXT_CHARS;
    return { prompt, ...answer, text: answer.text === null ? null : cutAtCodePoint(answer.text, ANSWER_TEXT_CHARS), truncated: answer.truncated || cut };
  });
  const next = start + limit;
  return { answers, total: all.length, nextCursor: next < all.length ? String(next) : null };
}
