import type { RunStatus, Surface } from '@brandradar/contracts';
import type { AnswerRecord } from './run';

/**
 * How a finished run ends and what it costs: COMPLETED when every answer
 * succeeded, PARTIAL when some did, FAILED when none did. The bill is the
 * run-start rate of each succeeded answer's surface, nothing else.
 */
export function runOutcome(answers: readonly AnswerRecord[], expected: number, rates: Record<Surface, number>): { status: RunStatus; billedCostMicro: number } {
  const succeeded = answers.filter((a) => a.status === 'succeeded');
  const billedCostMicro = succeeded.reduce((sum, a) => sum + rates[a.model], 0);
  const status: RunStatus = succeeded.length === 0 ? 'FAILED' : succeeded.length === expected ? 'COMPLETED' : 'PARTIAL';
  return { status, billedCostMicro };
}
