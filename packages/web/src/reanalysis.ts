/**
 * Recomputing a tracker's history (a reanalysis, api-contract §11) as the app says it: when an edit
 * calls for it, and the job's progress and outcome in sentences. No DOM here, so it is unit-tested
 * (test/web/reanalysis.test.ts); recompute.ts shows it.
 */
import type { Reanalysis, Tracker } from '@brandradar/contracts';

/** What a run measures: changing any of these starts a new series, which no delta crosses. */
const SERIES_FIELDS = ['primitive', 'prompts', 'models', 'samplesPerPrompt', 'samplingMode', 'url'] as const;
/** The tracked names: changing only these keeps the series, and a reanalysis applies them to the earlier runs. */
const NAME_FIELDS = ['brand', 'competitors', 'aliases'] as const;

const same = (a: Tracker, b: Tracker, fields: readonly (keyof Tracker)[]) => fields.every((f) => JSON.stringify(a[f]) === JSON.stringify(b[f]));

/** Whether an edit changed the tracked names and nothing of the series (its title or schedule may have changed too). */
export const changedOnlyNames = (before: Tracker, after: Tracker): boolean => !same(before, after, NAME_FIELDS) && same(before, after, SERIES_FIELDS);

/** What the button does, in one sentence. */
export const RECOMPUTE_EXPLAINED = 'Earlier runs are recomputed from their stored answers with the tracker’s current names, free of charge.';

export const NAMES_CHANGED = 'You changed only the tracked names, so the runs so far and the next ones stay one series.';

/** Said above the report when its runs were analysed with different rules; null when they were not. */
export function mixedVersionsNotice(analysisVersions: readonly string[]): string | null {
  if (analysisVersions.length < 2) return null;
  return `This report mixes analysis versions (${analysisVersions.join(', ')}); changes are only computed between runs of one version. Recompute history to compare them all.`;
}

const runs = (n: number) => `${n} ${n === 1 ? 'run' : 'runs'}`;

export const isFinished = (job: Reanalysis): boolean => job.status === 'COMPLETED' || job.status === 'FAILED';

/** `Recomputing history: 3 of 10 runs recomputed.` */
export const progressText = (job: Reanalysis): string => `Recomputing history: ${job.runs.done} of ${runs(job.runs.total)} recomputed.`;

/** The finished job in a sentence: what it did, or why it failed and what it kept. */
export function outcomeText(job: Reanalysis): string {
  if (job.status !== 'FAILED') return `History recomputed: ${runs(job.runs.done)} now ${job.runs.done === 1 ? 'reports' : 'report'} the tracker’s current names.`;
  const done = job.runs.done;
  const kept = done === 0 ? '' : done === 1 ? ' The run recomputed before it keeps its new figures.' : ` The ${done} runs recomputed before it keep their new figures.`;
  return `Recomputing history failed: ${job.error?.message ?? 'no reason was given.'}${kept}`;
}
