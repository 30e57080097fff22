import type { WorkflowStepError } from '@brandradar/contracts';
import { withTimeout } from '@brandradar/platform';
import { ProviderError } from '@brandradar/providers';
import type { StepOutcome } from './domain/results';

/** A step that cannot produce its data, with the code and message its `data.error` shows. */
export class StepFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StepFailure';
  }
}

/**
 * Runs one step under its deadline. The work gets a signal that aborts at the
 * deadline, and the step settles then even if the work ignores it: a late
 * step is `deadline_exceeded`, never waited for.
 */
export async function withDeadline<T>(deadlineMs: number, work: (signal: AbortSignal) => Promise<T>): Promise<{ outcome: StepOutcome<T>; timedOut: boolean; cause?: unknown }> {
  const expired = new StepFailure('deadline_exceeded', `No result within ${deadlineMs} ms.`);
  try {
    return { outcome: { ok: true, data: await withTimeout(work, { timeoutMs: deadlineMs, onTimeout: () => expired }) }, timedOut: false };
  } catch (error) {
    return { outcome: { ok: false, error: stepError(error) }, timedOut: error === expired, cause: error };
  }
}

/** What a failure looks like in `data.error`: the codes of step failures and provider errors, nothing internal otherwise. */
export function stepError(error: unknown): WorkflowStepError {
  if (error instanceof ProviderError) return { code: error.code, message: error.publicMessage };
  if (error instanceof StepFailure) return { code: error.code, message: error.message };
  return { code: 'internal_error', message: 'The step failed on our side.' };
}
