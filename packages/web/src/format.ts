/** How numbers, times and the API's refusals read in the app: plain sentences. */
import type { PauseReason } from '@brandradar/contracts';
import type { ApiError, Tracker } from './api.js';

/** 100,000 micro-units are 1 USD. */
export const money = (micro: number): string =>
  (micro / 100_000).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 5 });

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const when = (iso: string | null): string => (iso === null ? '—' : dateTime.format(new Date(iso)));
const toTheSecond = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
/** With seconds, where runs of one minute must be told apart (choosing one of them). */
export const whenExactly = (iso: string): string => toTheSecond.format(new Date(iso));

export const percent = (p: number | null, digits = 1): string => (p === null ? '—' : `${(p * 100).toFixed(digits)}%`);

const PAUSE_REASONS: Record<PauseReason, string> = {
  cost_above_maximum: 'A run would now cost more than the maximum you accepted.',
  insufficient_credits: 'The balance did not cover a run.',
  spend_limit_reached: 'The monthly spend limit was reached.',
  account_closed: 'The account is closed.',
  invalid_definition: 'The definition is no longer valid; edit it.',
  invalid_schedule: 'The schedule is no longer valid; edit it.',
};
const pauseReason = (reason: PauseReason | null): string => (reason === null ? '' : PAUSE_REASONS[reason]);
/** Why a tracker is paused, as a sentence ('' while it is not): the API names no reason for a manual pause. */
export const pausedBecause = (t: Pick<Tracker, 'status' | 'pauseReason'>): string => (t.status !== 'PAUSED' ? '' : pauseReason(t.pauseReason) || 'Paused by hand.');

const seconds = (e: ApiError) => (e.retryAfter === null ? 'a moment' : `${e.retryAfter} second${e.retryAfter === 1 ? '' : 's'}`);
const amount = (e: ApiError, field: string) => {
  const v = e.amount(field);
  return v === null ? 'an unknown amount' : money(v);
};

/** What a refusal means for the person using the app, in one or two sentences. */
export function explain(e: ApiError): string {
  switch (e.code) {
    case 'unauthorized':
      return 'This API key was not accepted. Check it, or ask your operator for a new one.';
    case 'insufficient_credits':
      return `Your balance (${amount(e, 'balanceMicro')}) does not cover one run (${amount(e, 'requiredMicro')}). Add credits, then try again.`;
    case 'spend_limit_reached':
      return `This would pass your monthly spend limit: ${amount(e, 'spentMicro')} of ${amount(e, 'spendLimitMicro')} is spent. Try again next month or ask for a higher limit.`;
    case 'cost_estimate_changed':
      return `The cost per run is now ${amount(e, 'estimatedCostMicroPerRun')}, not the amount you confirmed. Confirm the new amount to activate.`;
    case 'tracker_not_active': {
      const reason = typeof e.details.pauseReason === 'string' ? ` ${pauseReason(e.details.pauseReason as PauseReason)}` : '';
      return `Only an active tracker can run; this one is ${typeof e.details.status === 'string' ? e.details.status.toLowerCase() : 'not active'}.${reason}`;
    }
    case 'tracker_not_paused':
      return 'Pause the tracker before deleting it.';
    case 'tracker_busy':
      return 'A run of this tracker is still queued or running. Delete it once the run has finished.';
    case 'webhook_limit_reached':
      return 'You already have 10 webhook endpoints. Delete one to add another.';
    case 'tracker_limit_reached':
      return 'You already have 25 trackers. Delete one to create another.';
    case 'run_limit_reached':
      return `You already have 3 manual runs going. Try again in ${seconds(e)}.`;
    case 'rate_limited':
      return `Too many requests. Try again in ${seconds(e)}.`;
    case 'unavailable':
      return `The service is briefly unavailable. Try again in ${seconds(e)}.`;
    case 'request_token_conflict':
      return 'That request was already used for another tracker. Try again.';
    case 'account_closed':
      return 'This account is closed, so nothing can be changed.';
    case 'invalid_state':
      return `That is not possible in the tracker's current state. ${e.message}`;
    case 'not_found':
      return 'It does not exist (any more): it may have been deleted meanwhile.';
    case 'insufficient_scope':
      return `You are not allowed to do that in this account${typeof e.details.requiredScope === 'string' ? ` (it needs the ${e.details.requiredScope} scope)` : ''}. Ask an owner of the account.`;
    case 'last_owner':
      return 'An account needs at least one owner: make another member an owner first.';
    case 'csrf_failed':
      return 'This page’s session token is out of date. Reload the page and try again.';
    case 'validation_error':
      return 'Some fields need a change; see the messages next to them.';
    default:
      return e.message;
  }
}
