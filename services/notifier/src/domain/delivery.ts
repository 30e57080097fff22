import { backoffDelayMs } from '@brandradar/platform';

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

/** `attempts` counts the attempt that just failed. `random` is in [0, 1). */
export function nextStep(failure: SmtpFailure, attempts: number, policy: RetryPolicy, random: number): NextStep {
  const reason = describeFailure(failure);
  if (isPermanent(failure)) return { action: 'fail', reason };
  if (attempts >= policy.maxAttempts) return { action: 'fail', reason: `${reason} (gave up after ${attempts} attempts)` };
  return { action: 'retry', delayMs: backoffDelayMs(attempts, { baseMs: policy.baseDelayMs, maxMs: policy.maxDelayMs }, () => random), reason };
}

function describeFailure(failure: SmtpFailure): string {
  const parts = [failure.responseCode, failure.code, failure.message].filter((p) => p !== undefined && p !== '');
  return parts.length > 0 ? parts.join(' ') : 'unknown SMTP failure';
}
