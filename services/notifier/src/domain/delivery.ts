/**
 * What to do after an SMTP delivery failed. Retry what may go through later:
 * the connection failed or dropped (before, during or after the message), the
 * send timed out, or the server answered 4xx (try again later). Give up on a
 * 5xx answer (the server refused for good: sending it again gets the same
 * answer) and on errors raised before anything was sent (an address nodemailer
 * rejects, bad settings), which no retry changes.
 */
export interface SmtpFailure {
  code?: string | undefined;
  responseCode?: number | undefined;
  message?: string | undefined;
}

export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}

export type NextStep = { action: 'retry'; delayMs: number; reason: string } | { action: 'fail'; reason: string };

/** nodemailer's codes for refusals made before or without the server: retrying sends the same thing again. */
const LOCAL_REFUSALS = new Set(['EENVELOPE', 'EMESSAGE', 'ECONFIG', 'EAUTH', 'ENOAUTH', 'EMAXRECIPIENTS', 'EFILEACCESS', 'EURLACCESS']);

export function isPermanent(failure: SmtpFailure): boolean {
  if (failure.responseCode !== undefined) return failure.responseCode >= 500;
  return failure.code !== undefined && LOCAL_REFUSALS.has(failure.code);
}

/** Exponential backoff with equal jitter: half the delay fixed, half random, so failed e-mails do not retry in lockstep. */
export function backoffMs(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, random: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/** `attempts` counts the attempt that just failed. `random` is in [0, 1). */
export function nextStep(failure: SmtpFailure, attempts: number, policy: RetryPolicy, random: number): NextStep {
  const reason = describeFailure(failure);
  if (isPermanent(failure)) return { action: 'fail', reason };
  if (attempts >= policy.maxAttempts) return { action: 'fail', reason: `${reason} (gave up after ${attempts} attempts)` };
  return { action: 'retry', delayMs: backoffMs(attempts, policy, random), reason };
}

function describeFailure(failure: SmtpFailure): string {
  const parts = [failure.responseCode, failure.code, failure.message].filter((p) => p !== undefined && p !== '');
  return parts.length > 0 ? parts.join(' ') : 'unknown SMTP failure';
}
