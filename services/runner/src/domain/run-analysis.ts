import { ANALYSIS_VERSION, computeDelta, type RunDelta, type RunMetrics } from '@brandradar/analysis';
import type { TrackerDefinition } from '@brandradar/contracts';
import { answerMetrics } from './answer-metrics';
import { runMetricsOfAnalysed } from './reanalysis';
import type { AnswerRecord, RunState } from './run';

/**
 * A run's summary metrics from its answers (only the succeeded are analysed), for the definition
 * it is analysed with; null when none succeeded. `storedFor`: whether the answers' stored metrics
 * were computed with that definition's names. Those of this analysis version are aggregated as
 * they are, so each text is read once, when its answer arrives; the others are analysed again.
 */
export function runMetricsOf(d: TrackerDefinition, answers: readonly AnswerRecord[], storedFor: boolean): RunMetrics | null {
  const analysed = answers.map((a) => {
    if (a.status !== 'succeeded') return null;
    return storedFor && a.metrics?.analysisVersion === ANALYSIS_VERSION ? a.metrics : answerMetrics(d, a.text!, a.citations);
  });
  return runMetricsOfAnalysed(d, answers, analysed);
}

/** The change of `metrics` since `previous`, naming the run it is measured against. */
export function deltaAgainst(metrics: RunMetrics, previous: Pick<RunState, 'id' | 'metrics'>): RunDelta | null {
  return previous.metrics ? { ...computeDelta(metrics, previous.metrics), previousRunId: previous.id } : null;
}
