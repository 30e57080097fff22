import { errorFromStatus, isTransient, ProviderError, retryAfterMs } from './errors';

describe('errorFromStatus', () => {
  it.each([
    [429, 'transient', 'rate_limited'],
    [500, 'transient', 'server_error'],
    [503, 'transient', 'server_error'],
    [529, 'transient', 'server_error'],
    [400, 'permanent', 'client_error'],
    [401, 'permanent', 'client_error'],
    [404, 'permanent', 'client_error'],
  ])('classifies %i as %s', (status, kind, code) => {
    const error = errorFromStatus(status, 'boom', 1500);
    expect(error).toMatchObject({ kind, code, status, retryAfterMs: 1500, message: `HTTP ${status}: boom` });
    expect(isTransient(error)).toBe(kind === 'transient');
  });

  it('leaves retryAfterMs unset when the provider named no wait', () => {
    expect(errorFromStatus(500, 'x').retryAfterMs).toBeUndefined();
  });
});

describe('retryAfterMs', () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it('reads seconds, fractions and HTTP dates', () => {
    expect(retryAfterMs(headers({ 'retry-after': '7' }))).toBe(7000);
    expect(retryAfterMs(headers({ 'retry-after': '0.5' }))).toBe(500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(headers({ 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' }), now)).toBe(0);
  });

  it('prefers retry-after-ms and ignores what it cannot read', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(headers({}))).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

it('a non-ProviderError is never transient', () => {
  expect(isTransient(new Error('x'))).toBe(false);
  expect(isTransient(new ProviderError({ kind: 'permanent', code: 'no_ai_overview', message: 'none' }))).toBe(false);
});
