import { definitionIssues, runCostMicro, type Account, type PauseReason, type RatesInput, type Tracker } from '@brandradar/contracts';
import { nextOccurrence } from '@brandradar/schedule';

export type Decision = { kind: 'run'; estimatedCostMicro: number } | { kind: 'pause'; reason: PauseReason };

/**
 * The checks before an occurrence is queued (spec §3, automatic pause), in
 * this order; the first that fails pauses the tracker, before any provider
 * call or charge.
 */
export function decide(tracker: Tracker, account: Pick<Account, 'status' | 'balanceMicro' | 'spendLimitMicroPerMonth' | 'spentThisMonthMicro'>, rates: RatesInput, scheduledFor: Date): Decision {
  if (account.status === 'closed') return { kind: 'pause', reason: 'account_closed' };
  // Rules may have tightened since the tracker was saved; a cadence the runtime cannot compute is the schedule's fault.
  const issues = definitionIssues(tracker);
  if (issues.some((i) => i.path[0] !== 'cadence')) return { kind: 'pause', reason: 'invalid_definition' };
  if (issues.length > 0 || !computable(tracker, scheduledFor)) return { kind: 'pause', reason: 'invalid_schedule' };
  const estimate = runCostMicro(tracker, rates.surfaces);
  if (tracker.maxCostMicroPerRun === null || estimate > tracker.maxCostMicroPerRun) return { kind: 'pause', reason: 'cost_above_maximum' };
  if (account.balanceMicro < estimate) return { kind: 'pause', reason: 'insufficient_credits' };
  if (account.spendLimitMicroPerMonth !== null && account.spentThisMonthMicro + estimate > account.spendLimitMicroPerMonth) return { kind: 'pause', reason: 'spend_limit_reached' };
  return { kind: 'run', estimatedCostMicro: estimate };
}

function computable(tracker: Tracker, after: Date): boolean {
  try {
    return Number.isFinite(nextOccurrence(tracker.cadence, after).getTime());
  } catch {
    return false;
  }
}

/**
 * The occurrence after `scheduledFor`. A scheduler that was down runs a missed
 * occurrence once, then moves to the next one in the future: never a backlog.
 */
export function nextAfter(tracker: Pick<Tracker, 'cadence'>, scheduledFor: Date, now: Date): Date {
  const next = nextOccurrence(tracker.cadence, scheduledFor);
  return next.getTime() > now.getTime() ? next : nextOccurrence(tracker.cadence, now);
}

/**
 * Splits `items` into batches of at most `max` items and about `maxBytes` of JSON each, in order,
 * so one message carries each batch; an item larger than `maxBytes` goes alone.
 */
export function batches<T>(items: readonly T[], max: number, maxBytes: number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item));
    if (current.length > 0 && (current.length >= max || bytes + size > maxBytes)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}
