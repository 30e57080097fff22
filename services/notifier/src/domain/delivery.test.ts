import { isPermanent, nextStep } from './delivery';

const policy = { baseDelayMs: 1_000, maxDelayMs: 60_000, maxAttempts: 5 };

describe('which SMTP failures are retried', () => {
  it.each([
    [{ code: 'ECONNECTION', message: 'Connection closed unexpectedly' }],
    [{ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' }],
    [{ code: 'ETIMEDOUT', message: 'Greeting never received' }],
    [{ code: 'EABORT', message: 'aborted' }],
    [{ code: 'EENVELOPE', responseCode: 450, message: 'mailbox busy' }],
    [{ code: 'ECONNECTION', responseCode: 421, message: 'service not available' }],
    [{ message: 'something nobody expected' }],
  ])('retries %j', (failure) => {
    expect(isPermanent(failure)).toBe(false);
  });

  it.each([
    [{ code: 'EENVELOPE', responseCode: 550, message: 'no such user' }],
    [{ code: 'EMESSAGE', responseCode: 554, message: 'rejected' }],
    [{ code: 'EAUTH', responseCode: 535, message: 'bad credentials' }],
    [{ code: 'EENVELOPE', message: 'No recipients defined' }],
  ])('gives up on %j', (failure) => {
    expect(isPermanent(failure)).toBe(true);
  });
});

describe('next step after a failed attempt', () => {
  it('retries a transient failure after the backoff, and records why', () => {
    expect(nextStep({ code: 'ECONNECTION', message: 'Connection closed' }, 2, policy, 0)).toEqual({ action: 'retry', delayMs: 1_000, reason: 'ECONNECTION Connection closed' });
  });

  it('fails a 5xx at once', () => {
    expect(nextStep({ code: 'EENVELOPE', responseCode: 550, message: 'no such user' }, 1, policy, 0)).toEqual({ action: 'fail', reason: '550 EENVELOPE no such user' });
  });

  it('fails a transient failure once the attempts are used up', () => {
    expect(nextStep({ responseCode: 450, message: 'busy' }, 5, policy, 0)).toEqual({ action: 'fail', reason: '450 busy (gave up after 5 attempts)' });
  });
});
