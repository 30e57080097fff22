import type { PauseReason } from '@brandradar/contracts';
import { formatMoney } from './format';

/** Why a tracker paused, in plain words, and what the owner can do about it. */
export interface PauseExplanation {
  title: string;
  why: string;
  whatToDo: string;
}

interface PausedTracker {
  id: string;
  maxCostMicroPerRun: number | null;
}

const activate = (t: PausedTracker) => `POST /api/v1/trackers/${t.id}/activate`;
const replace = (t: PausedTracker) => `PATCH /api/v1/trackers/${t.id}`;

const EXPLANATIONS: Record<PauseReason, (t: PausedTracker) => PauseExplanation> = {
  cost_above_maximum: (t) => ({
    title: 'cost above your maximum',
    why: `At today's rates a run would cost more than the maximum per run you accepted${t.maxCostMicroPerRun === null ? '' : `, ${formatMoney(t.maxCostMicroPerRun)},`} so the tracker paused before any run at the higher cost.`,
    whatToDo: `Read the tracker's new estimatedCostMicroPerRun and, if you accept it, activate the tracker again with that amount as maxCostMicroPerRun (${activate(t)}).`,
  }),
  insufficient_credits: (t) => ({
    title: 'balance too low',
    why: "Your account's balance cannot cover the tracker's next run.",
    whatToDo: `Add credits to your account, then activate the tracker again (${activate(t)}).`,
  }),
  spend_limit_reached: (t) => ({
    title: 'monthly spend limit reached',
    why: "The tracker's next run would take your account past its monthly spend limit.",
    whatToDo: `Raise the account's spend limit, or wait for the limit to reset at the start of next month (UTC); then activate the tracker again (${activate(t)}).`,
  }),
  account_closed: () => ({
    title: 'account closed',
    why: 'Your account is closed, so no runs can be billed.',
    whatToDo: "Contact us if you want the account reopened; the tracker's configuration and history are kept until then.",
  }),
  invalid_definition: (t) => ({
    title: 'definition no longer valid',
    why: "The tracker's definition no longer passes today's rules, for example a prompt that is too long for one of its AI surfaces.",
    whatToDo: `Send a corrected definition (${replace(t)}, a full replace), then activate the tracker again.`,
  }),
  invalid_schedule: (t) => ({
    title: 'schedule no longer valid',
    why: "The tracker's next run time can no longer be computed from its cadence, for example because its time zone is no longer recognised.",
    whatToDo: `Send the tracker with a valid cadence (${replace(t)}, a full replace), then activate it again.`,
  }),
};

const MANUAL = (t: PausedTracker): PauseExplanation => ({
  title: 'paused by you',
  why: "The tracker was paused at your request, through the API with one of your account's keys.",
  whatToDo: `Activate it again when you want runs to resume (${activate(t)}). Runs that were already queued still finish.`,
});

/** `reason` null is a manual pause. */
export function explainPause(reason: PauseReason | null, tracker: PausedTracker): PauseExplanation {
  return reason === null ? MANUAL(tracker) : EXPLANATIONS[reason](tracker);
}
