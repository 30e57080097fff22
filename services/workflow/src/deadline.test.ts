import { PROVIDER_ERROR_MESSAGES, ProviderError } from '@brandradar/providers';
import { StepFailure, stepError, withDeadline } from './deadline';

describe('withDeadline', () => {
  it('returns the data of work that finishes in time', async () => {
    expect(await withDeadline(1_000, async () => 42)).toEqual({ outcome: { ok: true, data: 42 }, timedOut: false });
  });

  it('settles at the deadline even when the work ignores its signal, and aborts that signal', async () => {
    let seen: AbortSignal | undefined;
    const started = Date.now();
    const result = await withDeadline(50, (signal) => {
      seen = signal;
      return new Promise(() => undefined);
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result).toMatchObject({ outcome: { ok: false, error: { code: 'deadline_exceeded', message: 'No result within 50 ms.' } }, timedOut: true });
    expect(seen!.aborted).toBe(true);
  });

  it('turns a failure into the step error, keeping its cause', async () => {
    const failure = new StepFailure('no_answers', 'Nothing.');
    expect(await withDeadline(1_000, () => Promise.reject(failure))).toEqual({ outcome: { ok: false, error: { code: 'no_answers', message: 'Nothing.' } }, timedOut: false, cause: failure });
  });
});

describe('stepError', () => {
  it("shows step failures, provider errors by code with our own message (never the provider's text), and nothing internal otherwise", () => {
    expect(stepError(new ProviderError({ kind: 'transient', code: 'rate_limited', message: 'HTTP 429: slow down, org-123' }))).toEqual({ code: 'rate_limited', message: PROVIDER_ERROR_MESSAGES.rate_limited });
    expect(stepError(new TypeError('x is undefined at line 3'))).toEqual({ code: 'internal_error', message: 'The step failed on our side.' });
  });
});
