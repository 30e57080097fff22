import { computeDelta, computeMetrics, type RunDelta, type RunMetrics } from '@brandradar/analysis';
import type { TrackerDefinition } from '@brandradar/contracts';
import type { AnswerRecord, RunState } from './run';

/** A run's summary metrics from its answers (only the succeeded are analysed), for the definition it is analysed with; null when none succeeded. */
export function runMetricsOf(d: TrackerDefinition, answers: readonly AnswerRecord[]): RunMetrics | null {
  const succeeded = answers.filter((a) => a.status === 'succeeded');
  if (succeeded.length === 0) return null;
  return computeMetrics({
    primitive: d.primitive,
    brand: d.brand,
    competitors: d.competitors,
    url: d.url,
    aliases: d.aliases,
    answers: succeeded.map((a) => ({ prompt: d.prompts[a.promptIndex]!, surface: a.model, sample: a.sample, text: a.text!, citations: a.citations })),
  });
}

/** The change of `metrics` since `previous`, naming the run it is measured against. */
export function deltaAgainst(metrics: RunMetrics, previous: Pick<RunState, 'id' | 'metrics'>): RunDelta | null {
  return previous.metrics ? { ...computeDelta(metrics, previous.metrics), previousRunId: previous.id } : null;
}
